import { APPROVAL_KINDS, type ApprovalStep, type WaitingApproval } from '@trackit/contract/approval.schema';
import type { ApprovalHistoryRow, OpenApprovalRow } from './approval.repository';

const memberRef = (id: number | null, nickname: string | null) =>
  id !== null && nickname !== null ? { id, nickname } : null;

/**
 * A record's approval history as steps: each request (`init`, by who asked, when), then its decision
 * once made (by who decided, when, with the comment). A step's id is unique within the history: twice
 * the approval's id for its request, one more for its decision.
 */
export function presentApprovalSteps(rows: readonly ApprovalHistoryRow[]): ApprovalStep[] {
  return rows.flatMap(({ approval, requestedByName, decidedByName }) => {
    const request: ApprovalStep = {
      id: approval.id * 2,
      status: 'init',
      comment: '',
      member: memberRef(approval.requestedBy, requestedByName),
      at: approval.requestedAt.toISOString(),
    };
    if (approval.status === 'init' || approval.decidedAt === null) return [request];
    return [
      request,
      {
        id: approval.id * 2 + 1,
        status: approval.status,
        comment: approval.comment,
        member: memberRef(approval.decidedBy, decidedByName),
        at: approval.decidedAt.toISOString(),
      },
    ];
  });
}

/** An open request in the 待办 list: the record's kind, name and admin address, who asked and when. */
export function presentWaitingApproval({ approval, requestedByName }: OpenApprovalRow): WaitingApproval {
  const kind = APPROVAL_KINDS[approval.kind];
  return {
    id: approval.id,
    kind: approval.kind,
    kind_label: kind.label,
    record_id: approval.recordId,
    subject: approval.subject,
    link: approval.link,
    requested_by: memberRef(approval.requestedBy, requestedByName),
    requested_at: approval.requestedAt.toISOString(),
  };
}
