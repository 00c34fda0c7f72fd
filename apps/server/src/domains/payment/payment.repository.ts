/**
 * The only file that writes what is paid (docs/decisions.md "One owner for what is paid"): allocations, the
 * payments ledger, and the caches other tables keep of them (`receipts.allocated`, `invoices.allocated`,
 * `fee_lines.paid` and `payment_status`, `orders.invoiced` and `orders.received`). It reads the invoice,
 * order and receipt tables it needs and locks them in the one order every payment step takes: receipt,
 * invoices, fee lines, allocations, orders, each in id order. Every query takes the team id. The figures
 * are the contract's (./allocations); SQL only sums and filters.
 */
import type { PaymentStatus } from '@trackit/contract/enums';
import { and, asc, count, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { givenBackOf, invoicedNetOf, invoiceLines, invoices } from '../invoice/invoice.tables';
import { feeLines, orders } from '../order/order.tables';
import { receipts } from '../receipt/receipt.tables';
import { allocations, feeLinePayments, liveAllocatedTo } from './payment.tables';

export type AllocationRecord = typeof allocations.$inferSelect;

const num = (value: unknown): number => Number(value);
const distinct = (ids: readonly number[]) => [...new Set(ids)];

// --- Locks ---------------------------------------------------------------------------------------------

/** A receipt locked, with what its live allocations take (read after the lock). */
export async function lockReceiptForPayment(tx: Database, teamId: number, id: number) {
  const chosen = and(eq(receipts.teamId, teamId), eq(receipts.id, id));
  const [locked] = await tx.select({ id: receipts.id }).from(receipts).where(chosen).for('update');
  if (!locked) return undefined;
  // Read in a statement of its own after the lock (see lockInvoicesForPayment).
  const [row] = await tx
    .select({ receipt: receipts, allocated: liveAllocatedTo('receipt') })
    .from(receipts)
    .where(chosen);
  return row;
}

/** Locked invoices (in id order) with their figures, entity, buyer, and what is allocated to them now. */
export interface LockedInvoice {
  id: number;
  status: string;
  total: number;
  reversed: number;
  allocated: number;
  number: string | null;
  buyerName: string;
}

export async function lockInvoicesForPayment(
  tx: Database,
  teamId: number,
  ids: readonly number[],
): Promise<LockedInvoice[]> {
  if (ids.length === 0) return [];
  const chosen = and(eq(invoices.teamId, teamId), inArray(invoices.id, distinct(ids)));
  // Lock first, then read the sums in a statement of its own: a statement that waited for a lock keeps
  // the snapshot it started with (READ COMMITTED), so a sum read with the lock would miss the allocations
  // of the transaction it waited for, and two racing requests would both see room (PostgreSQL; PGlite
  // runs one transaction at a time).
  await tx.select({ id: invoices.id }).from(invoices).where(chosen).orderBy(asc(invoices.id)).for('update');
  return tx
    .select({
      id: invoices.id,
      status: invoices.status,
      total: invoices.total,
      reversed: invoices.reversed,
      allocated: liveAllocatedTo('invoice'),
      number: invoices.number,
      buyerName: invoices.buyerName,
    })
    .from(invoices)
    .where(chosen)
    .orderBy(asc(invoices.id));
}

/** What live allocations pay of an invoice now; read after the caller locked it. */
export async function liveAllocatedOfInvoice(db: Database, teamId: number, invoiceId: number) {
  const [row] = await db
    .select({ allocated: liveAllocatedTo('invoice') })
    .from(invoices)
    .where(and(eq(invoices.teamId, teamId), eq(invoices.id, invoiceId)));
  return row?.allocated ?? 0;
}

/** The fee lines of the invoices (whose payments spread over them). */
export async function feeLineIdsOfInvoices(db: Database, teamId: number, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: invoiceLines.feeLineId })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.teamId, teamId), inArray(invoiceLines.invoiceId, distinct(invoiceIds))));
  return rows.map((row) => row.id);
}

/** What live direct allocations (to the line itself) take of the outer query's fee line. */
const liveDirectOfFeeLine = () =>
  sql<number>`coalesce((select sum(${allocations.amount}) from ${allocations} where ${allocations.teamId} = ${feeLines.teamId} and ${allocations.feeLineId} = ${feeLines.id} and ${allocations.undoneAt} is null), 0)::bigint`.mapWith(
    num,
  );

