/**
 * What allocations paid of fee lines (docs/decisions.md "Payments ledger"). Readers (the order's answer,
 * finance, the allocation's own checks) read the payments ledger: one query whatever the number of lines.
 * Every step that changes a payment calls `recordFeeLinePayments` in its transaction, after its change and
 * with the lines locked: it works out what is paid of each line from the allocations themselves (the
 * contract's paidByFeeLine), writes the difference from the ledger dated the step's business date, and
 * sets each line's payment status. Imports nothing of the order domain's reads, which read this.
 */
import { paidByFeeLine } from '@trackit/contract/allocations';
import type { Database } from '../../db/client';
import { applyFeeLinePayments } from '../order/order-payment.service';
import {
  allocatedToInvoice,
  feeLineIdsOfInvoices,
  insertFeeLinePayments,
  ledgerPaidOfFeeLines,
  lockFeeLines,
  paymentInputs,
} from './receipt.repository';

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

/** A fee line whose payment may have changed, locked by the caller. */
export interface ChangedFeeLine {
  id: number;
  orderId: number;
  total: number;
}

/**
 * After a change to allocations or to an invoice's lines: the ledger gets each line's difference (dated
 * `on`, a business date) and the lines their payment status. Lines whose payment did not move get no row.
 */
export async function recordFeeLinePayments(
  tx: Database,
  teamId: number,
  lines: readonly ChangedFeeLine[],
  on: string,
  at: Date,
): Promise<void> {
  const ids = lines.map((line) => line.id);
  const paid = await paidFromAllocations(tx, teamId, ids);
  const recorded = await ledgerPaidOfFeeLines(tx, teamId, ids);
  await insertFeeLinePayments(
    tx,
    lines
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
  await applyFeeLinePayments(
    tx,
    teamId,
    lines.map((line) => ({
      ...line,
      paid: paid.get(line.id) ?? 0,
      previous: recorded.get(line.id) ?? 0,
    })),
    at,
  );
}

/** What is allocated to an invoice now; the caller holds the invoice's lock (invoice domain). */
export const invoiceAllocated = allocatedToInvoice;

/**
 * After an invoice's lines changed (a red-letter correction passed): its payments spread anew over what
 * its lines now hold, the lines locked after the invoice, as an allocation locks them.
 */
export async function respreadInvoicePayments(
  tx: Database,
  teamId: number,
  invoiceId: number,
  on: string,
  at: Date,
): Promise<void> {
  const lines = await lockFeeLines(tx, teamId, await feeLineIdsOfInvoices(tx, teamId, [invoiceId]));
  await recordFeeLinePayments(tx, teamId, lines, on, at);
}
