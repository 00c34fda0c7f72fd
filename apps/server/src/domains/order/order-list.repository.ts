/**
 * The order domain's list and filter queries: the list with its filters, sorts and total, and the sweep of
 * abandoned empty drafts (a filter over the team's orders). Record reads and writes are in
 * order.repository.ts.
 */
import type { ApprovalStatus, JobType } from '@trackit/contract/enums';
import { readSort, type SortValue } from '@trackit/contract/envelope';
import type { ORDER_SORTS } from '@trackit/contract/order.schema';
import type { OrderStatus } from '@trackit/contract/order-constants';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  not,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containing, escapeLike } from '../../db/like';
import type { PageWindow } from '../../http/pagination';
import { approvals } from '../approval/approval.tables';
import { calendarEntries } from '../calendar/calendar.tables';
import { companies } from '../company/company.tables';
import { type OrderRow, selectOrders, toRow } from './order.repository';
import { feeLines, orderAttachments, orderModels, orders } from './order.tables';

export interface OrderListFilter {
  statuses?: OrderStatus[] | undefined;
  approvalStatuses?: ApprovalStatus[] | undefined;
  jobTypes?: JobType[] | undefined;
  companyId?: number | undefined;
  modelId?: number | undefined;
  ownerMembershipId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Orders with a usage licence (UsageFee line) ending in this range (the dashboard's expiring licences). */
  usageEndFrom?: string | undefined;
  usageEndTo?: string | undefined;
  /** Orders holding a live option (reserved, not released) whose expiry falls in (after, until]. */
  optionsExpiring?: { after: Date; until: Date } | undefined;
  keyword?: string | undefined;
  /** Only orders waiting for a decision (submitted, with an open approval request); `none` lists nothing. */
  awaitingApproval?: 'all' | 'none' | undefined;
  sort?: SortValue<(typeof ORDER_SORTS)[number]> | undefined;
  /**
   * The member listing: another member's empty draft (新建订单 clicked and left, nothing in it) is not
   * listed to them; their own stays, to be filled in or left for the daily job to remove (issue 35).
   */
  viewerMembershipId?: number | undefined;
}

/**
 * Orders of a presented status, as of the business date `today`: `completed` is a confirmed order whose
 * last day is before today, `confirmed` one whose last day is today or later.
 */
function statusCondition(status: OrderStatus, today: string): SQL | undefined {
  switch (status) {
    case 'completed':
      return and(eq(orders.status, 'confirmed'), lt(orders.lastDate, today));
    case 'confirmed':
      return and(eq(orders.status, 'confirmed'), or(isNull(orders.lastDate), gte(orders.lastDate, today)));
    default:
      return eq(orders.status, status);
  }
}

function listWhere(teamId: number, filter: OrderListFilter, today: string): SQL | undefined {
  const keyword = filter.keyword?.trim();
  const days =
    filter.from || filter.to
      ? and(
          filter.to ? sql`${orders.firstDate} <= ${filter.to}` : undefined,
          filter.from ? sql`${orders.lastDate} >= ${filter.from}` : undefined,
          sql`exists (select 1 from jsonb_array_elements(${orders.days}) as "day" where ${and(
            filter.from ? sql`"day"->>'date' >= ${filter.from}` : undefined,
            filter.to ? sql`"day"->>'date' <= ${filter.to}` : undefined,
          )})`,
        )
      : undefined;
  return and(
    eq(orders.teamId, teamId),
    filter.awaitingApproval === 'none' ? sql`false` : undefined,
    filter.awaitingApproval === 'all'
      ? and(
          eq(orders.status, 'submitted'),
          exists(
            sql`(select 1 from ${approvals} where ${and(
              eq(approvals.teamId, orders.teamId),
              eq(approvals.kind, 'order'),
              eq(approvals.recordId, orders.id),
              eq(approvals.status, 'init'),
            )})`,
          ),
        )
      : undefined,
    filter.statuses?.length
      ? or(...filter.statuses.map((status) => statusCondition(status, today)))
      : undefined,
    filter.approvalStatuses?.length ? inArray(orders.approvalStatus, filter.approvalStatuses) : undefined,
    filter.jobTypes?.length ? inArray(orders.jobType, filter.jobTypes) : undefined,
    filter.companyId ? eq(orders.companyId, filter.companyId) : undefined,
    filter.ownerMembershipId ? eq(orders.ownerMembershipId, filter.ownerMembershipId) : undefined,
    filter.modelId
      ? sql`exists (select 1 from ${orderModels} where ${and(
          eq(orderModels.teamId, teamId),
          eq(orderModels.orderId, orders.id),
          eq(orderModels.modelId, filter.modelId),
        )})`
      : undefined,
    days,
    filter.usageEndFrom || filter.usageEndTo
      ? sql`exists (select 1 from ${feeLines} where ${and(
          eq(feeLines.teamId, teamId),
          eq(feeLines.orderId, orders.id),
          eq(feeLines.kind, 'UsageFee'),
          filter.usageEndFrom ? gte(feeLines.endDate, filter.usageEndFrom) : undefined,
          filter.usageEndTo ? lte(feeLines.endDate, filter.usageEndTo) : undefined,
        )})`
      : undefined,
    filter.optionsExpiring
      ? sql`exists (select 1 from ${calendarEntries} where ${and(
          eq(calendarEntries.teamId, teamId),
          eq(calendarEntries.orderId, orders.id),
          eq(calendarEntries.status, 'reserved'),
          isNull(calendarEntries.releasedAt),
          gt(calendarEntries.expiresAt, filter.optionsExpiring.after),
          lte(calendarEntries.expiresAt, filter.optionsExpiring.until),
        )})`
      : undefined,
    filter.viewerMembershipId !== undefined
      ? not(
          and(
            emptyDraftWhere(teamId),
            or(isNull(orders.ownerMembershipId), ne(orders.ownerMembershipId, filter.viewerMembershipId)),
          ) as SQL,
        )
      : undefined,
    keyword
      ? or(
          ilike(orders.number, `${escapeLike(keyword)}%`),
          ilike(orders.title, containing(keyword)),
          ilike(orders.brand, containing(keyword)),
          ilike(companies.name, containing(keyword)),
        )
      : undefined,
  );
}

const SORT_COLUMNS = {
  created_at: orders.createdAt,
  first_date: orders.firstDate,
  number: orders.number,
};

/** The team's orders by the filter, newest first unless sorted otherwise, paged in the database. */
export async function listOrders(
  db: Database,
  teamId: number,
  filter: OrderListFilter,
  window: PageWindow,
  today: string,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = listWhere(teamId, filter, today);
  const sort = readSort(filter.sort ?? '-created_at');
  const column = SORT_COLUMNS[sort.field];
  // Plain directions, as the indexes lead (a draft without days comes first newest-first, last oldest-first).
  const order: SQL[] = sort.descending ? [desc(column), desc(orders.id)] : [asc(column), asc(orders.id)];
  const [rows, [totals]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ total: count() })
      .from(orders)
      .leftJoin(companies, and(eq(companies.id, orders.companyId), eq(companies.teamId, orders.teamId)))
      .where(where),
  ]);
  return { rows: rows.map(toRow), total: totals?.total ?? 0 };
}