/**
 * Locked fee lines (in id order) with their total, their order's number and status, what issued invoices
 * hold of each (net of passed corrections) and its live direct allocations: the contract's directOpen.
 */
export async function lockFeeLinesForPayment(tx: Database, teamId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const chosen = and(eq(feeLines.teamId, teamId), inArray(feeLines.id, distinct(ids)));
  await tx.select({ id: feeLines.id }).from(feeLines).where(chosen).orderBy(asc(feeLines.id)).for('update');
  return tx
    .select({
      id: feeLines.id,
      orderId: feeLines.orderId,
      total: feeLines.total,
      orderStatus: orders.status,
      orderNumber: orders.number,
      invoiced: invoicedNetOf(),
      direct: liveDirectOfFeeLine(),
    })
    .from(feeLines)
    .innerJoin(orders, and(eq(orders.teamId, feeLines.teamId), eq(orders.id, feeLines.orderId)))
    .where(chosen)
    .orderBy(asc(feeLines.id));
}
export type LockedFeeLine = Awaited<ReturnType<typeof lockFeeLinesForPayment>>[number];

/** The allocation, unlocked: its receipt and targets are locked first, then the allocation. */
export async function findAllocationRow(db: Database, teamId: number, id: number) {
  const [row] = await db
    .select()
    .from(allocations)
    .where(and(eq(allocations.teamId, teamId), eq(allocations.id, id)));
  return row;
}

export async function lockAllocationRow(tx: Database, teamId: number, id: number) {
  const [row] = await tx
    .select()
    .from(allocations)
    .where(and(eq(allocations.teamId, teamId), eq(allocations.id, id)))
    .for('update');
  return row;
}

// --- Allocations ---------------------------------------------------------------------------------------

export async function insertAllocationRows(tx: Database, values: (typeof allocations.$inferInsert)[]) {
  if (values.length === 0) return [];
  return tx.insert(allocations).values(values).returning({ id: allocations.id });
}

/** Ends an allocation: undone by a member, or moved onto an invoice when its line was invoiced. */
export async function endAllocationRow(
  tx: Database,
  teamId: number,
  id: number,
  values: {
    undoneAt: Date;
    undoneOn: string;
    undoneByMembershipId: number | null;
    movedToInvoiceId?: number;
  },
) {
  await tx
    .update(allocations)
    .set(values)
    .where(and(eq(allocations.teamId, teamId), eq(allocations.id, id)));
}

/** The live direct allocations of the lines, locked, oldest first (what an invoice's issue may move). */
export async function lockLiveDirectAllocations(tx: Database, teamId: number, feeLineIds: readonly number[]) {
  if (feeLineIds.length === 0) return [];
  return tx
    .select({
      id: allocations.id,
      receiptId: allocations.receiptId,
      feeLineId: sql<number>`${allocations.feeLineId}`.mapWith(num),
      amount: allocations.amount,
      allocatedOn: allocations.allocatedOn,
    })
    .from(allocations)
    .where(
      and(
        eq(allocations.teamId, teamId),
        inArray(allocations.feeLineId, distinct(feeLineIds)),
        isNull(allocations.undoneAt),
      ),
    )
    .orderBy(asc(allocations.allocatedOn), asc(allocations.id))
    .for('update');
}

// --- What is paid: the truth and the ledger ------------------------------------------------------------

/**
 * What allocations paid of fee lines, as the contract's paidByFeeLine reads it: every invoice covering
 * one of the lines with its whole allocated amount, its earmarks and all its lines (each the invoice line's
 * total less what passed corrections took back), and the allocations made to the lines directly. Undone
 * and moved allocations are left out. Three queries, whatever the number of lines.
 */
