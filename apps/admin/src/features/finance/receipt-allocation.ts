/**
 * Where a receipt is allocated (docs/product.md "财务详情", "收款 page"): an order's issued invoices first,
 * each with what it can still receive (invoiceOpen), then its fee lines with the part no issued invoice holds
 * (the server's `direct_open`: an invoiced part is paid through its invoice) (登记收款 on 财务详情
 * prefills the amounts in that order, never more than the receipt); an invoice found on its own (核销 on the
 * receipts page); and the check of the amounts before the server is asked (the contract's
 * checkAllocations, as the server checks them).
 */
import { allocationTargetKey, checkAllocations, invoiceOpen } from '@trackit/contract/allocations';
import {
  FINANCE_REFUSAL_MESSAGES,
  INVOICE_ITEM_LABELS,
  INVOICE_ITEM_OF_FEE_KIND,
} from '@trackit/contract/finance-enums';
import type { Invoice } from '@trackit/contract/invoice.schema';
import { formatTaxRate, formatYuan } from '@trackit/contract/money';
import type { AllocationCreate } from '@trackit/contract/receipt.schema';
import type { FinanceOrder } from '@trackit/contract/receivable.schema';

export interface AllocationTarget {
  key: string;
  target: { invoice_id: number } | { fee_line_id: number };
  label: string;
  /** What is still to receive of it, in fen. */
  outstanding: number;
}

export function allocationTargets(order: FinanceOrder): AllocationTarget[] {
  const invoices = order.invoices
    .filter((invoice) => invoice.status === 'issued')
    .map((invoice) => ({
      key: `invoice-${invoice.id}`,
      target: { invoice_id: invoice.id },
      label: `发票 ${invoice.number ?? ''}`.trim(),
      outstanding: invoiceOpen(invoice),
    }));
  const lines = order.lines.map((line) => ({
    key: `line-${line.fee_line_id}`,
    target: { fee_line_id: line.fee_line_id },
    label: `${line.model_name} · ${INVOICE_ITEM_LABELS[INVOICE_ITEM_OF_FEE_KIND[line.kind]]} ${formatTaxRate(line.tax_rate)}${line.invoiced > 0 ? '（未开票部分）' : ''}`,
    outstanding: line.direct_open,
  }));
  return [...invoices, ...lines].filter((target) => target.outstanding > 0);
}

/** An issued invoice as a target: what it can still receive is the contract's invoiceOpen. */
export const invoiceTarget = (invoice: Invoice): AllocationTarget => ({
  key: `invoice-${invoice.id}`,
  target: { invoice_id: invoice.id },
  label: `发票 ${invoice.number ?? ''}`.trim(),
  outstanding: invoiceOpen(invoice),
});

/**
 * Why these allocations would be refused (the contract's message), or null: every amount over 0, each
 * target's within what it can still receive, all of them within what the receipt has left.
 */
export function allocationRefusal(
  body: readonly AllocationCreate[],
  unallocated: number,
  targets: readonly AllocationTarget[],
): string | null {
  const open = new Map(targets.map((target) => [allocationTargetKey(target.target), target.outstanding]));
  const check = checkAllocations(body, unallocated, open);
  if (check.ok) return null;
  const message = FINANCE_REFUSAL_MESSAGES[check.reason];
  if (check.reason === 'receipt_over_allocated') return `${message}，最多可核销 ${formatYuan(unallocated)}`;
  const request = check.index === undefined ? undefined : body[check.index];
  if (check.reason !== 'target_over_allocated' || !request) return message;
  // What the target can still take beside the amounts given to it earlier in the request.
  const key = allocationTargetKey(request);
  const before = body
    .slice(0, check.index)
    .filter((other) => allocationTargetKey(other) === key)
    .reduce((total, other) => total + other.amount, 0);
  return `${message}，${targetLabel(targets, key)}最多可核销 ${formatYuan(Math.max(0, (open.get(key) ?? 0) - before))}`;
}

const targetLabel = (targets: readonly AllocationTarget[], key: string): string =>
  targets.find((target) => allocationTargetKey(target.target) === key)?.label ?? '';

/**
 * What the panel says under an amount typed beyond what can be allocated to its target (issue 35 item 11):
 * how much can, by the target's outstanding and by what the receipt has left beside the other amounts.
 */
export function amountProblem(
  amount: number | null,
  outstanding: number,
  receiptLeft: number,
): string | null {
  if (amount === null || !Number.isFinite(amount)) return null;
  if (!Number.isInteger(amount)) return '请输入正确的金额（最多两位小数）';
  if (amount > outstanding) return `超过未收金额，最多可核销 ${formatYuan(outstanding)}`;
  if (amount > receiptLeft) return `超过收款可核销的余额，最多可核销 ${formatYuan(Math.max(0, receiptLeft))}`;
  return null;
}

/** The receipt's amount spread over the targets in order, each up to what is outstanding of it. */
export function spreadAmount(amount: number, targets: readonly AllocationTarget[]): number[] {
  let left = Math.max(0, amount);
  return targets.map((target) => {
    const share = Math.min(left, target.outstanding);
    left -= share;
    return share;
  });
}

/** The allocations to send: the targets given a positive amount. */
export function allocationBody(
  targets: readonly AllocationTarget[],
  amounts: readonly (number | null | undefined)[],
): AllocationCreate[] {
  return targets.flatMap((target, index) => {
    const amount = amounts[index] ?? 0;
    return amount > 0 ? [{ ...target.target, amount }] : [];
  });
}
