/**
 * The fee statements' own rows (fee-statement.tables.ts): statements, the client's queries and invoice
 * details, and staff's list of them with the names it shows (order number, client, payee entity, member)
 * and each statement's share link, joined in. Every query takes the team id.
 */
import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PageWindow } from '../../http/pagination';
import { companies } from '../company/company.tables';
import { orders } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { shareLinks } from '../share/share.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';
import { feeStatementInvoiceInfos, feeStatementQueries, feeStatements } from './fee-statement.tables';

export type FeeStatementRecord = typeof feeStatements.$inferSelect;
export type FeeStatementQueryRow = typeof feeStatementQueries.$inferSelect;
export type InvoiceInfoRow = typeof feeStatementInvoiceInfos.$inferSelect;

export async function insertFeeStatement(tx: Database, values: typeof feeStatements.$inferInsert) {
  const [row] = await tx.insert(feeStatements).values(values).returning();
  if (!row) throw new Error('fee statement not created');
  return row;
}

/** The statement a link opens (the link's team and record), held FOR UPDATE when `lock`. */
export async function findFeeStatement(db: Database, teamId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(feeStatements)
    .where(and(eq(feeStatements.teamId, teamId), eq(feeStatements.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function confirmFeeStatement(
  tx: Database,
  teamId: number,
  id: number,
  values: { name: string; at: Date },
) {
  await tx
    .update(feeStatements)
    .set({ confirmedName: values.name, confirmedAt: values.at })
    .where(and(eq(feeStatements.teamId, teamId), eq(feeStatements.id, id)));
}

export async function insertQuery(tx: Database, values: typeof feeStatementQueries.$inferInsert) {
  await tx.insert(feeStatementQueries).values(values);
}

/** One query of the team, held FOR UPDATE (two staff answering at once take turns). */
export async function findQueryForUpdate(tx: Database, teamId: number, id: number) {
  const [row] = await tx
    .select()
    .from(feeStatementQueries)
    .where(and(eq(feeStatementQueries.teamId, teamId), eq(feeStatementQueries.id, id)))
    .for('update');
  return row;
}

export async function updateQuery(
  tx: Database,
  teamId: number,
  id: number,
  values: Partial<
    Pick<
      FeeStatementQueryRow,
      'reply' | 'repliedAt' | 'repliedByMembershipId' | 'resolvedAt' | 'resolvedByMembershipId'
    >
  >,
) {
  await tx
    .update(feeStatementQueries)
    .set(values)
    .where(and(eq(feeStatementQueries.teamId, teamId), eq(feeStatementQueries.id, id)));
}

/** The team's queries not yet resolved: how many, and the oldest `limit` with their client and order. */
export async function listOpenQueries(db: Database, teamId: number, limit: number) {
  const open = and(eq(feeStatementQueries.teamId, teamId), isNull(feeStatementQueries.resolvedAt));
  const [items, totals] = await Promise.all([
    db
      .select({
        query: feeStatementQueries,
        companyId: feeStatements.companyId,
        companyName: companies.name,
        orderId: feeStatements.orderId,
        orderNumber: orders.number,
      })
      .from(feeStatementQueries)
      .innerJoin(
        feeStatements,
        and(
          eq(feeStatements.teamId, feeStatementQueries.teamId),
          eq(feeStatements.id, feeStatementQueries.statementId),
        ),
      )
      .innerJoin(
        companies,
        and(eq(companies.teamId, feeStatements.teamId), eq(companies.id, feeStatements.companyId)),
      )
      .leftJoin(orders, and(eq(orders.teamId, feeStatements.teamId), eq(orders.id, feeStatements.orderId)))
      .where(open)
      .orderBy(asc(feeStatementQueries.id))
      .limit(limit),
    db.select({ total: count() }).from(feeStatementQueries).where(open),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

export async function insertInvoiceInfo(tx: Database, values: typeof feeStatementInvoiceInfos.$inferInsert) {
  await tx.insert(feeStatementInvoiceInfos).values(values);
}

export async function countResponses(tx: Database, teamId: number, statementId: number) {
  const [queries, infos] = await Promise.all([
    tx
      .select({ total: count() })
      .from(feeStatementQueries)
      .where(and(eq(feeStatementQueries.teamId, teamId), eq(feeStatementQueries.statementId, statementId))),
    tx
      .select({ total: count() })
      .from(feeStatementInvoiceInfos)
      .where(
        and(
          eq(feeStatementInvoiceInfos.teamId, teamId),
          eq(feeStatementInvoiceInfos.statementId, statementId),
        ),
      ),
  ]);
  return { queries: queries[0]?.total ?? 0, invoiceInfos: infos[0]?.total ?? 0 };
}

/** The queries and invoice details of the statements, oldest first. */
export async function listResponses(db: Database, teamId: number, statementIds: number[]) {
  if (statementIds.length === 0) return { queries: [], infos: [] };
  const [queries, infos] = await Promise.all([
    db
      .select()
      .from(feeStatementQueries)
      .where(
        and(eq(feeStatementQueries.teamId, teamId), inArray(feeStatementQueries.statementId, statementIds)),
      )
      .orderBy(feeStatementQueries.id),
    db
      .select()
      .from(feeStatementInvoiceInfos)
      .where(
        and(
          eq(feeStatementInvoiceInfos.teamId, teamId),
          inArray(feeStatementInvoiceInfos.statementId, statementIds),
        ),
      )
      .orderBy(feeStatementInvoiceInfos.id),
  ]);
  return { queries, infos };
}

/** The latest invoice details a client company submitted on any statement. */
export async function findLatestInvoiceInfo(db: Database, teamId: number, companyId: number) {
  const [row] = await db
    .select()
    .from(feeStatementInvoiceInfos)
    .where(
      and(eq(feeStatementInvoiceInfos.teamId, teamId), eq(feeStatementInvoiceInfos.companyId, companyId)),
    )
    .orderBy(desc(feeStatementInvoiceInfos.id))
    .limit(1);
  return row;
}

const listColumns = {
  statement: feeStatements,
  orderNumber: orders.number,
  companyName: companies.name,
  recipientShortName: teamRecipients.shortName,
  creatorNickname: memberships.nickname,
  shareId: shareLinks.id,
  expiresAt: shareLinks.expiresAt,
  revokedAt: shareLinks.revokedAt,
};

function listQuery(db: Database, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(feeStatements)
    .innerJoin(
      shareLinks,
      and(
        eq(shareLinks.teamId, feeStatements.teamId),
        eq(shareLinks.kind, 'fee_statement'),
        eq(shareLinks.recordId, feeStatements.id),
      ),
    )
    .innerJoin(
      companies,
      and(eq(companies.teamId, feeStatements.teamId), eq(companies.id, feeStatements.companyId)),
    )
    .innerJoin(
      teamRecipients,
      and(
        eq(teamRecipients.teamId, feeStatements.teamId),
        eq(teamRecipients.id, feeStatements.teamRecipientId),
      ),
    )
    .leftJoin(orders, and(eq(orders.teamId, feeStatements.teamId), eq(orders.id, feeStatements.orderId)))
    .leftJoin(
      memberships,
      and(
        eq(memberships.teamId, feeStatements.teamId),
        eq(memberships.id, feeStatements.createdByMembershipId),
      ),
    )
    .where(where);
}
export type FeeStatementListRow = Awaited<ReturnType<typeof listQuery>>[number];

/** One statement as the list shows it. */
export async function findFeeStatementRow(db: Database, teamId: number, id: number) {
  const [row] = await listQuery(db, and(eq(feeStatements.teamId, teamId), eq(feeStatements.id, id)));
  return row;
}

/** A page of the team's statements, newest first, of an order or a client company. */
export async function listFeeStatements(
  db: Database,
  teamId: number,
  filters: { orderId?: number; companyId?: number },
  window: PageWindow,
) {
  const where = and(
    eq(feeStatements.teamId, teamId),
    filters.orderId === undefined ? undefined : eq(feeStatements.orderId, filters.orderId),
    filters.companyId === undefined ? undefined : eq(feeStatements.companyId, filters.companyId),
  );
  const [items, totals] = await Promise.all([
    listQuery(db, where).orderBy(desc(feeStatements.id)).limit(window.limit).offset(window.offset),
    db.select({ total: count() }).from(feeStatements).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}
