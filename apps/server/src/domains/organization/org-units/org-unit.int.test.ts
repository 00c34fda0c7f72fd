import type { OperationLog } from '@trackit/contract/operation-log.schema';
import { ORGANIZATION_MESSAGES, type OrgUnit } from '@trackit/contract/organization.schema';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  bearer,
  createDepartment,
  createMember,
  createMembership,
  createRole,
  createUser,
  placeMember,
  type SignedInMember,
  signIn,
  signInTeamByLevel,
} from '../../../test/factories';
import { operationLogs } from '../../operation-log/operation-log.tables';
import { rolePermissions, roles } from '../organization.tables';

describe('the roles resource (departments and roles)', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;
  let levels: Record<'read' | 'edit' | 'manage', SignedInMember>;
  let stranger: SignedInMember;

  const units = (kind: string | undefined, as = owner) =>
    t.request<OrgUnit[]>('GET', `/storm_api/v1/roles${kind ? `?kind=${kind}` : ''}`, { headers: as.headers });
  const create = (body: unknown, as = owner) =>
    t.request<OrgUnit>('POST', '/storm_api/v1/roles', { body, headers: as.headers });
  const patch = (id: number, body: unknown, as = owner) =>
    t.request<OrgUnit>('PATCH', `/storm_api/v1/roles/${id}`, { body, headers: as.headers });
  const remove = (id: number, as = owner) =>
    t.request<null>('DELETE', `/storm_api/v1/roles/${id}`, { headers: as.headers });
  const setPermissions = (id: number, items: unknown[], as = owner) =>
    t.request<OrgUnit>('PUT', `/storm_api/v1/roles/${id}/permissions`, {
      body: { items },
      headers: as.headers,
    });
  const myPermissions = (as: SignedInMember) =>
    t.request<{ key: string; level: string }[]>('GET', '/storm_api/v1/permissions/my', {
      headers: as.headers,
    });
  const department = async (name: string, parent_id?: number) => {
    const res = await create({ kind: 'department', name, parent_id });
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data;
  };
  const role = async (name: string) => {
    const res = await create({ kind: 'role', name });
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data;
  };
  const logsOf = async (id: number) => {
    const [row] = await t.database.db
      .select({ total: count() })
      .from(operationLogs)
      .where(and(eq(operationLogs.targetType, 'role'), eq(operationLogs.targetId, String(id))));
    return row?.total ?? 0;
  };
  const lastLog = async (action: string, as = owner) => {
    const res = await t.request<OperationLog[]>('GET', `/storm_api/v1/operation_logs?action=${action}`, {
      headers: as.headers,
    });
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data[0];
  };
  const parentOf = async (id: number) => {
    const [row] = await t.database.db
      .select({ parentId: roles.parentId })
      .from(roles)
      .where(eq(roles.id, id));
    return row?.parentId;
  };
  /** A new member of the team (not signed in) placed as given. */
  const addMember = async (
    team: number,
    values: { departmentId?: number; roleId?: number; status?: 'valid' | 'pause' | 'off_duty' },
  ) => {
    const user = await createUser(t.database.db);
    const membership = await createMembership(t.database.db, {
      teamId: team,
      userId: user.id,
      status: values.status ?? 'valid',
      roleId: values.roleId ?? null,
    });
    if (values.departmentId)
      await placeMember(t.database.db, membership.id, { departmentId: values.departmentId });
    return { membership, user };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'organization');
    teamId = team.teamId;
    owner = team.owner;
    levels = team.levels;
    stranger = team.stranger;
  });
  afterAll(() => t.close());

  describe('departments', () => {
    it('creates a tree of departments and logs each', async () => {
      const top = await department('上海分部');
      expect(top).toMatchObject({
        kind: 'department',
        name: '上海分部',
        parent_id: null,
        member_count: 0,
        permissions: [],
      });
      const child = await department('市场部', top.id);
      expect(child.parent_id).toBe(top.id);
      expect(await logsOf(child.id)).toBe(1);
      expect((await lastLog('department_create'))?.sentence).toBe('新建了部门「市场部」');
      // An editor of the organization may create departments, a reader may not.
      expect((await create({ kind: 'department', name: '编辑建的部门' }, levels.edit)).body.code).toBe(0);
      expect((await create({ kind: 'department', name: '读者建的部门' }, levels.read)).status).toBe(403);
    });

    it('renames and moves a department, logging 名称 and 上级部门', async () => {
      const a = await department('北京分部');
      const b = await department('销售组');
      const renamed = await patch(b.id, { name: '销售一组' }, levels.edit);
      expect(renamed.body.code, renamed.body.message).toBe(0);
      expect(renamed.body.data).toMatchObject({ name: '销售一组', parent_id: null });
      const moved = await patch(b.id, { parent_id: a.id });
      expect(moved.body.data.parent_id).toBe(a.id);
      expect((await lastLog('department_update'))?.changes).toEqual([
        { field: '上级部门', before: '--', after: '北京分部' },
      ]);
      const back = await patch(b.id, { parent_id: null, name: '销售二组' });
      expect(back.body.data).toMatchObject({ parent_id: null, name: '销售二组' });
      expect((await lastLog('department_update'))?.changes).toEqual([
        { field: '名称', before: '销售一组', after: '销售二组' },
        { field: '上级部门', before: '北京分部', after: '--' },
      ]);
      // Nothing changed: nothing logged.
      const logged = await logsOf(b.id);
      expect((await patch(b.id, { name: '销售二组', parent_id: null })).body.code).toBe(0);
      expect(await logsOf(b.id)).toBe(logged);
    });

    it('refuses moving a department under itself or any of its descendants, and allows a valid move', async () => {
      const root = await department('华东区');
      const child = await department('杭州', root.id);
      const grandchild = await department('西湖', child.id);
      const other = await department('华南区');
      for (const parent of [root, child, grandchild]) {
        const res = await patch(root.id, { parent_id: parent.id });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(ORGANIZATION_MESSAGES.departmentCycle);
      }
      expect((await patch(child.id, { parent_id: grandchild.id })).status).toBe(409);
      expect(await parentOf(root.id)).toBeNull();
      expect(await parentOf(child.id)).toBe(root.id);
      // A move elsewhere in the tree, then the subtree under another branch.
      expect((await patch(grandchild.id, { parent_id: root.id })).body.data.parent_id).toBe(root.id);
      const res = await patch(root.id, { parent_id: other.id });
      expect(res.body.code, res.body.message).toBe(0);
      expect(res.body.data.parent_id).toBe(other.id);
      // Now the old top is under 华南区, so 华南区 cannot go under its grandchild.
      expect((await patch(other.id, { parent_id: child.id })).status).toBe(409);
    });

    it('lets only one of two crossing moves through, so no cycle forms', async () => {
      const a = await department('并发甲');
      const b = await department('并发乙');
      const results = await Promise.all([patch(a.id, { parent_id: b.id }), patch(b.id, { parent_id: a.id })]);
      expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
      const parents = [await parentOf(a.id), await parentOf(b.id)];
      expect(parents.filter((parent) => parent === null)).toHaveLength(1);
    });

    it('answers two simultaneous creations of one name with one unit and one 409', async () => {
      const results = await Promise.all([
        create({ kind: 'role', name: '同时新建' }),
        create({ kind: 'role', name: '同时新建' }),
      ]);
      expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
      expect(results.find((res) => res.status === 409)?.body.message).toBe(
        ORGANIZATION_MESSAGES.roleNameTaken('同时新建'),
      );
    });

    it('keeps sibling names unique, while another parent may reuse a name', async () => {
      const parent = await department('深圳分部');
      await department('设计部', parent.id);
      const dup = await create({ kind: 'department', name: '设计部', parent_id: parent.id });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe(ORGANIZATION_MESSAGES.departmentNameTaken('设计部'));
      const elsewhere = await department('设计部');
      expect((await patch(elsewhere.id, { parent_id: parent.id })).status).toBe(409);
      const sibling = await department('运营部', parent.id);
      const renamed = await patch(sibling.id, { name: '设计部' });
      expect(renamed.status).toBe(409);
      expect(renamed.body.message).toBe(ORGANIZATION_MESSAGES.departmentNameTaken('设计部'));
    });

    it('deletes an empty department only: members of any status or children keep it', async () => {
      const parent = await department('成都分部');
      const child = await createDepartment(t.database.db, teamId, '拍摄组', parent.id);
      const withChild = await remove(parent.id);
      expect(withChild.status).toBe(409);
      expect(withChild.body.message).toBe(ORGANIZATION_MESSAGES.departmentNotEmpty('成都分部'));
      await addMember(teamId, { departmentId: child.id, status: 'off_duty' });
      expect((await units('department')).body.data.find((unit) => unit.id === child.id)?.member_count).toBe(
        1,
      );
      const withMember = await remove(child.id, levels.edit);
      expect(withMember.status).toBe(409);
      expect(withMember.body.message).toBe(ORGANIZATION_MESSAGES.departmentNotEmpty('拍摄组'));

      const empty = await department('临时部门', parent.id);
      const res = await remove(empty.id, levels.edit);
      expect(res.body.code, res.body.message).toBe(0);
      expect(await parentOf(empty.id)).toBeUndefined();
      expect((await lastLog('department_delete'))?.sentence).toBe('删除了部门「临时部门」');
    });

    it('gives a department no permissions and a role no parent', async () => {
      const dept = await department('无权限部门');
      const res = await setPermissions(dept.id, [{ key: 'calendar', level: 'read' }]);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ORGANIZATION_MESSAGES.departmentsHaveNoPermissions);
      const withParent = await create({ kind: 'role', name: '有上级的角色', parent_id: dept.id });
      expect(withParent.status).toBe(409);
      expect(withParent.body.message).toBe(ORGANIZATION_MESSAGES.rolesHaveNoParent);
      const aRole = await role('无上级角色');
      expect((await patch(aRole.id, { parent_id: dept.id })).status).toBe(409);
      expect(await parentOf(aRole.id)).toBeNull();
    });
  });

  describe('roles', () => {
    it('creates, renames and deletes roles at manage only; an editor gets 403', async () => {
      const refused = await create({ kind: 'role', name: '编辑建的角色' }, levels.edit);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ORGANIZATION_MESSAGES.manageRequired);
      const created = await create({ kind: 'role', name: '经纪人' }, levels.manage);
      expect(created.body.code, created.body.message).toBe(0);
      expect(created.body.data).toMatchObject({
        kind: 'role',
        name: '经纪人',
        parent_id: null,
        member_count: 0,
        permissions: [],
      });
      expect((await lastLog('role_create'))?.sentence).toBe('新建了角色「经纪人」');

      expect((await patch(created.body.data.id, { name: '高级经纪人' }, levels.edit)).status).toBe(403);
      const renamed = await patch(created.body.data.id, { name: '高级经纪人' }, levels.manage);
      expect(renamed.body.data.name).toBe('高级经纪人');
      expect((await lastLog('role_update'))?.changes).toEqual([
        { field: '名称', before: '经纪人', after: '高级经纪人' },
      ]);

      expect((await remove(created.body.data.id, levels.edit)).status).toBe(403);
      const deleted = await remove(created.body.data.id, levels.manage);
      expect(deleted.body.code, deleted.body.message).toBe(0);
      expect((await lastLog('role_delete'))?.sentence).toBe('删除了角色「高级经纪人」');
    });

    it('refuses a duplicate role name, on create and on rename', async () => {
      await role('摄影师');
      const dup = await create({ kind: 'role', name: '摄影师' });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe(ORGANIZATION_MESSAGES.roleNameTaken('摄影师'));
      const other = await role('化妆师');
      const renamed = await patch(other.id, { name: '摄影师' });
      expect(renamed.status).toBe(409);
      expect(renamed.body.message).toBe(ORGANIZATION_MESSAGES.roleNameTaken('摄影师'));
      // A department may share a role's name: they are different kinds.
      expect((await create({ kind: 'department', name: '摄影师' })).body.code).toBe(0);
    });

    it('refuses deleting a role in use, naming how many members hold it; deletes its grants otherwise', async () => {
      const used = await role('在用角色');
      await addMember(teamId, { roleId: used.id });
      await addMember(teamId, { roleId: used.id, status: 'pause' });
      const res = await remove(used.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ORGANIZATION_MESSAGES.roleInUse('在用角色', 2));

      const unused = await role('闲置角色');
      await setPermissions(unused.id, [{ key: 'calendar', level: 'read' }]);
      expect((await remove(unused.id)).body.code).toBe(0);
      const left = await t.database.db
        .select({ total: count() })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, unused.id));
      expect(left[0]?.total).toBe(0);
    });

    it('lists roles by name (pinyin order) with member counts and permissions in menu order', async () => {
      const b = await role('B角色');
      const a = await role('A角色');
      // By code point 实 (U+5B9E) would come before 财 (U+8D22); by pinyin, cai before shi.
      await role('实习生');
      await role('财务');
      await addMember(teamId, { roleId: b.id });
      await addMember(teamId, { roleId: b.id, status: 'off_duty' });
      await setPermissions(b.id, [
        { key: 'operation_record', level: 'read' },
        { key: 'organization', level: 'edit' },
        { key: 'dashboard', level: 'manage' },
        { key: 'calendar', level: 'none' },
      ]);
      const res = await units(undefined);
      expect(res.body.code, res.body.message).toBe(0);
      const mine = res.body.data.filter((unit) => unit.name === 'A角色' || unit.name === 'B角色');
      expect(mine.map((unit) => unit.name)).toEqual(['A角色', 'B角色']);
      const chinese = res.body.data.filter((unit) => unit.name === '实习生' || unit.name === '财务');
      expect(chinese.map((unit) => unit.name)).toEqual(['财务', '实习生']);
      expect(res.body.data.every((unit) => unit.kind === 'role')).toBe(true);
      expect(mine[0]).toMatchObject({ id: a.id, member_count: 0, permissions: [] });
      expect(mine[1]).toMatchObject({
        id: b.id,
        member_count: 2,
        permissions: [
          { key: 'dashboard', level: 'manage' },
          { key: 'organization', level: 'edit' },
          { key: 'operation_record', level: 'read' },
        ],
      });
      // The role a signed-in member holds counts them too.
      expect(res.body.data.find((unit) => unit.name === 'edit')).toMatchObject({
        member_count: 1,
        permissions: [{ key: 'organization', level: 'edit' }],
      });
    });

    it('lists departments by name then id (the same name under two parents)', async () => {
      const p1 = await department('Y分部');
      const p2 = await department('X分部');
      const c1 = await department('Q组', p1.id);
      const c2 = await department('Q组', p2.id);
      const res = await units('department', levels.read);
      expect(res.body.code, res.body.message).toBe(0);
      const names = res.body.data.filter((unit) => ['Y分部', 'X分部', 'Q组'].includes(unit.name));
      expect(names.map((unit) => unit.id)).toEqual([c1.id, c2.id, p2.id, p1.id]);
      expect(res.body.data.every((unit) => unit.kind === 'department')).toBe(true);
    });
  });

  describe('role permissions', () => {
    it('sets the matrix, logs each changed key, and the holder sees it on their next request', async () => {
      const target = await role('运营');
      const user = await createUser(t.database.db);
      await createMembership(t.database.db, {
        teamId,
        userId: user.id,
        roleId: target.id,
        nickname: '运营小王',
      });
      const holder = { headers: bearer((await signIn(t, user.mobile)).token), membershipId: 0 };
      expect((await myPermissions(holder)).body.data).toEqual([]);

      const res = await setPermissions(target.id, [
        { key: 'data_management', level: 'edit' },
        { key: 'calendar', level: 'read' },
      ]);
      expect(res.body.code, res.body.message).toBe(0);
      expect(res.body.data.permissions).toEqual([
        { key: 'calendar', level: 'read' },
        { key: 'data_management', level: 'edit' },
      ]);
      expect((await myPermissions(holder)).body.data).toEqual([
        { key: 'calendar', level: 'read' },
        { key: 'data_management', level: 'edit' },
      ]);

      await setPermissions(target.id, [
        { key: 'data_management', level: 'manage' },
        { key: 'calendar', level: 'none' },
      ]);
      const log = await lastLog('role_permissions');
      expect(log?.sentence).toBe('设置了角色「运营」的权限');
      expect(log?.changes).toEqual([
        { field: '日历', before: '查看', after: '无' },
        { field: '信息管理', before: '编辑', after: '管理' },
      ]);
      expect((await myPermissions(holder)).body.data).toEqual([{ key: 'data_management', level: 'manage' }]);
    });

    it('refuses granting above the caller’s own level (403) and changes nothing', async () => {
      const target = await role('助理');
      await setPermissions(target.id, [{ key: 'organization', level: 'read' }]);
      const logged = await logsOf(target.id);
      const res = await setPermissions(
        target.id,
        [
          { key: 'organization', level: 'manage' },
          { key: 'calendar', level: 'read' },
        ],
        levels.manage,
      );
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ORGANIZATION_MESSAGES.grantAboveOwn('日历', '查看'));
      const [listed] = (await units('role')).body.data.filter((unit) => unit.id === target.id);
      expect(listed?.permissions).toEqual([{ key: 'organization', level: 'read' }]);
      expect(await logsOf(target.id)).toBe(logged);
      // Within their own levels the manager may set it.
      expect(
        (await setPermissions(target.id, [{ key: 'organization', level: 'manage' }], levels.manage)).body
          .code,
      ).toBe(0);
      // An editor may not set permissions at all (the endpoint needs manage).
      expect((await setPermissions(target.id, [], levels.edit)).status).toBe(403);
    });

    it('keeps the team’s last valid organization manager (the owner off duty)', async () => {
      const db = t.database.db;
      const other = await createMember(db, { nickname: '离职的所有者' });
      await placeMember(db, other.membership.id, { status: 'off_duty' });
      const managerRole = await createRole(
        db,
        other.team.id,
        [{ key: 'organization', level: 'manage' }],
        '管理员',
      );
      const managerUser = await createUser(db);
      await createMembership(db, { teamId: other.team.id, userId: managerUser.id, roleId: managerRole.id });
      // A paused holder of the same role does not count.
      await addMember(other.team.id, { roleId: managerRole.id, status: 'pause' });
      const manager = { headers: bearer((await signIn(t, managerUser.mobile)).token), membershipId: 0 };

      const res = await setPermissions(managerRole.id, [{ key: 'organization', level: 'edit' }], manager);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ORGANIZATION_MESSAGES.lastOrganizationManager);
      expect((await myPermissions(manager)).body.data).toEqual([{ key: 'organization', level: 'manage' }]);
      expect(await logsOf(managerRole.id)).toBe(0);

      // With a second valid manager, the first may step down.
      const backup = await createRole(
        db,
        other.team.id,
        [{ key: 'organization', level: 'manage' }],
        '备用管理员',
      );
      await addMember(other.team.id, { roleId: backup.id });
      const ok = await setPermissions(managerRole.id, [{ key: 'organization', level: 'edit' }], manager);
      expect(ok.body.code, ok.body.message).toBe(0);
      expect((await myPermissions(manager)).body.data).toEqual([{ key: 'organization', level: 'edit' }]);
    });
  });

  describe('tenancy', () => {
    it('answers another team’s ids as not found and writes nothing', async () => {
      const theirDept = (await create({ kind: 'department', name: '别人的部门' }, stranger)).body.data;
      const theirRole = (await create({ kind: 'role', name: '别人的角色' }, stranger)).body.data;
      const mine = await department('我的部门');
      const myRole = await role('我的角色');
      const notFound = (res: { status: number; body: { message: string } }, message: string) => {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(message);
      };

      notFound(await patch(theirDept.id, { name: '改名' }), ORGANIZATION_MESSAGES.roleNotFound);
      notFound(await patch(theirRole.id, { name: '改名' }), ORGANIZATION_MESSAGES.roleNotFound);
      notFound(await remove(theirDept.id), ORGANIZATION_MESSAGES.roleNotFound);
      notFound(await remove(theirRole.id), ORGANIZATION_MESSAGES.roleNotFound);
      notFound(await setPermissions(theirRole.id, []), ORGANIZATION_MESSAGES.roleNotFound);
      notFound(
        await create({ kind: 'department', name: '挂到别人下', parent_id: theirDept.id }),
        ORGANIZATION_MESSAGES.departmentNotFound,
      );
      notFound(await patch(mine.id, { parent_id: theirDept.id }), ORGANIZATION_MESSAGES.departmentNotFound);
      // A role of my own team is not a parent either.
      notFound(await patch(mine.id, { parent_id: myRole.id }), ORGANIZATION_MESSAGES.departmentNotFound);

      expect(await parentOf(mine.id)).toBeNull();
      expect(await logsOf(theirDept.id)).toBe(1);
      expect(await logsOf(theirRole.id)).toBe(1);
      const theirs = (await units('role', stranger)).body.data.find((unit) => unit.id === theirRole.id);
      expect(theirs?.name).toBe('别人的角色');
      expect((await units('role')).body.data.some((unit) => unit.id === theirRole.id)).toBe(false);
      expect((await units('department')).body.data.some((unit) => unit.id === theirDept.id)).toBe(false);
      const names = (await units('department')).body.data.map((unit) => unit.name);
      expect(names).not.toContain('挂到别人下');
    });
  });
});
