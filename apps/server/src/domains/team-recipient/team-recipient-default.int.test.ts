/**
 * The team's default payee entity under concurrent requests (docs/product.md "Payee entities"): five "set as
 * default" at once, or five new entities made the default at once, leave exactly one default and answer 200
 * or 409 each, never 500. Each request runs on its own connection on PostgreSQL (DATABASE_URL), where two of
 * them used to meet the partial unique index team_recipients_team_default_key and the loser answered 500.
 */
import { creditCodeCheckChar } from '@trackit/contract/patterns';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { type SignedInMember, signInTeamByLevel } from '../../test/factories';
import { teamRecipients } from './team-recipient.tables';

const AT_ONCE = 5;

/** A valid credit code of its own for each entity (GB 32100-2015 check character). */
const creditCode = (index: number) => {
  const first17 = `9131010${String(index).padStart(2, '0')}MA1FY4XK`;
  return `${first17}${creditCodeCheckChar(first17)}`;
};

const entity = (index: number, extra: Record<string, unknown> = {}) => ({
  name: `上海星辰模特经纪第${index}分公司`,
  short_name: `星辰${index}`,
  credit_code: creditCode(index),
  taxpayer_type: 'general',
  bank: 'cmb',
  branch: '上海静安支行',
  account_number: `12190987651${String(index).padStart(4, '0')}`,
  ...extra,
});

describe('the default payee entity under concurrent requests', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;

  const api = <T>(method: string, path: string, body?: unknown) =>
    t.request<T>(method, `/storm_api/v1${path}`, {
      headers: owner.headers,
      ...(body === undefined ? {} : { body }),
    });
  const defaults = () =>
    t.database.db
      .select({ id: teamRecipients.id })
      .from(teamRecipients)
      .where(and(eq(teamRecipients.teamId, teamId), eq(teamRecipients.isDefault, true)));

  beforeAll(async () => {
    t = await buildTestApp();
    ({ teamId, owner } = await signInTeamByLevel(t, 'team_recipient'));
  });
  afterAll(() => t.close());

  const expectOneDefault = async (statuses: number[]) => {
    for (const status of statuses) expect([200, 409], statuses.join(', ')).toContain(status);
    expect(statuses).toContain(200);
    expect(await defaults()).toHaveLength(1);
  };

  it('leaves one default when five entities are set as the default at once', async () => {
    const made: TeamRecipient[] = [];
    for (let index = 1; index <= AT_ONCE; index += 1) {
      made.push(await ok(api<TeamRecipient>('POST', '/team_recipients', entity(index))));
    }
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        made.map((one) => api<TeamRecipient>('PATCH', `/team_recipients/${one.id}`, { is_default: true })),
      );
      await expectOneDefault(answers.map((answer) => answer.status));
    }
  });

  it('leaves one default when five new entities are made the default at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, index) =>
        api<TeamRecipient>('POST', '/team_recipients', entity(index + 11, { is_default: true })),
      ),
    );
    await expectOneDefault(answers.map((answer) => answer.status));
    const created = answers.filter((answer) => answer.status === 200);
    expect(created.length).toBe(AT_ONCE);
  });
});
