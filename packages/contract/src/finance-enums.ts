/**
 * Finance's enumerations and patterns (issue 23: invoices, receipts, receivables), each as enums.ts writes
 * them: a `const` tuple of wire values in the product's order, the union type, a zod schema and the Chinese
 * labels (`Record<Value, string>`, so a value without its label does not compile). The arithmetic that uses
 * them is in ./finance-rules (invoices, reversals, allocations) and ./aging (due dates, aging, statements).
 */
import { z } from 'zod';
import type { FeeKind } from './enums';
import type { ErrorKey } from './error-codes';

// --- Invoices --------------------------------------------------------------------------------------------

/**
 * The fully digital VAT invoice (数电票) in its two kinds: special (专票, lets the buyer deduct the VAT, so
 * it needs the buyer's address, telephone and bank account) and ordinary (普票).
 */
export const INVOICE_TYPES = ['special', 'ordinary'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const invoiceTypeSchema = z.enum(INVOICE_TYPES, { error: '*请选择发票类型' });
export const INVOICE_TYPE_LABELS: Readonly<Record<InvoiceType, string>> = {
  special: '数电专票',
  ordinary: '数电普票',
};

/**
 * Where an invoice stands: requested by staff (待开具), issued on the tax platform with its number
 * (已开具), corrected by a red-letter invoice (已红冲). An issued invoice is never edited nor deleted.
 */
export const INVOICE_STATUSES = ['requested', 'issued', 'reversed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  requested: '待开具',
  issued: '已开具',
  reversed: '已全额红冲',
};

/**
 * 数电票 wording of a red-letter invoice (红字发票): it takes back the whole of what remained of the blue
 * invoice (全额红冲) or a part (部分红冲). A blue invoice is never 作废 on the digital platform.
 */
export const REVERSAL_SCOPES = ['full', 'partial'] as const;
export type ReversalScope = (typeof REVERSAL_SCOPES)[number];
export const reversalScopeSchema = z.enum(REVERSAL_SCOPES);
export const REVERSAL_SCOPE_LABELS: Readonly<Record<ReversalScope, string>> = {
  full: '全额红冲',
  partial: '部分红冲',
};

/** An invoice's red-letter state in the register: none, 部分红冲 (something taken back), 已全额红冲. */
export const RED_LETTER_STATES = ['none', 'partial', 'full'] as const;
export type RedLetterState = (typeof RED_LETTER_STATES)[number];
export const redLetterStateSchema = z.enum(RED_LETTER_STATES);
export const RED_LETTER_STATE_LABELS: Readonly<Record<RedLetterState, string>> = {
  none: '未红冲',
  partial: '部分红冲',
  full: '已全额红冲',
};
export const redLetterState = (invoice: {
  readonly total: number;
  readonly reversed: number;
}): RedLetterState =>
  invoice.reversed <= 0 ? 'none' : invoice.reversed >= invoice.total ? 'full' : 'partial';

/**
 * The service item (货物或应税劳务、服务名称) an invoice line is printed under. A model's work is a service fee;
 * a usage licence is a fee for the use of the model's likeness (肖像使用费). Not the fee kinds' own labels
 * (费用 / 肖像授权): those are the order's words, these are the invoice's.
 */
export const INVOICE_ITEMS = ['service_fee', 'portrait_fee'] as const;
export type InvoiceItem = (typeof INVOICE_ITEMS)[number];
export const invoiceItemSchema = z.enum(INVOICE_ITEMS);
export const INVOICE_ITEM_LABELS: Readonly<Record<InvoiceItem, string>> = {
  service_fee: '服务费',
  portrait_fee: '肖像使用费',
};
/** The item a fee line is invoiced under. */
export const INVOICE_ITEM_OF_FEE_KIND: Readonly<Record<FeeKind, InvoiceItem>> = {
  ModelFee: 'service_fee',
  UsageFee: 'portrait_fee',
};

/**
 * 数电发票号码: the 20 digits the tax platform gives a fully digital invoice (2 of the year, 2 of the
 * region, 1 of the issuing channel, 15 of sequence). Only the 20 digits are checked: the platform, not we,
 * is the authority on a number it issued, and finance copies it from there.
 */
export const INVOICE_NUMBER_PATTERN = /^\d{20}$/;
export const FINANCE_PATTERN_MESSAGES = {
  invoiceNumberInvalid: '*请输入20位数电发票号码',
  confirmationNumberInvalid: '*请输入20位红字发票信息确认单编号',
} as const;
/** An invoice number as typed or pasted: white space cut (people paste it in groups), then 20 digits. */
export const invoiceNumberSchema = z
  .string({ error: FINANCE_PATTERN_MESSAGES.invoiceNumberInvalid })
  .overwrite((text) => text.replace(/\s+/g, ''))
  .regex(INVOICE_NUMBER_PATTERN, FINANCE_PATTERN_MESSAGES.invoiceNumberInvalid);
/**
 * 红字发票信息确认单编号: the number the tax platform gives the confirmation a red-letter invoice is issued
 * from, 20 digits as the invoice's own; typed or pasted as the invoice number is.
 */
export const confirmationNumberSchema = z
  .string({ error: FINANCE_PATTERN_MESSAGES.confirmationNumberInvalid })
  .overwrite((text) => text.replace(/\s+/g, ''))
  .regex(INVOICE_NUMBER_PATTERN, FINANCE_PATTERN_MESSAGES.confirmationNumberInvalid);

// --- Payments --------------------------------------------------------------------------------------------

/**
 * How much of an order is received: the same three states as a fee line's (enums.ts, 部分付款 there), in the
 * order's words: some but not all of its lines' totals covered by allocations is 部分收款.
 */
export const ORDER_PAYMENT_STATES = ['unpaid', 'partial', 'paid'] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];
export const orderPaymentStateSchema = z.enum(ORDER_PAYMENT_STATES);
export const ORDER_PAYMENT_STATE_LABELS: Readonly<Record<OrderPaymentState, string>> = {
  unpaid: '未收款',
  partial: '部分收款',
  paid: '已收款',
};