export async function paymentInputs(db: Database, teamId: number, feeLineIds: readonly number[]) {
  if (feeLineIds.length === 0) return { invoices: [], direct: [] };
  const ids = distinct(feeLineIds);
  const covering = alias(invoiceLines, 'covering_line');
  const coveringInvoices = db
    .select({ invoiceId: covering.invoiceId })
    .from(covering)
    .where(and(eq(covering.teamId, teamId), inArray(covering.feeLineId, ids)));
  const lines = await db
    .select({
      invoiceId: invoiceLines.invoiceId,
      feeLineId: invoiceLines.feeLineId,
      total: sql<number>`${invoiceLines.total} - ${givenBackOf('invoice_line')}`.mapWith(num),
      allocated: liveAllocatedTo('invoice', { teamId: invoiceLines.teamId, id: invoiceLines.invoiceId }),
    })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.teamId, teamId), inArray(invoiceLines.invoiceId, coveringInvoices)))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.id));
  const earmarked = await db
    .select({
      invoiceId: sql<number>`${allocations.invoiceId}`.mapWith(num),
      feeLineId: sql<number>`${allocations.earmarkFeeLineId}`.mapWith(num),
      amount: sql<number>`sum(${allocations.amount})`.mapWith(num),
    })
    .from(allocations)
    .where(
      and(
        eq(allocations.teamId, teamId),
        inArray(allocations.invoiceId, coveringInvoices),
        isNotNull(allocations.earmarkFeeLineId),
        isNull(allocations.undoneAt),
      ),
    )
    .groupBy(allocations.invoiceId, allocations.earmarkFeeLineId);
  const byInvoice = new Map<
    number,
    {
      invoiceId: number;
      allocated: number;
      lines: { fee_line_id: number; total: number }[];
      earmarks: Map<number, number>;
    }
  >();
  for (const row of lines) {
    const entry = byInvoice.get(row.invoiceId) ?? {
      invoiceId: row.invoiceId,
      allocated: row.allocated,
      lines: [] as { fee_line_id: number; total: number }[],
      earmarks: new Map<number, number>(),
    };
    entry.lines.push({ fee_line_id: row.feeLineId, total: row.total });
    byInvoice.set(row.invoiceId, entry);
  }
  for (const row of earmarked) byInvoice.get(row.invoiceId)?.earmarks.set(row.feeLineId, row.amount);
  const direct = await db
    .select({
      feeLineId: sql<number>`${allocations.feeLineId}`.mapWith(num),
      amount: sql<number>`sum(${allocations.amount})`.mapWith(num),
    })
    .from(allocations)
    .where(
      and(eq(allocations.teamId, teamId), inArray(allocations.feeLineId, ids), isNull(allocations.undoneAt)),
    )
    .groupBy(allocations.feeLineId);
  return {
    invoices: [...byInvoice.values()],
    direct: direct.map((row) => ({ fee_line_id: row.feeLineId, amount: row.amount })),
  };
}

