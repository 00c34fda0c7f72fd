/**
 * The only file with the invoice domain's queries on invoices and their lines and corrections. Every
 * query takes the team id. What is invoiced and given back of fee lines is in ./ready-to-invoice.repository.
 */

import { dayBounds } from '@trackit/contract/business-time';
import type { InvoiceFilter } from '@trackit/contract/invoice.schema';
import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { containing } from '../../db/like';
import { sumFen } from '../../db/money-sum';
import type { PageWindow } from '../../http/pagination';
import { companies } from '../company/company.tables';
import { models } from '../model/model.tables';
import { feeLines, orders } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';
import { blobs } from '../upload/upload.tables';
import {
  givenBackOf,
  invoiceCorrectionLines,
  invoiceCorrections,
  invoiceLines,
  invoices,
} from './invoice.tables';

export type InvoiceRecord = typeof invoices.$inferSelect;
export type InvoiceValues = typeof invoices.$inferInsert;
export type InvoiceLineValues = typeof invoiceLines.$inferInsert;
export type CorrectionRecord = typeof invoiceCorrections.$inferSelect;

const creator = alias(memberships, 'invoice_creator');

/** Whether a correction of the invoice waits (one at most: invoice_corrections_pending_key). */
const correctionPendingOf = (db: Database) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(invoiceCorrections)
      .where(
        and(
          eq(invoiceCorrections.teamId, invoices.teamId),
          eq(invoiceCorrections.invoiceId, invoices.id),
          eq(invoiceCorrections.status, 'init'),
        ),
      ),
  );

/** An issued invoice's due date: its issue date plus the client's payment terms (contract ./aging dueDate). */
const dueOnOf = () => sql`(${invoices.issuedOn} + coalesce(${companies.paymentTermsDays}, 0))`;

const selectInvoices = (db: Database) =>
  db
    .select({
      invoice: invoices,
      recipient: { id: teamRecipients.id, name: teamRecipients.name, shortName: teamRecipients.shortName },
      company: { id: companies.id, name: companies.name },
      createdByName: creator.nickname,
      fileKey: blobs.key,
      fileContentType: blobs.contentType,
      correctionPending: sql<boolean>`${correctionPendingOf(db)}`,
      allocated: invoices.allocated,
      dueOn: sql<string | null>`(${dueOnOf()})::text`,
    })
    .from(invoices)
    .innerJoin(
      teamRecipients,
      and(eq(teamRecipients.teamId, invoices.teamId), eq(teamRecipients.id, invoices.teamRecipientId)),
    )
    .innerJoin(companies, and(eq(companies.teamId, invoices.teamId), eq(companies.id, invoices.companyId)))
    .leftJoin(
      creator,
      and(eq(creator.teamId, invoices.teamId), eq(creator.id, invoices.createdByMembershipId)),
    )
    .leftJoin(blobs, and(eq(blobs.teamId, invoices.teamId), eq(blobs.id, invoices.fileBlobId)));
export type InvoiceRow = Awaited<ReturnType<ReturnType<typeof selectInvoices>['where']>>[number];

export async function findInvoice(db: Database, teamId: number, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await selectInvoices(db).where(and(eq(invoices.teamId, teamId), eq(invoices.id, id)));
  return row;
}

/** The invoice, locked: its issue, corrections and their decisions take turns. */
export async function lockInvoice(tx: Database, teamId: number, id: number) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.teamId, teamId), eq(invoices.id, id)))
    .for('update');
  return row;
}

export async function insertInvoice(tx: Database, values: InvoiceValues): Promise<number> {
  const [row] = await tx.insert(invoices).values(values).returning({ id: invoices.id });
  if (!row) throw new Error('invoice not created');
  return row.id;
}

export async function insertInvoiceLines(tx: Database, values: InvoiceLineValues[]) {
  if (values.length > 0) await tx.insert(invoiceLines).values(values);
}

