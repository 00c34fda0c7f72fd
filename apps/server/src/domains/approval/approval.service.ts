/**
 * Approvals (docs/product.md §4.7 "Approval"): one model for every kind of record declared in
 * packages/contract/src/approval.schema.ts. The domain that owns the record is the kind's handler: it
 * checks its record may go to approval or be decided (under its own lock), calls `requestApproval` or
 * `decideApproval` in its transaction, and applies the outcome to its record there. This domain keeps the
 * request, resolves its approvers from the kind's permission key and level, sends them `audit_required`
 * notifications, lets exactly one decision through, and answers the record's history.
 */
import {
  APPROVAL_KIND_NAMES,
  APPROVAL_KINDS,
  APPROVAL_MESSAGES,
  type ApprovalDecision,
  type ApprovalKind,
  type ApprovalStep,
  isApprover,
  selfDecisionRefusal,
} from '@trackit/contract/approval.schema';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { PageQuery } from '@trackit/contract/envelope';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { notifyMembers, settleApprovalNotices } from '../notify/notify.service';
import { listMemberIdsHolding, memberNickname } from '../organization/organization.service';
import { grantsOf } from '../permission/permission.service';
import { presentApprovalSteps } from './approval.presenter';
import {
  type ApprovalRecordRef,
  type ApprovalRow,
  countOpenApprovals,
  decideOpenApproval,
  deleteApprovalsOf,
  findOpenApproval,
  insertApproval,
  listApprovalsOf,
  listOpenApprovals,
  type NotOwnOf,
  withdrawOpenApproval,
} from './approval.repository';
import { teamApprovalSettings } from './approval-settings.service';

export interface ApprovalDeps {
  db: Database;
}

export type { ApprovalRecordRef, ApprovalRow } from './approval.repository';

/** The members who approve requests of the record's kind: every valid one holding its key at its level. */
export function listApprovers(
  db: Database,
  ref: Pick<ApprovalRecordRef, 'teamId' | 'kind'>,
): Promise<number[]> {
  const { key, level } = APPROVAL_KINDS[ref.kind].approvers;
  return listMemberIdsHolding(db, ref.teamId, key, level);
}

/** What the approvers' notification says, and the admin path it opens. */
export interface ApprovalNotice {
  title: string;
  body: string;
  link: string;
}

/**
 * Opens a request on the record in the caller's transaction and notifies its approvers (`audit_required`),
 * but not the requester where they may not decide it (a bank change's maker; their own request where the
 * team forbids it). The handler has checked that the record has no open request (one per record, which
 * the database keeps).
 */
export async function requestApproval(
  tx: Database,
  ref: ApprovalRecordRef,
  request: {
    requestedBy: number | null;
    at: Date;
    /** What the 待办 list calls the record, e.g. an order's number and title. */
    subject: string;
    notice: ApprovalNotice;
  },
): Promise<ApprovalRow> {
  const row = await insertApproval(tx, ref, {
    requestedBy: request.requestedBy,
    requestedAt: request.at,
    subject: request.subject,
    link: request.notice.link,
  });
  const { forbidSelfApproval } = await teamApprovalSettings(tx, ref.teamId);
  const approvers = (await listApprovers(tx, ref)).filter(
    (approver) => selfDecisionRefusal(ref.kind, forbidSelfApproval, request.requestedBy, approver) === null,
  );
  await notifyMembers(tx, {
    teamId: ref.teamId,
    recipientMembershipIds: approvers,
    type: 'audit_required',
    title: request.notice.title,
    body: request.notice.body,
    link: request.notice.link,
    at: request.at,
  });
  return row;
}

/**
 * Decides the record's open request in the caller's transaction: refused (403) for a member who is not
 * an approver of the kind, and for the requester where the kind or the team says they may not decide it
 * (a bank change's maker; their own 红冲, settlement or commission change under 禁止审批本人提交的申请);
 * 409 该审批已处理 when there is no open request, which is what the second of two approvers deciding at
 * once meets. Answers the decided approval.
 */
export async function decideApproval(
  tx: Database,
  ref: ApprovalRecordRef,
  decision: { decidedBy: number; at: Date } & ApprovalDecision,
): Promise<ApprovalRow> {
  const approvers = await listApprovers(tx, ref);
  if (!approvers.includes(decision.decidedBy)) throw new AppError('forbidden');
  const open = await findOpenApproval(tx, ref);
  if (!open) throw new AppError('conflict', { message: APPROVAL_MESSAGES.alreadyDecided });
  const { forbidSelfApproval } = await teamApprovalSettings(tx, ref.teamId);
  const refusal = selfDecisionRefusal(ref.kind, forbidSelfApproval, open.requestedBy, decision.decidedBy);
  if (refusal) throw new AppError('forbidden', { message: refusal });
  const row = await decideOpenApproval(tx, ref, {
    status: decision.result,
    decidedBy: decision.decidedBy,
    decidedAt: decision.at,
    comment: decision.comment,
  });
  if (!row) throw new AppError('conflict', { message: APPROVAL_MESSAGES.alreadyDecided });
  await settleApprovalNotices(tx, {
    teamId: ref.teamId,
    link: row.link,
    requestedAt: row.requestedAt,
    outcome: decision.result,
    at: decision.at,
  });
  return row;
}

/**
 * Tells the member who asked what became of their request (`event_notice`), in the caller's transaction,
 * unless they did it themselves or nobody asked: decided (the body the decider's comment, else who
 * decided) or replaced by someone else's newer request. `body` is given the acting member's nickname.
 */
