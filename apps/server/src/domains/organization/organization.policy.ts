/**
 * Who may change what in the organization (docs/product.md "Organization"), as pure functions of the
 * caller's grants. Each endpoint already demands its least level (the contract's organization.endpoints.ts);
 * these add what depends on the body:
 * - a member's role or status, a hand-over, and any change to a role (kind `role`) need organization manage;
 *   departments and a member's other fields need edit;
 * - nobody grants a level above their own, whether by setting a role's matrix or by giving a member a role;
 * - the owner's role and status, and the caller's own status, do not change here.
 * The rule that the team keeps a member holding organization manage needs the database: see
 * `ensureOrganizationManagerRemains` in organization.service.ts.
 */
import { PERMISSION_LEVEL_LABELS, type PermissionLevel } from '@trackit/contract/enums';
import { ORGANIZATION_MESSAGES } from '@trackit/contract/organization.schema';
import {
  levelAllows,
  PERMISSION_KEY_LABELS,
  PERMISSION_KEYS,
  type PermissionKey,
} from '@trackit/contract/permissions';

/** What the caller holds, key by key (the owner: every key at manage). */
export type CallerGrants = ReadonlyMap<PermissionKey, PermissionLevel>;

/** Why a change is refused: 403 for a level the caller lacks, 409 for a state that forbids it. */
export interface OrganizationRefusal {
  error: 'forbidden' | 'conflict';
  message: string;
}

const forbidden = (message: string): OrganizationRefusal => ({ error: 'forbidden', message });
const conflict = (message: string): OrganizationRefusal => ({ error: 'conflict', message });

/** Whether the caller manages the organization (roles, statuses, hand-overs). */
export const managesOrganization = (caller: CallerGrants) =>
  levelAllows(caller.get('organization'), 'manage');

/** Refuses a change that takes organization manage when the caller holds only edit. */
export const requireOrganizationManage = (caller: CallerGrants): OrganizationRefusal | null =>
  managesOrganization(caller) ? null : forbidden(ORGANIZATION_MESSAGES.manageRequired);

/**
 * Refuses granting any level above the caller's own, key by key: the first key in menu order that goes
 * too far is named. `grants` is what a role would hold (a new matrix, or the role given to a member).
 */
export function checkGrantsWithin(
  caller: CallerGrants,
  grants: Iterable<{ key: PermissionKey; level: PermissionLevel }>,
): OrganizationRefusal | null {
  const wanted = new Map<PermissionKey, PermissionLevel>();
  for (const { key, level } of grants) wanted.set(key, level);
  for (const key of PERMISSION_KEYS) {
    const level = wanted.get(key);
    if (level && !levelAllows(caller.get(key), level)) {
      return forbidden(
        ORGANIZATION_MESSAGES.grantAboveOwn(PERMISSION_KEY_LABELS[key], PERMISSION_LEVEL_LABELS[level]),
      );
    }
  }
  return null;
}

/** What the member rules read of the member being changed. */
export interface MemberTarget {
  membershipId: number;
  isOwner: boolean;
}

/**
 * A change of a member's role or status: needs manage; never the owner's (they hold everything
 * whatever their role, and a team cannot pause its owner); never one's own status (which would end the
 * caller's own session mid-change).
 */
export function checkMemberAccessChange(
  caller: CallerGrants,
  callerMembershipId: number,
  target: MemberTarget,
  change: { role: boolean; status: boolean },
): OrganizationRefusal | null {
  if (!change.role && !change.status) return null;
  const refusal = requireOrganizationManage(caller);
  if (refusal) return refusal;
  if (target.isOwner) return conflict(ORGANIZATION_MESSAGES.ownerUntouchable);
  if (change.status && target.membershipId === callerMembershipId) {
    return conflict(ORGANIZATION_MESSAGES.selfStatus);
  }
  return null;
}