/** The team's drafts nobody has put anything in (docs/product.md "Orders"). */
function emptyDraftWhere(teamId: number) {
  const none = (table: typeof orderModels | typeof feeLines | typeof orderAttachments) =>
    notExists(
      sql`(select 1 from ${table} where ${table.teamId} = ${teamId} and ${table.orderId} = ${orders.id})`,
    );
  return and(
    eq(orders.teamId, teamId),
    eq(orders.status, 'draft'),
    isNull(orders.approvalStatus),
    isNull(orders.renewalOfOrderId),
    eq(orders.title, ''),
    eq(orders.notes, ''),
    none(orderModels),
    none(feeLines),
    none(orderAttachments),
  );
}

/** The team's empty drafts (emptyDraftWhere) last changed before `before`: abandoned. */
function abandonedDraftWhere(teamId: number, before: Date) {
  return and(emptyDraftWhere(teamId), lt(orders.updatedAt, before));
}

/**
 * Deletes at most `limit` of the team's abandoned empty drafts, answering which. Race-safe without a
 * wait: a draft locked by an edit (every change locks the order first, lockOrder) is passed by (SKIP
 * LOCKED), and the emptiness is checked again by the DELETE itself, so a draft filled in meanwhile stays.
 * Its models, fee lines, released calendar entries and approvals go with it (ON DELETE CASCADE); the
 * day's number counter is left as it is, so its number is never handed out again.
 */
export async function deleteAbandonedDrafts(
  tx: Database,
  teamId: number,
  before: Date,
  limit: number,
): Promise<{ id: number; number: string }[]> {
  const candidates = tx
    .select({ id: orders.id })
    .from(orders)
    .where(abandonedDraftWhere(teamId, before))
    .orderBy(asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .delete(orders)
    .where(and(inArray(orders.id, candidates), abandonedDraftWhere(teamId, before)))
    .returning({ id: orders.id, number: orders.number });
}
