/**
 * What is ready to settle: models' fee lines of billed orders with what the client paid of each
 * (`fee_lines.paid`, kept with the payments ledger) and what live settlements (every status but rejected)
 * took of each, the month's earlier payouts of a job, and the model's lock a settlement's draft takes. Read
 * joined with the order, company and model tables, never written there. Every query takes the team id;
 * the figures are the contract's (./settlement-release.ts), SQL only sums and filters.
 */
import type { FeeKind } from '@trackit/contract/enums';
import type { ModelPayoutType, MotherAgencyBasis } from '@trackit/contract/model.schema';
import { paymentKey, type ShareTerms } from '@trackit/contract/settlement-math';
import type { TaxResidency } from '@trackit/contract/tax-identity';
import { and, asc, between, count, desc, eq, exists, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { PageWindow } from '../../http/pagination';
import { companies } from '../company/company.tables';
import { modelCommissionRates, models } from '../model/model.tables';
import { feeLines, orders } from '../order/order.tables';
import {
  liveSettlementOfLine,
  settlementCommissionOverrides,
  settlementJobs,
  settlementLines,
  settlements,
} from './settlement.tables';
import type { EarlierPayout, LineFacts } from './settlement-release';

const num = (value: unknown): number => Number(value);

/**
 * A model as a settlement shares its fees: its name, commission rate, how it is paid, its mother agency, and
 * its tax residency (null until its tax identity is filled in).
 */
export interface SettlementModel {
  id: number;
  name: string;
  commissionRate: number | null;
  payoutType: ModelPayoutType;
  motherAgency: ShareTerms['motherAgency'];
  taxResidency: TaxResidency | null;
}

/** The columns of a model a settlement reads. */
const MODEL_COLUMNS = {
  id: models.id,
  name: models.name,
  commissionRate: models.commissionRate,
  payoutType: models.payoutType,
  motherAgencyRate: models.motherAgencyRate,
  motherAgencyBasis: models.motherAgencyBasis,
  taxResidency: models.taxResidency,
};

const modelOf = (row: {
  id: number;
  name: string;
  commissionRate: number | null;
  payoutType: ModelPayoutType;
  motherAgencyRate: number | null;
  motherAgencyBasis: MotherAgencyBasis | null;
  taxResidency: TaxResidency | null;
}): SettlementModel => ({
  id: row.id,
  name: row.name,
  commissionRate: row.commissionRate,
  payoutType: row.payoutType,
  // A mother agency shares the fees once both its rate and its basis are written (the model form asks both).
  motherAgency:
    row.motherAgencyRate === null || row.motherAgencyBasis === null
      ? null
      : { rate: row.motherAgencyRate, basis: row.motherAgencyBasis },
  taxResidency: row.taxResidency,
});

/**
 * The team's model, locked while a settlement of it is drafted: the drafts of one model take turns, and
 * each reads what the one before it took (in a statement after the lock, so with a snapshot that sees it).
 * `no key update` leaves the references to the model (a settlement's, an order's) free to be written.
 */
export async function lockSettlementModel(
  tx: Database,
  teamId: number,
  modelId: number,
): Promise<SettlementModel | undefined> {
  const [row] = await tx
    .select(MODEL_COLUMNS)
    .from(models)
    .where(and(eq(models.teamId, teamId), eq(models.id, modelId)))
    .for('no key update');
  return row ? modelOf(row) : undefined;
}

/**
 * What live settlements (every status but rejected) took of a fee line, and the terms of its latest line:
 * the aggregates over its settlement lines, written once for both forms below.
 */
function settledColumns() {
  const latest = (column: SQL | typeof settlementLines.commissionRate) =>
    sql`(array_agg(${column} order by ${settlementLines.id} desc))[1]`;
  return {
    gross: sql<string | null>`sum(${settlementLines.gross})`.as('settled_gross'),
    commission: sql<string | null>`sum(${settlementLines.commission})`.as('settled_commission'),
    motherAgency: sql<string | null>`sum(${settlementLines.motherAgency})`.as('settled_mother_agency'),
    motherAgencyFromModel: sql<string | null>`sum(${settlementLines.motherAgencyFromModel})`.as(
      'settled_mother_agency_from_model',
    ),
    income: sql<string | null>`sum(${settlementLines.income})`.as('settled_income'),
    lines: sql<string>`count(*)`.as('settled_lines'),
    advancedGross: sql<
      string | null
    >`sum(case when ${settlementLines.advance} then ${settlementLines.gross} else 0 end)`.as(
      'advanced_gross',
    ),
    commissionRate: sql<number | null>`${latest(settlementLines.commissionRate)}`.as('last_commission_rate'),
    motherAgencyRate: sql<number | null>`${latest(sql`${settlementLines.motherAgencyRate}`)}`.as(
      'last_mother_agency_rate',
    ),
    motherAgencyBasis: sql<
      'gross' | 'commission' | null
    >`${latest(sql`${settlementLines.motherAgencyBasis}`)}`.as('last_mother_agency_basis'),
  };
}

/**
 * settledColumns of the outer query's fee line (`fee_lines`, not aliased): a lateral subquery correlated
 * on the line's (team_id, id), served by settlement_lines_team_fee_line_idx (some models' lines).
 */
function settledOfFeeLine(db: Database) {
  return db
    .select(settledColumns())
    .from(settlementLines)
    .innerJoin(settlements, liveSettlementOfLine)
    .where(and(eq(settlementLines.teamId, feeLines.teamId), eq(settlementLines.feeLineId, feeLines.id)))
    .as('settled');
}

/**
 * settledColumns of every fee line of the team with a live settlement line, grouped once (every model's
 * lines: one pass over the team's settlement lines, joined on `fee_line_id`, instead of a probe per line).
 */
function settledByFeeLine(db: Database, teamId: number) {
  return db
    .select({ feeLineId: settlementLines.feeLineId, ...settledColumns() })
    .from(settlementLines)
    .innerJoin(settlements, liveSettlementOfLine)
    .where(eq(settlementLines.teamId, teamId))
    .groupBy(settlementLines.feeLineId)
    .as('settled');
}
type Settled = Pick<ReturnType<typeof settledOfFeeLine>, 'gross' | 'advancedGross'>;

/** A fee line's order, on the line's (team_id, order_id). */
const orderOfLine = and(eq(orders.teamId, feeLines.teamId), eq(orders.id, feeLines.orderId));

/**
 * A line with something to settle or to wait for: not all of its gross settled, or part of it unpaid by
 * the client and not paid ahead.
 */
const openLine = (settled: Settled) =>
  sql`(coalesce(${settled.gross}, 0) <> ${feeLines.subtotal} or (${feeLines.paid} < ${feeLines.total} and coalesce(${settled.advancedGross}, 0) <= 0))`;

/** A fee line as a settlement sees it, with its order's names. */
export interface CandidateLine extends LineFacts {
  modelId: number;
  kind: FeeKind;
  orderNumber: string;
  orderTitle: string;
  orderFirstDate: string | null;
  companyName: string | null;
  /** The model's rate in force on the order's first day (else its first rate known); null: no history. */
  rateAsOf: number | null;
  /** The rate set by hand for this line, over the model's. */
  override: { rate: number; reason: string } | null;
  /** A live settlement took it: its terms hold, no override may be set. */
  taken: boolean;
}

interface CandidateRow {
  id: number;
  orderId: number;
  modelId: number;
  kind: FeeKind;
  subtotal: number;
  total: number;
  paid: number;
  orderNumber: string;
  orderTitle: string;
  firstDate: string | null;
  companyName: string | null;
  settledGross: string | null;
  settledCommission: string | null;
  settledMotherAgency: string | null;
  settledMotherAgencyFromModel: string | null;
  settledIncome: string | null;
  advancedGross: string | null;
  lastCommissionRate: number | null;
  lastMotherAgencyRate: number | null;
  lastMotherAgencyBasis: 'gross' | 'commission' | null;
  settledLines: string;
  rateAsOf: number | null;
  overrideRate: number | null;
  overrideReason: string | null;
}

const candidateOf = (row: CandidateRow): CandidateLine => ({
  feeLineId: row.id,
  orderId: row.orderId,
  modelId: row.modelId,
  kind: row.kind,
  gross: row.subtotal,
  total: row.total,
  paid: row.paid,
  settled: {
    gross: num(row.settledGross ?? 0),
    commission: num(row.settledCommission ?? 0),
    motherAgency: num(row.settledMotherAgency ?? 0),
    motherAgencyFromModel: num(row.settledMotherAgencyFromModel ?? 0),
    income: num(row.settledIncome ?? 0),
  },
  advancedGross: num(row.advancedGross ?? 0),
  lastTerms:
    row.lastCommissionRate === null
      ? null
      : {
          commissionRate: num(row.lastCommissionRate),
          motherAgency:
            row.lastMotherAgencyRate === null || row.lastMotherAgencyBasis === null
              ? null
              : { rate: num(row.lastMotherAgencyRate), basis: row.lastMotherAgencyBasis },
        },
  orderNumber: row.orderNumber,
  orderTitle: row.orderTitle,
  orderFirstDate: row.firstDate,
  companyName: row.companyName,
  rateAsOf: row.rateAsOf === null ? null : num(row.rateAsOf),
  override: row.overrideRate === null ? null : { rate: row.overrideRate, reason: row.overrideReason ?? '' },
  taken: num(row.settledLines) > 0,
});

/**
/**
 * The outer query's fee line's model rate as of its order's first day (`orders` joined): the latest row of
 * the history effective on or before it (the latest of all when the order has no first day), else the
 * earliest row. Served by model_commission_rates_model_day_key.
 */
function rateAsOfFirstDay() {
  const ofLineModel = and(
    eq(modelCommissionRates.teamId, feeLines.teamId),
    eq(modelCommissionRates.modelId, feeLines.modelId),
  );
  const inForce = new QueryBuilder()
    .select({ rate: modelCommissionRates.rateBp })
    .from(modelCommissionRates)
    .where(
      and(
        ofLineModel,
        lte(modelCommissionRates.effectiveFrom, sql`coalesce(${orders.firstDate}, '9999-12-31'::date)`),
      ),
    )
    .orderBy(desc(modelCommissionRates.effectiveFrom))
    .limit(1);
  const first = new QueryBuilder()
    .select({ rate: modelCommissionRates.rateBp })
    .from(modelCommissionRates)
    .where(ofLineModel)
    .orderBy(asc(modelCommissionRates.effectiveFrom))
    .limit(1);
  return sql<number | null>`coalesce((${inForce}), (${first}))`;
}

/**
 * Which fee lines to read: of these models (`'all'`: every model of the team), optionally these lines,
 * orders starting in a period, or only open ones.
 */
export interface CandidateFilter {
  modelIds: readonly number[] | 'all';
  feeLineIds?: readonly number[];
  period?: { from: string; to: string };
  onlyOpen: boolean;
}

/**
 * The fee lines of the models on the team's billed orders, with what live settlements took of each (read
 * in a statement of its own after the model's lock), by model, order date, order and position.
 */
export async function listCandidateLines(
  db: Database,
  teamId: number,
  filter: CandidateFilter,
): Promise<CandidateLine[]> {
  const { modelIds } = filter;
  if (modelIds !== 'all' && modelIds.length === 0) return [];
  if (filter.feeLineIds?.length === 0) return [];
  // Some models' lines probe their settlement lines each; every model's join them grouped once.
  const grouped = modelIds === 'all' ? settledByFeeLine(db, teamId) : undefined;
  const settled = grouped ?? settledOfFeeLine(db);
  const query = db
    .select({
      id: feeLines.id,
      orderId: feeLines.orderId,
      modelId: feeLines.modelId,
      kind: feeLines.kind,
      subtotal: feeLines.subtotal,
      total: feeLines.total,
      paid: feeLines.paid,
      orderNumber: orders.number,
      orderTitle: orders.title,
      firstDate: orders.firstDate,
      companyName: companies.name,
      // Flat, not nested: a nested object of a left join whose fields are all null is answered as null.
      settledGross: settled.gross,
      settledCommission: settled.commission,
      settledMotherAgency: settled.motherAgency,
      settledMotherAgencyFromModel: settled.motherAgencyFromModel,
      settledIncome: settled.income,
      advancedGross: settled.advancedGross,
      lastCommissionRate: settled.commissionRate,
      lastMotherAgencyRate: settled.motherAgencyRate,
      lastMotherAgencyBasis: settled.motherAgencyBasis,
      settledLines: settled.lines,
      rateAsOf: rateAsOfFirstDay(),
      overrideRate: settlementCommissionOverrides.rateBp,
      overrideReason: settlementCommissionOverrides.reason,
    })
    .from(feeLines)
    .innerJoin(orders, orderOfLine)
    .leftJoin(companies, and(eq(companies.teamId, orders.teamId), eq(companies.id, orders.companyId)))
    .leftJoin(
      settlementCommissionOverrides,
      and(
        eq(settlementCommissionOverrides.teamId, feeLines.teamId),
        eq(settlementCommissionOverrides.feeLineId, feeLines.id),
      ),
    )
    .$dynamic();
  const joined = grouped
    ? query.leftJoin(grouped, eq(grouped.feeLineId, feeLines.id))
    : query.leftJoinLateral(settled, sql`true`);
  const rows = await joined
    .where(
      and(
        eq(feeLines.teamId, teamId),
        eq(orders.status, 'billed'),
        modelIds === 'all' ? undefined : inArray(feeLines.modelId, [...new Set(modelIds)]),
        filter.feeLineIds ? inArray(feeLines.id, [...new Set(filter.feeLineIds)]) : undefined,
        filter.period ? between(orders.firstDate, filter.period.from, filter.period.to) : undefined,
        filter.onlyOpen ? openLine(settled) : undefined,
      ),
    )
    .orderBy(
      asc(feeLines.modelId),
      sql`${orders.firstDate} asc nulls last`,
      asc(orders.id),
      asc(feeLines.position),
      asc(feeLines.id),
    );
  return rows.map(candidateOf);
}

/** The fee lines named by id that belong to the team, with their model and order's status (a request's check). */
export function findNamedFeeLines(db: Database, teamId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: feeLines.id, modelId: feeLines.modelId, orderStatus: orders.status })
    .from(feeLines)
    .innerJoin(orders, orderOfLine)
    .where(and(eq(feeLines.teamId, teamId), inArray(feeLines.id, [...new Set(ids)])));
}

