import { type OperationLog, TEAM_LOG_ACTIONS } from '@trackit/contract/operation-log.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  bearer,
  createMember,
  createMembership,
  createRole,
  createTeam,
  createUser,
  signIn,
} from '../../test/factories';
import { uploadToFolder } from '../../test/uploads';

/** What an internal key, field name, id or address would look like (a file's own name may be Latin). */
const INTERNAL =
  /\b[a-z]+_[a-z_]+\b|\b(folder|file|nickname|avatar|membership|session|detail)\b|\/storm_api|#\d/;

describe('operation log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const logOf = async (headers: Record<string, string>, query = '') => {
    const res = await t.request<OperationLog[]>('GET', `/storm_api/v1/operation_logs${query}`, { headers });
    expect(res.body.code, res.body.message).toBe(0);
    return res;
  };

  it('reads every entry written today as a Chinese sentence, with links and changed fields only', async () => {
    const owner = await createMember(t.database.db, { nickname: '林晓' });
    const headers = bearer((await signIn(t, owner.mobile)).token);
    await t.request('PATCH', '/storm_api/v1/profile', { body: { nickname: '林总' }, headers });
    const folder = await t.request<{ id: number }>('POST', '/storm_api/v1/folders', {
      body: { name: '2025 春夏画册' },
      headers,
    });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    expect(
      (await uploadToFolder(t, headers, folder.body.data.id, png, { name: 'a.jpg', type: 'image/png' })).body
        .code,
    ).toBe(0);
    await signIn(t, owner.mobile); // a second device
    await t.request('DELETE', '/storm_api/v1/user_sessions', { headers });

    const res = await logOf(headers);
    const entries = res.body.data.map(({ action, sentence, changes, link }) => ({
      action,
      sentence,
      changes,
      link,
    }));
    expect(entries).toEqual([
      { action: 'sign_out_other_devices', sentence: '下线了其他 1 台设备', changes: [], link: null },
      { action: 'sign_in', sentence: '登录了系统', changes: [], link: null },
      {
        action: 'file_upload',
        sentence: '上传了文件 a.jpg 到资源夹「2025 春夏画册」',
        changes: [],
        link: `/admin/information/folder/${folder.body.data.id}`,
      },
      {
        action: 'folder_create',
        sentence: '新建了资源夹「2025 春夏画册」',
        changes: [],
        link: `/admin/information/folder/${folder.body.data.id}`,
      },
      {
        action: 'profile_update',
        sentence: '修改了昵称',
        changes: [{ field: '昵称', before: '林晓', after: '林总' }],
        link: null,
      },
      { action: 'sign_in', sentence: '登录了系统', changes: [], link: null },
    ]);
    expect(res.body.data[0]).toMatchObject({ action_label: '下线其他设备', member: { nickname: '林总' } });
    for (const entry of res.body.data) {
      const shown = [
        entry.action_label,
        entry.sentence,
        ...entry.changes.flatMap((c) => [c.field, c.before, c.after]),
      ];
      for (const text of shown) expect(text).not.toMatch(INTERNAL);
    }
  });

  it('records nothing for a write that changes nothing', async () => {
    const owner = await createMember(t.database.db, { nickname: '周楠' });
    const headers = bearer((await signIn(t, owner.mobile)).token);
    const unchanged = await t.request<{ nickname: string }>('PATCH', '/storm_api/v1/profile', {
      body: { nickname: ' 周楠 ' },
      headers,
    });
    expect(unchanged.body.data.nickname).toBe('周楠');
    const none = await t.request<{ ended: number }>('DELETE', '/storm_api/v1/user_sessions', { headers });
    expect(none.body.data.ended).toBe(0);
    expect((await logOf(headers)).body.data.map((entry) => entry.action)).toEqual(['sign_in']);
  });

  it('filters by the folder and file actions, and refuses an action no team log shows', async () => {
    const owner = await createMember(t.database.db);
    const headers = bearer((await signIn(t, owner.mobile)).token);
    await t.request('POST', '/storm_api/v1/folders', { body: { name: '画册' }, headers });
    const created = await logOf(headers, '?action=folder_create');
    expect(created.body.data.map((entry) => entry.action)).toEqual(['folder_create']);
    expect((await logOf(headers, '?action=file_upload')).body.data).toEqual([]);
    for (const action of ['sign_in_refused', 'drop_tables']) {
      const refused = await t.request('GET', `/storm_api/v1/operation_logs?action=${action}`, { headers });
      expect(refused.status).toBe(400);
    }
  });

  it('filters by several actions at once and by member, each alone or together', async () => {
    const owner = await createMember(t.database.db, { nickname: '林晓' });
    const ownerHeaders = bearer((await signIn(t, owner.mobile)).token);
    const helper = await createUser(t.database.db);
    const helperMembership = await createMembership(t.database.db, {
      teamId: owner.team.id,
      userId: helper.id,
      nickname: '周楠',
      isOwner: true,
    });
    const helperHeaders = bearer((await signIn(t, helper.mobile)).token);
    await t.request('POST', '/storm_api/v1/folders', { body: { name: '林晓的画册' }, headers: ownerHeaders });
    await t.request('POST', '/storm_api/v1/folders', {
      body: { name: '周楠的画册' },
      headers: helperHeaders,
    });
    await t.request('PATCH', '/storm_api/v1/profile', {
      body: { nickname: '周楠楠' },
      headers: helperHeaders,
    });

    const entries = async (query: string) =>
      (await logOf(ownerHeaders, query)).body.data.map((entry) => [entry.action, entry.member?.nickname]);
    expect(await entries('?action=folder_create&action=profile_update')).toEqual([
      ['profile_update', '周楠楠'],
      ['folder_create', '周楠楠'],
      ['folder_create', '林晓'],
    ]);
    // `action[]=` is read as the same list.
    expect(await entries('?action[]=profile_update')).toEqual([['profile_update', '周楠楠']]);
    expect(await entries(`?membership_id=${helperMembership.id}`)).toEqual([
      ['profile_update', '周楠楠'],
      ['folder_create', '周楠楠'],
      ['sign_in', '周楠楠'],
    ]);
    const both = await logOf(
      ownerHeaders,
      `?membership_id=${owner.membership.id}&action=folder_create&action=sign_in`,
    );
    expect(both.body.data.map((entry) => [entry.action, entry.member?.nickname])).toEqual([
      ['folder_create', '林晓'],
      ['sign_in', '林晓'],
    ]);
    expect(both.headers.get('x-total')).toBe('2');
  });

  it("finds nothing for another team's member, whose entries stay theirs", async () => {
    const mine = await createMember(t.database.db);
    const theirs = await createMember(t.database.db);
    const theirHeaders = bearer((await signIn(t, theirs.mobile)).token);
    await t.request('POST', '/storm_api/v1/folders', { body: { name: '别家的画册' }, headers: theirHeaders });
    const headers = bearer((await signIn(t, mine.mobile)).token);
    const res = await logOf(headers, `?membership_id=${theirs.membership.id}`);
    expect(res.body.data).toEqual([]);
    expect(res.headers.get('x-total')).toBe('0');
    const own = await logOf(theirHeaders, `?membership_id=${theirs.membership.id}`);
    expect(own.body.data.map((entry) => entry.action)).toEqual(['folder_create', 'sign_in']);
  });

  it('refuses a malformed member, an unknown action among several, and more actions than the log has', async () => {
    const owner = await createMember(t.database.db);
    const headers = bearer((await signIn(t, owner.mobile)).token);
    const tooMany = TEAM_LOG_ACTIONS.map((action) => `action=${action}`).join('&');
    expect((await logOf(headers, `?${tooMany}`)).body.data.map((entry) => entry.action)).toEqual(['sign_in']);
    for (const [query, field] of [
      ['?membership_id=abc', 'membership_id'],
      ['?membership_id=0', 'membership_id'],
      ['?membership_id=-3', 'membership_id'],
      ['?membership_id=1.5', 'membership_id'],
      ['?action=folder_create&action=drop_tables', 'action'],
      ['?action=folder_create&action=sign_in_refused', 'action'],
      [`?${tooMany}&action=folder_create`, 'action'],
    ]) {
      const refused = await t.request<{ fields: Record<string, string> }>(
        'GET',
        `/storm_api/v1/operation_logs${query}`,
        { headers },
      );
      expect(refused.status, query).toBe(400);
      expect(refused.body.message, query).toMatch(/[\u4e00-\u9fff]/);
      // A list's item is named by its place (`action.1`).
      const fields = Object.keys(refused.body.data.fields).map((key) => key.split('.')[0]);
      expect(fields, query).toEqual([field]);
    }
  });

  it('filters by days in China time', async () => {
    const owner = await createMember(t.database.db);
    const headers = bearer((await signIn(t, owner.mobile)).token);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(t.clock.now());
    expect((await logOf(headers, `?from=${day}&to=${day}`)).body.data).toHaveLength(1);
    expect((await logOf(headers, '?from=2020-01-01&to=2020-01-31')).body.data).toEqual([]);
    const bad = await t.request('GET', '/storm_api/v1/operation_logs?from=yesterday', { headers });
    expect(bad.status).toBe(400);
  });

  it('shows nothing of another team, nor refused sign-ins (they belong to no team)', async () => {
    const mine = await createMember(t.database.db);
    const theirs = await createMember(t.database.db);
    await signIn(t, theirs.mobile);
    const headers = bearer((await signIn(t, mine.mobile)).token);
    await t.request('POST', '/storm_api/v1/mobile_codes', { body: { mobile: mine.mobile } });
    await t.request('POST', '/storm_api/v1/sessions', { body: { mobile: mine.mobile, code: '0000' } });
    const res = await logOf(headers);
    expect(res.body.data.map((entry) => [entry.action, entry.member?.id])).toEqual([
      ['sign_in', mine.membership.id],
    ]);
  });

  it('refuses a member without the operation_record permission with 403', async () => {
    const team = await createTeam(t.database.db);
    const role = await createRole(t.database.db, team.id, [{ key: 'calendar', level: 'manage' }]);
    const limited = await createUser(t.database.db);
    await createMembership(t.database.db, { teamId: team.id, userId: limited.id, roleId: role.id });
    const session = await signIn(t, limited.mobile);
    const res = await t.request('GET', '/storm_api/v1/operation_logs', { headers: bearer(session.token) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 40300, message: '没有权限执行此操作', data: null });
    const reader = await createUser(t.database.db);
    const readRole = await createRole(t.database.db, team.id, [{ key: 'operation_record', level: 'read' }]);
    await createMembership(t.database.db, { teamId: team.id, userId: reader.id, roleId: readRole.id });
    expect((await logOf(bearer((await signIn(t, reader.mobile)).token))).body.code).toBe(0);
  });
});
