/**
 * The only file with the order domain's queries: orders, their models and fee lines,
 * attachments and number counters. It reads the names an answer shows (company, contact, members,
 * models and their covers, the attachments' blobs) joined in, one query instead of N.
 */
import type { ApprovalStatus, JobType } from '@trackit/contract/enums';
import { readSort, type SortValue } from '@trackit/contract/envelope';
import type { ORDER_SORTS, OrderStatus } from '@trackit/contract/order.schema';
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
  notExists,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { containing, escapeLike } from '../../db/like';
import type { PageWindow } from '../../http/pagination';
import { approvals } from '../approval/approval.tables';
import { calendarEntries } from '../calendar/calendar.tables';
import { companies } from '../company/company.tables';
import { contacts } from '../contact/contact.tables';
import { models } from '../model/model.tables';
import { memberships } from '../organization/organization.tables';
import { blobs, files } from '../upload/upload.tables';
import { feeLines, orderAttachments, orderCounters, orderModels, orders } from './order.tables';

export type OrderRecord = typeof orders.$inferSelect;
export type OrderValues = typeof orders.$inferInsert;
export type FeeLineRecord = typeof feeLines.$inferSelect;
/** A fee line as written: what the input gives, with the figures of the contract's `lineTotals`. */
export type FeeLineValues = Omit<
  typeof feeLines.$inferInsert,
  'id' | 'teamId' | 'orderId' | 'modelId' | 'position' | 'createdAt' | 'updatedAt'
>;
/** An order with the names its answers show. */
export type OrderRow = OrderRecord & {
  companyName: string | null;
  contactName: string | null;
  ownerNickname: string | null;
  renewalOfNumber: string | null;
};

const renewed = alias(orders, 'renewed_orders');

function selectOrders(db: Database) {
  return db
    .select({
      order: orders,
      companyName: companies.name,
      contactName: contacts.name,
      ownerNickname: memberships.nickname,
      renewalOfNumber: renewed.number,
    })
    .from(orders)
    .leftJoin(companies, and(eq(companies.id, orders.companyId), eq(companies.teamId, orders.teamId)))
    .leftJoin(contacts, and(eq(contacts.id, orders.contactId), eq(contacts.teamId, orders.teamId)))
    .leftJoin(
      memberships,
      and(eq(memberships.id, orders.ownerMembershipId), eq(memberships.teamId, orders.teamId)),
    )
    .leftJoin(renewed, and(eq(renewed.id, orders.renewalOfOrderId), eq(renewed.teamId, orders.teamId)));
}

type SelectedOrder = {
  order: OrderRecord;
  companyName: string | null;
  contactName: string | null;
  ownerNickname: string | null;
  renewalOfNumber: string | null;
};
const toRow = ({ order, ...names }: SelectedOrder): OrderRow => ({ ...order, ...names });

/** The next sequence of the team's business day: one row bumped atomically, so concurrent creates differ. */
export async function nextOrderSequence(tx: Database, teamId: number, day: string): Promise<number> {
  const [row] = await tx
    .insert(orderCounters)
    .values({ teamId, day, last: 1 })
    .onConflictDoUpdate({
      target: [orderCounters.teamId, orderCounters.day],
      set: { last: sql`${orderCounters.last} + 1` },
    })
    .returning({ last: orderCounters.last });
  if (!row) throw new Error('order counter not bumped');
  return row.last;
}

export async function insertOrder(tx: Database, values: OrderValues): Promise<OrderRecord> {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('order not created');
  return row;
}

export async function updateOrderRow(
  tx: Database,
  teamId: number,
  orderId: number,
  values: Partial<OrderValues>,
): Promise<void> {
  await tx
    .update(orders)
    .set(values)
    .where(and(eq(orders.id, orderId), eq(orders.teamId, teamId)));
}

/** The team's order, locked while it changes. */
export async function lockOrder(tx: Database, teamId: number, orderId: number) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.teamId, teamId)))
    .for('update');
  return row;
}

export async function findOrder(
  db: Database,
  teamId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await selectOrders(db).where(and(eq(orders.id, orderId), eq(orders.teamId, teamId)));
  return row ? toRow(row) : undefined;
}

/**
 * The team's models among `modelIds`: name and status (an order names only its team's models). Held until the
 * transaction ends, so none is deleted under the write (model.service.ts deleteModel).
 */
export function findTeamModels(db: Database, teamId: number, modelIds: number[]) {
  if (modelIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: models.id, name: models.name, status: models.status })
    .from(models)
    .where(and(eq(models.teamId, teamId), inArray(models.id, modelIds)))
    .for('key share');
}

/** Replaces the order's models and their fee lines by `rows`, in their order. */
export async function replaceOrderModels(
  tx: Database,
  teamId: number,
  orderId: number,
  rows: { modelId: number; fees: FeeLineValues[] }[],
  at: Date,
): Promise<void> {
  await tx.delete(feeLines).where(and(eq(feeLines.teamId, teamId), eq(feeLines.orderId, orderId)));
  await tx.delete(orderModels).where(and(eq(orderModels.teamId, teamId), eq(orderModels.orderId, orderId)));
  if (rows.length === 0) return;
  await tx
    .insert(orderModels)
    .values(rows.map((row, position) => ({ teamId, orderId, modelId: row.modelId, position })));
  const fees = rows.flatMap((row) =>
    row.fees.map((fee, position) => ({
      ...fee,
      teamId,
      orderId,
      modelId: row.modelId,
      position,
      createdAt: at,
      updatedAt: at,
    })),
  );
  if (fees.length > 0) await tx.insert(feeLines).values(fees);
}

