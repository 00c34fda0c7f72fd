/**
 * Payments received (收款, docs/product.md "Payments received"): a receipt records money that reached one
 * of the team's payee entities; allocations (核销) give parts of it to invoices or, for a client paying
 * before the invoice, to fee lines. What is not allocated is the client's credit (预收款). The bodies, the
 * list query, the answers and the texts. Every figure comes from ./allocations (receiptBalance,
 * checkAllocations, paidByFeeLine, feeLinePaymentStatus, orderMoney).
 */
import { z } from 'zod';
import { memberRefSchema } from './company.schema';
import { dateSchema, fenSchema, idQuerySchema, idSchema, pageQuerySchema } from './envelope';
import { textSchema } from './patterns';

export const RECEIPT_MESSAGES = {
  notFound: '收款记录不存在',
  allocationNotFound: '核销记录不存在',
  recipientNotFound: '收款主体不存在',
  voided: '该笔收款已作废，不能核销',
  alreadyVoided: '该笔收款已作废',
  notVoidable: '该笔收款已有核销，请先撤销核销再作废',
  alreadyUndone: '该核销已撤销',
  /** A direct payment of a line moved onto the invoice when it was issued: undo it on the invoice. */
  alreadyMoved: '该核销已在开票时转入发票，请在发票的核销中撤销',
  /** The database's invariants refused a payment step (data written before the rule). */
  paymentInvariant: '该操作会使费用已收超过应收、或收款核销超过收款金额，已拒绝；请先核对并撤销多余的核销',
  /** A fee line of an order that is not confirmed or billed (a draft, or cancelled). */
  lineNotPayable: '只能核销已确认或已出账订单的费用',
  receivedInFuture: '*收款日期不能晚于今天',
  companyNotFound: '客户公司不存在',
  oneTarget: '*每条核销须且只能指定一张发票或一条费用',
} as const;

/**
 * The daily check of what is paid (docs/product.md "Payments received"): each kind of record whose kept
 * figure differs from what its allocations and ledger say, as the accounting managers are told.
 */
export const PAYMENT_DRIFT_KINDS = ['receipts', 'invoices', 'lines', 'overpaid', 'orders', 'ledger'] as const;
export type PaymentDriftKind = (typeof PAYMENT_DRIFT_KINDS)[number];
export const PAYMENT_DRIFT_LABELS: Readonly<Record<PaymentDriftKind, string>> = {
  receipts: '收款的已核销金额',
  invoices: '发票的已收金额',
  lines: '费用的已收金额或收款状态',
  overpaid: '已收超过应收的费用',
  orders: '订单的已开票或已收金额',
  ledger: '收款台账',
};
export const PAYMENT_DRIFT_NOTICES = {
  title: (count: number) => `收款数据核对发现 ${count} 处不一致`,
  body: (parts: string) => `每日核对：${parts}。请联系技术支持核查，核对前请勿据此对账。`,
  part: (label: string, count: number) => `${label} ${count} 处`,
} as const;

/** Where a receipt stands, as the receipts page shows it: voided, something left (预收款), or all allocated. */
export const RECEIPT_STATES = ['voided', 'open', 'allocated'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];
export const RECEIPT_STATE_LABELS: Readonly<Record<ReceiptState, string>> = {
  voided: '已作废',
  open: '有余额',
  allocated: '已核销完',
};
export const receiptState = (receipt: {
  readonly voided_at: string | null;
  readonly unallocated: number;
}): ReceiptState => (receipt.voided_at !== null ? 'voided' : receipt.unallocated > 0 ? 'open' : 'allocated');

/** Three flows (三流一致): a mismatch is shown, never refused. */
export const RECEIPT_WARNING_KINDS = ['payer_name', 'team_recipient'] as const;
export type ReceiptWarningKind = (typeof RECEIPT_WARNING_KINDS)[number];
export const RECEIPT_WARNINGS = {
  payerName: (payer: string, buyer: string) => `付款方「${payer}」与发票购方「${buyer}」不一致`,
  /** `what`: 发票 2631… or 订单 2026…. */
  teamRecipient: (what: string) => `收款主体与${what}的收款主体不一致（三流不一致）`,
} as const;

export const RECEIPT_LIMITS = {
  payerName: 100,
  reference: 64,
  notes: 500,
  reason: 200,
  /** Allocations one request may make. */
  allocations: 100,
} as const;

/** POST /v1/receipts: money received on a business date into one payee entity's account. */
export const receiptCreateSchema = z.object({
  received_on: dateSchema,
  amount: fenSchema(),
  payer_name: textSchema({ min: 1, max: RECEIPT_LIMITS.payerName, message: '*请输入付款方名称' }),
  /** The bank's reference (流水号). */
  reference: textSchema({ max: RECEIPT_LIMITS.reference }).optional().default(''),
  team_recipient_id: idSchema,
  /**
   * The client company the money came from (docs/product.md "Receipts belong to a client"); the payer's
   * name stays as the bank slip writes it. Null: money from no client company.
   */
  company_id: idSchema.nullable().optional().default(null),
  notes: textSchema({ max: RECEIPT_LIMITS.notes, multiline: true }).optional().default(''),
});
export type ReceiptCreate = z.infer<typeof receiptCreateSchema>;
export type ReceiptCreateInput = z.input<typeof receiptCreateSchema>;

