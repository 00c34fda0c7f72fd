import type { OrgUnit } from '@trackit/contract/organization.schema';
import { PERMISSION_KEYS } from '@trackit/contract/permissions';
import type { OrgUnitRow } from './org-unit.repository';

const menuIndex = new Map(PERMISSION_KEYS.map((key, index) => [key, index]));

export function presentOrgUnit(row: OrgUnitRow): OrgUnit {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    parent_id: row.parentId,
    member_count: row.memberCount,
    // The database returns grants in no particular order; the editor shows them in menu order.
    permissions: row.permissions
      .map((grant) => ({ key: grant.key, level: grant.level }))
      .sort((a, b) => (menuIndex.get(a.key) ?? 0) - (menuIndex.get(b.key) ?? 0)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
