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

/**
 * Whether the member who asked may decide their own request: `allowed` (an order's manager approves
 * their own order), `team` (unless the team's 禁止审批本人提交的申请 is on), `never` (maker and checker:
 * a bank account change needs a second member, whatever the setting).
 */
export type SelfDecision = 'allowed' | 'team' | 'never';

interface ApprovalKindDeclaration {
  /** What the record is called in texts about its approval. */
  readonly label: string;
  /** Every member holding `key` at `level` or above approves requests of this kind. */
  readonly approvers: { readonly key: PermissionKey; readonly level: PermissionLevel };
  readonly selfDecision: SelfDecision;
}

/** The kinds of record that go to approval, and who approves each. */
export const APPROVAL_KINDS = {
  order: { label: '订单', approvers: { key: 'my_bill', level: 'manage' }, selfDecision: 'allowed' },
  /** A red-letter correction of an issued invoice (apps/server/src/domains/invoice/invoice-correction.service.ts). */
  invoice_correction: {
    label: '发票红冲',
    approvers: { key: 'accounting', level: 'manage' },
    selfDecision: 'team',
  },
  /** A model's settlement (apps/server/src/domains/settlement/settlement-lifecycle.service.ts). */
  settlement: { label: '模特结算', approvers: { key: 'accounting', level: 'manage' }, selfDecision: 'team' },
  /**
   * A change of a model's commission or mother agency terms made below accounting manage
   * (apps/server/src/domains/model/model-change.service.ts).
   */
  commission_change: {
    label: '佣金变更',
    approvers: { key: 'accounting', level: 'manage' },
    selfDecision: 'team',
  },
  /** A change of a model's payout account, confirmed by a second member (model-change.service.ts). */
  model_bank_change: {
    label: '模特收款账户变更',
    approvers: { key: 'accounting', level: 'manage' },
    selfDecision: 'never',
  },
  /**
   * A change of a payee entity's bank account, confirmed by a second member
   * (apps/server/src/domains/team-recipient/team-recipient-bank-change.service.ts).
   */
  team_recipient_bank_change: {
    label: '收款主体账户变更',
    approvers: { key: 'accounting', level: 'manage' },
    selfDecision: 'never',
  },
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
  /** The team forbids deciding one's own request (禁止审批本人提交的申请). */
  selfDecisionForbidden: '不能审批本人提交的申请，请由其他审批人处理',
  /** Maker and checker: a bank account change is confirmed by another member. */
  checkerMustDiffer: '银行账户的修改须由另一位成员确认，不能确认本人提交的修改',
  settingsNothing: '请至少修改一项设置',
} as const;

/**
 * Whether the member who asked may decide this request of `kind`, given the team's 禁止审批本人提交的申请:
 * null when they may (or did not ask), else why not.
 */
export function selfDecisionRefusal(
  kind: ApprovalKind,
  forbidSelfApproval: boolean,
  requestedBy: number | null,
  decidedBy: number,
): string | null {
  if (requestedBy !== decidedBy) return null;
  const rule = APPROVAL_KINDS[kind].selfDecision;
  if (rule === 'never') return APPROVAL_MESSAGES.checkerMustDiffer;
  if (rule === 'team' && forbidSelfApproval) return APPROVAL_MESSAGES.selfDecisionForbidden;
  return null;
}

// --- The team's approval settings (审批与复核) ------------------------------------------------------------------

/**
 * What happens to a change of a model's commission or mother agency terms made below accounting manage:
 * it goes to approval and takes effect once passed, or it takes effect at once and finance's managers are
 * told (before → after).
 */
export const COMMISSION_CHANGE_CONTROLS = ['approval', 'notify'] as const;
export type CommissionChangeControl = (typeof COMMISSION_CHANGE_CONTROLS)[number];
export const COMMISSION_CHANGE_CONTROL_LABELS: Readonly<Record<CommissionChangeControl, string>> = {
  approval: '提交审批，通过后生效',
  notify: '立即生效，并通知财务管理者',
};

export const APPROVAL_SETTING_LABELS = {
  commission_change_control: '修改佣金与母公司分成',
  bank_change_review: '银行账户修改需复核',
  forbid_self_approval: '禁止审批本人提交的申请',
} as const;

/** A team that never saved its settings has these: the controls on, self-approval left to each kind. */
export const APPROVAL_SETTINGS_DEFAULTS = {
  commission_change_control: 'approval',
  bank_change_review: true,
  forbid_self_approval: false,
} as const satisfies {
  commission_change_control: CommissionChangeControl;
  bank_change_review: boolean;
  forbid_self_approval: boolean;
};

const approvalSettingsFields = {
  commission_change_control: z.enum(COMMISSION_CHANGE_CONTROLS, { error: '*请选择佣金修改的处理方式' }),
  /** A bank account change (a payee entity's, a model's) takes effect once a second member confirms it. */
  bank_change_review: z.boolean(),
  /** Nobody decides their own 红冲, settlement or commission change. */
  forbid_self_approval: z.boolean(),
};

/** GET /v1/approval_settings: the team's settings, and whether the caller may change them. */
export const approvalSettingsSchema = z.object({
  ...approvalSettingsFields,
  can: z.object({ edit: z.boolean() }),
});
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;

/** PATCH /v1/approval_settings (accounting manage): the settings sent change. */
export const approvalSettingsUpdateSchema = z
  .object(approvalSettingsFields)
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: APPROVAL_MESSAGES.settingsNothing,
  });
export type ApprovalSettingsUpdate = z.infer<typeof approvalSettingsUpdateSchema>;

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
