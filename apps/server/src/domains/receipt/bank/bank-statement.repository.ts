/**
 * The only file with the bank statement import's queries: imports, their lines (kept once per account by
 * their key), the open invoices a line is matched to, and a receipt that may be the line already. Every
 * query takes the team id.
 */
import type { BankLineQuery } from '@trackit/contract/bank-statement.schema';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { PageWindow } from '../../../http/pagination';
import { invoices } from '../../invoice/invoice.tables';
import { memberships } from '../../organization/organization.tables';
import { teamRecipients } from '../../team-recipient/team-recipient.tables';
import { receipts } from '../receipt.tables';
import { bankStatementImports, bankStatementLines } from './bank-statement.tables';

export async function insertImport(
  tx: Database,
  values: typeof bankStatementImports.$inferInsert,
): Promise<number> {
  const [row] = await tx
    .insert(bankStatementImports)
    .values(values)
    .returning({ id: bankStatementImports.id });
  if (!row) throw new Error('bank statement import not created');
  return row.id;
}

export async function updateImportCounts(
  tx: Database,
  teamId: number,
  id: number,
  values: { newLines: number; duplicates: number },
) {
  await tx
    .update(bankStatementImports)
    .set(values)
    .where(and(eq(bankStatementImports.teamId, teamId), eq(bankStatementImports.id, id)));
}

/**
 * Inserts the lines whose key the account has not seen (racing uploads included: the unique key decides),
 * answering how many were new.
 */
export async function insertNewLines(
  tx: Database,
  values: (typeof bankStatementLines.$inferInsert)[],
): Promise<number> {
  if (values.length === 0) return 0;
  let inserted = 0;
  // In batches: one statement's parameters stay well below PostgreSQL's 65,535.
  for (let start = 0; start < values.length; start += 500) {
    const rows = await tx
      .insert(bankStatementLines)
      .values(values.slice(start, start + 500))
      .onConflictDoNothing({
        target: [bankStatementLines.teamId, bankStatementLines.teamRecipientId, bankStatementLines.dedupeKey],
      })
      .returning({ id: bankStatementLines.id });
    inserted += rows.length;
  }
  return inserted;
}

const creator = memberships;

/** The team's imports, newest first; `id`: that one alone. */
export async function listImports(db: Database, teamId: number, window: PageWindow, id?: number) {
  const where = and(
    eq(bankStatementImports.teamId, teamId),
    id === undefined ? undefined : eq(bankStatementImports.id, id),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        row: bankStatementImports,
        recipientShortName: teamRecipients.shortName,
        createdByName: creator.nickname,
      })
      .from(bankStatementImports)
      .innerJoin(
        teamRecipients,
        and(
          eq(teamRecipients.teamId, bankStatementImports.teamId),
          eq(teamRecipients.id, bankStatementImports.teamRecipientId),
        ),
      )
      .leftJoin(
        creator,
        and(
          eq(creator.teamId, bankStatementImports.teamId),
          eq(creator.id, bankStatementImports.createdByMembershipId),
        ),
      )
      .where(where)
      .orderBy(desc(bankStatementImports.createdAt), desc(bankStatementImports.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(bankStatementImports).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
export type ImportRow = Awaited<ReturnType<typeof listImports>>['rows'][number];

const selectLines = (db: Database) =>
  db
    .select({ line: bankStatementLines, recipientShortName: teamRecipients.shortName })
    .from(bankStatementLines)
    .innerJoin(
      teamRecipients,
      and(
        eq(teamRecipients.teamId, bankStatementLines.teamId),
        eq(teamRecipients.id, bankStatementLines.teamRecipientId),
      ),
    );
export type LineRow = Awaited<ReturnType<ReturnType<typeof selectLines>['where']>>[number];

/** The lines by the list's filters: oldest money first among the open ones, newest first otherwise. */
export async function listLines(db: Database, teamId: number, filter: BankLineQuery, window: PageWindow) {
  const where = and(
    eq(bankStatementLines.teamId, teamId),
    filter.status ? eq(bankStatementLines.status, filter.status) : undefined,
    filter.import_id ? eq(bankStatementLines.importId, filter.import_id) : undefined,
  );
  const order =
    filter.status === 'open'
      ? [asc(bankStatementLines.transactedOn), asc(bankStatementLines.id)]
      : [desc(bankStatementLines.transactedOn), desc(bankStatementLines.id)];
  const [rows, [totals]] = await Promise.all([
    selectLines(db)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(bankStatementLines).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findLine(db: Database, teamId: number, id: number): Promise<LineRow | undefined> {
  const [row] = await selectLines(db).where(
    and(eq(bankStatementLines.teamId, teamId), eq(bankStatementLines.id, id)),
  );
  return row;
}

/** The line, locked until the transaction ends: two people recording it take turns. */
export async function lockLine(tx: Database, teamId: number, id: number) {
  const [row] = await tx
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.teamId, teamId), eq(bankStatementLines.id, id)))
    .for('update');
  return row;
}

export async function updateLine(
  tx: Database,
  teamId: number,
  id: number,
  values: Partial<typeof bankStatementLines.$inferInsert>,
) {
  await tx
    .update(bankStatementLines)
    .set(values)
    .where(and(eq(bankStatementLines.teamId, teamId), eq(bankStatementLines.id, id)));
}

/** A client's issued invoices with something open, oldest first (at most 50). */
export function listOpenInvoices(db: Database, teamId: number, companyId: number) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      total: invoices.total,
      reversed: invoices.reversed,
      allocated: invoices.allocated,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.teamId, teamId),
        eq(invoices.companyId, companyId),
        eq(invoices.status, 'issued'),
        gt(invoices.total, sql`${invoices.reversed} + ${invoices.allocated}`),
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.id))
    .limit(50);
}
export type OpenInvoiceRow = Awaited<ReturnType<typeof listOpenInvoices>>[number];

/**
 * A live receipt of the entity on the line's date for its amount that no line records: maybe the same
 * money recorded by hand before the statement came.
 */
export async function findPossibleReceipt(
  db: Database,
  teamId: number,
  line: { teamRecipientId: number; transactedOn: string; amount: number },
) {
  const [row] = await db
    .select({ id: receipts.id, payerName: receipts.payerName })
    .from(receipts)
    .leftJoin(
      bankStatementLines,
      and(eq(bankStatementLines.teamId, receipts.teamId), eq(bankStatementLines.receiptId, receipts.id)),
    )
    .where(
      and(
        eq(receipts.teamId, teamId),
        eq(receipts.teamRecipientId, line.teamRecipientId),
        eq(receipts.receivedOn, line.transactedOn),
        eq(receipts.amount, line.amount),
        isNull(receipts.voidedAt),
        isNull(bankStatementLines.id),
      ),
    )
    .limit(1);
  return row;
}
