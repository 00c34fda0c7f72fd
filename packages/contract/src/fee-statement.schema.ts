/**
 * Fee statements (对账单, issue 23, docs/product.md "Fee statements"): what staff share with a client by link
 * (`/web/fees/{share_id}`), of one billed order or of a client company over a period, and what the client
 * answers on it (a confirmation, queries on lines, invoice details). The statement stores only what was
 * asked, by whom and when; its figures are worked out when it is opened, from the records as of that day.
 * The public shape (`publicFeeStatementSchema`) is a type of its own: a model's stage name only, no notes,
 * no commissions, no member, no record of another client.
 */
import { z } from 'zod';
import { addDays, daysBetween } from './business-time';
import { taxRateSchema } from './constants';
import { feeKindSchema } from './enums';
import { dateSchema, idQuerySchema, pageQuerySchema } from './envelope';
import { invoiceItemSchema, invoiceTypeSchema } from './finance-enums';
import { INVOICE_MESSAGES, invoiceBuyerSchema } from './invoice.schema';
import { textSchema } from './patterns';

/** An order's statement, or a client company's over a period. */
export const FEE_STATEMENT_KINDS = ['order', 'period'] as const;
export type FeeStatementKind = (typeof FEE_STATEMENT_KINDS)[number];
export const FEE_STATEMENT_KIND_LABELS: Readonly<Record<FeeStatementKind, string>> = {
  order: '订单对账单',
  period: '期间对账单',
};

/** Where a statement's link stands for staff. */
export const FEE_STATEMENT_STATUSES = ['live', 'expired', 'revoked'] as const;
export type FeeStatementStatus = (typeof FEE_STATEMENT_STATUSES)[number];
export const FEE_STATEMENT_STATUS_LABELS: Readonly<Record<FeeStatementStatus, string>> = {
  live: '分享中',
  expired: '已过期',
  revoked: '已撤销',
};

export const FEE_STATEMENT_LIMITS = {
  /** A statement's link is open this long from when it is shared. */
  expiryDays: 30,
  /** The longest period (both ends included): a year, leap day and all. */
  periodDays: 366,
  name: 50,
  comment: 500,
  /** Queries and invoice details one statement keeps (a script cannot fill the table through a link). */
  queries: 100,
  invoiceInfos: 20,
} as const;

export const FEE_STATEMENT_MESSAGES = {
  orderNotBilled: '订单出账后才能分享对账单',
  noPayee: '订单未设置收款主体，请先在开票时选择收款主体',
  noDefaultPayee: '请选择收款主体（团队还没有默认收款主体）',
  emptyStatement: '这份对账单没有任何费用、发票或收款，期初期末均为 ¥0.00，请检查期间与收款主体',
  periodOrder: '*开始日期不能晚于结束日期',
  periodTooLong: `*期间最长 ${FEE_STATEMENT_LIMITS.periodDays} 天`,
  orderOrPeriod: '请指定订单，或客户公司与期间',
  notFound: '对账单不存在',
  feeLineNotFound: '对账单中没有这条费用',
  tooManyQueries: '留言已达上限，请直接联系我们',
  tooManyInvoiceInfos: '开票信息提交次数已达上限，请直接联系我们',
  queryNotFound: '疑问不存在',
  replyOrResolve: '*请填写回复，或标记为已解决',
  title: (client: string) => `对账单 · ${client}`,
  confirmedNotice: (client: string) => `客户确认了对账单：${client}`,
  queriedNotice: (client: string) => `客户对对账单有疑问：${client}`,
  invoiceInfoNotice: (client: string) => `客户提交了开票信息：${client}`,
  noticeBody: (name: string, text: string) => (text ? `${name}：${text}` : name),
} as const;

const int = z.number().int();
const idSchema = z.number().int().positive();

/** Who answers on the client's side: a name, as typed. */
const clientName = textSchema({ min: 1, max: FEE_STATEMENT_LIMITS.name, message: '*请输入您的姓名' });

