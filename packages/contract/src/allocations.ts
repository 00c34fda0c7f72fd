/**
 * Receipts and allocations (issue 23, docs/decisions.md "Finance rules"): what a receipt has left (the
 * client's credit), whether allocations may be made, how an invoice's allocations spread over its fee lines,
 * when a fee line is paid and how much of an order is received. Pure functions on integer fen; the exact
 * split they rely on is `splitProportionally` of ./finance-rules.
 */
import type { PaymentStatus } from './enums';
import type { OrderPaymentState } from './finance-enums';
import { isFen, type Refused, splitProportionally } from './finance-rules';

/** What an allocation pays: an invoice, or a fee line directly (a client paying before the invoice). */
export type AllocationTarget = { readonly invoice_id: number } | { readonly fee_line_id: number };
export type AllocationRequest = AllocationTarget & { readonly amount: number };

/** A target as a map key: `invoice:12`, `fee_line:34`. */
export const allocationTargetKey = (target: AllocationTarget): string =>
  'invoice_id' in target ? `invoice:${target.invoice_id}` : `fee_line:${target.fee_line_id}`;

/** A receipt's allocated amount, and the rest: the client's credit (预收款), allocatable later. */
export function receiptBalance(
  amount: number,
  allocations: readonly { readonly amount: number }[],
): { allocated: number; unallocated: number } {
  const allocated = allocations.reduce((sum, allocation) => sum + allocation.amount, 0);
  return { allocated, unallocated: amount - allocated };
}

/** What an invoice can still receive: its total, less what red-letter invoices took back and allocations. */
export const invoiceOpen = (invoice: {
  readonly total: number;
  readonly reversed: number;
  readonly allocated: number;
}): number => invoice.total - invoice.reversed - invoice.allocated;

/**
 * Whether allocations may be made from a receipt: each amount over 0, each target known (`open`, keyed by
 * `allocationTargetKey`, holds what every allocatable target can still receive: `invoiceOpen`, or a fee
 * line's total less what is paid of it), the amounts to one target together within its open amount, and
 * all of them within the receipt's unallocated amount. Checked again under the lock, as invoices are.
 */
export function checkAllocations(
  requests: readonly AllocationRequest[],
  unallocated: number,
  open: ReadonlyMap<string, number>,
):
  | { readonly ok: true; readonly total: number }
  | Refused<
      | 'no_allocations'
      | 'not_positive'
      | 'unknown_target'
      | 'receipt_over_allocated'
      | 'target_over_allocated'
    > {
  if (requests.length === 0) return { ok: false, reason: 'no_allocations' };
  const perTarget = new Map<string, number>();
  let total = 0;
  for (const [index, request] of requests.entries()) {
    if (!isFen(request.amount) || request.amount === 0) return { ok: false, reason: 'not_positive', index };
    const key = allocationTargetKey(request);
    const targetOpen = open.get(key);
    if (targetOpen === undefined) return { ok: false, reason: 'unknown_target', index };
    const sum = (perTarget.get(key) ?? 0) + request.amount;
    if (sum > targetOpen) return { ok: false, reason: 'target_over_allocated', index };
    perTarget.set(key, sum);
    total += request.amount;
  }
  if (total > unallocated) return { ok: false, reason: 'receipt_over_allocated' };
  return { ok: true, total };
}

/** An invoice line as payments spread over it: its total (less corrections) on the invoice. */
export interface PayableLine {
  readonly fee_line_id: number;
  readonly total: number;
}

/**
 * What the allocations to an invoice pay of each of its lines: the invoice's **whole** allocated amount
 * spread by `splitProportionally` over its lines' totals. Spread from the sum, never allocation by
 * allocation: two payments rounded on their own could give one line a fen more than its total, while the
 * sum's spread never exceeds a line, does not depend on the order the payments came in, and gives every
 * line exactly its total once the invoice is paid in full.
 */
export const spreadOverInvoice = (
  allocated: number,
  lines: readonly PayableLine[],
): { fee_line_id: number; paid: number }[] => {
  const parts = splitProportionally(
    allocated,
    lines.map((line) => line.total),
  );
  return lines.map((line, index) => ({ fee_line_id: line.fee_line_id, paid: parts[index] ?? 0 }));
};

/**
 * What is paid of each fee line: its share of every invoice's allocations (`spreadOverInvoice`) plus the
 * allocations made to it directly. Keyed by fee line id; a line with nothing paid is absent.
 */
export function paidByFeeLine(
  invoices: readonly { readonly allocated: number; readonly lines: readonly PayableLine[] }[],
  direct: readonly { readonly fee_line_id: number; readonly amount: number }[],
): Map<number, number> {
  const paid = new Map<number, number>();
  const add = (id: number, amount: number) => {
    if (amount > 0) paid.set(id, (paid.get(id) ?? 0) + amount);
  };
  for (const invoice of invoices) {
    for (const share of spreadOverInvoice(invoice.allocated, invoice.lines))
      add(share.fee_line_id, share.paid);
  }
  for (const allocation of direct) add(allocation.fee_line_id, allocation.amount);
  return paid;
}

/** A fee line is paid (spec §3) when allocations cover its total. */
export const feeLinePaymentStatus = (line: {
  readonly total: number;
  readonly paid: number;
}): PaymentStatus => (line.paid >= line.total ? 'paid' : 'unpaid');

/** What finance shows of an order's money: billed, invoiced, received, outstanding, and its state. */
export interface OrderMoney {
  billed: number;
  invoiced: number;
  received: number;
  outstanding: number;
  state: OrderPaymentState;
}

/**
 * An order's money from its lines (each: total, invoiced net of corrections, paid): 已收款 when every
 * line is paid (an order with nothing to collect included), 部分收款 when something is received, else
 * 未收款. A line's overpayment does not count towards another line: received counts each line up to its total.
 */
export function orderMoney(
  lines: readonly { readonly total: number; readonly invoiced: number; readonly paid: number }[],
): OrderMoney {
  const money: OrderMoney = { billed: 0, invoiced: 0, received: 0, outstanding: 0, state: 'unpaid' };
  for (const line of lines) {
    money.billed += line.total;
    money.invoiced += line.invoiced;
    money.received += Math.min(line.paid, line.total);
  }
  money.outstanding = money.billed - money.received;
  const allPaid = lines.every((line) => feeLinePaymentStatus(line) === 'paid');
  money.state = allPaid ? 'paid' : money.received > 0 ? 'partial' : 'unpaid';
  return money;
}
