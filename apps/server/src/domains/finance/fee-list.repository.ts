/**
 * 费用 (docs/product.md "Receivables"): every billed order's money as of a business date, in SQL, paged,
 * filtered, summed and exported from one query. Each figure follows the contract's rules (./aging
 * receivableAsOf, ./allocations orderMoney): billed (orders.fees_total) from the billing date; received is
 * what the payments ledger (payment/payment.tables.ts `fee_line_payments`) held of each line by then, counted
 * up to the line's total; invoiced is the issued invoices' lines by their issue date less the red-letter
 * corrections passed by then; due date, days overdue and aging bucket from AGING_BUCKET_DAYS. Today's money
 * is kept on the order's row; a past date takes back what changed after it (`changesAfter`). The API tests
 * compare each row with 财务详情 and the contract's own figures.
 */
import { BUSINESS_TIME_ZONE } from '@trackit/contract/business-time';
import { readSort } from '@trackit/contract/envelope';
import {
  AGING_BUCKET_DAYS,
  AGING_BUCKETS,
  type AgingBucket,
  type OrderPaymentState,
} from '@trackit/contract/finance-enums';
import type { FeeFilter, FeeSort } from '@trackit/contract/receivable.schema';
import { and, asc, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containing } from '../../db/like';
import { sumFen } from '../../db/money-sum';
import type { PageWindow } from '../../http/pagination';
import { companies } from '../company/company.tables';
import {
  invoiceCorrectionLines,
  invoiceCorrections,
  invoiceLines,
  invoices,
} from '../invoice/invoice.tables';
import { feeLines, orders } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { feeLinePayments } from '../payment/payment.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';

/** A timestamp's business date. */
const businessDay = (column: SQL | typeof orders.billedAt) =>
  sql`(${column} at time zone ${BUSINESS_TIME_ZONE})::date`;

/** The aging bucket of a number of days overdue, as the contract's agingBucket. */
function bucketCase(days: SQL): SQL {
  const whens = AGING_BUCKETS.map((bucket) => {
    const { min, max } = AGING_BUCKET_DAYS[bucket];
    const upper = max === null ? sql`` : sql` and ${days} <= ${max}`;
    return sql`when ${days} >= ${min}${upper} then ${bucket}`;
  });
  return sql`case ${sql.join(whens, sql` `)} end`;
}

/**
 * What changed on each order after `asOf`, to take back from the money its row keeps now (orders.invoiced,
 * orders.received, fee_lines.paid): invoices issued after it, corrections passed after it, and payments
 * after it (each line's paid amount then is its paid amount now less its later ledger rows; counted up to
 * its total). Each reads only the rows dated after `asOf` (indexed), so today costs nothing.
 */
function changesAfter(db: Database, teamId: number, asOf: string) {
  const later = db
    .select({
      feeLineId: feeLinePayments.feeLineId,
      amount: sql<number>`sum(${feeLinePayments.amount})`.as('later_amount'),
    })
    .from(feeLinePayments)
    .where(and(eq(feeLinePayments.teamId, teamId), gt(feeLinePayments.paidOn, asOf)))
    .groupBy(feeLinePayments.feeLineId)
    .as('later');
  const receivedLater = db
    .select({
      orderId: sql<number>`${feeLines.orderId}`.as('received_order_id'),
      amount:
        sql<number>`sum(least(${feeLines.paid}, ${feeLines.total}) - least(${feeLines.paid} - ${later.amount}, ${feeLines.total}))`.as(
          'received_later',
        ),
    })
    .from(later)
    .innerJoin(feeLines, and(eq(feeLines.teamId, teamId), eq(feeLines.id, later.feeLineId)))
    .groupBy(feeLines.orderId)
    .as('received_after');
  const issuedLater = db
    .select({
      orderId: sql<number>`${feeLines.orderId}`.as('issued_order_id'),
      amount: sql<number>`sum(${invoiceLines.total})`.as('issued_later'),
    })
    .from(invoices)
    .innerJoin(
      invoiceLines,
      and(eq(invoiceLines.teamId, invoices.teamId), eq(invoiceLines.invoiceId, invoices.id)),
    )
    .innerJoin(
      feeLines,
      and(eq(feeLines.teamId, invoiceLines.teamId), eq(feeLines.id, invoiceLines.feeLineId)),
    )
    .where(and(eq(invoices.teamId, teamId), gt(invoices.issuedOn, asOf)))
    .groupBy(feeLines.orderId)
    .as('issued_after');
  const correctedLater = db
    .select({
      orderId: sql<number>`${feeLines.orderId}`.as('corrected_order_id'),
      amount: sql<number>`sum(${invoiceCorrectionLines.total})`.as('corrected_later'),
    })
    .from(invoiceCorrections)
    .innerJoin(
      invoiceCorrectionLines,
      and(
        eq(invoiceCorrectionLines.teamId, invoiceCorrections.teamId),
        eq(invoiceCorrectionLines.correctionId, invoiceCorrections.id),
      ),
    )
    .innerJoin(
      feeLines,
      and(
        eq(feeLines.teamId, invoiceCorrectionLines.teamId),
        eq(feeLines.id, invoiceCorrectionLines.feeLineId),
      ),
    )
    .where(
      and(
        eq(invoiceCorrections.teamId, teamId),
        eq(invoiceCorrections.status, 'passed'),
        sql`${businessDay(sql`${invoiceCorrections.decidedAt}`)} > ${asOf}::date`,
      ),
    )
    .groupBy(feeLines.orderId)
    .as('corrected_after');
  return { receivedLater, issuedLater, correctedLater };
}

