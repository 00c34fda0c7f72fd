/**
 * Invoices (发票, docs/product.md "Invoices"): requests made from 待开票, issued with the tax platform's
 * 20-digit number, corrected by red-letter invoices (红字发票) that go to approval. The bodies, the list
 * query, the answers and the texts. Every figure of an invoice, its lines and its corrections comes from
 * ./finance-rules (invoiceFigures, remainingToInvoice, reversalFigures); the enumerations from ./finance-enums.
 */
import { z } from 'zod';
import { approvalStepSchema } from './approval.schema';
import { memberRefSchema } from './company.schema';
import { taxRateSchema } from './constants';
import { approvalStatusSchema, feeKindSchema } from './enums';
import { dateSchema, fenSchema, idQuerySchema, idSchema, pageQuerySchema, queryList } from './envelope';
import {
  confirmationNumberSchema,
  invoiceItemSchema,
  invoiceNumberSchema,
  invoiceStatusSchema,
  invoiceTypeSchema,
  redLetterStateSchema,
  reversalScopeSchema,
} from './finance-enums';
import { asciiTokenSchema, textSchema } from './patterns';

export const INVOICE_MESSAGES = {
  notFound: '发票不存在',
  correctionNotFound: '红冲申请不存在',
  recipientNotFound: '收款主体不存在',
  companyNotFound: '客户公司不存在',
  notIssuable: '只有待开具的发票可以登记开票',
  numberTaken: (number: string) => `发票号码 ${number} 已被本团队的其他发票使用`,
  issuedInFuture: '*开票日期不能晚于今天',
  notReversible: '只有已开具的发票可以红冲',
  correctionNotIssuable: '只有已同意且尚未开具红字发票的红冲可以登记红字发票',
  redIssuedBeforeBlue: '*红字发票的开票日期不能早于原发票的开票日期',
  correctionPending: '该发票已有待审批的红冲申请，请等待审批结果',
  specialNeedsBuyerDetails: '*数电专票须填写购方地址电话和开户行及账号',
  taxIdInvalid: '*请输入15-20位纳税人识别号（数字或大写字母）',
  /** A fee line not of a billed order of this client and payee entity (three flows). */
  lineNotInvoiceable: '所选费用须属于同一客户、同一收款主体的已出账订单',
} as const;

/** What notifications about invoices say. */
export const INVOICE_NOTICES = {
  issued: (number: string) => `发票已开具：${number}`,
  issuedBody: (buyer: string, total: string) => `${buyer}，价税合计 ${total}`,
  correctionRequired: (number: string) => `发票红冲等待你的审批：${number}`,
  correctionRequiredBody: (nickname: string, amount: string, reason: string) =>
    `${nickname} 申请红冲 ${amount}：${reason}`,
  correctionPassed: (number: string) => `发票红冲已同意：${number}`,
  correctionRejected: (number: string) => `发票红冲被拒绝：${number}`,
  decisionBody: (nickname: string, comment: string) => (comment ? `${nickname}：${comment}` : nickname),
} as const;

export const INVOICE_LIMITS = {
  buyerName: 100,
  addressPhone: 200,
  bankAccount: 200,
  /** Fee lines one request may cover. */
  lines: 200,
  reason: 200,
  /** Lines answered per group of 待开票 (`line_count` says how many there are). */
  readyLinesPerGroup: 500,
} as const;

/** 纳税人识别号: the unified social credit code (18) or an older taxpayer number (15–20 digits and capitals). */
export const TAX_ID_PATTERN = /^[0-9A-Z]{15,20}$/;

/** The buyer (购方) as printed: taken from the client company and editable. */
export const invoiceBuyerSchema = z.object({
  name: textSchema({ min: 1, max: INVOICE_LIMITS.buyerName, message: '*请输入购方名称' }),
  tax_id: z
    .string({ error: INVOICE_MESSAGES.taxIdInvalid })
    .overwrite((text) => text.replace(/\s+/g, '').toUpperCase())
    .regex(TAX_ID_PATTERN, INVOICE_MESSAGES.taxIdInvalid),
  /** 地址电话: required for a special invoice. */
  address_phone: textSchema({ max: INVOICE_LIMITS.addressPhone }).optional().default(''),
  /** 开户行及账号: required for a special invoice. */
  bank_account: textSchema({ max: INVOICE_LIMITS.bankAccount }).optional().default(''),
});
export type InvoiceBuyer = z.infer<typeof invoiceBuyerSchema>;

/**
 * POST /v1/invoices: fee lines of billed orders of one client company and one payee entity, each for what
 * remains to invoice of it. A special invoice needs the buyer's address and telephone and bank account.
 */
