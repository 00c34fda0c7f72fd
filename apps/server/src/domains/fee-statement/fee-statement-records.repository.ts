/**
 * What a fee statement is worked out from (docs/product.md "Fee statements"), read joined across the order,
 * company, payee entity, invoice and receipt tables, never written: the order or the client's billed orders
 * of one payee entity, their fee lines with the model's stage name, and the client's dated records
 * (invoices issued and corrected, receipts and allocations) for the contract's statementFigures. Every
 * query takes the team id.
 */
import { and, asc, countDistinct, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies } from '../company/company.tables';
import { invoiceCorrections, invoiceLines, invoices } from '../invoice/invoice.tables';
import { models } from '../model/model.tables';
import { feeLines, orders } from '../order/order.tables';
import { allocations } from '../payment/payment.tables';
import { receipts } from '../receipt/receipt.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';

const orderColumns = {
  id: orders.id,
  number: orders.number,
  title: orders.title,
  status: orders.status,
  companyId: orders.companyId,
  teamRecipientId: orders.teamRecipientId,
  firstDate: orders.firstDate,
  lastDate: orders.lastDate,
  feesTotal: orders.feesTotal,
  /** When it was billed; an order billed before the column was kept counts from its last update. */
  billedAt: sql<Date>`coalesce(${orders.billedAt}, ${orders.updatedAt})`.mapWith((value: string | Date) =>
    value instanceof Date ? value : new Date(value),
  ),
};

export async function findOrder(db: Database, teamId: number, orderId: number) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.teamId, teamId), eq(orders.id, orderId)));
  return row;
}
export type StatementOrder = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** The client's billed orders of the payee entity (any billing date), oldest first. */
export function listBilledOrders(db: Database, teamId: number, companyId: number, recipientId: number) {
  return db
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        eq(orders.teamId, teamId),
        eq(orders.companyId, companyId),
        eq(orders.teamRecipientId, recipientId),
        eq(orders.status, 'billed'),
      ),
    )
    .orderBy(asc(orders.billedAt), asc(orders.id));
}

/**
 * The payee entities the client's billed orders use, with how many orders and what is still outstanding
 * of their lines (total less the payments ledger's paid cache), most outstanding first.
 */
export async function listClientEntities(db: Database, teamId: number, companyId: number) {
  const outstanding = sql<number>`coalesce(sum(${feeLines.total} - ${feeLines.paid}), 0)`.mapWith(Number);
  return db
    .select({
      id: teamRecipients.id,
      shortName: teamRecipients.shortName,
      billedOrders: countDistinct(orders.id),
      outstanding,
    })
    .from(orders)
    .innerJoin(
      teamRecipients,
      and(eq(teamRecipients.teamId, orders.teamId), eq(teamRecipients.id, orders.teamRecipientId)),
    )
    .leftJoin(feeLines, and(eq(feeLines.teamId, orders.teamId), eq(feeLines.orderId, orders.id)))
    .where(and(eq(orders.teamId, teamId), eq(orders.companyId, companyId), eq(orders.status, 'billed')))
    .groupBy(teamRecipients.id, teamRecipients.shortName)
    .orderBy(desc(outstanding), desc(countDistinct(orders.id)), asc(teamRecipients.id));
}

export async function findCompany(db: Database, teamId: number, companyId: number) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, paymentTermsDays: companies.paymentTermsDays })
    .from(companies)
    .where(and(eq(companies.teamId, teamId), eq(companies.id, companyId)));
  return row;
}

export async function findRecipient(db: Database, teamId: number, recipientId: number) {
  const [row] = await db
    .select()
    .from(teamRecipients)
    .where(and(eq(teamRecipients.teamId, teamId), eq(teamRecipients.id, recipientId)));
  return row;
}

export async function findDefaultRecipient(db: Database, teamId: number) {
  const [row] = await db
    .select()
    .from(teamRecipients)
    .where(and(eq(teamRecipients.teamId, teamId), eq(teamRecipients.isDefault, true)));
  return row;
}

/** The fee lines of the orders, with the model's stage name (nothing else of the model), in the order's order. */
export function listLines(db: Database, teamId: number, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: feeLines.id,
      orderId: feeLines.orderId,
      kind: feeLines.kind,
      amount: feeLines.amount,
      unit: feeLines.unit,
      quantityHundredths: feeLines.quantityHundredths,
      taxRate: feeLines.taxRate,
      note: feeLines.note,
      media: feeLines.media,
      territory: feeLines.territory,
      startDate: feeLines.startDate,
      endDate: feeLines.endDate,
      renewal: feeLines.renewal,
      subtotal: feeLines.subtotal,
      tax: feeLines.tax,
      total: feeLines.total,
      modelName: models.name,
    })
    .from(feeLines)
    .innerJoin(models, and(eq(models.teamId, feeLines.teamId), eq(models.id, feeLines.modelId)))
    .where(and(eq(feeLines.teamId, teamId), inArray(feeLines.orderId, orderIds)))
    .orderBy(asc(feeLines.orderId), asc(feeLines.modelId), asc(feeLines.position), asc(feeLines.id));
}
export type StatementLineRow = Awaited<ReturnType<typeof listLines>>[number];