/** The business date the figures are asked for, and today's (what the orders' rows keep). */
export interface FeeDate {
  asOf: string;
  today: string;
}

/** Whether a filter keeps only orders with something outstanding (an aging bucket is one of them). */
const owedOnly = (filter: FeeFilter) =>
  filter.outstanding === true ||
  Boolean(filter.aging_bucket?.length) ||
  (filter.payment_state !== undefined &&
    filter.payment_state.length > 0 &&
    !filter.payment_state.includes('paid'));

/**
 * Every billed order of the team with its money as of `when.asOf`, before the list's filters on figures.
 * Nothing is dated after the day it is written (receipts and invoices refuse future dates, the payments
 * ledger is dated its step's day), so as of today the money each order keeps is the answer: no change to
 * take back, and "something outstanding" is `fees_total > received`, which the partial index
 * orders_team_owed_idx holds (a fraction of the billed orders once most are paid).
 */
function feeRows(db: Database, teamId: number, filter: FeeFilter, when: FeeDate) {
  const { asOf } = when;
  const current = asOf >= when.today;
  const { receivedLater, issuedLater, correctedLater } = changesAfter(db, teamId, asOf);
  const billedOn = businessDay(orders.billedAt);
  const billed = sql`${orders.feesTotal}`;
  const received = current
    ? sql`${orders.received}`
    : sql`(${orders.received} - coalesce(${receivedLater.amount}, 0))`;
  const outstanding = sql`(${billed} - ${received})`;
  const dueOn = sql`(${orders.lastDate} + coalesce(${companies.paymentTermsDays}, 0))`;
  const days = sql`(case when ${outstanding} > 0 and ${orders.lastDate} is not null then greatest(0, ${asOf}::date - ${dueOn}) else 0 end)`;

  const where: (SQL | undefined)[] = [
    eq(orders.teamId, teamId),
    // Written out, not a parameter, so the planner can match the partial index on billed orders.
    sql`${orders.status} = 'billed'`,
    current ? undefined : sql`${billedOn} <= ${asOf}::date`,
    current && owedOnly(filter) ? sql`${orders.feesTotal} > ${orders.received}` : undefined,
  ];
  if (filter.company_id !== undefined) where.push(eq(orders.companyId, filter.company_id));
  if (filter.team_recipient_id !== undefined)
    where.push(eq(orders.teamRecipientId, filter.team_recipient_id));
  if (filter.owner_member_id !== undefined) where.push(eq(orders.ownerMembershipId, filter.owner_member_id));
  if (filter.from !== undefined) where.push(sql`${billedOn} >= ${filter.from}::date`);
  if (filter.to !== undefined) where.push(sql`${billedOn} <= ${filter.to}::date`);
  if (filter.keyword !== undefined && filter.keyword !== '') {
    const pattern = containing(filter.keyword);
    where.push(
      or(ilike(orders.number, pattern), ilike(orders.title, pattern), ilike(companies.name, pattern)),
    );
  }

  const query = db
    .select({
      id: orders.id,
      number: orders.number,
      title: orders.title,
      companyId: orders.companyId,
      companyName: sql<string | null>`${companies.name}`.as('company_name'),
      teamRecipientId: orders.teamRecipientId,
      ownerId: orders.ownerMembershipId,
      billedOn: sql<string>`${billedOn}::text`.as('billed_on'),
      lastDate: orders.lastDate,
      dueOn: sql<string | null>`${dueOn}::text`.as('due_on'),
      billed: sql<number>`${billed}`.as('billed_amount'),
      invoiced: (current
        ? sql<number>`${orders.invoiced}`
        : sql<number>`(${orders.invoiced} - coalesce(${issuedLater.amount}, 0) + coalesce(${correctedLater.amount}, 0))`
      ).as('invoiced_amount'),
      received: sql<number>`${received}`.as('received_amount'),
      outstanding: sql<number>`${outstanding}`.as('outstanding'),
      paymentState:
        sql<OrderPaymentState>`(case when ${outstanding} <= 0 then 'paid' when ${received} > 0 then 'partial' else 'unpaid' end)`.as(
          'payment_state',
        ),
      daysOverdue: sql<number>`${days}`.as('days_overdue'),
      agingBucket: sql<AgingBucket | null>`(case when ${outstanding} > 0 then ${bucketCase(days)} end)`.as(
        'aging_bucket',
      ),
    })
    .from(orders)
    .$dynamic();
  if (!current) {
    query
      .leftJoin(receivedLater, eq(receivedLater.orderId, orders.id))
      .leftJoin(issuedLater, eq(issuedLater.orderId, orders.id))
      .leftJoin(correctedLater, eq(correctedLater.orderId, orders.id));
  }
  return query
    .leftJoin(companies, and(eq(companies.teamId, orders.teamId), eq(companies.id, orders.companyId)))
    .where(and(...where))
    .as('fee_rows');
}

