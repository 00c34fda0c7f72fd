/**
 * Approvals (审批, docs/product.md §4.7 "Approval"): a request on one record of a declared kind, decided
 * once by one of its approvers: `init` (待审批) → `passed` (已同意) or `rejected` (已拒绝), with a comment
 * (optional to approve, required to refuse). The kinds are declared here, each with the permission key and
 * level that make a member its approver; adding a kind is one line below plus its handler on the server
 * (the domain that owns the record requests and applies the decision, e.g. order-lifecycle.service.ts).
 */
import { z } from 'zod';
import { memberRefSchema } from './company.schema';
import { approvalStatusSchema, type PermissionLevel } from './enums';
import { pageQuerySchema } from './envelope';
import { textSchema } from './patterns';
import { levelAllows, type PermissionKey } from './permissions';

interface ApprovalKindDeclaration {
  /** What the record is called in texts about its approval. */
  readonly label: string;
  /** Every member holding `key` at `level` or above approves requests of this kind. */
  readonly approvers: { readonly key: PermissionKey; readonly level: PermissionLevel };
}

/** The kinds of record that go to approval, and who approves each. */
export const APPROVAL_KINDS = {
  order: { label: '订单', approvers: { key: 'my_bill', level: 'manage' } },
  /** A red-letter correction of an issued invoice (apps/server/src/domains/invoice/invoice-correction.service.ts). */
  invoice_correction: { label: '发票红冲', approvers: { key: 'accounting', level: 'manage' } },
  /** A model's settlement (apps/server/src/domains/settlement/settlement-lifecycle.service.ts). */
  settlement: { label: '模特结算', approvers: { key: 'accounting', level: 'manage' } },
} as const satisfies Record<string, ApprovalKindDeclaration>;

export type ApprovalKind = keyof typeof APPROVAL_KINDS;
/** The kinds as a list, for the stored column and its check. */
export const APPROVAL_KIND_NAMES = Object.keys(APPROVAL_KINDS) as [ApprovalKind, ...ApprovalKind[]];

/** Whether a member whose level of the kind's key is `held` approves requests of that kind. */
export const isApprover = (kind: ApprovalKind, held: PermissionLevel | null | undefined): boolean =>
  levelAllows(held, APPROVAL_KINDS[kind].approvers.level);

export const APPROVAL_MESSAGES = {
  rejectNeedsComment: '*拒绝时请填写原因',
  alreadyDecided: '该审批已处理',
} as const;

/** What a decision can be. */
export const APPROVAL_RESULTS = ['passed', 'rejected'] as const;
export type ApprovalResult = (typeof APPROVAL_RESULTS)[number];

/** A decision (e.g. POST /v1/orders/{id}/approval): its result, and a comment, which a refusal must have. */
export const approvalDecisionSchema = z
  .object({
    result: z.enum(APPROVAL_RESULTS),
    comment: textSchema({ max: 200, multiline: true }).optional().default(''),
  })
  .refine((body) => body.result === 'passed' || body.comment.trim().length > 0, {
    message: APPROVAL_MESSAGES.rejectNeedsComment,
    path: ['comment'],
  });
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

/**
 * A step of a record's approval history: a request (`init`, by who asked), then its decision (by who
 * decided, with the comment). Ids are unique within one record's history.
 */
export const approvalStepSchema = z.object({
  id: z.number().int(),
  status: approvalStatusSchema,
  comment: z.string(),
  member: memberRefSchema.nullable(),
  at: z.string(),
});
export type ApprovalStep = z.infer<typeof approvalStepSchema>;

/** GET /v1/approvals: the open requests the caller may decide, of every kind they approve, oldest first. */
export const waitingApprovalQuerySchema = pageQuerySchema;

/** An open request waiting for the caller's decision, and where to decide it. */
export const waitingApprovalSchema = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KIND_NAMES),
  kind_label: z.string(),
  record_id: z.number().int(),
  /** The record as it was named when it asked, e.g. an order's number and title. */
  subject: z.string(),
  /** The admin address of the record, where the decision is made. */
  link: z.string(),
  requested_by: memberRefSchema.nullable(),
  requested_at: z.string(),
});
export type WaitingApproval = z.infer<typeof waitingApprovalSchema>;
