/**
 * The organization (docs/product.md "Organization"): members as other records pick them (a model's
 * manager, a company's owner), members as the organization pages manage them, and the roles resource
 * (departments and roles).
 */
import { z } from 'zod';
import { memberAccountStatusSchema, orgUnitKindSchema } from './enums';
import { idSchema, pageQuerySchema } from './envelope';
import { mobileSchema, text1To50Schema, textSchema } from './patterns';
import { permissionItemSchema } from './permission.schema';
import { grantLevelSchema, PERMISSION_KEYS, permissionKeySchema } from './permissions';

/** A member in a picker: enough to recognise a colleague, nothing more. */
export const memberOptionSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  /** The avatar's small picture, or null: the initials on `base_color` stand in. */
  avatar: z.string().nullable(),
  base_color: z.string(),
  department_name: z.string().nullable(),
});
export type MemberOption = z.infer<typeof memberOptionSchema>;

/** GET /v1/members/options: `keyword` matches within the nickname. */
export const memberOptionQuerySchema = pageQuerySchema.extend({
  keyword: textSchema({ max: 50 }).optional(),
});
export type MemberOptionQuery = z.infer<typeof memberOptionQuerySchema>;

/** Messages of the organization rules (docs/product.md "Organization"). */
export const ORGANIZATION_MESSAGES = {
  memberNotFound: '成员不存在',
  roleNotFound: '角色不存在',
  departmentNotFound: '部门不存在',
  superiorNotFound: '直属上级不存在',
  handoverTargetNotFound: '接收成员不存在或不是正常状态',
  alreadyMember: (nickname: string) => `该手机号已是团队成员「${nickname}」`,
  roleNameTaken: (name: string) => `已存在同名角色「${name}」`,
  departmentNameTaken: (name: string) => `同一上级部门下已有「${name}」`,
  grantAboveOwn: (key: string, level: string) => `不能授予高于自己的权限：${key}「${level}」`,
  lastOrganizationManager: '团队至少要保留一名拥有组织架构「管理」权限的正常成员',
  roleInUse: (name: string, members: number) => `角色「${name}」仍有 ${members} 名成员在用，不能删除`,
  departmentNotEmpty: (name: string) => `部门「${name}」下还有成员或子部门，不能删除`,
  departmentCycle: '不能把部门移到它自己或它的下级部门之下',
  superiorCycle: '直属上级不能是本人或其下属',
  ownerUntouchable: '不能修改团队所有者的账号状态或角色',
  selfStatus: '不能修改自己的账号状态',
  rolesHaveNoParent: '角色没有上级',
  departmentsHaveNoPermissions: '部门没有权限设置，请为角色设置权限',
  handoverSelf: '不能移交给该成员本人',
  handoverOnlyDeparted: '只能移交已离职成员的记录',
  manageRequired: '只有组织架构「管理」权限可以修改角色、账号状态和移交记录',
} as const;

/** What the receiving member of a hand-over is told (an event notice linking to the member list). */
export const ORGANIZATION_NOTICES = {
  handoverTitle: '成员交接',
  handoverBody: (name: string, counts: { models: number; companies: number; orders: number }) =>
    `「${name}」负责的 ${counts.models} 位模特、${counts.companies} 家公司和 ${counts.orders} 个未结束的订单已移交给你`,
} as const;

const refSchema = z.object({ id: z.number().int(), name: z.string() });

/** A member of the team as the organization pages show them (private: mobile included). */
export const memberSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  mobile: z.string(),
  avatar: z.string().nullable(),
  base_color: z.string(),
  department: refSchema.nullable(),
  role: refSchema.nullable(),
  superior: z.object({ id: z.number().int(), nickname: z.string() }).nullable(),
  status: memberAccountStatusSchema,
  /** The team's owner holds every key at manage, whatever their role. */
  is_owner: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** GET /v1/members: keyword (nickname or mobile), department (with its sub-departments), role, status. */