/** The team's models with an open line (待结算); `modelId` narrows it to one. */
function readyModelsWhere(db: Database, teamId: number, modelId: number | undefined) {
  const settled = settledOfFeeLine(db);
  return and(
    eq(models.teamId, teamId),
    modelId === undefined ? undefined : eq(models.id, modelId),
    exists(
      db
        .select({ one: sql`1` })
        .from(feeLines)
        .innerJoin(orders, orderOfLine)
        .leftJoinLateral(settled, sql`true`)
        .where(
          and(
            eq(feeLines.teamId, models.teamId),
            eq(feeLines.modelId, models.id),
            eq(orders.status, 'billed'),
            openLine(settled),
          ),
        ),
    ),
  );
}

/** The team's model as a settlement reads it (not locked); undefined when it is not the team's. */
export async function findSettlementModel(
  db: Database,
  teamId: number,
  modelId: number,
): Promise<SettlementModel | undefined> {
  const [row] = await db
    .select(MODEL_COLUMNS)
    .from(models)
    .where(and(eq(models.teamId, teamId), eq(models.id, modelId)));
  return row ? modelOf(row) : undefined;
}

/** The team's models named by id, by pinyin (the models of some lines). */
export async function findSettlementModels(
  db: Database,
  teamId: number,
  ids: readonly number[],
): Promise<SettlementModel[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(MODEL_COLUMNS)
    .from(models)
    .where(and(eq(models.teamId, teamId), inArray(models.id, [...new Set(ids)])))
    .orderBy(asc(models.pinyinFull), asc(models.id));
  return rows.map(modelOf);
}

