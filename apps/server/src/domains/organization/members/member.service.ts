/**
 * The members of a team as the organization pages manage them (docs/product.md "Organization"): invite
 * by mobile, edit, change role or status, hand a departed member's records over. Who may change what is
 * organization.policy.ts; the team keeps a valid member holding organization manage
 * (ensureOrganizationManagerRemains). Each write and its operation-log entry commit in one transaction;
 * a paused or departed member's sessions end in it, and the grants a member holds are read per request,
 * so a change counts from their next request.
 */

import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { avatarColorFor } from '@trackit/contract/constants';
import { MEMBER_ACCOUNT_STATUS_LABELS, type MemberAccountStatus } from '@trackit/contract/enums';
import {
  type MemberHandover,
  type MemberHandoverResult,
  type MemberInvite,
  type MemberQuery,
  type MemberUpdate,
  ORGANIZATION_MESSAGES,
  ORGANIZATION_NOTICES,
} from '@trackit/contract/organization.schema';
import type { Database } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { AppError } from '../../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../../http/auth-context';
import { pageWindow } from '../../../http/pagination';
import { handOverCompanies } from '../../company/company.service';
import { handOverModels } from '../../model/model-write.service';
import { notifyMembers } from '../../notify/notify.service';
import { type ChangeLogField, changeLog, shown } from '../../operation-log/change-log';
import { memberActor, recordOperation } from '../../operation-log/operation-log.service';
import { handOverOpenOrders } from '../../order/order.service';
import { grantsOf } from '../../permission/permission.service';
import { endSessionsOfMembership } from '../../session/session.service';
import { ensureUser, findUser } from '../../user/user.service';
import { findOrgUnit, lockTeamUnits } from '../org-units/org-unit.repository';
import {
  checkGrantsWithin,
  checkMemberAccessChange,
  type OrganizationRefusal,
  requireOrganizationManage,
} from '../organization.policy';
import {
  ensureOrganizationManagerRemains,
  findTeamMember,
  findValidTeamMember,
  type OrganizationDeps,
  roleGrants,
} from '../organization.service';
import {
  findMemberRow,
  findMembershipOfUserInTeam,
  insertMember,
  isInSuperiorChain,
  listMemberRows,
  lockMember,
  type MemberRow,
  updateMemberRow,
} from './member.repository';

export type MemberDeps = OrganizationDeps;

const notFound = (message: string) => new AppError('notFound', { message });
const conflict = (message: string) => new AppError('conflict', { message });
const memberNotFound = () => notFound(ORGANIZATION_MESSAGES.memberNotFound);

function refuse(refusal: OrganizationRefusal | null) {
  if (refusal) throw new AppError(refusal.error, { message: refusal.message });
}

/** GET /v1/members: a page of the team's members, the owner first. */
export function listTeamMembers(deps: MemberDeps, auth: AuthContext, query: MemberQuery) {
  return listMemberRows(
    deps.db,
    auth.teamId,
    {
      keyword: query.keyword || undefined,
      departmentId: query.department_id,
      roleId: query.role_id,
      status: query.status,
    },
    pageWindow(query),
  );
}

async function getMemberOfTeam(db: Database, teamId: number, membershipId: number): Promise<MemberRow> {
  const row = await findMemberRow(db, teamId, membershipId);
  if (!row) throw memberNotFound();
  return row;
}

/** GET /v1/members/{id}: another team's member is "not found" (成员不存在). */
export function getMember(deps: MemberDeps, auth: AuthContext, membershipId: number): Promise<MemberRow> {
  return getMemberOfTeam(deps.db, auth.teamId, membershipId);
}

/**
 * The role of the team by id, for giving to a member: giving roles takes organization manage, and the
 * role may grant nothing above the caller's own levels.
 */
async function requireGrantableRole(
  tx: Database,
  auth: AuthContext,
  callerGrants: Awaited<ReturnType<typeof grantsOf>>,
  roleId: number,
) {
  refuse(requireOrganizationManage(callerGrants));
  const role = await findOrgUnit(tx, auth.teamId, roleId);
  if (role?.kind !== 'role') throw notFound(ORGANIZATION_MESSAGES.roleNotFound);
  refuse(checkGrantsWithin(callerGrants, await roleGrants(tx, auth.teamId, role.id)));
  return role;
}

