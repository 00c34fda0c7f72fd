/**
 * Receivables (应收, issue 23): 财务详情 of one order (`GET /v1/finance/orders/{id}`): its fee lines with what
 * is invoiced and paid of each, its money (the contract's orderMoney), due date and aging (./aging), the
 * invoices covering it and the allocations that paid it.
 */
import { z } from 'zod';
import { taxRateSchema } from './constants';
import { feeKindSchema, paymentStatusSchema } from './enums';
import { agingBucketSchema, invoiceStatusSchema, orderPaymentStateSchema } from './finance-enums';
import { orderStatusSchema } from './order-constants';

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
      fee_line_id: int.nullable(),
      amount: int,
      allocated_on: z.string(),
      undone_on: z.string().nullable(),
    }),
  ),
});
export type FinanceOrder = z.infer<typeof financeOrderSchema>;