/**
 * POST /v1/fee_statements: an order's statement (`order_id`, a billed order), or a client company's over a
 * period (`company_id`, `from` ≤ `to`, at most FEE_STATEMENT_LIMITS.periodDays days) for one payee entity
 * (`team_recipient_id`; when left out, the entity of the client's billed orders with the most outstanding,
 * else the team's default: docs/decisions.md "One period statement per payee entity").
 */
export const feeStatementCreateSchema = z
  .object({
    order_id: idSchema.optional(),
    company_id: idSchema.optional(),
    team_recipient_id: idSchema.optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.order_id !== undefined) return;
    if (body.company_id === undefined || body.from === undefined || body.to === undefined) {
      context.addIssue({ code: 'custom', message: FEE_STATEMENT_MESSAGES.orderOrPeriod, path: ['order_id'] });
      return;
    }
    if (body.from > body.to) {
      context.addIssue({ code: 'custom', message: FEE_STATEMENT_MESSAGES.periodOrder, path: ['to'] });
    } else if (daysBetween(body.from, body.to) + 1 > FEE_STATEMENT_LIMITS.periodDays) {
      context.addIssue({ code: 'custom', message: FEE_STATEMENT_MESSAGES.periodTooLong, path: ['to'] });
    }
  });
export type FeeStatementCreate = z.infer<typeof feeStatementCreateSchema>;
export type FeeStatementCreateInput = z.input<typeof feeStatementCreateSchema>;

/**
 * GET /v1/fee_statements/preview: a client company's period statement as the client would read it, made
 * of the same fields as POST /v1/fee_statements, before anything is shared.
 */
export const feeStatementPreviewQuerySchema = z
  .object({
    company_id: idQuerySchema,
    team_recipient_id: idQuerySchema.optional(),
    from: dateSchema,
    to: dateSchema,
  })
  .superRefine((query, context) => {
    if (query.from > query.to) {
      context.addIssue({ code: 'custom', message: FEE_STATEMENT_MESSAGES.periodOrder, path: ['to'] });
    } else if (daysBetween(query.from, query.to) + 1 > FEE_STATEMENT_LIMITS.periodDays) {
      context.addIssue({ code: 'custom', message: FEE_STATEMENT_MESSAGES.periodTooLong, path: ['to'] });
    }
  });
export type FeeStatementPreviewQuery = z.infer<typeof feeStatementPreviewQuerySchema>;

/** The last day of a period of at most FEE_STATEMENT_LIMITS.periodDays days starting on `from`. */
export const lastPeriodDay = (from: string) => addDays(from, FEE_STATEMENT_LIMITS.periodDays - 1);

/** GET /v1/fee_statements: newest first; an order's or a client company's. */
export const feeStatementQuerySchema = pageQuerySchema.extend({
  order_id: idQuerySchema.optional(),
  company_id: idQuerySchema.optional(),
});
export type FeeStatementQuery = z.infer<typeof feeStatementQuerySchema>;

/** 开票信息 as the client submits it: validated as an invoice request's buyer (a special invoice needs all). */
export const invoiceInfoRequestSchema = z
  .object({ type: invoiceTypeSchema, buyer: invoiceBuyerSchema, name: clientName })
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
export type InvoiceInfoRequest = z.infer<typeof invoiceInfoRequestSchema>;
export type InvoiceInfoRequestInput = z.input<typeof invoiceInfoRequestSchema>;

export const invoiceInfoSchema = z.object({
  type: invoiceTypeSchema,
  buyer: z.object({
    name: z.string(),
    tax_id: z.string(),
    address_phone: z.string(),
    bank_account: z.string(),
  }),
  name: z.string(),
  submitted_at: z.string(),
});
export type InvoiceInfo = z.infer<typeof invoiceInfoSchema>;

export const confirmRequestSchema = z.object({ name: clientName });
export type ConfirmRequest = z.infer<typeof confirmRequestSchema>;