export async function tellRequester(
  tx: Database,
  notice: {
    teamId: number;
    requestedBy: number | null;
    actor: number;
    title: string;
    body: (nickname: string) => string;
    link: string;
    at: Date;
  },
): Promise<void> {
  if (notice.requestedBy === null || notice.requestedBy === notice.actor) return;
  await notifyMembers(tx, {
    teamId: notice.teamId,
    recipientMembershipIds: [notice.requestedBy],
    type: 'event_notice',
    title: notice.title,
    body: notice.body(await memberNickname(tx, notice.teamId, notice.actor)),
    link: notice.link,
    at: notice.at,
  });
}

/** A decision's notice body: the decider's comment, else who decided. */
export const decisionBody =
  (comment: string, role = '审批人') =>
  (nickname: string): string =>
    comment ? `${nickname}：${comment}` : `${role}：${nickname}`;

/**
 * Withdraws the record's open request in the caller's transaction, when the record leaves the flow
 * undecided (an order cancelled while it waits): no approver is asked to decide it any more, and the
 * record's history keeps the request. Nothing happens when the record has no open request.
 */
export async function withdrawApproval(tx: Database, ref: ApprovalRecordRef, at: Date): Promise<void> {
  const row = await withdrawOpenApproval(tx, ref, at);
  if (!row) return;
  await settleApprovalNotices(tx, {
    teamId: ref.teamId,
    link: row.link,
    requestedAt: row.requestedAt,
    outcome: 'withdrawn',
    at,
  });
}

/**
 * Removes the record's approvals in the caller's transaction, when the kind's domain deletes the record
 * (a draft or rejected settlement): its history goes with it, the operation log keeps what happened.
 */
export function removeApprovals(tx: Database, ref: ApprovalRecordRef): Promise<void> {
  return deleteApprovalsOf(tx, ref);
}

/** The kinds whose requests the caller decides: those whose key they hold at the kind's level. */
export async function kindsApprovedBy(deps: ApprovalDeps, auth: AuthContext): Promise<ApprovalKind[]> {
  const grants = await grantsOf(deps, auth);
  return APPROVAL_KIND_NAMES.filter((kind) =>
    isApprover(kind, grants.get(APPROVAL_KINDS[kind].approvers.key)),
  );
}

/** The kinds whose requests by the caller they may not decide: never their own bank change, and per the team. */
async function ownRequestsLeftOut(deps: ApprovalDeps, auth: AuthContext): Promise<NotOwnOf> {
  const { forbidSelfApproval } = await teamApprovalSettings(deps.db, auth.teamId);
  return {
    membershipId: auth.membershipId,
    kinds: APPROVAL_KIND_NAMES.filter(
      (kind) => selfDecisionRefusal(kind, forbidSelfApproval, auth.membershipId, auth.membershipId) !== null,
    ),
  };
}

/**
 * GET /v1/approvals (待我审批): the open requests of every kind the caller approves, oldest first, but
 * their own where they may not decide them.
 */
export async function listWaitingApprovals(deps: ApprovalDeps, auth: AuthContext, query: PageQuery) {
  const kinds = await kindsApprovedBy(deps, auth);
  if (kinds.length === 0) return { rows: [], total: 0 };
  const notOwn = await ownRequestsLeftOut(deps, auth);
  const [rows, total] = await Promise.all([
    listOpenApprovals(deps.db, auth.teamId, kinds, pageWindow(query), notOwn),
    countOpenApprovals(deps.db, auth.teamId, kinds, notOwn),
  ]);
  return { rows, total };
}

/** How many open requests wait for the caller's decision (the dashboard's 待我审批). */
export async function countWaitingApprovals(deps: ApprovalDeps, auth: AuthContext): Promise<number> {
  const kinds = await kindsApprovedBy(deps, auth);
  if (kinds.length === 0) return 0;
  return countOpenApprovals(deps.db, auth.teamId, kinds, await ownRequestsLeftOut(deps, auth));
}

/**
 * Whether a member holding `level` of the kind's key may decide a request of the kind asked by
 * `requestedBy` (a record's `can.decide`), and why not when they approve the kind but asked it themselves.
 */
export async function decisionAbility(
  db: Database,
  request: { teamId: number; kind: ApprovalKind; requestedBy: number | null },
  member: { membershipId: number; level: PermissionLevel | undefined },
): Promise<{ decide: boolean; refusal: string | null }> {
  if (!isApprover(request.kind, member.level)) return { decide: false, refusal: null };
  const { forbidSelfApproval } = await teamApprovalSettings(db, request.teamId);
  const refusal = selfDecisionRefusal(
    request.kind,
    forbidSelfApproval,
    request.requestedBy,
    member.membershipId,
  );
  return { decide: refusal === null, refusal };
}

/**
 * Whether the member may decide the record's open request as far as the self-decision rules go (its kind's,
 * and the team's 禁止审批本人提交的申请): a record's `can.decide` hides the button the server would refuse.
 * True when no request is open.
 */
export async function selfDecisionAllowed(
  db: Database,
  ref: ApprovalRecordRef,
  membershipId: number,
): Promise<boolean> {
  const open = await findOpenApproval(db, ref);
  if (!open) return true;
  const { forbidSelfApproval } = await teamApprovalSettings(db, ref.teamId);
  return selfDecisionRefusal(ref.kind, forbidSelfApproval, open.requestedBy, membershipId) === null;
}

/** The record's approval history, its requests and decisions in order. */
export async function approvalHistory(db: Database, ref: ApprovalRecordRef): Promise<ApprovalStep[]> {
  return presentApprovalSteps(await listApprovalsOf(db, ref));
}
