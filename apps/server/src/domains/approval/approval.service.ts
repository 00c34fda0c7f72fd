/**
 * Approvals (docs/product.md §4.7 "Approval"): one model for every kind of record declared in
 * packages/contract/src/approval.schema.ts. The domain that owns the record is the kind's handler: it
 * checks its record may go to approval or be decided (under its own lock), calls `requestApproval` or
 * `decideApproval` in its transaction, and applies the outcome to its record there. This domain keeps the
 * request, resolves its approvers from the kind's permission key and level, sends them `audit_required`
 * notifications, lets exactly one decision through, and answers the record's history.
 */
import {
  APPROVAL_KINDS,
  APPROVAL_MESSAGES,
  type ApprovalDecision,
  type ApprovalStep,
} from '@trackit/contract/approval.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { notifyMembers } from '../notify/notify.service';
import { listMemberIdsHolding } from '../organization/organization.service';
import { presentApprovalSteps } from './approval.presenter';
import {
  type ApprovalRecordRef,
  type ApprovalRow,
  decideOpenApproval,
  insertApproval,
  listApprovalsOf,
} from './approval.repository';

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
 * Opens a request on the record in the caller's transaction and notifies its approvers (`audit_required`).
 * The handler has checked that the record has no open request (one per record, which the database keeps).
 */
export async function requestApproval(
  tx: Database,
  ref: ApprovalRecordRef,
  request: { requestedBy: number | null; at: Date; notice: ApprovalNotice },
): Promise<ApprovalRow> {
  const row = await insertApproval(tx, ref, { requestedBy: request.requestedBy, requestedAt: request.at });
  await notifyMembers(tx, {
    teamId: ref.teamId,
    recipientMembershipIds: await listApprovers(tx, ref),
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
 * an approver of the kind, and (409 该审批已处理) when there is no open request, which is what the second
 * of two approvers deciding at once meets. Answers the decided approval.
 */
export async function decideApproval(
  tx: Database,
  ref: ApprovalRecordRef,
  decision: { decidedBy: number; at: Date } & ApprovalDecision,
): Promise<ApprovalRow> {
  const approvers = await listApprovers(tx, ref);
  if (!approvers.includes(decision.decidedBy)) throw new AppError('forbidden');
  const row = await decideOpenApproval(tx, ref, {
    status: decision.result,
    decidedBy: decision.decidedBy,
    decidedAt: decision.at,
    comment: decision.comment,
  });
  if (!row) throw new AppError('conflict', { message: APPROVAL_MESSAGES.alreadyDecided });
  return row;
}

/** The record's approval history, its requests and decisions in order. */
export async function approvalHistory(db: Database, ref: ApprovalRecordRef): Promise<ApprovalStep[]> {
  return presentApprovalSteps(await listApprovalsOf(db, ref));
}