export const queryRequestSchema = z.object({
  fee_line_id: idSchema.optional(),
  comment: textSchema({
    min: 1,
    max: FEE_STATEMENT_LIMITS.comment,
    multiline: true,
    message: '*请填写您的疑问',
  }),
  name: clientName,
});
export type QueryRequest = z.infer<typeof queryRequestSchema>;
export type QueryRequestInput = z.input<typeof queryRequestSchema>;

const confirmationSchema = z.object({ name: z.string(), at: z.string() });
/** Staff's reply to a query, as the client reads it (no member's name: the agency answers). */
const queryReplySchema = z.object({ text: z.string(), at: z.string() });
const querySchema = z.object({
  /** The query's own id (staff reply to and resolve it by this). */
  id: int,
  fee_line_id: int.nullable(),
  comment: z.string(),
  name: z.string(),
  at: z.string(),
  reply: queryReplySchema.nullable(),
  /** When staff marked it resolved; an open query (null) shows beside 已确认 and on the finance dashboard. */
  resolved_at: z.string().nullable(),
});
export type FeeStatementQueryAnswer = z.infer<typeof querySchema>;

/**
 * POST /v1/fee_statement_queries/{id}/answer: staff's reply to a client's query (the client reads it on the
 * statement page; a later reply replaces it; empty for none), and/or the query marked resolved (for good).
 */
export const queryAnswerRequestSchema = z
  .object({
    // Empty for none (resolving alone); text checked like every text (no control characters).
    reply: textSchema({
      max: FEE_STATEMENT_LIMITS.comment,
      multiline: true,
      message: `*回复最多 ${FEE_STATEMENT_LIMITS.comment} 个字`,
    }),
    resolve: z.boolean(),
  })
  .superRefine((body, context) => {
    if (!body.reply && !body.resolve) {
      context.addIssue({ code: 'custom', message: FEE_STATEMENT_MESSAGES.replyOrResolve, path: ['reply'] });
    }
  });
export type QueryAnswerRequest = z.infer<typeof queryAnswerRequestSchema>;
export type QueryAnswerRequestInput = z.input<typeof queryAnswerRequestSchema>;

/** Queries not yet resolved: what is open, how many, oldest first; the queries staff open from it. */
export const openQueriesSchema = z.object({
  count: int,
  items: z.array(
    z.object({
      id: int,
      statement_id: int,
      company: z.object({ id: int, name: z.string() }),
      order: z.object({ id: int, number: z.string() }).nullable(),
      comment: z.string(),
      name: z.string(),
      at: z.string(),
      replied: z.boolean(),
    }),
  ),
});
export type OpenQueries = z.infer<typeof openQueriesSchema>;
/** How many open queries the finance dashboard lists (the count is of all). */
export const OPEN_QUERIES_LISTED = 8;

/** Open: not resolved (a reply alone leaves it open until staff resolve it). */
export const isQueryOpen = (query: { resolved_at: string | null }) => query.resolved_at === null;

/** A statement as staff list it: what was asked, its link, and the client's answers. */
export const feeStatementSchema = z.object({
  id: int,
  kind: z.enum(FEE_STATEMENT_KINDS),
  order: z.object({ id: int, number: z.string() }).nullable(),
  company: z.object({ id: int, name: z.string() }),
  team_recipient: z.object({ id: int, short_name: z.string() }),
  from: z.string().nullable(),
  to: z.string().nullable(),
  share_id: z.string(),
  /** The share page's path, `/web/fees/{share_id}` (the admin app prefixes its origin). */
  url: z.string(),
  status: z.enum(FEE_STATEMENT_STATUSES),
  expires_at: z.string().nullable(),
  created_by: z.object({ id: int, nickname: z.string() }).nullable(),
  created_at: z.string(),
  confirmation: confirmationSchema.nullable(),
  queries: z.array(querySchema),
  invoice_infos: z.array(invoiceInfoSchema),
});
export type FeeStatement = z.infer<typeof feeStatementSchema>;