export const memberFilterSchema = z.object({
  keyword: textSchema({ max: 50 }).optional(),
  department_id: z.coerce.number<number>().int().positive().optional(),
  role_id: z.coerce.number<number>().int().positive().optional(),
  status: memberAccountStatusSchema.optional(),
});
export type MemberFilter = z.infer<typeof memberFilterSchema>;
export const memberQuerySchema = pageQuerySchema.extend(memberFilterSchema.shape);
export type MemberQuery = z.infer<typeof memberQuerySchema>;

const memberFields = {
  nickname: text1To50Schema,
  role_id: idSchema.nullish(),
  department_id: idSchema.nullish(),
  superior_id: idSchema.nullish(),
};

/** POST /v1/members: invites by mobile; a new number becomes a user who signs in by SMS as usual. */
export const memberInviteSchema = z.object({ mobile: mobileSchema, ...memberFields });
export type MemberInvite = z.infer<typeof memberInviteSchema>;
export type MemberInviteInput = z.input<typeof memberInviteSchema>;

/** PATCH /v1/members/{id}: only the fields sent change; role, status need organization manage. */
export const memberUpdateSchema = z.object({ ...memberFields, status: memberAccountStatusSchema }).partial();
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;
export type MemberUpdateInput = z.input<typeof memberUpdateSchema>;

/** POST /v1/members/{id}/handover: the departed member's models, companies and open orders move over. */
export const memberHandoverSchema = z.object({ to_member_id: idSchema });
export type MemberHandover = z.infer<typeof memberHandoverSchema>;
export const memberHandoverResultSchema = z.object({
  models: z.number().int(),
  companies: z.number().int(),
  orders: z.number().int(),
});
export type MemberHandoverResult = z.infer<typeof memberHandoverResultSchema>;

/** A department (a node of the tree) or a role (a level per permission key) of the roles resource. */
export const orgUnitSchema = z.object({
  id: z.number().int(),
  kind: orgUnitKindSchema,
  name: z.string(),
  /** A department's parent; always null for a role. */
  parent_id: z.number().int().nullable(),
  /** Members placed directly in the department, or holding the role (any status). */
  member_count: z.number().int(),
  /** A role's levels, in menu order; keys left out are not granted. Empty for a department. */
  permissions: z.array(permissionItemSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrgUnit = z.infer<typeof orgUnitSchema>;

/** GET /v1/roles?kind=: every department (the client builds the tree) or every role of the team, by name. */
export const orgUnitQuerySchema = z.object({ kind: orgUnitKindSchema.default('role') });
export type OrgUnitQuery = z.infer<typeof orgUnitQuerySchema>;

/** POST /v1/roles. `parent_id` only for a department (none: at the top). */
export const orgUnitCreateSchema = z.object({
  kind: orgUnitKindSchema,
  name: text1To50Schema,
  parent_id: idSchema.nullish(),
});
export type OrgUnitCreate = z.infer<typeof orgUnitCreateSchema>;
export type OrgUnitCreateInput = z.input<typeof orgUnitCreateSchema>;

/** PATCH /v1/roles/{id}: rename; move a department (`parent_id` null: to the top). */
export const orgUnitUpdateSchema = z
  .object({ name: text1To50Schema, parent_id: idSchema.nullable() })
  .partial();
export type OrgUnitUpdate = z.infer<typeof orgUnitUpdateSchema>;
export type OrgUnitUpdateInput = z.input<typeof orgUnitUpdateSchema>;

/** PUT /v1/roles/{id}/permissions: the role's whole matrix; a key left out (or `none`) is not granted. */
export const rolePermissionsSchema = z.object({
  items: z
    .array(z.object({ key: permissionKeySchema, level: grantLevelSchema }))
    .max(PERMISSION_KEYS.length)
    .refine((items) => new Set(items.map((item) => item.key)).size === items.length, '权限项不能重复'),
});
export type RolePermissions = z.infer<typeof rolePermissionsSchema>;
export type RolePermissionsInput = z.input<typeof rolePermissionsSchema>;
