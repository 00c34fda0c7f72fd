import type { TokenPair } from '@trackit/contract/session.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMember, createMembership, createTeam, createUser, signIn } from '../../test/factories';

describe('teams of the signed-in user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function twoTeamUser() {
    const user = await createUser(t.database.db);
    const teamA = await createTeam(t.database.db, '星辰模特');
    const teamB = await createTeam(t.database.db, '光影传媒');
    const teamC = await createTeam(t.database.db, '暂停团队');
    const a = await createMembership(t.database.db, { teamId: teamA.id, userId: user.id, nickname: '小李' });
    const b = await createMembership(t.database.db, { teamId: teamB.id, userId: user.id, nickname: 'Lee' });
    const paused = await createMembership(t.database.db, {
      teamId: teamC.id,
      userId: user.id,
      status: 'pause',
    });
    return { user, teamA, teamB, a, b, paused };
  }

  it('lists only the caller’s valid memberships', async () => {
    const { user, a, b } = await twoTeamUser();
    await createMember(t.database.db); // someone else
    const { token } = await signIn(t, user.mobile);
    const res = await t.request<{ id: number }[]>('GET', '/storm_api/v1/teams', { headers: bearer(token) });
    expect(res.body.data).toEqual([
      {
        id: a.id,
        nickname: '小李',
        avatar: null,
        base_color: '#1677ff',
        team_name: '星辰模特',
        mobile: user.mobile,
      },
      {
        id: b.id,
        nickname: 'Lee',
        avatar: null,
        base_color: '#1677ff',
        team_name: '光影传媒',
        mobile: user.mobile,
      },
    ]);
  });

  it('switches the session to another own team: new tokens, profile of that team', async () => {
    const { user, b } = await twoTeamUser();
    const { token } = await signIn(t, user.mobile);
    const res = await t.request<TokenPair>('POST', `/storm_api/v1/teams/${b.id}/login`, {
      body: { id: b.id },
      headers: bearer(token),
    });
    expect(res.body.code).toBe(0);
    const profile = await t.request<{ team_name: string; id: number }>('GET', '/storm_api/v1/profile', {
      headers: bearer(res.body.data),
    });
    expect(profile.body.data).toMatchObject({ id: b.id, team_name: '光影传媒' });
    // The refresh token from before the switch is retired.
    t.clock.advance(11_000);
    const old = await t.request('POST', '/storm_api/v1/sessions/refresh', {
      body: { refresh_token: token.refresh_token },
    });
    expect(old.body.code).toBe(10499);
  });

  it('answers not found for another user’s membership or an own paused one', async () => {
    const { user, paused } = await twoTeamUser();
    const stranger = await createMember(t.database.db);
    const { token } = await signIn(t, user.mobile);
    for (const id of [stranger.membership.id, paused.id, 99_999_999]) {
      const res = await t.request('POST', `/storm_api/v1/teams/${id}/login`, {
        body: { id },
        headers: bearer(token),
      });
      expect(res.status, String(id)).toBe(404);
      expect(res.body.code).toBe(40400);
    }
    const profile = await t.request<{ team_name: string }>('GET', '/storm_api/v1/profile', {
      headers: bearer(token),
    });
    expect(profile.body.data.team_name).toBe('星辰模特');
  });

  it('requires a session', async () => {
    expect((await t.request('GET', '/storm_api/v1/teams')).status).toBe(401);
    expect((await t.request('POST', '/storm_api/v1/teams/1/login', { body: { id: 1 } })).status).toBe(401);
  });
});

describe('the operation log of a team switch', () => {
  it('names the teams before and after', async () => {
    const t = await buildTestApp();
    try {
      const user = await createUser(t.database.db);
      const teamA = await createTeam(t.database.db, '甲');
      const teamB = await createTeam(t.database.db, '乙');
      await createMembership(t.database.db, { teamId: teamA.id, userId: user.id, isOwner: true });
      const b = await createMembership(t.database.db, { teamId: teamB.id, userId: user.id, isOwner: true });
      const { token } = await signIn(t, user.mobile);
      const switched = await t.request<TokenPair>('POST', `/storm_api/v1/teams/${b.id}/login`, {
        body: { id: b.id },
        headers: bearer(token),
      });
      const log = await t.request<{ action: string; sentence: string }[]>(
        'GET',
        '/storm_api/v1/operation_logs?action=team_switch',
        { headers: bearer(switched.body.data) },
      );
      expect(log.body.data[0]?.sentence).toBe('从「甲」切换到「乙」');
    } finally {
      await t.close();
    }
  });
});