/** GET /v1/fee_statements/invoice_info: the latest invoice details a client company submitted on a statement. */
export const latestInvoiceInfoQuerySchema = z.object({ company_id: idQuerySchema });
export const latestInvoiceInfoSchema = invoiceInfoSchema.nullable();

// --- The client's side -----------------------------------------------------------------------------------

export const publicFeeLineSchema = z.object({
  fee_line_id: int,
  order_number: z.string(),
  /** The model's stage name, nothing else of the model. */
  model_name: z.string(),
  kind: feeKindSchema,
  /** The item the line is invoiced under (服务费 / 肖像使用费): the line reads as the invoice prints it. */
  item: invoiceItemSchema,
  /** The line in words (unit price × quantity, or a licence's terms), as the order confirmation prints it. */
  description: z.string(),
  /** The order's working days, `2026-11-02 至 2026-11-04` (one day alone); null without days. */
  dates: z.string().nullable(),
  subtotal: int,
  tax_rate: taxRateSchema,
  tax: int,
  total: int,
  paid: int,
  outstanding: int,
});
export type PublicFeeLine = z.infer<typeof publicFeeLineSchema>;

export const publicFeeStatementSchema = z.object({
  kind: z.enum(FEE_STATEMENT_KINDS),
  /** The agency's team name. */
  team_name: z.string(),
  client_name: z.string(),
  order: z.object({ number: z.string(), title: z.string() }).nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The business date the figures are as of (the day it is opened). */
  as_of: z.string(),
  /** Where to pay: the payee entity's legal name, credit code and account (grouped by four). */
  payee: z.object({
    name: z.string(),
    credit_code: z.string(),
    bank: z.string(),
    branch: z.string(),
    account: z.string(),
  }),
  lines: z.array(publicFeeLineSchema),
  totals: z.object({
    subtotal: int,
    tax: int,
    total: int,
    paid: int,
    outstanding: int,
    /** 大写 of `total`. */
    total_in_capitals: z.string(),
    outstanding_in_capitals: z.string(),
  }),
  /** A period's balance (statementFigures); null on an order's statement. */
  figures: z
    .object({ opening: int, fees: int, invoiced: int, received: int, closing: int, credit: int })
    .nullable(),
  /** Invoices (a red-letter correction negative, on its date) and money received shown on the statement. */
  invoices: z.array(z.object({ number: z.string(), issued_on: z.string(), total: int })),
  receipts: z.array(z.object({ received_on: z.string(), amount: int })),
  /** When the money is due: the order's due date; a period's earliest due date still outstanding. */
  due_on: z.string().nullable(),
  expires_at: z.string().nullable(),
  confirmation: confirmationSchema.nullable(),
  queries: z.array(querySchema),
  invoice_info: invoiceInfoSchema.nullable(),
});
export type PublicFeeStatement = z.infer<typeof publicFeeStatementSchema>;

/**
 * Nothing in it: no line, no invoice, no receipt, and a period whose figures are all ¥0 (a wrong period or
 * payee entity, most often). Staff are warned before sharing such a statement.
 */
export function isStatementEmpty(statement: PublicFeeStatement): boolean {
  const figures = statement.figures;
  return (
    statement.lines.length === 0 &&
    statement.invoices.length === 0 &&
    statement.receipts.length === 0 &&
    (figures === null || Object.values(figures).every((fen) => fen === 0))
  );
}

/** A payee entity the client's billed orders use, with what they still owe it (fen). */
export const statementEntitySchema = z.object({
  id: int,
  short_name: z.string(),
  billed_orders: int,
  outstanding: int,
});
export type StatementEntity = z.infer<typeof statementEntitySchema>;

/**
 * The preview: the entities the client's billed orders use (most outstanding first), the one previewed (the
 * asked one, else the first of them, else the team's default), and the statement as the client would read it.
 */
export const feeStatementPreviewSchema = z.object({
  entities: z.array(statementEntitySchema),
  team_recipient_id: int,
  statement: publicFeeStatementSchema,
  empty: z.boolean(),
});
export type FeeStatementPreview = z.infer<typeof feeStatementPreviewSchema>;