async function requireDepartment(tx: Database, teamId: number, departmentId: number) {
  const department = await findOrgUnit(tx, teamId, departmentId);
  if (department?.kind !== 'department') throw notFound(ORGANIZATION_MESSAGES.departmentNotFound);
  return department;
}

async function requireSuperior(tx: Database, teamId: number, superiorId: number) {
  const superior = await findTeamMember(tx, teamId, superiorId);
  if (!superior) throw notFound(ORGANIZATION_MESSAGES.superiorNotFound);
  return superior;
}

/**
 * POST /v1/members: the user of the mobile (created when new: they sign in by SMS as usual) joins the
 * team as a valid member. A number already in the team (whatever its status) is refused; giving a role
 * takes manage and stays within the caller's own levels; the department, role and superior must be the
 * team's.
 */
export async function inviteMember(
  deps: MemberDeps,
  auth: AuthContext,
  input: MemberInvite,
  origin: RequestOrigin,
): Promise<MemberRow> {
  const now = deps.clock();
  const callerGrants = await grantsOf(deps, auth);
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      if (input.role_id) await requireGrantableRole(tx, auth, callerGrants, input.role_id);
      if (input.department_id) await requireDepartment(tx, auth.teamId, input.department_id);
      if (input.superior_id) await requireSuperior(tx, auth.teamId, input.superior_id);
      const user = await ensureUser(tx, input.mobile);
      const existing = await findMembershipOfUserInTeam(tx, auth.teamId, user.id);
      if (existing) throw conflict(ORGANIZATION_MESSAGES.alreadyMember(existing.nickname));
      const created = await insertMember(tx, {
        teamId: auth.teamId,
        userId: user.id,
        nickname: input.nickname,
        baseColor: avatarColorFor(input.nickname),
        roleId: input.role_id ?? null,
        departmentId: input.department_id ?? null,
        superiorId: input.superior_id ?? null,
        status: 'valid',
        createdAt: now,
        updatedAt: now,
      });
      await recordOperation(tx, {
        action: 'member_invite',
        actor: memberActor(auth, origin, now),
        targetId: created,
        detail: { name: input.nickname, mobile: input.mobile },
      });
      return created;
    });
  } catch (error) {
    // A concurrent invitation of the same number won the unique index: answer as if it had come first.
    const user = isUniqueViolation(error) ? await findUser(deps.db, input.mobile) : undefined;
    const existing = user && (await findMembershipOfUserInTeam(deps.db, auth.teamId, user.id));
    if (existing) throw conflict(ORGANIZATION_MESSAGES.alreadyMember(existing.nickname));
    throw error;
  }
  return getMemberOfTeam(deps.db, auth.teamId, id);
}

/** The fields a PATCH may change, with the label and display of each in the log (the status has an entry of its own). */
const MEMBER_CHANGE_LOG: ChangeLogField<MemberRow>[] = [
  { field: 'nickname', label: '昵称' },
  { field: 'departmentId', label: '部门', show: shown.orgUnit },
  { field: 'roleId', label: '角色', show: shown.orgUnit },
  { field: 'superiorId', label: '直属上级', show: shown.member },
];

/**
 * PATCH /v1/members/{id}: only the fields sent change. Role and status need manage (never the owner's,
 * never one's own status) and the role given stays within the caller's levels; the superior is another
 * member of the team and never one of the member's own subordinates. Pausing or marking departed ends
 * the member's sessions in the same transaction.
 */
