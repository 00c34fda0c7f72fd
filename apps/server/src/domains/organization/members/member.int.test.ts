import { avatarColorFor } from '@trackit/contract/constants';
import type { Member, MemberHandoverResult } from '@trackit/contract/organization.schema';
import { ORGANIZATION_MESSAGES, ORGANIZATION_NOTICES } from '@trackit/contract/organization.schema';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  createDepartment,
  createMember,
  createMembership,
  createRole,
  createUser,
  placeMember,
  signIn,
  signInMemberWith,
  signInTeamByLevel,
  uniqueMobile,
} from '../../../test/factories';
import { companies } from '../../company/company.tables';
import { models } from '../../model/model.tables';
import { notifications } from '../../notify/notify.tables';
import { operationLogs } from '../../operation-log/operation-log.tables';
import { orders } from '../../order/order.tables';
import { userSessions } from '../../session/session.tables';
import { users } from '../../user/user.tables';
import { memberships } from '../organization.tables';

type Headers = Record<string, string>;

describe('members', () => {
  let t: TestApp;
  const db = () => t.database.db;

  const get = <T>(path: string, headers: Headers) => t.request<T>('GET', `/storm_api/v1${path}`, { headers });
  const post = <T>(path: string, body: unknown, headers: Headers) =>
    t.request<T>('POST', `/storm_api/v1${path}`, { body, headers });
  const patch = (id: number, body: unknown, headers: Headers) =>
    t.request<Member>('PATCH', `/storm_api/v1/members/${id}`, { body, headers });
  const invite = (body: unknown, headers: Headers) => post<Member>('/members', body, headers);
  const handOver = (id: number, toMemberId: number, headers: Headers) =>
    post<MemberHandoverResult>(`/members/${id}/handover`, { to_member_id: toMemberId }, headers);
  const listIds = async (query: string, headers: Headers) => {
    const res = await get<Member[]>(`/members${query}`, headers);
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data.map((member) => member.id);
  };
  const logs = async (action: string, headers: Headers) =>
    (await get<{ sentence: string; changes: unknown[] }[]>(`/operation_logs?action=${action}`, headers)).body
      .data;
  const logCount = async (teamId: number) => {
    const [row] = await db()
      .select({ total: count() })
      .from(operationLogs)
      .where(eq(operationLogs.teamId, teamId));
    return row?.total ?? 0;
  };
  const membershipRow = async (id: number) => {
    const [row] = await db().select().from(memberships).where(eq(memberships.id, id));
    return row;
  };
  /** A member of the team straight in the database (not signed in). */
  const addMember = async (teamId: number, nickname: string, values: { roleId?: number | null } = {}) => {
    const user = await createUser(db());
    const membership = await createMembership(db(), { teamId, userId: user.id, nickname, ...values });
    return { ...membership, mobile: user.mobile };
  };

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists the team’s members, owner first, by keyword, department with its sub-departments, role and status', async () => {
    const team = await signInTeamByLevel(t, 'organization');
    const { teamId, owner } = team;
    const top = await createDepartment(db(), teamId, '经纪部');
    const sub = await createDepartment(db(), teamId, '经纪一组', top.id);
    const other = await createDepartment(db(), teamId, '财务部');
    const role = await createRole(db(), teamId, [{ key: 'data_management', level: 'read' }], '经纪人');
    const a = await addMember(teamId, '张三', { roleId: role.id });
    const b = await addMember(teamId, '李四');
    const c = await addMember(teamId, '王五');
    await placeMember(db(), a.id, { departmentId: top.id });
    await placeMember(db(), b.id, { departmentId: sub.id, status: 'pause' });
    await placeMember(db(), c.id, { departmentId: other.id, status: 'off_duty' });
    await db().update(memberships).set({ superiorId: owner.membershipId }).where(eq(memberships.id, a.id));

    const all = await listIds('?per_page=100', team.levels.read.headers);
    expect(all[0]).toBe(owner.membershipId);
    expect(all).toEqual([...all.slice(0, 1), ...all.slice(1).sort((x, y) => x - y)]);
    expect(all).toHaveLength(7);
    expect(await listIds(`?department_id=${top.id}`, owner.headers)).toEqual([a.id, b.id]);
    expect(await listIds(`?department_id=${sub.id}`, owner.headers)).toEqual([b.id]);
    expect(await listIds(`?role_id=${role.id}`, owner.headers)).toEqual([a.id]);
    expect(await listIds('?status=off_duty', owner.headers)).toEqual([c.id]);
    expect(await listIds('?keyword=李', owner.headers)).toEqual([b.id]);
    expect(await listIds(`?keyword=${c.mobile.slice(-5)}`, owner.headers)).toEqual([c.id]);
    const paged = await get<Member[]>('/members?per_page=2&page=2', owner.headers);
    expect(paged.body.data).toHaveLength(2);

    const one = await get<Member>(`/members/${a.id}`, owner.headers);
    expect(one.body.data).toEqual({
      id: a.id,
      nickname: '张三',
      mobile: a.mobile,
      avatar: null,
      base_color: '#1677ff',
      department: { id: top.id, name: '经纪部' },
      role: { id: role.id, name: '经纪人' },
      superior: { id: owner.membershipId, nickname: '林晓' },
      status: 'valid',
      is_owner: false,
      last_login_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // Another team's department filters to nothing; its members are never listed.
    const theirs = await createDepartment(db(), (await createMember(db())).team.id, '经纪部');
    expect(await listIds(`?department_id=${theirs.id}`, owner.headers)).toEqual([]);
    expect(all).not.toContain(team.stranger.membershipId);
  });

  it('invites a new mobile: the user is created with a valid membership and signs in by SMS', async () => {
    const { teamId, owner } = await signInTeamByLevel(t, 'organization');
    const department = await createDepartment(db(), teamId, '模特部');
    const role = await createRole(db(), teamId, [{ key: 'data_management', level: 'edit' }], '助理');
    const mobile = uniqueMobile();
    const res = await invite(
      {
        mobile,
        nickname: '新人',
        role_id: role.id,
        department_id: department.id,
        superior_id: owner.membershipId,
      },
      owner.headers,
    );
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toMatchObject({
      nickname: '新人',
      mobile,
      base_color: avatarColorFor('新人'),
      department: { id: department.id, name: '模特部' },
      role: { id: role.id, name: '助理' },
      superior: { id: owner.membershipId, nickname: '林晓' },
      status: 'valid',
      is_owner: false,
    });
    const [user] = await db().select().from(users).where(eq(users.mobile, mobile));
    expect(user).toBeDefined();
    const signedIn = await signIn(t, mobile);
    expect(signedIn.membership_id).toBe(res.body.data.id);
    const [entry] = await logs('member_invite', owner.headers);
    expect(entry?.sentence).toBe(`邀请了成员「新人」（${mobile.slice(0, 3)}****${mobile.slice(-4)}）`);
    const [stored] = await db()
      .select({ targetType: operationLogs.targetType, targetId: operationLogs.targetId })
      .from(operationLogs)
      .where(eq(operationLogs.action, 'member_invite'))
      .orderBy(desc(operationLogs.id))
      .limit(1);
    expect(stored).toEqual({ targetType: 'membership', targetId: String(res.body.data.id) });
  });

  it('invites an existing user of another team, and refuses a number already in the team (any status)', async () => {
    const { teamId, owner } = await signInTeamByLevel(t, 'organization');
    const elsewhere = await createMember(db(), { nickname: '别处的人' });
    const joined = await invite({ mobile: elsewhere.mobile, nickname: '老朋友' }, owner.headers);
    expect(joined.body.code, joined.body.message).toBe(0);
    expect(joined.body.data.mobile).toBe(elsewhere.mobile);

    const departed = await addMember(teamId, '离职的人');
    await placeMember(db(), departed.id, { status: 'off_duty' });
    const before = await logCount(teamId);
    for (const [mobile, nickname] of [
      [elsewhere.mobile, '老朋友'],
      [departed.mobile, '离职的人'],
    ] as const) {
      const res = await invite({ mobile, nickname: '再来一次' }, owner.headers);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ORGANIZATION_MESSAGES.alreadyMember(nickname));
    }
    expect(await logCount(teamId)).toBe(before);
  });

  it('refuses inviting with a role above the caller’s own levels, or any role below manage (403), writing nothing', async () => {
    const { teamId, levels } = await signInTeamByLevel(t, 'organization');
    const bookers = await createRole(db(), teamId, [{ key: 'my_bill', level: 'manage' }], '订单主管');
    const mobile = uniqueMobile();
    const before = await logCount(teamId);
    const res = await invite({ mobile, nickname: '越权', role_id: bookers.id }, levels.manage.headers);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ORGANIZATION_MESSAGES.grantAboveOwn('订单', '管理'));
    // An edit-level member invites, but gives no role: that takes manage.
    const modest = await createRole(db(), teamId, [{ key: 'organization', level: 'read' }], '查看');
    const refused = await invite({ mobile, nickname: '新同事', role_id: modest.id }, levels.edit.headers);
    expect([refused.status, refused.body.message]).toEqual([403, ORGANIZATION_MESSAGES.manageRequired]);
    expect(await db().select().from(users).where(eq(users.mobile, mobile))).toEqual([]);
    expect(await logCount(teamId)).toBe(before);
    // Within the caller's levels, a manager gives the role; an editor invites without one.
    const ok = await invite({ mobile, nickname: '新同事', role_id: modest.id }, levels.manage.headers);
    expect(ok.body.code, ok.body.message).toBe(0);
    const plain = await invite({ mobile: uniqueMobile(), nickname: '无角色' }, levels.edit.headers);
    expect(plain.body.code, plain.body.message).toBe(0);
    // Read level may not invite at all.
    expect((await invite({ mobile: uniqueMobile(), nickname: 'x' }, levels.read.headers)).status).toBe(403);
  });

  it('lets an edit-level caller edit the other fields but not a role or status (403)', async () => {
    const { teamId, owner, levels } = await signInTeamByLevel(t, 'organization');
    const target = await addMember(teamId, '小赵');
    const role = await createRole(db(), teamId, [], '空角色');
    for (const body of [{ role_id: role.id }, { status: 'pause' }]) {
      const res = await patch(target.id, body, levels.edit.headers);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ORGANIZATION_MESSAGES.manageRequired);
    }
    expect(await membershipRow(target.id)).toMatchObject({ roleId: null, status: 'valid' });
    const renamed = await patch(target.id, { nickname: '赵二' }, levels.edit.headers);
    expect(renamed.body.data.nickname).toBe('赵二');
    // The owner's role and status are nobody's to change; one's own status neither.
    const ownerChange = await patch(owner.membershipId, { role_id: role.id }, levels.manage.headers);
    expect(ownerChange.status).toBe(409);
    expect(ownerChange.body.message).toBe(ORGANIZATION_MESSAGES.ownerUntouchable);
    const own = await patch(levels.manage.membershipId, { status: 'pause' }, levels.manage.headers);
    expect(own.body.message).toBe(ORGANIZATION_MESSAGES.selfStatus);
  });

  it('edits nickname, department, role and superior, logged with names', async () => {
    const { teamId, owner } = await signInTeamByLevel(t, 'organization');
    const department = await createDepartment(db(), teamId, '拍摄部');
    const role = await createRole(db(), teamId, [{ key: 'calendar', level: 'read' }], '摄影');
    const target = await addMember(teamId, '小钱');
    const res = await patch(
      target.id,
      { nickname: '钱多多', department_id: department.id, role_id: role.id, superior_id: owner.membershipId },
      owner.headers,
    );
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toMatchObject({
      nickname: '钱多多',
      department: { id: department.id, name: '拍摄部' },
      role: { id: role.id, name: '摄影' },
      superior: { id: owner.membershipId, nickname: '林晓' },
    });
    const [entry] = await logs('member_update', owner.headers);
    expect(entry?.sentence).toBe('修改了成员「钱多多」');
    expect(entry?.changes).toEqual([
      { field: '昵称', before: '小钱', after: '钱多多' },
      { field: '部门', before: '--', after: '拍摄部' },
      { field: '角色', before: '--', after: '摄影' },
      { field: '直属上级', before: '--', after: '林晓' },
    ]);
    const cleared = await patch(target.id, { department_id: null, role_id: null }, owner.headers);
    expect(cleared.body.data).toMatchObject({ department: null, role: null });
    const [again] = await logs('member_update', owner.headers);
    expect(again?.changes).toEqual([
      { field: '部门', before: '拍摄部', after: '--' },
      { field: '角色', before: '摄影', after: '--' },
    ]);
    // Sending what is already there changes and records nothing.
    const before = await logCount(teamId);
    expect((await patch(target.id, { nickname: '钱多多', role_id: null }, owner.headers)).body.code).toBe(0);
    expect(await logCount(teamId)).toBe(before);
  });

  it('pausing a member ends their sessions at once and logs the status', async () => {
    const { owner, levels } = await signInTeamByLevel(t, 'organization');
    const target = levels.read;
    expect((await get('/profile', target.headers)).body.code).toBe(0);
    const res = await patch(target.membershipId, { status: 'pause' }, owner.headers);
    expect(res.body.data.status).toBe('pause');
    const next = await get('/profile', target.headers);
    expect(next.status).toBe(401);
    expect(next.body.code).toBe(10499);
    const live = await db()
      .select({ reason: userSessions.endReason })
      .from(userSessions)
      .where(eq(userSessions.membershipId, target.membershipId));
    expect(live.map((row) => row.reason)).toEqual(['membership_not_valid']);
    const [entry] = await logs('member_status', owner.headers);
    expect(entry?.sentence).toBe('将成员「read」的账号状态改为「账号暂停」');
    expect(entry?.changes).toEqual([{ field: '账号状态', before: '正常', after: '账号暂停' }]);
  });

  it('hands a departed member’s models, companies and open orders over in one step, and tells the receiver', async () => {
    const { teamId, owner, levels } = await signInTeamByLevel(t, 'organization');
    const leaver = await addMember(teamId, '老周');
    const receiver = await addMember(teamId, '小吴');
    const model = (name: string) => ({
      teamId,
      name,
      pinyinFull: 'x',
      pinyinInitials: 'x',
      gender: 'female' as const,
      managerMembershipId: leaver.id,
    });
    await db()
      .insert(models)
      .values([model('模特甲'), model('模特乙')]);
    await db().insert(companies).values({ teamId, name: '周的公司', ownerMembershipId: leaver.id });
    const statuses = ['draft', 'submitted', 'confirmed', 'billed', 'cancelled'] as const;
    const placed = await db()
      .insert(orders)
      .values(
        statuses.map((status, index) => ({
          teamId,
          number: `HO${teamId}-${index}`,
          status,
          // A billed order has its billing time (orders_billed_check).
          billedAt: status === 'billed' ? new Date() : null,
          ownerMembershipId: leaver.id,
        })),
      )
      .returning({ id: orders.id, status: orders.status });

    const early = await handOver(leaver.id, receiver.id, owner.headers);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(ORGANIZATION_MESSAGES.handoverOnlyDeparted);
    expect((await patch(leaver.id, { status: 'off_duty' }, owner.headers)).body.code).toBe(0);

    // Manage is required; the receiver must be another valid member of the team.
    expect((await handOver(leaver.id, receiver.id, levels.edit.headers)).status).toBe(403);
    const self = await handOver(leaver.id, leaver.id, owner.headers);
    expect(self.body.message).toBe(ORGANIZATION_MESSAGES.handoverSelf);
    const paused = await addMember(teamId, '暂停的人');
    await placeMember(db(), paused.id, { status: 'pause' });
    const toPaused = await handOver(leaver.id, paused.id, owner.headers);
    expect(toPaused.status).toBe(404);
    expect(toPaused.body.message).toBe(ORGANIZATION_MESSAGES.handoverTargetNotFound);

    const res = await handOver(leaver.id, receiver.id, owner.headers);
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toEqual({ models: 2, companies: 1, orders: 3 });
    const managed = await db()
      .select({ manager: models.managerMembershipId })
      .from(models)
      .where(eq(models.teamId, teamId));
    expect(managed.map((row) => row.manager)).toEqual([receiver.id, receiver.id]);
    const [company] = await db().select().from(companies).where(eq(companies.teamId, teamId));
    expect(company?.ownerMembershipId).toBe(receiver.id);
    const owned = await db()
      .select({ id: orders.id, owner: orders.ownerMembershipId })
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((order) => order.id),
        ),
      );
    for (const order of placed) {
      const expected = order.status === 'billed' || order.status === 'cancelled' ? leaver.id : receiver.id;
      expect(owned.find((row) => row.id === order.id)?.owner).toBe(expected);
    }
    const notices = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.recipientMembershipId, receiver.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      type: 'event_notice',
      title: ORGANIZATION_NOTICES.handoverTitle,
      body: ORGANIZATION_NOTICES.handoverBody('老周', { models: 2, companies: 1, orders: 3 }),
      link: '/admin/organization/member',
    });
    const [entry] = await logs('member_handover', owner.headers);
    expect(entry?.sentence).toBe('把成员「老周」负责的 2 位模特、1 家公司和 3 个订单移交给「小吴」');
  });

  it('writes the hand-over in the history of each record it moves, and of no other', async () => {
    const { teamId, owner } = await signInTeamByLevel(t, 'organization');
    const leaver = await addMember(teamId, '老钱');
    const receiver = await addMember(teamId, '小孙');
    const [model] = await db()
      .insert(models)
      .values({
        teamId,
        name: '模特丙',
        pinyinFull: 'x',
        pinyinInitials: 'x',
        gender: 'female' as const,
        managerMembershipId: leaver.id,
      })
      .returning({ id: models.id });
    const [company] = await db()
      .insert(companies)
      .values({ teamId, name: '钱的公司', ownerMembershipId: leaver.id })
      .returning({ id: companies.id });
    const [open, billed] = await db()
      .insert(orders)
      .values([
        { teamId, number: `HH${teamId}-1`, title: '春季大片', status: 'draft', ownerMembershipId: leaver.id },
        {
          teamId,
          number: `HH${teamId}-2`,
          status: 'billed',
          billedAt: new Date(),
          ownerMembershipId: leaver.id,
        },
      ])
      .returning({ id: orders.id });
    expect((await patch(leaver.id, { status: 'off_duty' }, owner.headers)).body.code).toBe(0);
    expect((await handOver(leaver.id, receiver.id, owner.headers)).body.code).toBe(0);

    const history = async (path: string) => {
      const res = await get<{ action: string; sentence: string; changes: unknown[] }[]>(path, owner.headers);
      expect(res.body.code, res.body.message).toBe(0);
      return res.body.data;
    };
    const moved = [
      { path: `/models/${model?.id}/history`, action: 'model_update', field: '经纪人', name: '模特丙' },
      {
        path: `/companies/${company?.id}/history`,
        action: 'company_update',
        field: '负责人',
        name: '钱的公司',
      },
      { path: `/orders/${open?.id}/history`, action: 'order_update', field: '负责人', name: '春季大片' },
    ];
    for (const record of moved) {
      const [latest] = await history(record.path);
      expect(latest?.action).toBe(record.action);
      expect(latest?.sentence).toContain(record.name);
      expect(latest?.changes).toEqual([{ field: record.field, before: '老钱', after: '小孙' }]);
    }
    // A billed order stays with the leaver, its history untouched.
    const billedHistory = await history(`/orders/${billed?.id}/history`);
    expect(billedHistory.some((entry) => entry.action === 'order_update')).toBe(false);
  });

  it('keeps a valid member holding organization manage: the last one cannot lose it (409, unchanged)', async () => {
    // The owner holds manage whatever their role; here the owner has left, so a role holder is the last.
    const me = await createMember(db(), { nickname: '老板' });
    const teamId = me.team.id;
    await placeMember(db(), me.membership.id, { status: 'off_duty' });
    const manager = await signInMemberWith(t, teamId, [{ key: 'organization', level: 'manage' }], '主管');
    const managerRole = (await membershipRow(manager.membershipId))?.roleId ?? null;
    const second = await addMember(teamId, '副主管', { roleId: managerRole });
    const plain = await createRole(db(), teamId, [{ key: 'organization', level: 'edit' }], '普通');

    // While another holds it, a manager may be demoted.
    expect((await patch(second.id, { role_id: plain.id }, manager.headers)).body.code).toBe(0);
    const before = await logCount(teamId);
    for (const body of [{ role_id: plain.id }, { role_id: null }]) {
      const res = await patch(manager.membershipId, body, manager.headers);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ORGANIZATION_MESSAGES.lastOrganizationManager);
    }
    expect((await membershipRow(manager.membershipId))?.roleId).toBe(managerRole);
    expect(await logCount(teamId)).toBe(before);
    // Giving the second member manage back, then the first may step down.
    expect((await patch(second.id, { role_id: managerRole }, manager.headers)).body.code).toBe(0);
    expect((await patch(manager.membershipId, { role_id: plain.id }, manager.headers)).body.code).toBe(0);
  });

  it('refuses a superior that closes a loop (409) and shows the superior on the profile', async () => {
    const { teamId, owner, levels } = await signInTeamByLevel(t, 'organization');
    const a = await addMember(teamId, '甲');
    const b = await addMember(teamId, '乙');
    const c = await addMember(teamId, '丙');
    expect((await patch(b.id, { superior_id: a.id }, owner.headers)).body.code).toBe(0);
    expect((await patch(c.id, { superior_id: b.id }, owner.headers)).body.code).toBe(0);
    const before = await logCount(teamId);
    for (const [id, superior] of [
      [a.id, a.id],
      [a.id, b.id],
      [a.id, c.id],
      [b.id, c.id],
    ] as const) {
      const res = await patch(id, { superior_id: superior }, owner.headers);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ORGANIZATION_MESSAGES.superiorCycle);
    }
    expect((await membershipRow(a.id))?.superiorId).toBeNull();
    expect(await logCount(teamId)).toBe(before);
    expect((await patch(c.id, { superior_id: a.id }, owner.headers)).body.code).toBe(0);

    expect((await patch(levels.read.membershipId, { superior_id: a.id }, owner.headers)).body.code).toBe(0);
    const profile = await get<{ superior_name: string | null }>('/profile', levels.read.headers);
    expect(profile.body.data.superior_name).toBe('甲');
  });

  it('keeps every id to its team: another team’s member, role, department, superior or receiver is not found, nothing written', async () => {
    const { teamId, owner, stranger } = await signInTeamByLevel(t, 'organization');
    const theirTeamId = (await membershipRow(stranger.membershipId))?.teamId ?? 0;
    const theirRole = await createRole(db(), theirTeamId, [], '他们的角色');
    const theirDepartment = await createDepartment(db(), theirTeamId, '他们的部门');
    const theirMember = await addMember(theirTeamId, '他们的人');
    await placeMember(db(), theirMember.id, { status: 'off_duty' });
    const mine = await addMember(teamId, '我的人');
    const departed = await addMember(teamId, '我的离职');
    await placeMember(db(), departed.id, { status: 'off_duty' });
    await db().insert(companies).values({ teamId, name: '留着的公司', ownerMembershipId: departed.id });
    const before = await logCount(teamId);
    const theirsBefore = await logCount(theirTeamId);

    expect((await get<Member>(`/members/${theirMember.id}`, owner.headers)).body.message).toBe(
      ORGANIZATION_MESSAGES.memberNotFound,
    );
    const mobile = uniqueMobile();
    const cases: [Promise<{ status: number; body: { message: string } }>, string][] = [
      [patch(theirMember.id, { nickname: '改名' }, owner.headers), ORGANIZATION_MESSAGES.memberNotFound],
      [handOver(theirMember.id, mine.id, owner.headers), ORGANIZATION_MESSAGES.memberNotFound],
      [
        handOver(departed.id, stranger.membershipId, owner.headers),
        ORGANIZATION_MESSAGES.handoverTargetNotFound,
      ],
      [patch(mine.id, { role_id: theirRole.id }, owner.headers), ORGANIZATION_MESSAGES.roleNotFound],
      [
        patch(mine.id, { department_id: theirDepartment.id }, owner.headers),
        ORGANIZATION_MESSAGES.departmentNotFound,
      ],
      [
        patch(mine.id, { superior_id: theirMember.id }, owner.headers),
        ORGANIZATION_MESSAGES.superiorNotFound,
      ],
      [
        invite({ mobile, nickname: 'n', role_id: theirRole.id }, owner.headers),
        ORGANIZATION_MESSAGES.roleNotFound,
      ],
      [
        invite({ mobile, nickname: 'n', department_id: theirDepartment.id }, owner.headers),
        ORGANIZATION_MESSAGES.departmentNotFound,
      ],
      [
        invite({ mobile, nickname: 'n', superior_id: theirMember.id }, owner.headers),
        ORGANIZATION_MESSAGES.superiorNotFound,
      ],
      // A department id where a role is expected (and the reverse) is not found either.
      [patch(mine.id, { role_id: theirDepartment.id }, owner.headers), ORGANIZATION_MESSAGES.roleNotFound],
    ];
    for (const [request, message] of cases) {
      const res = await request;
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(message);
    }
    expect(await membershipRow(mine.id)).toMatchObject({
      nickname: '我的人',
      roleId: null,
      departmentId: null,
      superiorId: null,
    });
    expect(await membershipRow(theirMember.id)).toMatchObject({ nickname: '他们的人', status: 'off_duty' });
    expect(await db().select().from(users).where(eq(users.mobile, mobile))).toEqual([]);
    const [company] = await db()
      .select()
      .from(companies)
      .where(and(eq(companies.teamId, teamId)));
    expect(company?.ownerMembershipId).toBe(departed.id);
    expect(await logCount(teamId)).toBe(before);
    expect(await logCount(theirTeamId)).toBe(theirsBefore);
    // The other team's members do not count toward this one.
    expect(await listIds('?per_page=100', owner.headers)).not.toContain(theirMember.id);
  });
});