// --- Aging ---------------------------------------------------------------------------------------------

/** The aging buckets of a receivable, by whole days past its due date, youngest first. */
export const AGING_BUCKETS = ['not_due', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const agingBucketSchema = z.enum(AGING_BUCKETS);
export const AGING_BUCKET_LABELS: Readonly<Record<AgingBucket, string>> = {
  not_due: '未到期',
  d1_30: '1–30 天',
  d31_60: '31–60 天',
  d61_90: '61–90 天',
  d90_plus: '90 天以上',
};
/**
 * The days overdue each bucket holds, both ends included (`max` null: no end). The one table the bucket
 * function and the server's SQL filters read, so a list filtered by bucket and the bucket it shows agree.
 */
export const AGING_BUCKET_DAYS: Readonly<Record<AgingBucket, { min: number; max: number | null }>> = {
  not_due: { min: 0, max: 0 },
  d1_30: { min: 1, max: 30 },
  d31_60: { min: 31, max: 60 },
  d61_90: { min: 61, max: 90 },
  d90_plus: { min: 91, max: null },
};

// --- Refusals --------------------------------------------------------------------------------------------

/**
 * Why the rules refuse an invoice request, a red-letter correction or an allocation: the typed reasons of
 * ./finance-rules, each with the Chinese message the API answers and its error (FINANCE_REFUSAL_ERRORS).
 */
export const FINANCE_REFUSALS = [
  'no_lines',
  'duplicate_line',
  'unknown_line',
  'not_positive',
  'nothing_to_invoice',
  'over_invoiced',
  'reversal_exceeds_line',
  'reversal_exceeds_unpaid',
  'no_allocations',
  'unknown_target',
  'receipt_over_allocated',
  'target_over_allocated',
  'invoice_not_issued',
  'invoice_reversed',
  'line_invoiced',
] as const;
export type FinanceRefusal = (typeof FINANCE_REFUSALS)[number];
export const FINANCE_REFUSAL_MESSAGES: Readonly<Record<FinanceRefusal, string>> = {
  no_lines: '请选择要开票的费用',
  duplicate_line: '同一条费用不能重复选择',
  unknown_line: '费用不存在或不属于该发票',
  not_positive: '金额须大于 0 且为整数分',
  nothing_to_invoice: '该费用已全部开票',
  over_invoiced: '开票金额超过该费用未开票的金额',
  reversal_exceeds_line: '红冲金额超过该行可红冲的金额',
  reversal_exceeds_unpaid: '发票已收款的部分不能红冲，请先撤销该发票的核销',
  no_allocations: '请填写核销金额',
  unknown_target: '核销的发票或费用不存在',
  receipt_over_allocated: '核销金额超过该笔收款未核销的金额',
  target_over_allocated: '核销金额超过发票或费用未收的金额',
  invoice_not_issued: '发票尚未开具，不能核销；开具前收到的款项可先核销到费用或留作预收款',
  invoice_reversed: '发票已全额红冲，不能核销',
  line_invoiced: '该费用已开票的部分须核销到发票，直接核销不能超过未开票的部分',
};
/**
 * The error each refusal answers with: 409 when the request was right but the money is already taken
 * (also what the loser of a race gets), 404 for a line or target the caller cannot see (another client's,
 * entity's or team's is just as unknown), 400 for a request that could never pass.
 */
export const FINANCE_REFUSAL_ERRORS: Readonly<Record<FinanceRefusal, ErrorKey>> = {
  no_lines: 'validationFailed',
  duplicate_line: 'validationFailed',
  unknown_line: 'notFound',
  not_positive: 'validationFailed',
  nothing_to_invoice: 'conflict',
  over_invoiced: 'conflict',
  reversal_exceeds_line: 'conflict',
  reversal_exceeds_unpaid: 'conflict',
  no_allocations: 'validationFailed',
  unknown_target: 'notFound',
  receipt_over_allocated: 'conflict',
  target_over_allocated: 'conflict',
  invoice_not_issued: 'conflict',
  invoice_reversed: 'conflict',
  line_invoiced: 'conflict',
};