export async function updateMember(
  deps: MemberDeps,
  auth: AuthContext,
  membershipId: number,
  input: MemberUpdate,
  origin: RequestOrigin,
): Promise<MemberRow> {
  const now = deps.clock();
  const callerGrants = await grantsOf(deps, auth);
  await deps.db.transaction(async (tx) => {
    const locked = await lockMember(tx, auth.teamId, membershipId);
    if (!locked) throw memberNotFound();
    const roleChange = input.role_id !== undefined && (input.role_id ?? null) !== locked.roleId;
    const statusChange: MemberAccountStatus | undefined =
      input.status !== undefined && input.status !== locked.status ? input.status : undefined;
    refuse(
      checkMemberAccessChange(
        callerGrants,
        auth.membershipId,
        { membershipId, isOwner: locked.isOwner },
        { role: roleChange, status: statusChange !== undefined },
      ),
    );
    // Who holds organization manage changes: queue behind other such changes before counting them.
    if (roleChange || statusChange) await lockTeamUnits(tx, auth.teamId, 'role');
    const before = await getMemberOfTeam(tx, auth.teamId, membershipId);

    const values: Partial<{
      nickname: string;
      departmentId: number | null;
      roleId: number | null;
      superiorId: number | null;
      status: MemberAccountStatus;
    }> = {};
    if (input.nickname !== undefined) values.nickname = input.nickname;
    if (input.department_id !== undefined && (input.department_id ?? null) !== before.departmentId) {
      const department = input.department_id
        ? await requireDepartment(tx, auth.teamId, input.department_id)
        : null;
      values.departmentId = department?.id ?? null;
    }
    if (roleChange) {
      const role = input.role_id ? await requireGrantableRole(tx, auth, callerGrants, input.role_id) : null;
      values.roleId = role?.id ?? null;
    }
    if (input.superior_id !== undefined && (input.superior_id ?? null) !== before.superiorId) {
      let superior: { id: number; nickname: string } | null = null;
      if (input.superior_id) {
        if (input.superior_id === membershipId) throw conflict(ORGANIZATION_MESSAGES.superiorCycle);
        superior = await requireSuperior(tx, auth.teamId, input.superior_id);
        if (await isInSuperiorChain(tx, auth.teamId, superior.id, membershipId)) {
          throw conflict(ORGANIZATION_MESSAGES.superiorCycle);
        }
      }
      values.superiorId = superior?.id ?? null;
    }
    const changes = await changeLog(tx, auth.teamId, before, values, MEMBER_CHANGE_LOG);
    if (statusChange) values.status = statusChange;
    if (changes.length === 0 && !statusChange) return;

    await updateMemberRow(tx, auth.teamId, membershipId, { ...values, updatedAt: now });
    if (roleChange || statusChange) await ensureOrganizationManagerRemains(tx, auth.teamId);
    if (statusChange && statusChange !== 'valid') await endSessionsOfMembership(tx, membershipId, now);

    const actor = memberActor(auth, origin, now);
    const name = values.nickname ?? before.nickname;
    if (changes.length > 0) {
      await recordOperation(tx, {
        action: 'member_update',
        actor,
        targetId: membershipId,
        detail: { name, changes },
      });
    }
    if (statusChange) {
      await recordOperation(tx, {
        action: 'member_status',
        actor,
        targetId: membershipId,
        detail: {
          name,
          before: MEMBER_ACCOUNT_STATUS_LABELS[before.status],
          after: MEMBER_ACCOUNT_STATUS_LABELS[statusChange],
        },
      });
    }
  });
  return getMemberOfTeam(deps.db, auth.teamId, membershipId);
}

/**
 * POST /v1/members/{id}/handover: a departed member's models, companies and open orders go to another
 * valid member of the team, in one transaction with its log entry and the receiver's notice.
 */
export async function handOverMember(
  deps: MemberDeps,
  auth: AuthContext,
  membershipId: number,
  input: MemberHandover,
  origin: RequestOrigin,
): Promise<MemberHandoverResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const from = await lockMember(tx, auth.teamId, membershipId);
    if (!from) throw memberNotFound();
    if (from.status !== 'off_duty') throw conflict(ORGANIZATION_MESSAGES.handoverOnlyDeparted);
    if (input.to_member_id === membershipId) throw conflict(ORGANIZATION_MESSAGES.handoverSelf);
    const to = await findValidTeamMember(tx, auth.teamId, input.to_member_id);
    if (!to) throw notFound(ORGANIZATION_MESSAGES.handoverTargetNotFound);

    const actor = memberActor(auth, origin, now);
    const counts = {
      models: await handOverModels(tx, actor, from.id, to.id),
      companies: await handOverCompanies(tx, actor, from.id, to.id),
      orders: await handOverOpenOrders(tx, actor, from.id, to.id),
    };
    await recordOperation(tx, {
      action: 'member_handover',
      actor,
      targetId: from.id,
      detail: { name: from.nickname, to: to.nickname, ...counts },
    });
    // Nothing moved: nothing to tell the receiver.
    if (counts.models + counts.companies + counts.orders > 0) {
      await notifyMembers(tx, {
        teamId: auth.teamId,
        recipientMembershipIds: [to.id],
        type: 'event_notice',
        title: ORGANIZATION_NOTICES.handoverTitle,
        body: ORGANIZATION_NOTICES.handoverBody(from.nickname, counts),
        link: ADMIN_PATHS.members,
        at: now,
      });
    }
    return counts;
  });
}
