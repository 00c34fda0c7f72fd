/**
 * The order domain's record reads and writes: orders, their models and fee lines, attachments
 * and number counters. It reads the names an answer shows (company, contact, members, models and their
 * covers, the attachments' blobs) joined in, one query instead of N. The list and its filters are in
 * order-list.repository.ts.
 */
import type { TaxpayerType } from '@trackit/contract/team-recipient.schema';
import { and, asc, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { companies } from '../company/company.tables';
import { contacts } from '../contact/contact.tables';
import { models } from '../model/model.tables';
import { memberships } from '../organization/organization.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';
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
  recipient: OrderRecipientRef | null;
};

/** What an order's answer shows of its payee entity (the short name, and what a new fee line's rate follows). */
export interface OrderRecipientRef {
  shortName: string;
  taxpayerType: TaxpayerType;
  defaultTaxRate: number | null;
}

const renewed = alias(orders, 'renewed_orders');

/** The team's orders with the names their answers show (order-list.repository.ts pages them). */
export function selectOrders(db: Database) {
  return db
    .select({
      order: orders,
      companyName: companies.name,
      contactName: contacts.name,
      ownerNickname: memberships.nickname,
      renewalOfNumber: renewed.number,
      recipientShortName: teamRecipients.shortName,
      recipientTaxpayerType: teamRecipients.taxpayerType,
      recipientDefaultTaxRate: teamRecipients.defaultTaxRate,
    })
    .from(orders)
    .leftJoin(companies, and(eq(companies.id, orders.companyId), eq(companies.teamId, orders.teamId)))
    .leftJoin(contacts, and(eq(contacts.id, orders.contactId), eq(contacts.teamId, orders.teamId)))
    .leftJoin(
      memberships,
      and(eq(memberships.id, orders.ownerMembershipId), eq(memberships.teamId, orders.teamId)),
    )
    .leftJoin(renewed, and(eq(renewed.id, orders.renewalOfOrderId), eq(renewed.teamId, orders.teamId)))
    .leftJoin(
      teamRecipients,
      and(eq(teamRecipients.id, orders.teamRecipientId), eq(teamRecipients.teamId, orders.teamId)),
    );
}

type SelectedOrder = {
  order: OrderRecord;
  companyName: string | null;
  contactName: string | null;
  ownerNickname: string | null;
  renewalOfNumber: string | null;
  recipientShortName: string | null;
  recipientTaxpayerType: TaxpayerType | null;
  recipientDefaultTaxRate: number | null;
};
export const toRow = ({
  order,
  recipientShortName,
  recipientTaxpayerType,
  recipientDefaultTaxRate,
  ...names
}: SelectedOrder): OrderRow => ({
  ...order,
  ...names,
  recipient:
    recipientShortName !== null && recipientTaxpayerType !== null
      ? {
          shortName: recipientShortName,
          taxpayerType: recipientTaxpayerType,
          defaultTaxRate: recipientDefaultTaxRate,
        }
      : null,
});

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

/**
 * Gives the payee entity to those of the orders that have none (billed before the team had one), and
 * answers them; an order that has an entity keeps it.
 */
export async function fillMissingTeamRecipient(
  tx: Database,
  teamId: number,
  orderIds: readonly number[],
  teamRecipientId: number,
  now: Date,
): Promise<{ id: number; number: string; title: string }[]> {
  if (orderIds.length === 0) return [];
  return tx
    .update(orders)
    .set({ teamRecipientId, updatedAt: now })
    .where(and(eq(orders.teamId, teamId), inArray(orders.id, [...orderIds]), isNull(orders.teamRecipientId)))
    .returning({ id: orders.id, number: orders.number, title: orders.title });
}