export const invoiceCreateSchema = z
  .object({
    team_recipient_id: idSchema,
    company_id: idSchema,
    type: invoiceTypeSchema,
    buyer: invoiceBuyerSchema,
    fee_line_ids: z.array(idSchema).min(1, '请选择要开票的费用').max(INVOICE_LIMITS.lines),
  })
  .superRefine((body, context) => {
    if (body.type !== 'special') return;
    for (const field of ['address_phone', 'bank_account'] as const) {
      if (body.buyer[field].trim() === '') {
        context.addIssue({
          code: 'custom',
          message: INVOICE_MESSAGES.specialNeedsBuyerDetails,
          path: ['buyer', field],
        });
      }
    }
  });
export type InvoiceCreate = z.infer<typeof invoiceCreateSchema>;
export type InvoiceCreateInput = z.input<typeof invoiceCreateSchema>;

/**
 * POST /v1/invoices/{id}/issue: the number the tax platform gave (20 digits), the business date of issue
 * (not after today) and, optionally, the invoice PDF as a signed id of the upload pipeline
 * (POST /v1/direct_uploads), as order attachments take theirs.
 */
export const invoiceIssueSchema = z.object({
  number: invoiceNumberSchema,
  issued_on: dateSchema,
  file_signed_id: asciiTokenSchema(512).min(1).optional(),
});
export type InvoiceIssue = z.infer<typeof invoiceIssueSchema>;

/**
 * POST /v1/invoices/{id}/reverse: a red-letter correction by line (issue 35): the invoice lines chosen and
 * the tax-inclusive fen taken from each (the whole of what it can give back: 全额红冲 of the line; less:
 * 部分红冲), with its reason. Checked by the contract's checkLineReversal, figured by lineReversalFigures.
 */
export const invoiceReverseSchema = z.object({
  lines: z
    .array(z.object({ invoice_line_id: idSchema, amount: fenSchema({ missing: '*请输入红冲金额' }) }))
    .min(1, '*请选择要红冲的行')
    .max(INVOICE_LIMITS.lines),
  reason: textSchema({ min: 1, max: INVOICE_LIMITS.reason, multiline: true, message: '*请填写红冲原因' }),
});
export type InvoiceReverse = z.infer<typeof invoiceReverseSchema>;

/**
 * POST /v1/invoice_corrections/{id}/issue: the red-letter invoice as the tax platform issued it, recorded
 * like the blue one: its own 20-digit number, its date (not after today nor before the blue invoice's) and
 * the 红字发票信息确认单 number it was issued from. Only a passed correction, once.
 */
export const correctionIssueSchema = z.object({
  number: invoiceNumberSchema,
  issued_on: dateSchema,
  confirmation_number: confirmationNumberSchema,
});
export type CorrectionIssue = z.infer<typeof correctionIssueSchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

/**
 * The filters of the 发票 register (GET /v1/invoices, its totals and its export; issue 35): `keyword`
 * matches the number and the buyer's name; `open=true` keeps the issued invoices with something left to
 * receive (total − reversed − allocated > 0), what a receipt can be allocated to; `overdue=true` those of
 * them past their due date (issued on + the client's payment terms: contract ./aging dueDate of the issue date) as of today.
 */
export const invoiceFilterSchema = z.object({
  status: queryList(invoiceStatusSchema).optional(),
  type: invoiceTypeSchema.optional(),
  company_id: idQuerySchema.optional(),
  team_recipient_id: idQuerySchema.optional(),
  issued_from: dateSchema.optional(),
  issued_to: dateSchema.optional(),
  created_from: dateSchema.optional(),
  created_to: dateSchema.optional(),
  keyword: textSchema({ max: 50 }).optional(),
  open: booleanQuery,
  overdue: booleanQuery,
});
export type InvoiceFilter = z.infer<typeof invoiceFilterSchema>;
export type InvoiceFilterInput = z.input<typeof invoiceFilterSchema>;
/** GET /v1/invoices: the register's filters, newest request first, paged. */
export const invoiceQuerySchema = pageQuerySchema.extend(invoiceFilterSchema.shape);
export type InvoiceQuery = z.infer<typeof invoiceQuerySchema>;
export type InvoiceQueryInput = z.input<typeof invoiceQuerySchema>;

/** The rows an export of the register holds at most (the filters narrow a larger register). */
export const INVOICE_EXPORT_MAX_ROWS = 10_000;

/** GET /v1/invoices/totals: the sums of every row the filters keep (all pages). */
export const invoiceTotalsSchema = z.object({
  count: z.number().int(),
  total: z.number().int(),
  reversed: z.number().int(),
  allocated: z.number().int(),
  outstanding: z.number().int(),
});
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;

/** GET /v1/finance/ready_to_invoice: groups of one client and one payee entity, paged by group. */
export const readyToInvoiceQuerySchema = pageQuerySchema.extend({
  company_id: idQuerySchema.optional(),
  team_recipient_id: idQuerySchema.optional(),
});
export type ReadyToInvoiceQuery = z.infer<typeof readyToInvoiceQuerySchema>;

// --- Answers -----------------------------------------------------------------------------------------------

const figures = { amount: z.number().int(), tax: z.number().int(), total: z.number().int() };
const namedRef = z.object({ id: z.number().int(), name: z.string() });
const recipientRef = namedRef.extend({ short_name: z.string() });

