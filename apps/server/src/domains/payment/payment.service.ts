/**
 * What is paid, and its one owner (docs/decisions.md "One owner for what is paid", docs/product.md
 * "Payments received"). Allocations are the truth; the payments ledger (dated changes of what each fee line
 * is paid) and the caches other tables keep (`receipts.allocated`, `invoices.allocated`, `fee_lines.paid` and
 * `payment_status`, `orders.invoiced` and `orders.received`) are written here alone, by `settlePayments`,
 * in the transaction of the step that changed them: an allocation made or undone (receipt domain), an
 * invoice issued (which moves its lines' direct payments onto it, `moveDirectPaymentsOnIssue`) or corrected
 * (invoice domain). The database holds the invariants (CHECKs: no line paid past its total, no receipt past
 * its amount, no invoice past what corrections left of it), and the daily drift check (./payment-drift)
 * compares every cache with the truth.
 *
 * Locks are taken in one order by every step: receipt, invoices, fee lines, allocations, orders, each in id
 * order, so racing steps take turns and never deadlock.
 */
import { feeLinePaymentStatus, moveOnIssue, paidByFeeLine } from '@trackit/contract/allocations';
import { RECEIPT_MESSAGES } from '@trackit/contract/receipt.schema';
import type { Database } from '../../db/client';
import { isCheckViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import {
  endAllocationRow,
  feeLineIdsOfInvoices,
  findAllocationRow,
  insertAllocationRows,
  insertFeeLinePayments,
  ledgerPaidOfFeeLines,
  liveAllocatedOfInvoice,
  lockAllocationRow,
  lockFeeLinesForPayment,
  lockInvoicesForPayment,
  lockLiveDirectAllocations,
  lockReceiptForPayment,
  paymentInputs,
  refreshInvoicesAllocated,
  refreshOrdersMoney,
  refreshReceiptsAllocated,
  setFeeLinePaid,
} from './payment.repository';

export type { LockedFeeLine, LockedInvoice } from './payment.repository';
export {
  findAllocationRow as findAllocation,
  liveAllocatedOfInvoice as invoiceAllocated,
  lockAllocationRow as lockAllocation,
  lockReceiptForPayment as lockReceipt,
};

/** Paid fen by fee line id, as the ledger holds it (a line with nothing paid is absent). */
export function paidOfFeeLines(
  db: Database,
  teamId: number,
  feeLineIds: readonly number[],
): Promise<Map<number, number>> {
  return ledgerPaidOfFeeLines(db, teamId, feeLineIds);
}

/** Paid fen by fee line id, worked out from the allocations (the ledger's source of truth). */
export async function paidFromAllocations(
  db: Database,
  teamId: number,
  feeLineIds: readonly number[],
): Promise<Map<number, number>> {
  const inputs = await paymentInputs(db, teamId, feeLineIds);
  return paidByFeeLine(inputs.invoices, inputs.direct);
}

/**
 * The invoices and the fee lines a payment step reaches, locked in that order (after the receipt, which the
 * caller locked): the lines named directly and every line of the invoices, whose payments spread over them.
 */
export async function lockPaymentTargets(
  tx: Database,
  teamId: number,
  invoiceIds: readonly number[],
  feeLineIds: readonly number[],
) {
  const invoices = await lockInvoicesForPayment(tx, teamId, invoiceIds);
  const invoiceLineIds = await feeLineIdsOfInvoices(
    tx,
    teamId,
    invoices.map((invoice) => invoice.id),
  );
  const lines = await lockFeeLinesForPayment(tx, teamId, [...invoiceLineIds, ...feeLineIds]);
  return { invoices, lines };
}

/** Allocations to insert: a receipt's parts given to invoices or fee lines. */
export const recordAllocations = insertAllocationRows;
/** An allocation ended: undone by a member (the caller holds its receipt's and targets' locks). */
export const endAllocation = endAllocationRow;

/** What changed in one step: the receipts, invoices and fee lines whose payments may have moved (locked). */
export interface PaymentScope {
  receiptIds?: readonly number[];
  invoiceIds?: readonly number[];
  /** Every line whose payment may have moved, with its order; locked by the caller. */
  lines: readonly { id: number; orderId: number; total: number }[];
  /** Orders whose invoiced money moved without a payment (an invoice issued or corrected). */
  orderIds?: readonly number[];
}

/**
 * The one function that writes what is paid after a step changed allocations or invoices: the receipts'
 * and invoices' allocated amounts from their live allocations; for each line, the ledger's difference from
 * what the contract's paidByFeeLine now says (dated `on`, the step's business date), its paid amount and
 * status; and the orders' invoiced and received money from their lines. A write the database's invariants
 * refuse (a line paid past its total, left by data written before the rule) answers 409, nothing written.
 */
export async function settlePayments(
  tx: Database,
  teamId: number,
  scope: PaymentScope,
  on: string,
  at: Date,
): Promise<void> {
  try {
    await refreshReceiptsAllocated(tx, teamId, scope.receiptIds ?? []);
    await refreshInvoicesAllocated(tx, teamId, scope.invoiceIds ?? []);
    const ids = scope.lines.map((line) => line.id);
    const paid = await paidFromAllocations(tx, teamId, ids);
    const recorded = await ledgerPaidOfFeeLines(tx, teamId, ids);
    await insertFeeLinePayments(
      tx,
      scope.lines
        .map((line) => ({
          teamId,
          feeLineId: line.id,
          orderId: line.orderId,
          paidOn: on,
          amount: (paid.get(line.id) ?? 0) - (recorded.get(line.id) ?? 0),
          createdAt: at,
        }))
        .filter((row) => row.amount !== 0),
    );
    const orderIds = new Set(scope.orderIds ?? []);
    for (const line of scope.lines) {
      const now = paid.get(line.id) ?? 0;
      if (now === (recorded.get(line.id) ?? 0)) continue;
      await setFeeLinePaid(
        tx,
        teamId,
        line.id,
        now,
        feeLinePaymentStatus({ total: line.total, paid: now }),
        at,
      );
      orderIds.add(line.orderId);
    }
    await refreshOrdersMoney(
      tx,
      teamId,
      [...orderIds].sort((a, b) => a - b),
    );
  } catch (error) {
    if (isCheckViolation(error))
      throw new AppError('conflict', { message: RECEIPT_MESSAGES.paymentInvariant });
    throw error;
  }
}

/**
 * When an invoice is issued (the invoice locked by the caller): its lines' direct payments beyond what
 * stays uninvoiced of each move onto it, earmarked for their line (contract ./allocations moveOnIssue). The
 * moved row ends (dated `on`, by the issuer) and a row of the same receipt pays the invoice; a part that
 * stays direct is a new direct row. What each line is paid does not change; then everything is settled.
 * Answers how much moved, for the log.
 */
export async function moveDirectPaymentsOnIssue(
  tx: Database,
  teamId: number,
  invoiceId: number,
  by: number,
  on: string,
  at: Date,
): Promise<number> {
  const { lines } = await lockPaymentTargets(
    tx,
    teamId,
    [],
    await feeLineIdsOfInvoices(tx, teamId, [invoiceId]),
  );
  const direct = await lockLiveDirectAllocations(
    tx,
    teamId,
    lines.map((line) => line.id),
  );
  let moved = 0;
  for (const line of lines) {
    const own = direct.filter((allocation) => allocation.feeLineId === line.id);
    const moves = moveOnIssue({ total: line.total, invoiced: line.invoiced, direct: own });
    for (const move of moves) {
      const allocation = own.find((candidate) => candidate.id === move.id);
      if (!allocation) continue;
      await endAllocationRow(tx, teamId, move.id, {
        undoneAt: at,
        undoneOn: on < allocation.allocatedOn ? allocation.allocatedOn : on,
        undoneByMembershipId: by,
        movedToInvoiceId: invoiceId,
      });
      const common = {
        teamId,
        receiptId: allocation.receiptId,
        allocatedOn: on,
        createdByMembershipId: by,
        createdAt: at,
      };
      await insertAllocationRows(tx, [
        { ...common, invoiceId, earmarkFeeLineId: line.id, amount: move.moved },
        ...(move.kept > 0 ? [{ ...common, feeLineId: line.id, amount: move.kept }] : []),
      ]);
      moved += move.moved;
    }
  }
  await settlePayments(
    tx,
    teamId,
    { invoiceIds: [invoiceId], lines, orderIds: lines.map((line) => line.orderId) },
    on,
    at,
  );
  return moved;
}

/**
 * After an invoice's lines changed (a red-letter correction passed; the invoice locked by the caller): its
 * payments spread anew over what its lines now hold, the lines locked after the invoice.
 */
export async function respreadInvoicePayments(
  tx: Database,
  teamId: number,
  invoiceId: number,
  on: string,
  at: Date,
): Promise<void> {
  const lines = await lockFeeLinesForPayment(tx, teamId, await feeLineIdsOfInvoices(tx, teamId, [invoiceId]));
  await settlePayments(
    tx,
    teamId,
    { invoiceIds: [invoiceId], lines, orderIds: lines.map((line) => line.orderId) },
    on,
    at,
  );
}

/**
 * What the invoice's payments give each of its lines now (the invoice locked by the caller), by fee line id:
 * a red-letter correction takes back only what is unpaid of each line (contract reversalFigures).
 */
export async function invoicePaidByLine(
  tx: Database,
  teamId: number,
  invoiceId: number,
): Promise<Map<number, number>> {
  const inputs = await paymentInputs(tx, teamId, await feeLineIdsOfInvoices(tx, teamId, [invoiceId]));
  return paidByFeeLine(
    inputs.invoices.filter((invoice) => invoice.invoiceId === invoiceId),
    [],
  );
}
