/**
 * What the finance domains keep on orders (docs/decisions.md "Payments ledger"): each fee line's paid amount
 * and payment status (spec §3, the contract's feeLinePaymentStatus), and each order's invoiced and received
 * money, in the transaction of the change that moved them (an allocation, an invoice issued, a red-letter
 * correction passed), so 费用 and the dashboard read them from the order's own row.
 */
import { feeLinePaymentStatus } from '@trackit/contract/allocations';
import type { Database } from '../../db/client';
import { addToOrderMoney, setFeeLinePaid } from './order.repository';

/** A fee line whose paid amount moved from `previous` to `paid`. */
export interface FeeLinePaidChange {
  id: number;
  orderId: number;
  total: number;
  paid: number;
  previous: number;
}

/**
 * The lines' paid amounts and statuses, and their orders' received money: each line counts up to its total
 * (the contract's orderMoney), so an order's received moves by what the change did within its lines' totals.
 */
export async function applyFeeLinePayments(
  tx: Database,
  teamId: number,
  lines: readonly FeeLinePaidChange[],
  at: Date,
): Promise<void> {
  const receivedByOrder = new Map<number, number>();
  for (const line of lines) {
    if (line.paid === line.previous) continue;
    const status = feeLinePaymentStatus({ total: line.total, paid: line.paid });
    await setFeeLinePaid(tx, teamId, line.id, line.paid, status, at);
    const moved = Math.min(line.paid, line.total) - Math.min(line.previous, line.total);
    receivedByOrder.set(line.orderId, (receivedByOrder.get(line.orderId) ?? 0) + moved);
  }
  for (const [orderId, received] of receivedByOrder)
    if (received !== 0) await addToOrderMoney(tx, teamId, orderId, { received });
}

/** Adds what an invoice issued (positive) or a correction passed (negative) did to its orders' invoiced money. */
export async function addOrdersInvoiced(
  tx: Database,
  teamId: number,
  changes: readonly { orderId: number; amount: number }[],
): Promise<void> {
  const byOrder = new Map<number, number>();
  for (const change of changes)
    byOrder.set(change.orderId, (byOrder.get(change.orderId) ?? 0) + change.amount);
  for (const [orderId, invoiced] of byOrder)
    if (invoiced !== 0) await addToOrderMoney(tx, teamId, orderId, { invoiced });
}