type FeeRowsTable = ReturnType<typeof feeRows>;

/** The filters on the figures themselves (payment state, aging bucket, outstanding only). */
function figureFilters(rows: FeeRowsTable, filter: FeeFilter): SQL | undefined {
  return and(
    filter.payment_state?.length ? inArray(rows.paymentState, filter.payment_state) : undefined,
    filter.aging_bucket?.length ? inArray(rows.agingBucket, filter.aging_bucket) : undefined,
    filter.outstanding === true ? sql`${rows.outstanding} > 0` : undefined,
    filter.outstanding === false ? sql`${rows.outstanding} <= 0` : undefined,
  );
}

function orderBy(rows: FeeRowsTable, sort: FeeFilter['sort']): SQL[] {
  const { field, descending } = readSort<FeeSort>(sort ?? '-days_overdue');
  const direction = descending ? desc : asc;
  const column = {
    days_overdue: rows.daysOverdue,
    due_on: rows.dueOn,
    outstanding: rows.outstanding,
    billed_on: rows.billedOn,
  }[field];
  // Ties: what is still owed first, then the earliest due, then the newest order.
  return [direction(column), desc(sql`${rows.outstanding} > 0`), asc(rows.dueOn), desc(rows.id)];
}

/** The page's query alone (the bench explains it). */
export function feeRowsPage(
  db: Database,
  teamId: number,
  filter: FeeFilter,
  when: FeeDate,
  window: PageWindow,
) {
  const rows = feeRows(db, teamId, filter, when);
  return db
    .select()
    .from(rows)
    .where(figureFilters(rows, filter))
    .orderBy(...orderBy(rows, filter.sort))
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * The payee entities' short names and the owners' nicknames of a page's rows, read for those rows only
 * (two queries whatever the page's size): joined into the figures' query they cost a join per billed order.
 */
async function namesOf(db: Database, teamId: number, recipientIds: number[], ownerIds: number[]) {
  const [recipients, owners] = await Promise.all([
    recipientIds.length === 0
      ? []
      : db
          .select({ id: teamRecipients.id, name: teamRecipients.shortName })
          .from(teamRecipients)
          .where(and(eq(teamRecipients.teamId, teamId), inArray(teamRecipients.id, recipientIds))),
    ownerIds.length === 0
      ? []
      : db
          .select({ id: memberships.id, name: memberships.nickname })
          .from(memberships)
          .where(and(eq(memberships.teamId, teamId), inArray(memberships.id, ownerIds))),
  ]);
  return {
    recipient: new Map(recipients.map((row) => [row.id, row.name])),
    owner: new Map(owners.map((row) => [row.id, row.name])),
  };
}

const presentIds = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];

/** One page of 费用 and the number of rows matching. */
export async function listFeeRows(
  db: Database,
  teamId: number,
  filter: FeeFilter,
  when: FeeDate,
  window: PageWindow,
) {
  const rows = feeRows(db, teamId, filter, when);
  const [items, [counted]] = await Promise.all([
    feeRowsPage(db, teamId, filter, when, window),
    db
      .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
      .from(rows)
      .where(figureFilters(rows, filter)),
  ]);
  const names = await namesOf(
    db,
    teamId,
    presentIds(items.map((item) => item.teamRecipientId)),
    presentIds(items.map((item) => item.ownerId)),
  );
  return {
    items: items.map((item) => ({
      ...numbers(item),
      recipientShortName:
        item.teamRecipientId === null ? null : (names.recipient.get(item.teamRecipientId) ?? null),
      ownerNickname: item.ownerId === null ? null : (names.owner.get(item.ownerId) ?? null),
    })),
    total: counted?.total ?? 0,
  };
}

/**
 * What is outstanding as of `asOf` grouped three ways in one pass over the orders (GROUPING SETS): by aging
 * bucket, by due date (null: no last working day) and by client (null: none). The finance dashboard's
 * receivable, buckets, weeks ahead and top clients all come from it, so they add up with each other and
 * with the 费用 list.
 */
export async function sumOutstandingGroups(db: Database, teamId: number, when: FeeDate) {
  const groups = await outstandingGroupsQuery(db, teamId, when);
  // grouping() is 0 for the column a row is grouped by.
  return {
    byBucket: groups.filter((group) => group.byBucket === 0),
    byDueDate: groups.filter((group) => group.byDueDate === 0),
    byClient: groups.filter((group) => group.byBucket === 1 && group.byDueDate === 1),
  };
}

/** sumOutstandingGroups' query alone (the bench explains it). */
export function outstandingGroupsQuery(db: Database, teamId: number, when: FeeDate) {
  const rows = feeRows(db, teamId, { outstanding: true }, when);
  return db
    .select({
      byBucket: sql<number>`grouping(${rows.agingBucket})`.mapWith(Number),
      byDueDate: sql<number>`grouping(${rows.dueOn})`.mapWith(Number),
      bucket: rows.agingBucket,
      dueOn: rows.dueOn,
      companyId: rows.companyId,
      companyName: sql<string | null>`max(${rows.companyName})`,
      count: sql<number>`count(*)::int`.mapWith(Number),
      outstanding: sumFen(rows.outstanding),
    })
    .from(rows)
    .where(sql`${rows.outstanding} > 0`)
    .groupBy(sql`grouping sets ((${rows.agingBucket}), (${rows.dueOn}), (${rows.companyId}))`);
}

/** The filtered rows' sums by aging bucket (null: nothing outstanding), all pages. */
export async function sumFeeRows(db: Database, teamId: number, filter: FeeFilter, when: FeeDate) {
  const rows = feeRows(db, teamId, filter, when);
  return db
    .select({
      bucket: rows.agingBucket,
      count: sql<number>`count(*)::int`.mapWith(Number),
      billed: sumFen(rows.billed),
      invoiced: sumFen(rows.invoiced),
      received: sumFen(rows.received),
      outstanding: sumFen(rows.outstanding),
    })
    .from(rows)
    .where(figureFilters(rows, filter))
    .groupBy(rows.agingBucket);
}

export type FeeRowRecord = Awaited<ReturnType<typeof listFeeRows>>['items'][number];

/** Sums come back from SQL as text (bigint); the figures are whole fen. */
function numbers<
  R extends {
    billed: unknown;
    invoiced: unknown;
    received: unknown;
    outstanding: unknown;
    daysOverdue: unknown;
  },
>(row: R) {
  return {
    ...row,
    billed: Number(row.billed),
    invoiced: Number(row.invoiced),
    received: Number(row.received),
    outstanding: Number(row.outstanding),
    daysOverdue: Number(row.daysOverdue),
  };
}
