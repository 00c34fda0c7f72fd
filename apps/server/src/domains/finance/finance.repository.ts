/**
 * Receivables' reads (issue 23): an order with its client's payment terms, its fee lines with what is
 * invoiced of each (net of passed red-letter corrections), the invoices covering them and the allocations
 * that paid them. Read joined across the order, invoice and receipt tables, never written; every query
 * takes the team id. The figures are the contract's (./allocations, ./aging).
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies } from '../company/company.tables';
import { invoicedNetOf, invoiceLines, invoices } from '../invoice/invoice.tables';
import { models } from '../model/model.tables';
import { feeLines, orders } from '../order/order.tables';
import { allocations } from '../payment/payment.tables';
import { receipts } from '../receipt/receipt.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';

export async function findFinanceOrder(db: Database, teamId: number, orderId: number) {
  const [row] = await db
    .select({
      order: {
        id: orders.id,
        number: orders.number,
        title: orders.title,
        status: orders.status,
        lastDate: orders.lastDate,
        companyId: orders.companyId,
        teamRecipientId: orders.teamRecipientId,
      },
      companyName: companies.name,
      paymentTermsDays: companies.paymentTermsDays,
      recipientShortName: teamRecipients.shortName,
    })
    .from(orders)
    .leftJoin(companies, and(eq(companies.teamId, orders.teamId), eq(companies.id, orders.companyId)))
    .leftJoin(
      teamRecipients,
      and(eq(teamRecipients.teamId, orders.teamId), eq(teamRecipients.id, orders.teamRecipientId)),
    )
    .where(and(eq(orders.teamId, teamId), eq(orders.id, orderId)));
  return row;
}

export function listFinanceLines(db: Database, teamId: number, orderId: number) {
  return db
    .select({
      id: feeLines.id,
      kind: feeLines.kind,
      taxRate: feeLines.taxRate,
      total: feeLines.total,
      modelName: models.name,
      invoiced: invoicedNetOf(),
    })
    .from(feeLines)
    .innerJoin(models, and(eq(models.teamId, feeLines.teamId), eq(models.id, feeLines.modelId)))
    .where(and(eq(feeLines.teamId, teamId), eq(feeLines.orderId, orderId)))
    .orderBy(asc(feeLines.modelId), asc(feeLines.position), asc(feeLines.id));
}

/** The invoices covering any of the lines, oldest first. */
export function listInvoicesOfLines(db: Database, teamId: number, lineIds: number[]) {
  if (lineIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinct({
      id: invoices.id,
      number: invoices.number,
      status: invoices.status,
      buyerName: invoices.buyerName,
      issuedOn: invoices.issuedOn,
      total: invoices.total,
      reversed: invoices.reversed,
      allocated: invoices.allocated,
    })
    .from(invoices)
    .innerJoin(
      invoiceLines,
      and(eq(invoiceLines.teamId, invoices.teamId), eq(invoiceLines.invoiceId, invoices.id)),
    )
    .where(and(eq(invoices.teamId, teamId), inArray(invoiceLines.feeLineId, lineIds)))
    .orderBy(asc(invoices.id));
}

/** The allocations to the lines or to the invoices, with their receipt's payer and date, oldest first. */
export function listAllocationsOf(db: Database, teamId: number, lineIds: number[], invoiceIds: number[]) {
  if (lineIds.length + invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: allocations.id,
      receiptId: allocations.receiptId,
      payerName: receipts.payerName,
      receivedOn: receipts.receivedOn,
      invoiceId: allocations.invoiceId,
      feeLineId: sql<
        number | null
      >`coalesce(${allocations.feeLineId}, ${allocations.earmarkFeeLineId})`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
      amount: allocations.amount,
      allocatedOn: allocations.allocatedOn,
      undoneOn: allocations.undoneOn,
      movedToInvoiceId: allocations.movedToInvoiceId,
    })
    .from(allocations)
    .innerJoin(receipts, and(eq(receipts.teamId, allocations.teamId), eq(receipts.id, allocations.receiptId)))
    .where(
      and(
        eq(allocations.teamId, teamId),
        or(
          lineIds.length > 0 ? inArray(allocations.feeLineId, lineIds) : undefined,
          invoiceIds.length > 0 ? inArray(allocations.invoiceId, invoiceIds) : undefined,
        ),
      ),
    )
    .orderBy(asc(allocations.id));
}
