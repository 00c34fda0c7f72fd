import { z } from 'zod';
import { endpoint, json, page, requires, sessionAccess } from './endpoint';
import { idParamsSchema } from './envelope';
import {
  memberHandoverResultSchema,
  memberHandoverSchema,
  memberInviteSchema,
  memberOptionQuerySchema,
  memberOptionSchema,
  memberQuerySchema,
  memberSchema,
  memberUpdateSchema,
  orgUnitCreateSchema,
  orgUnitQuerySchema,
  orgUnitSchema,
  orgUnitUpdateSchema,
  rolePermissionsSchema,
} from './organization.schema';

/**
 * Members, departments and roles (docs/product.md "Organization"). The level each endpoint declares is the
 * least it takes; organization.policy.ts on the server adds what depends on the body: changing a member's
 * role or status, handing over and any change to a role need manage, and nobody grants above their own.
 */
export const organizationEndpoints = {
  memberOptions: endpoint({
    method: 'GET',
    path: '/v1/members/options',
    summary: '可选的团队成员（在职），供选择经纪人、负责人等；按昵称筛选',
    // Any member names colleagues on the records they work on; the shape carries no contact details.
    access: sessionAccess,
    query: memberOptionQuerySchema,
    answer: page(memberOptionSchema),
  }),
  listMembers: endpoint({
    method: 'GET',
    path: '/v1/members',
    summary: '团队成员，可按关键词（昵称、手机号）、部门（含下级部门）、角色、状态筛选',
    access: requires('organization', 'read'),
    query: memberQuerySchema,
    answer: page(memberSchema),
  }),
  getMember: endpoint({
    method: 'GET',
    path: '/v1/members/:id',
    summary: '一名成员',
    access: requires('organization', 'read'),
    params: idParamsSchema,
    answer: json(memberSchema),
  }),
  inviteMember: endpoint({
    method: 'POST',
    path: '/v1/members',
    summary: '按手机号邀请成员（新号码即建账号，凭短信验证码登录）；授予的角色不能高于本人权限',
    access: requires('organization', 'edit'),
    body: memberInviteSchema,
    answer: json(memberSchema),
  }),
  updateMember: endpoint({
    method: 'PATCH',
    path: '/v1/members/:id',
    summary: '修改成员（只改所传字段）；改角色、账号状态需管理权限，暂停或离职即刻结束其登录',
    access: requires('organization', 'edit'),
    params: idParamsSchema,
    body: memberUpdateSchema,
    answer: json(memberSchema),
  }),
  handOverMember: endpoint({
    method: 'POST',
    path: '/v1/members/:id/handover',
    summary: '把已离职成员负责的模特、公司和未结束的订单一次移交给另一名成员',
    access: requires('organization', 'manage'),
    params: idParamsSchema,
    body: memberHandoverSchema,
    answer: json(memberHandoverResultSchema),
  }),
  listOrgUnits: endpoint({
    method: 'GET',
    path: '/v1/roles',
    summary: '团队的部门（kind=department，客户端据 parent_id 成树）或角色（kind=role，含各权限级别）',
    access: requires('organization', 'read'),
    query: orgUnitQuerySchema,
    answer: json(z.array(orgUnitSchema)),
  }),
  createOrgUnit: endpoint({
    method: 'POST',
    path: '/v1/roles',
    summary: '新建部门（可指定上级部门）或角色（需管理权限）',
    access: requires('organization', 'edit'),
    body: orgUnitCreateSchema,
    answer: json(orgUnitSchema),
  }),
  updateOrgUnit: endpoint({
    method: 'PATCH',
    path: '/v1/roles/:id',
    summary: '重命名部门或角色，移动部门（不能移到自己或下级之下）',
    access: requires('organization', 'edit'),
    params: idParamsSchema,
    body: orgUnitUpdateSchema,
    answer: json(orgUnitSchema),
  }),
  deleteOrgUnit: endpoint({
    method: 'DELETE',
    path: '/v1/roles/:id',
    summary: '删除没有成员和下级的部门，或没有成员在用的角色',
    access: requires('organization', 'edit'),
    params: idParamsSchema,
    answer: json(z.null()),
  }),
  setRolePermissions: endpoint({
    method: 'PUT',
    path: '/v1/roles/:id/permissions',
    summary: '设置角色的全部权限级别；不能高于本人，团队须保留一名组织架构管理者',
    access: requires('organization', 'manage'),
    params: idParamsSchema,
    body: rolePermissionsSchema,
    answer: json(orgUnitSchema),
  }),
} as const;