/**
 * The client's records an allocation may name: its invoices of the entity, or fee lines of its orders of the
 * entity. Uncorrelated subqueries (hashed once), never a subquery per allocation.
 */
function ofClient(db: Database, teamId: number, companyId: number, recipientId: number) {
  const clientInvoices = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.teamId, teamId),
        eq(invoices.companyId, companyId),
        eq(invoices.teamRecipientId, recipientId),
      ),
    );
  const clientLines = db
    .select({ id: feeLines.id })
    .from(feeLines)
    .innerJoin(orders, and(eq(orders.teamId, feeLines.teamId), eq(orders.id, feeLines.orderId)))
    .where(
      and(
        eq(feeLines.teamId, teamId),
        eq(orders.companyId, companyId),
        eq(orders.teamRecipientId, recipientId),
      ),
    );
  return or(inArray(allocations.invoiceId, clientInvoices), inArray(allocations.feeLineId, clientLines));
}

/**
 * The client's invoices of the entity issued (any date), with their passed red-letter corrections; and the
 * invoices covering the given fee lines (an order's statement), when `feeLineIds` is given.
 */
export async function listIssuedInvoices(
  db: Database,
  teamId: number,
  scope: { companyId: number; recipientId: number } | { feeLineIds: number[] },
) {
  const where =
    'feeLineIds' in scope
      ? scope.feeLineIds.length === 0
        ? sql`false`
        : inArray(
            invoices.id,
            db
              .select({ id: invoiceLines.invoiceId })
              .from(invoiceLines)
              .where(and(eq(invoiceLines.teamId, teamId), inArray(invoiceLines.feeLineId, scope.feeLineIds))),
          )
      : and(eq(invoices.companyId, scope.companyId), eq(invoices.teamRecipientId, scope.recipientId));
  const issued = await db
    .select({ id: invoices.id, number: invoices.number, issuedOn: invoices.issuedOn, total: invoices.total })
    .from(invoices)
    .where(and(eq(invoices.teamId, teamId), isNotNull(invoices.issuedOn), where))
    .orderBy(asc(invoices.issuedOn), asc(invoices.id));
  const ids = issued.map((invoice) => invoice.id);
  const corrections =
    ids.length === 0
      ? []
      : await db
          .select({
            invoiceId: invoiceCorrections.invoiceId,
            total: invoiceCorrections.total,
            decidedAt: invoiceCorrections.decidedAt,
          })
          .from(invoiceCorrections)
          .where(
            and(
              eq(invoiceCorrections.teamId, teamId),
              inArray(invoiceCorrections.invoiceId, ids),
              eq(invoiceCorrections.status, 'passed'),
            ),
          )
          .orderBy(asc(invoiceCorrections.id));
  return { issued, corrections };
}

/** Allocations (live and undone) to the client's invoices or fee lines of the entity, oldest first. */
export function listClientAllocations(db: Database, teamId: number, companyId: number, recipientId: number) {
  return db
    .select({
      id: allocations.id,
      receiptId: allocations.receiptId,
      amount: allocations.amount,
      allocatedOn: allocations.allocatedOn,
      undoneOn: allocations.undoneOn,
    })
    .from(allocations)
    .where(and(eq(allocations.teamId, teamId), ofClient(db, teamId, companyId, recipientId)))
    .orderBy(asc(allocations.id));
}

/** The receipts and all their allocations (to whichever client), for the receipts named. */
export async function listReceiptsWithAllocations(db: Database, teamId: number, receiptIds: number[]) {
  if (receiptIds.length === 0) return { receipts: [], allocations: [] };
  const [receiptRows, allocationRows] = await Promise.all([
    db
      .select({
        id: receipts.id,
        receivedOn: receipts.receivedOn,
        amount: receipts.amount,
        voidedAt: receipts.voidedAt,
      })
      .from(receipts)
      .where(and(eq(receipts.teamId, teamId), inArray(receipts.id, receiptIds)))
      .orderBy(asc(receipts.receivedOn), asc(receipts.id)),
    db
      .select({ id: allocations.id, receiptId: allocations.receiptId })
      .from(allocations)
      .where(and(eq(allocations.teamId, teamId), inArray(allocations.receiptId, receiptIds))),
  ]);
  return { receipts: receiptRows, allocations: allocationRows };
}
