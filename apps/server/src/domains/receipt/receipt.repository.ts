/**
 * The only file with the receipt domain's queries: receipts, their allocations, the locks an allocation
 * takes, and what allocations paid of fee lines (read joined with the invoice and order tables, never
 * written there). Every query takes the team id. The figures are the contract's (./allocations); SQL only
 * sums and filters.
 */
import type { ReceiptQuery } from '@trackit/contract/receipt.schema';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { containing } from '../../db/like';
import type { PageWindow } from '../../http/pagination';
import { givenBackOf, invoiceLines, invoices } from '../invoice/invoice.tables';
import { models } from '../model/model.tables';
import { feeLines, orders } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';
import { allocations, feeLinePayments, receipts } from './receipt.tables';

export type ReceiptRecord = typeof receipts.$inferSelect;
export type AllocationRecord = typeof allocations.$inferSelect;

const num = (value: unknown): number => Number(value);

/** What live allocations (not undone) take of the outer query's `column`, correlated on its team. */
const allocatedTo = (
  db: Database,
  column: typeof allocations.receiptId | typeof allocations.invoiceId,
  outer: { teamId: SQLWrapper; id: SQLWrapper },
) =>
  sql<number>`coalesce(${db
    .select({ amount: sql`sum(${allocations.amount})` })
    .from(allocations)
    .where(
      and(eq(allocations.teamId, outer.teamId), eq(column, outer.id), isNull(allocations.undoneAt)),
    )}, 0)::bigint`.mapWith(num);

/** What is allocated of the receipt (allocations not undone). */
const allocatedToReceipt = (db: Database) =>
  allocatedTo(db, allocations.receiptId, { teamId: receipts.teamId, id: receipts.id });

const creator = alias(memberships, 'receipt_creator');

const selectReceipts = (db: Database) =>
  db
    .select({
      receipt: receipts,
      recipient: { id: teamRecipients.id, name: teamRecipients.name, shortName: teamRecipients.shortName },
      createdByName: creator.nickname,
      allocated: allocatedToReceipt(db),
    })
    .from(receipts)
    .innerJoin(
      teamRecipients,
      and(eq(teamRecipients.teamId, receipts.teamId), eq(teamRecipients.id, receipts.teamRecipientId)),
    )
    .leftJoin(
      creator,
      and(eq(creator.teamId, receipts.teamId), eq(creator.id, receipts.createdByMembershipId)),
    );
export type ReceiptRow = Awaited<ReturnType<ReturnType<typeof selectReceipts>['where']>>[number];

export async function findReceipt(db: Database, teamId: number, id: number): Promise<ReceiptRow | undefined> {
  const [row] = await selectReceipts(db).where(and(eq(receipts.teamId, teamId), eq(receipts.id, id)));
  return row;
}

export async function insertReceipt(tx: Database, values: typeof receipts.$inferInsert): Promise<number> {
  const [row] = await tx.insert(receipts).values(values).returning({ id: receipts.id });
  if (!row) throw new Error('receipt not created');
  return row.id;
}

/** The receipt locked (allocations, undos and the void of one receipt take turns), with what is allocated. */
export async function lockReceipt(tx: Database, teamId: number, id: number) {
  const [row] = await tx
    .select()
    .from(receipts)
    .where(and(eq(receipts.teamId, teamId), eq(receipts.id, id)))
    .for('update');
  if (!row) return undefined;
  const [sum] = await tx
    .select({ allocated: sql<number>`coalesce(sum(${allocations.amount}), 0)::bigint`.mapWith(Number) })
    .from(allocations)
    .where(and(eq(allocations.teamId, teamId), eq(allocations.receiptId, id), isNull(allocations.undoneAt)));
  return { receipt: row, allocated: sum?.allocated ?? 0 };
}

export async function updateReceiptRow(
  tx: Database,
  teamId: number,
  id: number,
  values: Partial<typeof receipts.$inferInsert>,
) {
  await tx
    .update(receipts)
    .set(values)
    .where(and(eq(receipts.teamId, teamId), eq(receipts.id, id)));
}

/** Adds to what a receipt's live allocations take (negative: an undo). */
export async function addToReceiptAllocated(tx: Database, teamId: number, id: number, amount: number) {
  await tx
    .update(receipts)
    .set({ allocated: sql`${receipts.allocated} + ${amount}` })
    .where(and(eq(receipts.teamId, teamId), eq(receipts.id, id)));
}

