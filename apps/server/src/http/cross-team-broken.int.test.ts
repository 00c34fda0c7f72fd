/**
 * The cross-team probe catches a leak: with a test double of one repository lookup that ignores the team
 * (findCompany reads any team's company), the generated calls of the company endpoints report it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as CompanyRepository from '../domains/company/company.repository';
import { companies } from '../domains/company/company.tables';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { type ProbeContext, probedEndpoints, probeEndpoint } from '../test/cross-team';
import { createTeamWithRecords } from '../test/cross-team-fixture';

vi.mock('../domains/company/company.repository', async (importOriginal) => {
  const actual = await importOriginal<typeof CompanyRepository>();
  return {
    ...actual,
    // Broken on purpose: the company is looked up by its id alone, whatever the caller's team.
    findCompany: async (db: Parameters<typeof actual.findCompany>[0], _teamId: number, companyId: number) => {
      const [row] = await db
        .select({ teamId: companies.teamId })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row ? actual.findCompany(db, row.teamId, companyId) : undefined;
    },
  };
});

const MARKER = '甲队专属';

describe('the cross-team probe against a repository that ignores the team', () => {
  let t: TestApp;
  let context: ProbeContext;

  beforeAll(async () => {
    t = await buildTestApp();
    const first = await createTeamWithRecords(t, MARKER);
    const second = await createTeamWithRecords(t, '乙队');
    context = {
      t,
      theirs: first.records,
      ours: second.records,
      headers: second.headers,
      callerUserId: second.userId,
      marker: MARKER,
    };
  });
  afterAll(() => t.close());

  it('reports the company shown to another team', async () => {
    const probe = probedEndpoints().probed.find((entry) => entry.id === 'company.get');
    if (!probe) throw new Error('company.get is not probed');
    const faults = await probeEndpoint(probe, context);
    expect(faults).toEqual([
      expect.stringMatching(/^company\.get .*answered 200/),
      expect.stringMatching(/^company\.get .*shows team A's records/),
    ]);
  });
});
