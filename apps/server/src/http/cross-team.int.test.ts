/**
 * The cross-team test, generated from the endpoint map beside the access matrix: every endpoint taking an
 * id in its path, body or query is called by the owner of team B with team A's ids, and must answer 404
 * (400 or 404 for a reference in the body; a page without team A's records for a filter), changing no
 * table. The endpoints are found in the schemas (test/cross-team.ts), so a new one is covered as declared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { type ProbeContext, probedEndpoints, probeEndpoint, validBodies } from '../test/cross-team';
import { createTeamWithRecords } from '../test/cross-team-fixture';

const MARKER = '甲队专属';

describe('every id-taking endpoint, called by another team with the first team’s ids', () => {
  let t: TestApp;
  let context: ProbeContext;
  const { probed, publicOnes } = probedEndpoints();

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

  it('finds the id-taking endpoints in the map', () => {
    const bodies = validBodies(probed, context);
    console.info(
      `cross-team: ${probed.length} id-taking endpoints covered (${bodies.valid} of ${bodies.total} bodies valid by their schema); public ones left to their share ids: ${publicOnes.join(', ')}`,
    );
    expect(probed.length).toBeGreaterThan(70);
  });

  // Two fingerprints per call over some 80 endpoints: longer than the suite's default on a busy machine.
  it('answers not found and changes nothing', async () => {
    const faults: string[] = [];
    for (const probe of probed) faults.push(...(await probeEndpoint(probe, context)));
    expect(faults).toEqual([]);
  }, 900_000);
});