/** The receipts of a team by the list's filters, newest first; paged in the database. */
export async function listReceipts(db: Database, teamId: number, filter: ReceiptQuery, window: PageWindow) {
  const allocated = allocatedToReceipt(db);
  const where = and(
    eq(receipts.teamId, teamId),
    filter.team_recipient_id ? eq(receipts.teamRecipientId, filter.team_recipient_id) : undefined,
    filter.received_from ? gte(receipts.receivedOn, filter.received_from) : undefined,
    filter.received_to ? lte(receipts.receivedOn, filter.received_to) : undefined,
    filter.keyword
      ? or(
          ilike(receipts.payerName, containing(filter.keyword)),
          ilike(receipts.reference, containing(filter.keyword)),
        )
      : undefined,
    filter.unallocated === undefined
      ? undefined
      : filter.unallocated
        ? and(isNull(receipts.voidedAt), sql`${receipts.amount} > ${allocated}`)
        : sql`not (${receipts.voidedAt} is null and ${receipts.amount} > ${allocated})`,
  );
  const [rows, [totals]] = await Promise.all([
    selectReceipts(db)
      .where(where)
      .orderBy(desc(receipts.receivedOn), desc(receipts.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(receipts).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

const allocator = alias(memberships, 'allocation_creator');
const undoer = alias(memberships, 'allocation_undoer');
const lineOrder = alias(orders, 'allocation_order');

/**
 * The receipt's allocations, oldest first, with what each pays: the invoice (number, buyer, entity), or
 * the fee line (its order's number and entity, the model's stage name).
 */
export function listAllocations(db: Database, teamId: number, receiptId: number) {
  return db
    .select({
      allocation: allocations,
      invoice: {
        id: invoices.id,
        number: invoices.number,
        buyerName: invoices.buyerName,
        teamRecipientId: invoices.teamRecipientId,
      },
      feeLine: {
        id: feeLines.id,
        orderId: lineOrder.id,
        orderNumber: lineOrder.number,
        teamRecipientId: lineOrder.teamRecipientId,
        modelName: models.name,
      },
      createdByName: allocator.nickname,
      undoneByName: undoer.nickname,
    })
    .from(allocations)
    .leftJoin(invoices, and(eq(invoices.teamId, allocations.teamId), eq(invoices.id, allocations.invoiceId)))
    .leftJoin(feeLines, and(eq(feeLines.teamId, allocations.teamId), eq(feeLines.id, allocations.feeLineId)))
    .leftJoin(lineOrder, and(eq(lineOrder.teamId, feeLines.teamId), eq(lineOrder.id, feeLines.orderId)))
    .leftJoin(models, and(eq(models.teamId, feeLines.teamId), eq(models.id, feeLines.modelId)))
    .leftJoin(
      allocator,
      and(eq(allocator.teamId, allocations.teamId), eq(allocator.id, allocations.createdByMembershipId)),
    )
    .leftJoin(
      undoer,
      and(eq(undoer.teamId, allocations.teamId), eq(undoer.id, allocations.undoneByMembershipId)),
    )
    .where(and(eq(allocations.teamId, teamId), eq(allocations.receiptId, receiptId)))
    .orderBy(allocations.id);
}
export type AllocationRow = Awaited<ReturnType<typeof listAllocations>>[number];

export async function insertAllocations(tx: Database, values: (typeof allocations.$inferInsert)[]) {
  if (values.length > 0) await tx.insert(allocations).values(values);
}

/** The allocation, unlocked: its receipt is locked first, then the allocation (lockAllocation). */
export async function findAllocation(db: Database, teamId: number, id: number) {
  const [row] = await db
    .select()
    .from(allocations)
    .where(and(eq(allocations.teamId, teamId), eq(allocations.id, id)));
  return row;
}

export async function lockAllocation(tx: Database, teamId: number, id: number) {
  const [row] = await tx
    .select()
    .from(allocations)
    .where(and(eq(allocations.teamId, teamId), eq(allocations.id, id)))
    .for('update');
  return row;
}

export async function markAllocationUndone(
  tx: Database,
  teamId: number,
  id: number,
  values: { undoneAt: Date; undoneOn: string; undoneByMembershipId: number },
) {
  await tx
    .update(allocations)
    .set(values)
    .where(and(eq(allocations.teamId, teamId), eq(allocations.id, id)));
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

export async function lockInvoices(
  tx: Database,
  teamId: number,
  ids: readonly number[],
): Promise<LockedInvoice[]> {
  if (ids.length === 0) return [];
  const chosen = and(eq(invoices.teamId, teamId), inArray(invoices.id, [...ids]));
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
      allocated: allocatedTo(tx, allocations.invoiceId, { teamId: invoices.teamId, id: invoices.id }),
      number: invoices.number,
      buyerName: invoices.buyerName,
    })
    .from(invoices)
    .where(chosen)
    .orderBy(asc(invoices.id));
}

/** The fee lines of the invoices (whose payments spread over them). */
export async function feeLineIdsOfInvoices(db: Database, teamId: number, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: invoiceLines.feeLineId })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.teamId, teamId), inArray(invoiceLines.invoiceId, [...invoiceIds])));
  return rows.map((row) => row.id);
}