/** What the caller may do with the invoice now (the server checks again). */
export const invoiceAbilitiesSchema = z.object({
  /** Record the number: `accounting` manage, a requested invoice. */
  issue: z.boolean(),
  /** Ask for a red-letter correction: `accounting` edit, an issued invoice without one pending. */
  reverse: z.boolean(),
});

export const invoiceSchema = z.object({
  id: z.number().int(),
  team_recipient: recipientRef,
  company: namedRef,
  type: invoiceTypeSchema,
  buyer: z.object({
    name: z.string(),
    tax_id: z.string(),
    address_phone: z.string(),
    bank_account: z.string(),
  }),
  status: invoiceStatusSchema,
  number: z.string().nullable(),
  issued_on: z.string().nullable(),
  ...figures,
  /** What passed red-letter corrections took back (tax included). */
  reversed: z.number().int(),
  /**
   * What receipts pay of it now (allocations not undone): a red-letter correction cannot take it back, and
   * total − reversed − allocated is what it can still receive.
   */
  allocated: z.number().int(),
  /** A red-letter correction waits for approval. */
  correction_pending: z.boolean(),
  /** 未红冲, 部分红冲 or 已全额红冲 (contract redLetterState). */
  red_letter: redLetterStateSchema,
  /** What is left to receive of an issued invoice (contract invoiceOpen); 0 before it is issued. */
  outstanding: z.number().int(),
  /** When it is due (issued on + the client's payment terms: contract ./aging dueDate of the issue date); null before issue. */
  due_on: z.string().nullable(),
  file: z.object({ name: z.string(), url: z.string() }).nullable(),
  created_by: memberRefSchema.nullable(),
  created_at: z.string(),
  can: invoiceAbilitiesSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** A fee line as an invoice covers it: the part invoiced, and what corrections gave back of it. */
export const invoiceLineSchema = z.object({
  id: z.number().int(),
  fee_line_id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  model_id: z.number().int(),
  /** The model's stage name. */
  model_name: z.string(),
  kind: feeKindSchema,
  item: invoiceItemSchema,
  tax_rate: taxRateSchema,
  ...figures,
  given_back: z.number().int(),
  /**
   * What the invoice's payments give the line now (contract ./allocations spreadOverInvoice): a
   * correction of the line takes at most total − given_back − paid (lineCorrectable).
   */
  paid: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceGroupSchema = z.object({
  item: invoiceItemSchema,
  tax_rate: taxRateSchema,
  ...figures,
  fee_line_ids: z.array(z.number().int()),
});

/** A red-letter correction: its figures (positive; printed negative), its lines' parts and its approval. */
export const invoiceCorrectionSchema = z.object({
  id: z.number().int(),
  ...figures,
  /** 全额红冲 (all that remained of the invoice) or 部分红冲. */
  scope: reversalScopeSchema,
  reason: z.string(),
  /** The red-letter invoice as issued (number, date, 红字发票信息确认单 number); null until recorded. */
  red_invoice: z
    .object({ number: z.string(), issued_on: z.string(), confirmation_number: z.string() })
    .nullable(),
  status: approvalStatusSchema,
  lines: z.array(z.object({ invoice_line_id: z.number().int(), fee_line_id: z.number().int(), ...figures })),
  requested_by: memberRefSchema.nullable(),
  created_at: z.string(),
  approvals: z.array(approvalStepSchema),
  /** The caller approves corrections (`accounting` manage) and this one waits. */
  can_decide: z.boolean(),
  /** The caller records the red-letter invoice (`accounting` manage): passed, not yet recorded. */
  can_issue: z.boolean(),
});
export type InvoiceCorrection = z.infer<typeof invoiceCorrectionSchema>;

export const invoiceDetailSchema = invoiceSchema.extend({
  lines: z.array(invoiceLineSchema),
  /** The printed lines: by service item and tax rate. */
  groups: z.array(invoiceGroupSchema),
  corrections: z.array(invoiceCorrectionSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** A fee line of 待开票: its total, what invoices took, what corrections gave back, what remains. */
export const readyLineSchema = z.object({
  fee_line_id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  order_title: z.string(),
  model_id: z.number().int(),
  model_name: z.string(),
  kind: feeKindSchema,
  item: invoiceItemSchema,
  tax_rate: taxRateSchema,
  total: z.number().int(),
  invoiced: z.number().int(),
  given_back: z.number().int(),
  remaining: z.number().int(),
});
export type ReadyLine = z.infer<typeof readyLineSchema>;

/** One client company and one payee entity: what an invoice request can cover together. */
export const readyGroupSchema = z.object({
  company: namedRef,
  /** Null for orders made before payee entities: they cannot be invoiced until one is set. */
  team_recipient: recipientRef.nullable(),
  line_count: z.number().int(),
  order_count: z.number().int(),
  remaining: z.number().int(),
  lines: z.array(readyLineSchema),
});
export type ReadyGroup = z.infer<typeof readyGroupSchema>;