/** A page of the models with something to settle or to wait for, by pinyin, and how many there are. */
export async function listReadyModels(
  db: Database,
  teamId: number,
  modelId: number | undefined,
  window: PageWindow,
): Promise<{ rows: SettlementModel[]; total: number }> {
  const where = readyModelsWhere(db, teamId, modelId);
  const [rows, [totals]] = await Promise.all([
    db
      .select(MODEL_COLUMNS)
      .from(models)
      .where(where)
      .orderBy(asc(models.pinyinFull), asc(models.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(models).where(where),
  ]);
  return { rows: rows.map(modelOf), total: totals?.total ?? 0 };
}

/**
 * What the models' settlements paid (`paid_on`) within the business days `range` paid and withheld for each
 * payment (a job and income item), by model and `paymentKey`: the month's earlier payouts the contract's
 * withholdingForPayout takes as `earlierIncome` and `earlierTax`. The same month the withholding list
 * reads, so the two always agree.
 */
export async function earlierPayouts(
  db: Database,
  teamId: number,
  modelIds: readonly number[],
  range: { from: string; to: string },
): Promise<Map<number, Map<string, EarlierPayout>>> {
  const byModel = new Map<number, Map<string, EarlierPayout>>();
  if (modelIds.length === 0) return byModel;
  const rows = await db
    .select({
      modelId: settlements.modelId,
      orderId: settlementJobs.orderId,
      category: settlementJobs.incomeCategory,
      income: sql<number>`sum(${settlementJobs.income})`.mapWith(num),
      tax: sql<number>`sum(${settlementJobs.tax})`.mapWith(num),
    })
    .from(settlementJobs)
    .innerJoin(
      settlements,
      and(eq(settlements.teamId, settlementJobs.teamId), eq(settlements.id, settlementJobs.settlementId)),
    )
    .where(
      and(
        eq(settlements.teamId, teamId),
        inArray(settlements.modelId, [...new Set(modelIds)]),
        eq(settlements.status, 'paid'),
        gte(settlements.paidOn, range.from),
        lte(settlements.paidOn, range.to),
      ),
    )
    .groupBy(settlements.modelId, settlementJobs.orderId, settlementJobs.incomeCategory);
  for (const row of rows) {
    const payments = byModel.get(row.modelId) ?? new Map<string, EarlierPayout>();
    payments.set(paymentKey(row.orderId, row.category), { income: row.income, tax: row.tax });
    byModel.set(row.modelId, payments);
  }
  return byModel;
}

/**
 * The number of a correction of the model not yet paid (draft, submitted or passed) that takes back one of
 * these fee lines, if any: a line is settled again once what it takes back is settled, so that deleting the
 * correction can never leave the line released twice.
 */
export async function unpaidCorrectionOfLines(
  db: Database,
  teamId: number,
  modelId: number,
  feeLineIds: readonly number[],
): Promise<string | undefined> {
  if (feeLineIds.length === 0) return undefined;
  const [row] = await db
    .select({ number: settlements.number })
    .from(settlementLines)
    .innerJoin(
      settlements,
      and(eq(settlements.teamId, settlementLines.teamId), eq(settlements.id, settlementLines.settlementId)),
    )
    .where(
      and(
        eq(settlementLines.teamId, teamId),
        inArray(settlementLines.feeLineId, [...new Set(feeLineIds)]),
        eq(settlements.modelId, modelId),
        sql`${settlements.correctsId} is not null`,
        inArray(settlements.status, ['draft', 'submitted', 'passed']),
      ),
    )
    .orderBy(asc(settlements.id))
    .limit(1);
  return row?.number;
}