/**
 * One allocation of POST /v1/receipts/{id}/allocations: an invoice or a fee line, never both (the
 * contract's AllocationRequest).
 */
export const allocationCreateSchema = z.union(
  [
    z.strictObject({ invoice_id: idSchema, amount: fenSchema() }),
    z.strictObject({ fee_line_id: idSchema, amount: fenSchema() }),
  ],
  { error: RECEIPT_MESSAGES.oneTarget },
);
export const allocationsCreateSchema = z
  .array(allocationCreateSchema, { error: '请填写核销金额' })
  .min(1, '请填写核销金额')
  .max(RECEIPT_LIMITS.allocations);
export type AllocationCreate = z.infer<typeof allocationCreateSchema>;

/** POST /v1/receipts/{id}/void. */
export const receiptVoidSchema = z.object({
  reason: textSchema({ min: 1, max: RECEIPT_LIMITS.reason, multiline: true, message: '*请填写作废原因' }),
});
export type ReceiptVoid = z.infer<typeof receiptVoidSchema>;

/**
 * GET /v1/receipts: newest first. `keyword` matches the payer and the reference; `unallocated` keeps the
 * receipts (not voided) with something left to allocate.
 */
export const receiptQuerySchema = pageQuerySchema.extend({
  team_recipient_id: idQuerySchema.optional(),
  company_id: idQuerySchema.optional(),
  received_from: dateSchema.optional(),
  received_to: dateSchema.optional(),
  keyword: textSchema({ max: 50 }).optional(),
  unallocated: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** `voided=false` keeps the live receipts only (what 看板's 收款 counts); `true` the voided ones. */
  voided: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type ReceiptQuery = z.infer<typeof receiptQuerySchema>;

// --- Answers -----------------------------------------------------------------------------------------------

const recipientRef = z.object({ id: z.number().int(), name: z.string(), short_name: z.string() });

export const receiptAbilitiesSchema = z.object({
  /** `accounting` edit, not voided, something left. */
  allocate: z.boolean(),
  /** `accounting` manage, not voided, nothing allocated. */
  void: z.boolean(),
});

export const receiptSchema = z.object({
  id: z.number().int(),
  received_on: z.string(),
  amount: z.number().int(),
  payer_name: z.string(),
  reference: z.string(),
  notes: z.string(),
  team_recipient: recipientRef,
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Of the allocations not undone (receiptBalance); `unallocated` is the client's credit. */
  allocated: z.number().int(),
  unallocated: z.number().int(),
  voided_at: z.string().nullable(),
  void_reason: z.string().nullable(),
  created_by: memberRefSchema.nullable(),
  created_at: z.string(),
  can: receiptAbilitiesSchema,
});
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * An allocation with what it pays: an invoice, or a fee line of an order; an invoice's allocation moved from
 * a direct payment when the invoice was issued names both (the invoice, and the line it was paid for, which
 * it pays first). Undone ones stay listed; a direct one moved onto an invoice names it (`moved_to_invoice`).
 */
export const allocationSchema = z.object({
  id: z.number().int(),
  receipt_id: z.number().int(),
  amount: z.number().int(),
  invoice: z
    .object({ id: z.number().int(), number: z.string().nullable(), buyer_name: z.string() })
    .nullable(),
  fee_line: z
    .object({
      id: z.number().int(),
      order_id: z.number().int(),
      order_number: z.string(),
      model_name: z.string(),
    })
    .nullable(),
  allocated_on: z.string(),
  created_by: memberRefSchema.nullable(),
  created_at: z.string(),
  undone_at: z.string().nullable(),
  /** Ended because its line was invoiced: the invoice it moved onto. */
  moved_to_invoice: z.object({ id: z.number().int(), number: z.string().nullable() }).nullable(),
  undone_by: memberRefSchema.nullable(),
  /** `accounting` edit, not undone. */
  can_undo: z.boolean(),
});
export type Allocation = z.infer<typeof allocationSchema>;

export const receiptWarningSchema = z.object({
  kind: z.enum(RECEIPT_WARNING_KINDS),
  allocation_id: z.number().int(),
  message: z.string(),
});
export type ReceiptWarning = z.infer<typeof receiptWarningSchema>;

/** GET /v1/receipts/{id}: the receipt with its allocations and the three-flows warnings of the live ones. */
export const receiptDetailSchema = receiptSchema.extend({
  allocations: z.array(allocationSchema),
  warnings: z.array(receiptWarningSchema),
});
export type ReceiptDetail = z.infer<typeof receiptDetailSchema>;