export async function updateInvoiceRow(
  tx: Database,
  teamId: number,
  id: number,
  values: Partial<InvoiceValues>,
): Promise<void> {
  await tx
    .update(invoices)
    .set(values)
    .where(and(eq(invoices.teamId, teamId), eq(invoices.id, id)));
}

/** Another invoice of the team with this number, if any. */
/** Whether a blue invoice or a red-letter invoice of the team has the number (the platform never gives one twice). */
export async function numberInUse(db: Database, teamId: number, number: string): Promise<boolean> {
  const [blue] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.teamId, teamId), eq(invoices.number, number)));
  if (blue) return true;
  const [red] = await db
    .select({ id: invoiceCorrections.id })
    .from(invoiceCorrections)
    .where(and(eq(invoiceCorrections.teamId, teamId), eq(invoiceCorrections.redNumber, number)));
  return red !== undefined;
}

/** The invoice's lines with their order's number, the model's stage name and what corrections gave back. */
export function listInvoiceLines(db: Database, teamId: number, invoiceId: number) {
  return db
    .select({
      line: invoiceLines,
      orderId: orders.id,
      orderNumber: orders.number,
      modelId: models.id,
      modelName: models.name,
      givenBack: givenBackOf('invoice_line'),
    })
    .from(invoiceLines)
    .innerJoin(
      feeLines,
      and(eq(feeLines.teamId, invoiceLines.teamId), eq(feeLines.id, invoiceLines.feeLineId)),
    )
    .innerJoin(orders, and(eq(orders.teamId, feeLines.teamId), eq(orders.id, feeLines.orderId)))
    .innerJoin(models, and(eq(models.teamId, feeLines.teamId), eq(models.id, feeLines.modelId)))
    .where(and(eq(invoiceLines.teamId, teamId), eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(asc(orders.number), asc(feeLines.position), asc(invoiceLines.id));
}
export type InvoiceLineRow = Awaited<ReturnType<typeof listInvoiceLines>>[number];

const requester = alias(memberships, 'correction_requester');

/** The invoice's corrections in order, with who asked. */
export function listCorrections(db: Database, teamId: number, invoiceId: number) {
  return db
    .select({ correction: invoiceCorrections, requestedByName: requester.nickname })
    .from(invoiceCorrections)
    .leftJoin(
      requester,
      and(
        eq(requester.teamId, invoiceCorrections.teamId),
        eq(requester.id, invoiceCorrections.requestedByMembershipId),
      ),
    )
    .where(and(eq(invoiceCorrections.teamId, teamId), eq(invoiceCorrections.invoiceId, invoiceId)))
    .orderBy(asc(invoiceCorrections.id));
}

/** The parts of the given corrections. */
export function listCorrectionLines(db: Database, teamId: number, correctionIds: number[]) {
  if (correctionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoiceCorrectionLines)
    .where(
      and(
        eq(invoiceCorrectionLines.teamId, teamId),
        inArray(invoiceCorrectionLines.correctionId, correctionIds),
      ),
    )
    .orderBy(asc(invoiceCorrectionLines.id));
}

export async function insertCorrection(
  tx: Database,
  values: typeof invoiceCorrections.$inferInsert,
  lines: Omit<typeof invoiceCorrectionLines.$inferInsert, 'correctionId'>[],
): Promise<number> {
  const [row] = await tx.insert(invoiceCorrections).values(values).returning({ id: invoiceCorrections.id });
  if (!row) throw new Error('correction not created');
  if (lines.length > 0) {
    await tx.insert(invoiceCorrectionLines).values(lines.map((line) => ({ ...line, correctionId: row.id })));
  }
  return row.id;
}

export async function findCorrection(db: Database, teamId: number, id: number) {
  const [row] = await db
    .select()
    .from(invoiceCorrections)
    .where(and(eq(invoiceCorrections.teamId, teamId), eq(invoiceCorrections.id, id)));
  return row;
}

/** The correction, locked while it is decided. */
export async function lockCorrection(tx: Database, teamId: number, id: number) {
  const [row] = await tx
    .select()
    .from(invoiceCorrections)
    .where(and(eq(invoiceCorrections.teamId, teamId), eq(invoiceCorrections.id, id)))
    .for('update');
  return row;
}

export async function updateCorrectionRow(
  tx: Database,
  teamId: number,
  id: number,
  values: Partial<typeof invoiceCorrections.$inferInsert>,
) {
  await tx
    .update(invoiceCorrections)
    .set(values)
    .where(and(eq(invoiceCorrections.teamId, teamId), eq(invoiceCorrections.id, id)));
}

/** Issued, with something left to receive: the contract's invoiceOpen above 0. */
const openOf = () =>
  sql`${invoices.status} = 'issued' and ${invoices.total} - ${invoices.reversed} - ${invoices.allocated} > 0`;

/**
 * The condition of the register's filters (issue 35): the list, its totals and its export read the one
 * definition. `overdue` keeps the open invoices whose due date (dueOnOf) is before `today`; the company is
 * joined by every query that uses it.
 */
function registerWhere(teamId: number, filter: InvoiceFilter, today: string) {
  const since = (date: string | undefined) => (date ? dayBounds(date).from : undefined);
  const before = (date: string | undefined) => (date ? dayBounds(date).before : undefined);
  const createdFrom = since(filter.created_from);
  const createdBefore = before(filter.created_to);
  const open = openOf();
  const overdue = sql`(${open}) and ${dueOnOf()} < ${today}::date`;
  return and(
    eq(invoices.teamId, teamId),
    filter.status?.length ? inArray(invoices.status, filter.status) : undefined,
    filter.type ? eq(invoices.type, filter.type) : undefined,
    filter.company_id ? eq(invoices.companyId, filter.company_id) : undefined,
    filter.team_recipient_id ? eq(invoices.teamRecipientId, filter.team_recipient_id) : undefined,
    filter.issued_from ? gte(invoices.issuedOn, filter.issued_from) : undefined,
    filter.issued_to ? sql`${invoices.issuedOn} <= ${filter.issued_to}` : undefined,
    createdFrom ? gte(invoices.createdAt, createdFrom) : undefined,
    createdBefore ? lt(invoices.createdAt, createdBefore) : undefined,
    filter.keyword
      ? or(
          ilike(invoices.number, containing(filter.keyword)),
          ilike(invoices.buyerName, containing(filter.keyword)),
        )
      : undefined,
    filter.open === undefined ? undefined : filter.open ? open : sql`not (${open})`,
    filter.overdue === undefined ? undefined : filter.overdue ? overdue : sql`not (${overdue})`,
  );
}

/** The invoices of a team by the register's filters, newest request first; paged in the database. */
export async function listInvoices(
  db: Database,
  teamId: number,
  filter: InvoiceFilter,
  window: PageWindow,
  today: string,
) {
  const where = registerWhere(teamId, filter, today);
  const [rows, [totals]] = await Promise.all([
    selectInvoices(db)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ total: count() })
      .from(invoices)
      .innerJoin(companies, and(eq(companies.teamId, invoices.teamId), eq(companies.id, invoices.companyId)))
      .where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * The register's sums over every row the filters keep: total, reversed, allocated and outstanding (what an
 * issued invoice has left to receive, contract ./allocations invoiceOpen; 0 for the others).
 */
export async function sumInvoices(db: Database, teamId: number, filter: InvoiceFilter, today: string) {
  const outstanding = sql`case when ${invoices.status} = 'issued' then ${invoices.total} - ${invoices.reversed} - ${invoices.allocated} else 0 end`;
  const [row] = await db
    .select({
      count: count(),
      total: sumFen(invoices.total),
      reversed: sumFen(invoices.reversed),
      allocated: sumFen(invoices.allocated),
      outstanding: sumFen(outstanding),
    })
    .from(invoices)
    .innerJoin(companies, and(eq(companies.teamId, invoices.teamId), eq(companies.id, invoices.companyId)))
    .where(registerWhere(teamId, filter, today));
  return row ?? { count: 0, total: 0, reversed: 0, allocated: 0, outstanding: 0 };
}
