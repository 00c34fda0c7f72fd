/**
 * What is invoiced of fee lines: the request's locked lines with their sums, and 待开票 (billed orders'
 * fee lines with something left to invoice, grouped by client company and payee entity). The sums are
 * correlated subqueries served by invoice_lines_team_fee_line_idx and invoice_correction_lines_team_fee_line_idx;
 * what remains of a line is the contract's remainingToInvoice of them (SQL only filters on it).
 */
import type { FeeKind } from '@trackit/contract/enums';
import { and, asc, count, countDistinct, eq, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { sumFen } from '../../db/money-sum';
import { companies } from '../company/company.tables';
import { models } from '../model/model.tables';
import { feeLines, orders } from '../order/order.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';
import { givenBackOf, invoiceLines } from './invoice.tables';

const num = (value: unknown): number => Number(value);

/**
 * The sums of the outer query's fee line (`fee_lines`, not aliased): every invoice line covering it, and
 * what passed corrections gave back. Correlated on the line's (team_id, id).
 */
function sumsOfFeeLine(db: Database) {
  const invoiced = db
    .select({ total: sql`sum(${invoiceLines.total})` })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.teamId, feeLines.teamId), eq(invoiceLines.feeLineId, feeLines.id)));
  return {
    invoiced: sql<number>`coalesce(${invoiced}, 0)`.mapWith(num),
    givenBack: givenBackOf('fee_line'),
  };
}

/** Fee lines of the team's billed orders of a client with something left to invoice (joined to their order). */
const openLines = (teamId: number, sums: { invoiced: SQL; givenBack: SQL }) =>
  and(
    eq(feeLines.teamId, teamId),
    eq(orders.status, 'billed'),
    isNotNull(orders.companyId),
    sql`${feeLines.total} - ${sums.invoiced} + ${sums.givenBack} > 0`,
  );

/** A fee line's order, on the line's (team_id, order_id). */
const orderOfLine = and(eq(orders.teamId, feeLines.teamId), eq(orders.id, feeLines.orderId));

/** A fee line as a request sees it: its figures, its order's client, entity and status, and its sums. */
export interface RequestedFeeLine {
  id: number;
  kind: FeeKind;
  taxRate: number;
  subtotal: number;
  tax: number;
  total: number;
  orderId: number;
  orderNumber: string;
  orderTitle: string;
  orderStatus: string;
  companyId: number | null;
  teamRecipientId: number | null;
  invoiced: number;
  givenBack: number;
}

/**
 * The requested fee lines of the team, locked in id order (two requests naming the same lines take turns,
 * never deadlock), with what is invoiced and given back of each read after the lock: the second of two
 * racing requests sees the first's lines once it has committed. Lines of another team are simply absent.
 */
export async function lockRequestedFeeLines(
  tx: Database,
  teamId: number,
  ids: readonly number[],
): Promise<RequestedFeeLine[]> {
  if (ids.length === 0) return [];
  const requested = and(eq(feeLines.teamId, teamId), inArray(feeLines.id, [...ids]));
  await tx
    .select({ id: feeLines.id })
    .from(feeLines)
    .where(requested)
    .orderBy(asc(feeLines.id))
    .for('update');
  const sums = sumsOfFeeLine(tx);
  return tx
    .select({
      id: feeLines.id,
      kind: feeLines.kind,
      taxRate: feeLines.taxRate,
      subtotal: feeLines.subtotal,
      tax: feeLines.tax,
      total: feeLines.total,
      orderId: orders.id,
      orderNumber: orders.number,
      orderTitle: orders.title,
      orderStatus: orders.status,
      companyId: orders.companyId,
      teamRecipientId: orders.teamRecipientId,
      invoiced: sums.invoiced,
      givenBack: sums.givenBack,
    })
    .from(feeLines)
    .innerJoin(orders, orderOfLine)
    .where(requested)
    .orderBy(asc(feeLines.id));
}

export interface ReadyFilter {
  companyId?: number | undefined;
  teamRecipientId?: number | undefined;
}

const filterBy = (filter: ReadyFilter) =>
  and(
    filter.companyId ? eq(orders.companyId, filter.companyId) : undefined,
    filter.teamRecipientId ? eq(orders.teamRecipientId, filter.teamRecipientId) : undefined,
  );

export interface ReadyGroupRow {
  companyId: number;
  companyName: string;
  teamRecipientId: number | null;
  recipientName: string | null;
  recipientShortName: string | null;
  lineCount: number;
  orderCount: number;
  /** The sums over the group's open lines, for remainingToInvoice. */
  total: number;
  invoiced: number;
  givenBack: number;
}