/** What the payments ledger holds as paid of each line now (a line with no entry is absent). */
export async function ledgerPaidOfFeeLines(db: Database, teamId: number, feeLineIds: readonly number[]) {
  if (feeLineIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({
      feeLineId: feeLinePayments.feeLineId,
      paid: sql<number>`sum(${feeLinePayments.amount})::bigint`.mapWith(Number),
    })
    .from(feeLinePayments)
    .where(and(eq(feeLinePayments.teamId, teamId), inArray(feeLinePayments.feeLineId, distinct(feeLineIds))))
    .groupBy(feeLinePayments.feeLineId);
  return new Map(rows.filter((row) => row.paid !== 0).map((row) => [row.feeLineId, row.paid]));
}

export async function insertFeeLinePayments(tx: Database, values: (typeof feeLinePayments.$inferInsert)[]) {
  if (values.length > 0) await tx.insert(feeLinePayments).values(values);
}

// --- The caches ----------------------------------------------------------------------------------------

/** Receipts' `allocated` set from their live allocations (the caller holds their locks). */
export async function refreshReceiptsAllocated(tx: Database, teamId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx
    .update(receipts)
    .set({ allocated: liveAllocatedTo('receipt') })
    .where(and(eq(receipts.teamId, teamId), inArray(receipts.id, distinct(ids))));
}

/** Invoices' `allocated` set from their live allocations (the caller holds their locks). */
export async function refreshInvoicesAllocated(tx: Database, teamId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx
    .update(invoices)
    .set({ allocated: liveAllocatedTo('invoice') })
    .where(and(eq(invoices.teamId, teamId), inArray(invoices.id, distinct(ids))));
}

/** A fee line's paid amount and status (the caller holds its lock). */
export async function setFeeLinePaid(
  tx: Database,
  teamId: number,
  id: number,
  paid: number,
  paymentStatus: PaymentStatus,
  at: Date,
) {
  await tx
    .update(feeLines)
    .set({ paid, paymentStatus, updatedAt: at })
    .where(and(eq(feeLines.teamId, teamId), eq(feeLines.id, id)));
}

/** What an order has received: each of its lines up to its total (contract ./allocations orderMoney). */
const receivedOfOrder = sql<number>`coalesce((select sum(least(${feeLines.paid}, ${feeLines.total})) from ${feeLines} where ${feeLines.teamId} = ${orders.teamId} and ${feeLines.orderId} = ${orders.id}), 0)::bigint`;

/** What issued invoices hold of an order's lines, net of passed corrections. */
const invoicedOfOrder = () =>
  sql<number>`coalesce((select sum(${invoicedNetOf()}) from ${feeLines} where ${feeLines.teamId} = ${orders.teamId} and ${feeLines.orderId} = ${orders.id}), 0)::bigint`;

/**
 * Orders' `received` and `invoiced` set from their lines. The orders are locked first (in id order), then
 * updated in a statement of its own, so of two transactions paying lines of one order the later one sums
 * what the earlier committed (a sum read while waiting for the lock would miss it).
 */
export async function refreshOrdersMoney(tx: Database, teamId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  const chosen = and(eq(orders.teamId, teamId), inArray(orders.id, distinct(ids)));
  await tx.select({ id: orders.id }).from(orders).where(chosen).orderBy(asc(orders.id)).for('update');
  await tx.update(orders).set({ received: receivedOfOrder, invoiced: invoicedOfOrder() }).where(chosen);
}

// --- Drift: the caches against the truth (./payment-drift.service.ts) ----------------------------------

/** Rows of the team whose cache differs from what it caches, by kind, and lines paid past their total. */
export async function countCacheDrift(db: Database, teamId: number) {
  const rows = async (
    table: typeof receipts | typeof invoices | typeof feeLines | typeof orders,
    where: SQL,
  ) => {
    const [row] = await db.select({ n: count() }).from(table).where(where);
    return row?.n ?? 0;
  };
  const ledgerOfLine = sql`coalesce((select sum(${feeLinePayments.amount}) from ${feeLinePayments} where ${feeLinePayments.teamId} = ${feeLines.teamId} and ${feeLinePayments.feeLineId} = ${feeLines.id}), 0)`;
  // One after another: the caller may pass a transaction's single connection.
  const receiptRows = await rows(
    receipts,
    sql`${receipts.teamId} = ${teamId} and ${receipts.allocated} <> ${liveAllocatedTo('receipt')}`,
  );
  const invoiceRows = await rows(
    invoices,
    sql`${invoices.teamId} = ${teamId} and (${invoices.allocated} <> ${liveAllocatedTo('invoice')} or ${invoices.reversed} + ${invoices.allocated} > ${invoices.total})`,
  );
  const lineRows = await rows(
    feeLines,
    sql`${feeLines.teamId} = ${teamId} and (${feeLines.paid} <> ${ledgerOfLine} or (${feeLines.total} > 0 and ${feeLines.paymentStatus} <> (case when ${feeLines.paid} >= ${feeLines.total} then 'paid' when ${feeLines.paid} > 0 then 'partial' else 'unpaid' end)))`,
  );
  const overpaid = await rows(
    feeLines,
    sql`${feeLines.teamId} = ${teamId} and (${feeLines.paid} > ${feeLines.total} or ${feeLines.paid} < 0)`,
  );
  const orderRows = await rows(
    orders,
    sql`${orders.teamId} = ${teamId} and (${orders.received} <> ${receivedOfOrder} or ${orders.invoiced} <> ${invoicedOfOrder()})`,
  );
  return { receipts: receiptRows, invoices: invoiceRows, lines: lineRows, overpaid, orders: orderRows };
}

/** The team's fee lines that anything ever paid (a ledger row), in id order from `after`, `limit` of them. */
export async function paidFeeLineIds(db: Database, teamId: number, after: number, limit: number) {
  const rows = await db
    .selectDistinct({ id: feeLinePayments.feeLineId })
    .from(feeLinePayments)
    .where(and(eq(feeLinePayments.teamId, teamId), sql`${feeLinePayments.feeLineId} > ${after}`))
    .orderBy(asc(feeLinePayments.feeLineId))
    .limit(limit);
  return rows.map((row) => row.id);
}
