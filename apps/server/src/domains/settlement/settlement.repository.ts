/**
 * The settlement domain's record reads and writes: settlements, their lines and jobs, their number
 * counters, the list and the month's withholding list. Names an answer shows (the model, the orders and
 * their clients, members, the paying entity) are joined in, one query instead of N. Every query takes the
 * team id. What is ready to settle is in ./settlement-ready.repository.ts.
 */

import { dayBounds } from '@trackit/contract/business-time';
import { readSort } from '@trackit/contract/envelope';
import type { SETTLEMENT_SORTS, SettlementQuery } from '@trackit/contract/settlement.schema';
import type { TaxResidency } from '@trackit/contract/tax-identity';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { containing } from '../../db/like';
import { sumFen } from '../../db/money-sum';
import type { PageWindow } from '../../http/pagination';
import { companies } from '../company/company.tables';
import { models } from '../model/model.tables';
import { orders } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';
import {
  liveSettlementOfLine,
  settlementCounters,
  settlementJobs,
  settlementLines,
  settlements,
} from './settlement.tables';

export type SettlementRecord = typeof settlements.$inferSelect;
export type SettlementValues = typeof settlements.$inferInsert;
export type SettlementLineRecord = typeof settlementLines.$inferSelect;
export type SettlementLineValues = typeof settlementLines.$inferInsert;
export type SettlementJobValues = typeof settlementJobs.$inferInsert;

/** The next sequence of the team's business day: one row bumped atomically, so concurrent drafts differ. */
export async function nextSettlementSequence(tx: Database, teamId: number, day: string): Promise<number> {
  const [row] = await tx
    .insert(settlementCounters)
    .values({ teamId, day, last: 1 })
    .onConflictDoUpdate({
      target: [settlementCounters.teamId, settlementCounters.day],
      set: { last: sql`${settlementCounters.last} + 1` },
    })
    .returning({ last: settlementCounters.last });
  if (!row) throw new Error('settlement counter not bumped');
  return row.last;
}

/** The settlement with its lines and jobs, in one transaction's statements. */
export async function insertSettlement(
  tx: Database,
  values: SettlementValues,
  lines: Omit<SettlementLineValues, 'settlementId'>[],
  jobs: Omit<SettlementJobValues, 'settlementId'>[],
): Promise<number> {
  const [row] = await tx.insert(settlements).values(values).returning({ id: settlements.id });
  if (!row) throw new Error('settlement not created');
  if (lines.length > 0)
    await tx.insert(settlementLines).values(lines.map((line) => ({ ...line, settlementId: row.id })));
  if (jobs.length > 0)
    await tx.insert(settlementJobs).values(jobs.map((job) => ({ ...job, settlementId: row.id })));
  return row.id;
}

const creator = alias(memberships, 'settlement_creator');
const corrected = alias(settlements, 'corrected_settlement');

const selectSettlements = (db: Database) =>
  db
    .select({
      settlement: settlements,
      modelName: models.name,
      createdByName: creator.nickname,
      paidBy: { id: teamRecipients.id, shortName: teamRecipients.shortName },
      corrects: { id: corrected.id, number: corrected.number },
      /** A line of it no live correction (not rejected) takes back (served by settlement_lines_team_corrects_idx). */
      hasUncorrectedLine: sql<boolean>`exists (
        select 1 from settlement_lines l
        where l.team_id = ${settlements.teamId} and l.settlement_id = ${settlements.id}
          and not exists (
            select 1 from settlement_lines c
            join settlements cs on cs.team_id = c.team_id and cs.id = c.settlement_id
            where c.team_id = l.team_id and c.corrects_line_id = l.id and cs.status <> 'rejected'))`,
    })
    .from(settlements)
    .innerJoin(models, and(eq(models.teamId, settlements.teamId), eq(models.id, settlements.modelId)))
    .leftJoin(
      creator,
      and(eq(creator.teamId, settlements.teamId), eq(creator.id, settlements.createdByMembershipId)),
    )
    .leftJoin(
      teamRecipients,
      and(
        eq(teamRecipients.teamId, settlements.teamId),
        eq(teamRecipients.id, settlements.paidByTeamRecipientId),
      ),
    )
    .leftJoin(
      corrected,
      and(eq(corrected.teamId, settlements.teamId), eq(corrected.id, settlements.correctsId)),
    );
