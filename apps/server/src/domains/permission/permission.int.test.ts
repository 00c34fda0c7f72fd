import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMembership, createRole, createTeam, createUser, signIn } from '../../test/factories';

describe('permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const myGrants = async (mobile: string) => {
    const { token } = await signIn(t, mobile);
    const res = await t.request<{ key: string; level: string }[]>('GET', '/storm_api/v1/permissions/my', {
      headers: bearer(token),
    });
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  const myKeys = async (mobile: string) => (await myGrants(mobile)).map((item) => item.key);

  it('gives the owner every key, in menu order', async () => {
    const team = await createTeam(t.database.db);
    const user = await createUser(t.database.db);
    await createMembership(t.database.db, { teamId: team.id, userId: user.id, isOwner: true });
    expect(await myKeys(user.mobile)).toEqual([
      'dashboard',
      'calendar',
      'data_management',
      'organization',
      'team_recipient',
      'my_bill',
      'accounting',
      'operation_record',
    ]);
  });

  it('gives a member the keys of their role, in menu order, and none without a role', async () => {
    const team = await createTeam(t.database.db);
    const role = await createRole(t.database.db, team.id, [
      { key: 'operation_record', level: 'read' },
      { key: 'data_management', level: 'edit' },
      { key: 'calendar', level: 'read' },
    ]);
    const limited = await createUser(t.database.db);
    await createMembership(t.database.db, { teamId: team.id, userId: limited.id, roleId: role.id });
    // Each key with its level, so the pages can hide what the level cannot do.
    expect(await myGrants(limited.mobile)).toEqual([
      { key: 'calendar', level: 'read' },
      { key: 'data_management', level: 'edit' },
      { key: 'operation_record', level: 'read' },
    ]);
    const bare = await createUser(t.database.db);
    await createMembership(t.database.db, { teamId: team.id, userId: bare.id });
    expect(await myKeys(bare.mobile)).toEqual([]);
  });

  it('ignores a role of another team: the database refuses to give it (composite team keys)', async () => {
    const teamA = await createTeam(t.database.db);
    const teamB = await createTeam(t.database.db);
    const foreignRole = await createRole(t.database.db, teamB.id, [{ key: 'accounting', level: 'manage' }]);
    const user = await createUser(t.database.db);
    const given = await createMembership(t.database.db, {
      teamId: teamA.id,
      userId: user.id,
      roleId: foreignRole.id,
    }).then(
      () => 'accepted',
      (error: { cause?: unknown }) => String(error.cause ?? error),
    );
    expect(given).toContain('memberships_role_team_fk');
    await createMembership(t.database.db, { teamId: teamA.id, userId: user.id });
    expect(await myKeys(user.mobile)).toEqual([]);
  });

  it('lists the catalogue of keys and levels with Chinese labels', async () => {
    const team = await createTeam(t.database.db);
    const user = await createUser(t.database.db);
    await createMembership(t.database.db, { teamId: team.id, userId: user.id });
    const { token } = await signIn(t, user.mobile);
    const res = await t.request<{ keys: { key: string; label: string }[]; levels: unknown[] }>(
      'GET',
      '/storm_api/v1/permissions',
      { headers: bearer(token) },
    );
    expect(res.body.data.keys).toHaveLength(8);
    expect(res.body.data.keys[0]).toEqual({ key: 'dashboard', label: '数据看板' });
    expect(res.body.data.levels).toEqual([
      { value: 'manage', label: '管理' },
      { value: 'read', label: '查看' },
      { value: 'edit', label: '编辑' },
    ]);
  });
});
