/**
 * A change waiting for a second member (docs/product.md "Changes that wait for approval"): a model's
 * commission or mother agency terms changed below `accounting` manage, a bank account of a payee entity or
 * a model changed while the team's 银行账户修改需复核 is on. The record keeps its current values; the change
 * holds what it had and what it asks for, until an approver confirms it (it takes effect then), refuses
 * it, the requester withdraws it, or a newer change of the same values replaces it. What an account
 * change shows is always masked (`6222 **** **** 7890`): neither the confirmation nor its notices carry a
 * whole account number.
 */
import { z } from 'zod';
import { bankSchema } from './banks';
import { memberRefSchema } from './company.schema';

export const PENDING_CHANGE_STATUSES = ['pending', 'applied', 'rejected', 'withdrawn', 'superseded'] as const;
export type PendingChangeStatus = (typeof PENDING_CHANGE_STATUSES)[number];
export const PENDING_CHANGE_STATUS_LABELS: Readonly<Record<PendingChangeStatus, string>> = {
  pending: '待审批',
  applied: '已生效',
  rejected: '已拒绝',
  withdrawn: '已撤回',
  superseded: '已被新的修改取代',
};

export const PENDING_CHANGE_MESSAGES = {
  notFound: '该修改申请不存在',
  notPending: '该修改申请已处理或已撤回',
  withdrawOwnOnly: '只有提交人可以撤回修改申请',
  /** The answer's `decide_refusal` when the requester looks at their own bank change. */
  checkerNeeded: '银行账户的修改须由另一位财务管理者确认',
  selfForbidden: '团队设置了不能审批本人提交的申请',
  notApprover: '只有财务管理者可以审批',
} as const;

/** What a form says beforehand of a change that may wait (the team's approval settings). */
export const PENDING_CHANGE_HINTS = {
  termsToApproval: '修改佣金比例或母公司分成需财务管理者审批，通过后生效；审批前仍按原条款结算。',
  termsToNotify: '修改佣金比例或母公司分成将立即生效，并通知财务管理者。',
  payoutSight: '收款账户为敏感信息，仅信息管理或财务的管理权限可见；',
  accountReviewed: '修改需另一位财务管理者确认后生效，确认前仍按原账户付款。',
  accountNotified: (creating: boolean) => `${creating ? '新增' : '修改'}后会通知财务管理者。`,
  entityAccountReviewed: '修改开户银行、支行或账号需另一位财务管理者确认后生效，确认前仍使用原账户。',
  /** The toast of a save part of which waits: 已保存，佣金条款的修改待审批后生效. */
  savedWaiting: (what: readonly string[]) => `已保存，${what.join('和')}的修改待审批后生效`,
} as const;

/** A bank account as a change shows it: the number masked. Fields a record does not have are null. */
export const maskedBankAccountSchema = z.object({
  /** 开户名 (a model's; a payee entity's account is in its legal name). */
  account_name: z.string().nullable(),
  bank: bankSchema.nullable(),
  /** The name written for a bank outside the list (`other`). */
  bank_name: z.string().nullable(),
  branch: z.string().nullable(),
  /** `6222 **** **** 7890` (maskedAccountNumber). */
  account_number: z.string().nullable(),
});
export type MaskedBankAccount = z.infer<typeof maskedBankAccountSchema>;

/** What every waiting change says of itself, and what the caller may do with it. */
export const pendingChangeFields = {
  id: z.number().int(),
  requested_by: memberRefSchema.nullable(),
  requested_at: z.string(),
  can: z.object({
    /** The caller approves this kind and may decide this request (not their own where the team forbids it). */
    decide: z.boolean(),
    /** The caller asked for it. */
    withdraw: z.boolean(),
  }),
  /** Why an approver of the kind may not decide this one (their own request), else null. */
  decide_refusal: z.string().nullable(),
};

/** A bank account change waiting for its checker. */
export const pendingBankChangeSchema = z.object({
  ...pendingChangeFields,
  before: maskedBankAccountSchema,
  after: maskedBankAccountSchema,
});
export type PendingBankChange = z.infer<typeof pendingBankChangeSchema>;
