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
 * What the allocations to an invoice pay of each of its lines. Money a client paid for a line before the
 * invoice was issued moved onto the invoice earmarked for that line (`moveOnIssue`): each line first gets
 * its earmarks (never more than the line holds on the invoice), then the rest of the invoice's **whole**
 * allocated amount is spread by `splitProportionally` over what each line still holds. Spread from the sum,
 * never allocation by allocation: two payments rounded on their own could give one line a fen more than its
 * total, while the sum's spread never exceeds a line, does not depend on the order the payments came in, and
 * gives every line exactly its total once the invoice is paid in full. A payment made for one model's line
 * thus never pays another's.
 */
export const spreadOverInvoice = (
  allocated: number,
  lines: readonly PayableLine[],
  earmarks: ReadonlyMap<number, number> = new Map(),
): { fee_line_id: number; paid: number }[] => {
  const first = lines.map((line) => Math.min(earmarks.get(line.fee_line_id) ?? 0, line.total));
  const rest = allocated - first.reduce((sum, part) => sum + part, 0);
  const parts = splitProportionally(
    rest,
    lines.map((line, index) => line.total - (first[index] ?? 0)),
  );
  return lines.map((line, index) => ({
    fee_line_id: line.fee_line_id,
    paid: (first[index] ?? 0) + (parts[index] ?? 0),
  }));
};

/** An invoice's payments as `paidByFeeLine` reads them. */
export interface InvoicePayments {
  readonly allocated: number;
  readonly lines: readonly PayableLine[];
  /** What of `allocated` is earmarked for a line (moved from a direct payment), by fee line id. */
  readonly earmarks?: ReadonlyMap<number, number>;
}

/**
 * What is paid of each fee line: its share of every invoice's allocations (`spreadOverInvoice`) plus the
 * allocations made to it directly. Keyed by fee line id; a line with nothing paid is absent.
 */
export function paidByFeeLine(
  invoices: readonly InvoicePayments[],
  direct: readonly { readonly fee_line_id: number; readonly amount: number }[],
): Map<number, number> {
  const paid = new Map<number, number>();
  const add = (id: number, amount: number) => {
    if (amount > 0) paid.set(id, (paid.get(id) ?? 0) + amount);
  };
  for (const invoice of invoices) {
    for (const share of spreadOverInvoice(invoice.allocated, invoice.lines, invoice.earmarks))
      add(share.fee_line_id, share.paid);
  }
  for (const allocation of direct) add(allocation.fee_line_id, allocation.amount);
  return paid;
}

/**
 * The payment rule (docs/product.md "Payments received", docs/decisions.md "One rule for what is paid"): a
 * fee line's part on an issued invoice is paid through that invoice; only the part no issued invoice covers
 * may be paid to the line directly. So what a line can take directly is its total less what issued invoices
 * hold of it (net of red-letter corrections) less its live direct allocations. With an invoice's allocations
 * never above what it holds (`invoiceOpen`), no line is ever paid past its total, whatever the order of
 * the steps.
 */
export const directOpen = (line: {
  readonly total: number;
  /** What issued invoices hold of the line, net of passed corrections. */
  readonly invoiced: number;
  /** Its live direct allocations. */
  readonly direct: number;
}): number => Math.max(0, line.total - line.invoiced - line.direct);

/** A live direct allocation of a line, as `moveOnIssue` reads it. */
export interface DirectAllocation {
  readonly id: number;
  readonly amount: number;
}

/** What `moveOnIssue` does to one direct allocation: `moved` goes onto the invoice, `kept` stays direct. */
export interface DirectMove {
  readonly id: number;
  readonly moved: number;
  readonly kept: number;
}

/**
 * When an invoice is issued, a line's direct payments beyond the part still uninvoiced (its total less
 * what issued invoices, this one included, hold of it) move onto the new invoice, earmarked for the line
 * (ERPNext's advance fetched into the invoice). The oldest allocations move first; the one that moves only
 * in part keeps the rest direct. What moves is never more than the line's part on the new invoice, so the
 * invoice never receives more than it holds.
 */
export function moveOnIssue(line: {
  readonly total: number;
  /** What issued invoices hold of the line, the new one included. */
  readonly invoiced: number;
  /** Live direct allocations, oldest first. */
  readonly direct: readonly DirectAllocation[];
}): DirectMove[] {
  const direct = line.direct.reduce((sum, allocation) => sum + allocation.amount, 0);
  let excess = direct - Math.max(0, line.total - line.invoiced);
  const moves: DirectMove[] = [];
  for (const allocation of line.direct) {
    if (excess <= 0) break;
    const moved = Math.min(allocation.amount, excess);
    moves.push({ id: allocation.id, moved, kept: allocation.amount - moved });
    excess -= moved;
  }
  return moves;
}

/** A fee line is paid (spec §3) when allocations cover its total, partly paid when they cover some of it. */
export const feeLinePaymentStatus = (line: {
  readonly total: number;
  readonly paid: number;
}): PaymentStatus => (line.paid >= line.total ? 'paid' : line.paid > 0 ? 'partial' : 'unpaid');

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