export type SettlementRow = Awaited<ReturnType<ReturnType<typeof selectSettlements>['where']>>[number];

export async function findSettlement(
  db: Database,
  teamId: number,
  id: number,
): Promise<SettlementRow | undefined> {
  const [row] = await selectSettlements(db).where(
    and(eq(settlements.teamId, teamId), eq(settlements.id, id)),
  );
  return row;
}

/** The settlement locked while its status moves (its steps take turns). */
export async function lockSettlement(
  tx: Database,
  teamId: number,
  id: number,
): Promise<SettlementRecord | undefined> {
  const [row] = await tx
    .select()
    .from(settlements)
    .where(and(eq(settlements.teamId, teamId), eq(settlements.id, id)))
    .for('update');
  return row;
}

/** The settlement, unlocked: its model is locked first when a step changes what is settled. */
export async function findSettlementRecord(
  db: Database,
  teamId: number,
  id: number,
): Promise<SettlementRecord | undefined> {
  const [row] = await db
    .select()
    .from(settlements)
    .where(and(eq(settlements.teamId, teamId), eq(settlements.id, id)));
  return row;
}

export async function updateSettlementRow(
  tx: Database,
  teamId: number,
  id: number,
  values: Partial<SettlementValues>,
): Promise<void> {
  await tx
    .update(settlements)
    .set(values)
    .where(and(eq(settlements.teamId, teamId), eq(settlements.id, id)));
}

/** A payment's tax worked out again (when the settlement is paid). */
export async function updateSettlementJob(
  tx: Database,
  teamId: number,
  jobId: number,
  values: Pick<SettlementJobValues, 'earlierIncome' | 'earlierTax' | 'taxable' | 'tax'>,
): Promise<void> {
  await tx
    .update(settlementJobs)
    .set(values)
    .where(and(eq(settlementJobs.teamId, teamId), eq(settlementJobs.id, jobId)));
}

/** Deletes the settlement; its lines and jobs go with it (ON DELETE CASCADE). */
export async function deleteSettlementRow(tx: Database, teamId: number, id: number): Promise<void> {
  await tx.delete(settlements).where(and(eq(settlements.teamId, teamId), eq(settlements.id, id)));
}

/** The settlement's lines with their order's number, title, first day and client, in order. */
export function listSettlementLines(db: Database, teamId: number, settlementId: number) {
  return db
    .select({
      line: settlementLines,
      orderNumber: orders.number,
      orderTitle: orders.title,
      orderFirstDate: orders.firstDate,
      companyName: companies.name,
    })
    .from(settlementLines)
    .innerJoin(orders, and(eq(orders.teamId, settlementLines.teamId), eq(orders.id, settlementLines.orderId)))
    .leftJoin(companies, and(eq(companies.teamId, orders.teamId), eq(companies.id, orders.companyId)))
    .where(and(eq(settlementLines.teamId, teamId), eq(settlementLines.settlementId, settlementId)))
    .orderBy(asc(orders.firstDate), asc(orders.id), asc(settlementLines.id));
}
export type SettlementLineRow = Awaited<ReturnType<typeof listSettlementLines>>[number];

/** The settlement's payments (job and income item) with their order's number, by order then item. */
export function listSettlementJobs(db: Database, teamId: number, settlementId: number) {
  return db
    .select({ job: settlementJobs, orderNumber: orders.number, orderPayeeId: orders.teamRecipientId })
    .from(settlementJobs)
    .innerJoin(orders, and(eq(orders.teamId, settlementJobs.teamId), eq(orders.id, settlementJobs.orderId)))
    .where(and(eq(settlementJobs.teamId, teamId), eq(settlementJobs.settlementId, settlementId)))
    .orderBy(asc(orders.firstDate), asc(orders.id), asc(settlementJobs.incomeCategory));
}
export type SettlementJobRow = Awaited<ReturnType<typeof listSettlementJobs>>[number];

/** The settlements correcting this one, oldest first. */
export function listCorrectionsOf(db: Database, teamId: number, settlementId: number) {
  return db
    .select({ id: settlements.id, number: settlements.number, status: settlements.status })
    .from(settlements)
    .where(and(eq(settlements.teamId, teamId), eq(settlements.correctsId, settlementId)))
    .orderBy(asc(settlements.id));
}

