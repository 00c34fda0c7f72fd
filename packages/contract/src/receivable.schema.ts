/**
 * Receivables (应收, issue 23): 财务详情 of one order (`GET /v1/finance/orders/{id}`): its fee lines with what
 * is invoiced and paid of each, its money (the contract's orderMoney), due date and aging (./aging), the
 * invoices covering it and the allocations that paid it.
 */
import { z } from 'zod';
import { taxRateSchema } from './constants';
import { feeKindSchema, paymentStatusSchema } from './enums';
import { dateSchema, idQuerySchema, pageQuerySchema, queryList, sortSchema } from './envelope';
import { agingBucketSchema, invoiceStatusSchema, orderPaymentStateSchema } from './finance-enums';
import { orderStatusSchema } from './order-constants';
import { textSchema } from './patterns';

const int = z.number().int();
const ref = z.object({ id: int, name: z.string() });

export const financeOrderLineSchema = z.object({
  fee_line_id: int,
  model_name: z.string(),
  kind: feeKindSchema,
  tax_rate: taxRateSchema,
  total: int,
  /** Net of red-letter corrections. */
  invoiced: int,
  /** Direct allocations plus the line's share of its invoices' (paidByFeeLine). */
  paid: int,
  payment_status: paymentStatusSchema,
  /** What may still be paid to the line directly: the part no issued invoice holds (directOpen). */
  direct_open: int,
});

export const financeOrderSchema = z.object({
  id: int,
  number: z.string(),
  title: z.string(),
  status: orderStatusSchema,
  company: ref.nullable(),
  team_recipient: z.object({ id: int, short_name: z.string() }).nullable(),
  last_date: z.string().nullable(),
  billed: int,
  invoiced: int,
  received: int,
  outstanding: int,
  payment_state: orderPaymentStateSchema,
  /** The last working day plus the client's payment terms (dueDate); null without a last day. */
  due_on: z.string().nullable(),
  /** As of today (business date). */
  days_overdue: int,
  /** Null when nothing is outstanding or the order is not billed. */
  aging_bucket: agingBucketSchema.nullable(),
  lines: z.array(financeOrderLineSchema),
  invoices: z.array(
    z.object({
      id: int,
      number: z.string().nullable(),
      status: invoiceStatusSchema,
      /** 购方名称 as printed: what 登记收款 proposes as the payer. */
      buyer_name: z.string(),
      issued_on: z.string().nullable(),
      total: int,
      reversed: int,
      /** What live allocations pay of it; what it can still receive is invoiceOpen. */
      allocated: int,
    }),
  ),
  /** Allocations to its lines or to invoices covering them, undone ones too. */
  allocations: z.array(
    z.object({
      id: int,
      receipt_id: int,
      payer_name: z.string(),
      received_on: z.string(),
      invoice_id: int.nullable(),
      /** The line paid directly, or, with `invoice_id`, the line an invoice's allocation was paid for. */
      fee_line_id: int.nullable(),
      amount: int,
      allocated_on: z.string(),
      undone_on: z.string().nullable(),
      /** Ended because its line was invoiced: the invoice it moved onto. */
      moved_to_invoice_id: int.nullable(),
    }),
  ),
});
export type FinanceOrder = z.infer<typeof financeOrderSchema>;

// --- 费用: the finance order list ---------------------------------------------------------------------------

/** The 费用 list's orders: most days overdue first (the default), by due date, outstanding, billing date. */
export const FEE_SORTS = ['days_overdue', 'due_on', 'outstanding', 'billed_on'] as const;
export type FeeSort = (typeof FEE_SORTS)[number];

/** Most rows one Excel export of 费用 holds. */
export const FEE_EXPORT_MAX_ROWS = 5000;

/**
 * The 费用 list's filters (in the address, shared by the list, its totals and its export). Every figure is
 * as of `as_of` (default: today's business date), from the dated invoices, allocations and billings, so a
 * month-end list is reproduced later; `from`/`to` bound the billing date.
 */
export const feeFilterSchema = z.object({
  company_id: idQuerySchema.optional(),
  team_recipient_id: idQuerySchema.optional(),
  payment_state: queryList(orderPaymentStateSchema, 3).optional(),
  aging_bucket: queryList(agingBucketSchema, 5).optional(),
  /** Only orders with something outstanding (the receivables proper). */
  outstanding: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  owner_member_id: idQuerySchema.optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  keyword: textSchema({ max: 50 }).optional(),
  as_of: dateSchema.optional(),
  sort: sortSchema(FEE_SORTS).optional(),
});
export type FeeFilter = z.infer<typeof feeFilterSchema>;
export type FeeFilterInput = z.input<typeof feeFilterSchema>;
export const feeQuerySchema = pageQuerySchema.extend(feeFilterSchema.shape);
export type FeeQuery = z.infer<typeof feeQuerySchema>;

/** One billed order of 费用, as of the list's date. */
export const feeRowSchema = z.object({
  id: int,
  number: z.string(),
  title: z.string(),
  company: ref.nullable(),
  team_recipient: z.object({ id: int, short_name: z.string() }).nullable(),
  owner: z.object({ id: int, nickname: z.string() }).nullable(),
  /** The business date it was billed (出账). */
  billed_on: z.string(),
  last_date: z.string().nullable(),
  due_on: z.string().nullable(),
  billed: int,
  /** Issued invoices' lines, net of red-letter corrections passed by then. */
  invoiced: int,
  received: int,
  outstanding: int,
  payment_state: orderPaymentStateSchema,
  days_overdue: int,
  aging_bucket: agingBucketSchema.nullable(),
});
export type FeeRow = z.infer<typeof feeRowSchema>;

/** The filtered rows' sums (all pages), and what is outstanding in each aging bucket. */
export const feeTotalsSchema = z.object({
  as_of: z.string(),
  count: int,
  billed: int,
  invoiced: int,
  received: int,
  outstanding: int,
  buckets: z.array(z.object({ bucket: agingBucketSchema, count: int, outstanding: int })),
});
export type FeeTotals = z.infer<typeof feeTotalsSchema>;

/**
 * The overdue reminder (docs/product.md "费用"): an order whose money falls overdue is told to its owner
 * and the `accounting` managers once, by the daily job, within this many days of its due date (a server
 * down on the day itself still tells them).
 */
export const OVERDUE_REMINDER_WITHIN_DAYS = 7;

/** What the overdue reminder says. */
export const RECEIVABLE_NOTICES = {
  overdue: (number: string) => `应收款已逾期：${number}`,
  overdueBody: (client: string, outstanding: string, dueOn: string, days: number) =>
    `${client}，未收 ${outstanding}，${dueOn} 到期，已逾期 ${days} 天`,
} as const;
