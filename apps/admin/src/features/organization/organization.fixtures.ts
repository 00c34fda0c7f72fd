/** Test data of the organization feature: members, departments and roles as the pages receive them. */
import { endpoints } from '@trackit/contract/endpoints';
import type { Member, MemberOption, OrgUnit } from '@trackit/contract/organization.schema';
import { answer } from '../../testing/api-answers';

export const memberOption = (
  id: number,
  nickname: string,
  departmentName: string | null = null,
): MemberOption => ({
  id,
  nickname,
  avatar: null,
  base_color: '#1677ff',
  department_name: departmentName,
});

/** The mocked client's answer to the member pickers: these members, whatever the keyword. */
export const memberOptionsAnswer = (members: MemberOption[]) =>
  answer(endpoints.organization.memberOptions, () => ({
    data: members,
    page: 1,
    perPage: 20,
    total: members.length,
  }));

/** A member as the organization pages receive them: a valid member without department, role or superior. */
export const member = (id: number, nickname: string, patch: Partial<Member> = {}): Member => ({
  id,
  nickname,
  mobile: `1380000${String(id).padStart(4, '0')}`,
  avatar: null,
  base_color: '#1677ff',
  department: null,
  role: null,
  superior: null,
  status: 'valid',
  is_owner: false,
  last_login_at: null,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
  ...patch,
});

/** A department (under `parentId`) with `members` placed directly in it. */
export const department = (
  id: number,
  name: string,
  parentId: number | null = null,
  members = 0,
): OrgUnit => ({
  id,
  kind: 'department',
  name,
  parent_id: parentId,
  member_count: members,
  permissions: [],
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
});

/** A role with its levels and the members holding it. */
export const role = (
  id: number,
  name: string,
  permissions: OrgUnit['permissions'] = [],
  members = 0,
): OrgUnit => ({
  ...department(id, name, null, members),
  kind: 'role',
  permissions,
});

/** The mocked client's answer to GET /v1/roles: these departments and roles, by kind. */
export const orgUnitsAnswer = (departments: OrgUnit[], roles: OrgUnit[]) =>
  answer(endpoints.organization.listOrgUnits, ({ query }) =>
    query?.kind === 'department' ? departments : roles,
  );