/** One page of 待开票's groups (client company × payee entity), by client name, and how many there are. */
export async function listReadyGroups(
  db: Database,
  teamId: number,
  filter: ReadyFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: ReadyGroupRow[]; total: number }> {
  const sums = sumsOfFeeLine(db);
  const grouped = db
    .select({
      companyId: orders.companyId,
      teamRecipientId: orders.teamRecipientId,
      lineCount: count().as('line_count'),
      orderCount: countDistinct(orders.id).as('order_count'),
      total: sumFen(feeLines.total).as('total'),
      invoiced: sumFen(sums.invoiced).as('invoiced'),
      givenBack: sumFen(sums.givenBack).as('given_back'),
    })
    .from(feeLines)
    .innerJoin(orders, orderOfLine)
    .where(and(openLines(teamId, sums), filterBy(filter)))
    .groupBy(orders.companyId, orders.teamRecipientId)
    .as('ready_groups');
  const [rows, counted] = await Promise.all([
    db
      .select({
        companyId: grouped.companyId,
        companyName: companies.name,
        teamRecipientId: grouped.teamRecipientId,
        recipientName: teamRecipients.name,
        recipientShortName: teamRecipients.shortName,
        lineCount: grouped.lineCount,
        orderCount: grouped.orderCount,
        total: grouped.total,
        invoiced: grouped.invoiced,
        givenBack: grouped.givenBack,
      })
      .from(grouped)
      .innerJoin(companies, and(eq(companies.teamId, teamId), eq(companies.id, grouped.companyId)))
      .leftJoin(
        teamRecipients,
        and(eq(teamRecipients.teamId, teamId), eq(teamRecipients.id, grouped.teamRecipientId)),
      )
      .orderBy(
        asc(companies.name),
        asc(grouped.companyId),
        sql`${teamRecipients.name} nulls last`,
        asc(grouped.teamRecipientId),
      )
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(grouped),
  ]);
  // The inner join on the client makes the company id present.
  return {
    rows: rows.map((row) => ({ ...row, companyId: num(row.companyId) })),
    total: counted[0]?.total ?? 0,
  };
}

export interface ReadyLineRow {
  feeLineId: number;
  orderId: number;
  orderNumber: string;
  orderTitle: string;
  modelId: number;
  modelName: string;
  kind: FeeKind;
  taxRate: number;
  total: number;
  invoiced: number;
  givenBack: number;
  companyId: number;
  teamRecipientId: number | null;
}

/** The open lines of the given groups, at most `perGroup` of each, by order number and position. */
export async function listReadyLines(
  db: Database,
  teamId: number,
  groups: readonly { companyId: number; teamRecipientId: number | null }[],
  perGroup: number,
): Promise<ReadyLineRow[]> {
  if (groups.length === 0) return [];
  // The groups as one parameter (db/json-rows.ts), a relation "pairs" of the two columns named here.
  const pairs = jsonRows(
    'pairs',
    { company_id: 'bigint', team_recipient_id: 'bigint' },
    groups.map((group) => ({ company_id: group.companyId, team_recipient_id: group.teamRecipientId })),
  );
  const inGroups = sql`exists (select 1 from ${pairs} where pairs.company_id = ${orders.companyId}
    and pairs.team_recipient_id is not distinct from ${orders.teamRecipientId})`;
  const sums = sumsOfFeeLine(db);
  const ranked = db
    .select({
      feeLineId: sql`${feeLines.id}`.mapWith(num).as('fee_line_id'),
      orderId: sql`${orders.id}`.mapWith(num).as('order_id'),
      orderNumber: sql`${orders.number}`.mapWith(orders.number).as('order_number'),
      orderTitle: sql`${orders.title}`.mapWith(orders.title).as('order_title'),
      modelId: sql`${models.id}`.mapWith(num).as('model_id'),
      modelName: sql`${models.name}`.mapWith(models.name).as('model_name'),
      kind: feeLines.kind,
      taxRate: feeLines.taxRate,
      total: feeLines.total,
      invoiced: sums.invoiced.as('invoiced'),
      givenBack: sums.givenBack.as('given_back'),
      companyId: orders.companyId,
      teamRecipientId: orders.teamRecipientId,
      rank: sql<number>`row_number() over (partition by ${orders.companyId}, ${orders.teamRecipientId} order by ${orders.number}, ${feeLines.position}, ${feeLines.id})`.as(
        'rank',
      ),
    })
    .from(feeLines)
    .innerJoin(orders, orderOfLine)
    .innerJoin(models, and(eq(models.teamId, feeLines.teamId), eq(models.id, feeLines.modelId)))
    .where(and(openLines(teamId, sums), inGroups))
    .as('ready_lines');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perGroup))
    .orderBy(asc(ranked.companyId), asc(ranked.teamRecipientId), asc(ranked.rank));
  // Open lines are of orders with a client (openLines).
  return rows.map(({ rank: _rank, ...row }) => ({ ...row, companyId: num(row.companyId) }));
}