/** The lines of live corrections (not rejected) taking back lines of this settlement. */
export async function correctedLineIds(db: Database, teamId: number, settlementId: number) {
  const rows = await db
    .select({ correctsLineId: settlementLines.correctsLineId })
    .from(settlementLines)
    .innerJoin(settlements, liveSettlementOfLine)
    .where(and(eq(settlementLines.teamId, teamId), eq(settlements.correctsId, settlementId)));
  return new Set(rows.map((row) => row.correctsLineId).filter((id): id is number => id !== null));
}

const SORT_COLUMNS = {
  created_at: settlements.createdAt,
  paid_on: settlements.paidOn,
} as const satisfies Record<(typeof SETTLEMENT_SORTS)[number], unknown>;

/** The team's settlements by the list's filters, newest first unless sorted; paged in the database. */
export async function listSettlements(
  db: Database,
  teamId: number,
  filter: SettlementQuery,
  window: PageWindow,
) {
  const where = and(
    eq(settlements.teamId, teamId),
    filter.model_id ? eq(settlements.modelId, filter.model_id) : undefined,
    filter.status && filter.status.length > 0 ? inArray(settlements.status, filter.status) : undefined,
    filter.month ? eq(settlements.taxMonth, filter.month) : undefined,
    filter.created_from ? gte(settlements.createdAt, dayBounds(filter.created_from).from) : undefined,
    filter.created_to ? lt(settlements.createdAt, dayBounds(filter.created_to).before) : undefined,
    filter.keyword
      ? or(
          ilike(settlements.number, containing(filter.keyword)),
          ilike(models.name, containing(filter.keyword)),
        )
      : undefined,
  );
  const sort = filter.sort ? readSort(filter.sort) : { field: 'created_at' as const, descending: true };
  const column = SORT_COLUMNS[sort.field];
  const order = sort.descending
    ? [sql`${column} desc nulls last`, desc(settlements.id)]
    : [sql`${column} asc nulls last`, asc(settlements.id)];
  const [rows, [totals]] = await Promise.all([
    selectSettlements(db)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ total: count() })
      .from(settlements)
      .innerJoin(models, and(eq(models.teamId, settlements.teamId), eq(models.id, settlements.modelId)))
      .where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * The month's payments to individuals (扣缴明细): what settlements paid in the month (`paid_on` within it)
 * to models paid as individuals paid and withheld per payment, a job (order) and income item, by the
 * residency they were taxed by; with the model's name and the order's number, by pinyin, then by order.
 */
export async function listWithholding(db: Database, teamId: number, range: { from: string; to: string }) {
  return db
    .select({
      modelId: settlements.modelId,
      name: models.name,
      orderId: settlementJobs.orderId,
      orderNumber: orders.number,
      category: settlementJobs.incomeCategory,
      // Set on every paid individual's settlement (settlements_paid_residency_check).
      residency: sql<TaxResidency>`${settlements.taxResidency}`,
      income: sumFen(settlementJobs.income),
      taxable: sumFen(settlementJobs.taxable),
      tax: sumFen(settlementJobs.tax),
      numbers: sql<
        string[]
      >`array_agg(${settlements.number} order by ${settlements.paidOn}, ${settlements.id})`,
    })
    .from(settlementJobs)
    .innerJoin(
      settlements,
      and(eq(settlements.teamId, settlementJobs.teamId), eq(settlements.id, settlementJobs.settlementId)),
    )
    .innerJoin(models, and(eq(models.teamId, settlements.teamId), eq(models.id, settlements.modelId)))
    .innerJoin(orders, and(eq(orders.teamId, settlementJobs.teamId), eq(orders.id, settlementJobs.orderId)))
    .where(
      and(
        eq(settlements.teamId, teamId),
        eq(settlements.status, 'paid'),
        eq(settlements.payoutType, 'individual'),
        gte(settlements.paidOn, range.from),
        lte(settlements.paidOn, range.to),
      ),
    )
    .groupBy(
      settlements.modelId,
      models.name,
      models.pinyinFull,
      settlementJobs.orderId,
      orders.number,
      settlementJobs.incomeCategory,
      settlements.taxResidency,
    )
    .orderBy(
      asc(models.pinyinFull),
      asc(settlements.modelId),
      asc(settlementJobs.incomeCategory),
      asc(orders.number),
    );
}
export type WithholdingPaymentRow = Awaited<ReturnType<typeof listWithholding>>[number];