/** A model of an order with its name and cover (the storage key of its bytes, for signing). */
export interface OrderModelRow {
  orderId: number;
  modelId: number;
  position: number;
  name: string;
  englishName: string | null;
  cover: (typeof files.$inferSelect & { blobKey: string }) | null;
}

/** The models of the given orders, each order's in its order (one query for a page of orders). */
export async function listModelsOfOrders(
  db: Database,
  teamId: number,
  orderIds: number[],
  withCovers: boolean,
): Promise<OrderModelRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      entry: orderModels,
      name: models.name,
      englishName: models.englishName,
      cover: files,
      coverKey: blobs.key,
    })
    .from(orderModels)
    .innerJoin(models, and(eq(models.id, orderModels.modelId), eq(models.teamId, orderModels.teamId)))
    .leftJoin(
      files,
      withCovers ? and(eq(files.id, models.coverFileId), eq(files.teamId, models.teamId)) : sql`false`,
    )
    .leftJoin(blobs, eq(blobs.id, files.blobId))
    .where(and(eq(orderModels.teamId, teamId), inArray(orderModels.orderId, orderIds)))
    .orderBy(asc(orderModels.orderId), asc(orderModels.position));
  return rows.map((row) => ({
    orderId: row.entry.orderId,
    modelId: row.entry.modelId,
    position: row.entry.position,
    name: row.name,
    englishName: row.englishName,
    cover: row.cover && row.coverKey ? { ...row.cover, blobKey: row.coverKey } : null,
  }));
}

/** The fee lines of the given orders, by order, model and position (one query for a page of orders). */
export function listFeeLinesOfOrders(
  db: Database,
  teamId: number,
  orderIds: number[],
): Promise<FeeLineRecord[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(feeLines)
    .where(and(eq(feeLines.teamId, teamId), inArray(feeLines.orderId, orderIds)))
    .orderBy(asc(feeLines.orderId), asc(feeLines.modelId), asc(feeLines.position), asc(feeLines.id));
}

export type AttachmentRow = typeof orderAttachments.$inferSelect & { blobKey: string };

/** The order's attachments, oldest first, with the storage key of each. */
export async function listAttachments(
  db: Database,
  teamId: number,
  orderId: number,
): Promise<AttachmentRow[]> {
  const rows = await db
    .select({ attachment: orderAttachments, blobKey: blobs.key })
    .from(orderAttachments)
    .innerJoin(blobs, eq(blobs.id, orderAttachments.blobId))
    .where(and(eq(orderAttachments.teamId, teamId), eq(orderAttachments.orderId, orderId)))
    .orderBy(asc(orderAttachments.id));
  return rows.map((row) => ({ ...row.attachment, blobKey: row.blobKey }));
}

export async function countAttachments(tx: Database, teamId: number, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(orderAttachments)
    .where(and(eq(orderAttachments.teamId, teamId), eq(orderAttachments.orderId, orderId)));
  return row?.total ?? 0;
}

export async function insertAttachment(tx: Database, values: typeof orderAttachments.$inferInsert) {
  const [row] = await tx.insert(orderAttachments).values(values).returning();
  if (!row) throw new Error('attachment not recorded');
  return row;
}

/** One attachment of the order, with its blob's key. */
export async function findAttachment(tx: Database, teamId: number, orderId: number, attachmentId: number) {
  const [row] = await tx
    .select({ attachment: orderAttachments, blobKey: blobs.key })
    .from(orderAttachments)
    .innerJoin(blobs, eq(blobs.id, orderAttachments.blobId))
    .where(
      and(
        eq(orderAttachments.teamId, teamId),
        eq(orderAttachments.orderId, orderId),
        eq(orderAttachments.id, attachmentId),
      ),
    );
  return row ? { ...row.attachment, blobKey: row.blobKey } : undefined;
}

export async function deleteAttachment(tx: Database, teamId: number, attachmentId: number): Promise<void> {
  await tx
    .delete(orderAttachments)
    .where(and(eq(orderAttachments.teamId, teamId), eq(orderAttachments.id, attachmentId)));
}

// ---- The list ----

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
      ? sql`exists (select 1 from "order_models" where "order_models"."team_id" = ${teamId} and "order_models"."order_id" = ${orders.id} and "order_models"."model_id" = ${filter.modelId})`
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

/**
 * Hands the member's open orders in the team (stored status neither billed nor cancelled) to another
 * member; finished ones keep who handled them. Returns how many moved.
 */
export async function reassignOpenOrderOwner(
  tx: Database,
  teamId: number,
  fromMembershipId: number,
  toMembershipId: number,
  now: Date,
): Promise<{ id: number; number: string; title: string }[]> {
  return tx
    .update(orders)
    .set({ ownerMembershipId: toMembershipId, updatedAt: now })
    .where(
      and(
        eq(orders.teamId, teamId),
        eq(orders.ownerMembershipId, fromMembershipId),
        notInArray(orders.status, ['billed', 'cancelled']),
      ),
    )
    .returning({ id: orders.id, number: orders.number, title: orders.title });
}

/** The team's orders nobody has put anything in (docs/product.md "Orders"), last changed before `before`. */
function abandonedDraftWhere(teamId: number, before: Date) {
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
    lt(orders.updatedAt, before),
    none(orderModels),
    none(feeLines),
    none(orderAttachments),
  );
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