/** Locked fee lines (in id order) with their total and their order's number and status. */
export async function lockFeeLines(tx: Database, teamId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: feeLines.id,
      orderId: feeLines.orderId,
      total: feeLines.total,
      orderStatus: orders.status,
      orderNumber: orders.number,
    })
    .from(feeLines)
    .innerJoin(orders, and(eq(orders.teamId, feeLines.teamId), eq(orders.id, feeLines.orderId)))
    .where(and(eq(feeLines.teamId, teamId), inArray(feeLines.id, [...new Set(ids)])))
    .orderBy(asc(feeLines.id))
    .for('update', { of: feeLines });
}

/**
 * What allocations paid of fee lines, as the contract's paidByFeeLine reads it: every invoice covering
 * one of the lines with its whole allocated amount and all its lines (each the invoice line's total less
 * what passed corrections took back), and the allocations made to the lines directly. Undone allocations
 * are left out. Three queries, whatever the number of lines.
 */
export async function paymentInputs(db: Database, teamId: number, feeLineIds: readonly number[]) {
  if (feeLineIds.length === 0) return { invoices: [], direct: [] };
  const ids = [...new Set(feeLineIds)];
  const covering = alias(invoiceLines, 'covering_line');
  const lines = await db
    .select({
      invoiceId: invoiceLines.invoiceId,
      feeLineId: invoiceLines.feeLineId,
      total: sql<number>`${invoiceLines.total} - ${givenBackOf('invoice_line')}`.mapWith(num),
      allocated: allocatedTo(db, allocations.invoiceId, {
        teamId: invoiceLines.teamId,
        id: invoiceLines.invoiceId,
      }),
    })
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.teamId, teamId),
        inArray(
          invoiceLines.invoiceId,
          db
            .select({ invoiceId: covering.invoiceId })
            .from(covering)
            .where(and(eq(covering.teamId, teamId), inArray(covering.feeLineId, ids))),
        ),
      ),
    )
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.id));
  const byInvoice = new Map<number, { allocated: number; lines: { fee_line_id: number; total: number }[] }>();
  for (const row of lines) {
    const entry = byInvoice.get(row.invoiceId) ?? { allocated: row.allocated, lines: [] };
    entry.lines.push({ fee_line_id: row.feeLineId, total: row.total });
    byInvoice.set(row.invoiceId, entry);
  }
  const direct = await db
    .select({
      feeLineId: allocations.feeLineId,
      amount: sql<number>`sum(${allocations.amount})`.mapWith(num),
    })
    .from(allocations)
    .where(
      and(eq(allocations.teamId, teamId), inArray(allocations.feeLineId, ids), isNull(allocations.undoneAt)),
    )
    .groupBy(allocations.feeLineId);
  return {
    invoices: [...byInvoice.values()],
    // Grouped by fee lines of the list, none null.
    direct: direct.map((row) => ({ fee_line_id: num(row.feeLineId), amount: row.amount })),
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
    .where(
      and(eq(feeLinePayments.teamId, teamId), inArray(feeLinePayments.feeLineId, [...new Set(feeLineIds)])),
    )
    .groupBy(feeLinePayments.feeLineId);
  return new Map(rows.filter((row) => row.paid !== 0).map((row) => [row.feeLineId, row.paid]));
}

export async function insertFeeLinePayments(tx: Database, values: (typeof feeLinePayments.$inferInsert)[]) {
  if (values.length > 0) await tx.insert(feeLinePayments).values(values);
}

/** What is allocated to an invoice now (allocations not undone); read after the invoice is locked. */
export async function allocatedToInvoice(db: Database, teamId: number, invoiceId: number): Promise<number> {
  const [row] = await db
    .select({ allocated: sql<number>`coalesce(sum(${allocations.amount}), 0)::bigint`.mapWith(Number) })
    .from(allocations)
    .where(
      and(eq(allocations.teamId, teamId), eq(allocations.invoiceId, invoiceId), isNull(allocations.undoneAt)),
    );
  return row?.allocated ?? 0;
}
