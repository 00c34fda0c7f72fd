/**
 * What is ready to settle: models' fee lines of billed orders with what the client paid of each
 * (`fee_lines.paid`, kept with the payments ledger) and what live settlements (every status but rejected)
 * took of each, the month's earlier payouts of a job, and the model's lock a settlement's draft takes. Read
 * joined with the order, company and model tables, never written there. Every query takes the team id;
 * the figures are the contract's (./settlement-release.ts), SQL only sums and filters.
 */
import type { FeeKind } from '@trackit/contract/enums';
import type { SettlementPayoutType } from '@trackit/contract/settlement.schema';
import type { ShareTerms } from '@trackit/contract/settlement-math';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PageWindow } from '../../http/pagination';
import type { EarlierPayout, LineFacts } from './settlement-release';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (value: unknown): number => Number(value);
const idList = (ids: readonly number[]) =>
  sql.join(
    [...new Set(ids)].map((id) => sql`${id}`),
    sql`, `,
  );

/** A model as a settlement shares its fees: its name, commission rate, how it is paid and its mother agency. */
export interface SettlementModel {
  id: number;
  name: string;
  commissionRate: number | null;
  payoutType: SettlementPayoutType;
  motherAgency: ShareTerms['motherAgency'];
}

/** The columns of `models m` a settlement reads. */
const MODEL_COLUMNS = sql`m."id", m."name", m."commission_rate"`;

const modelOf = (row: Record<string, unknown>): SettlementModel => ({
  id: num(row.id),
  name: String(row.name),
  commissionRate: row.commission_rate === null ? null : num(row.commission_rate),
  payoutType: 'individual',
  motherAgency: null,
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
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(
      sql`select ${MODEL_COLUMNS} from "models" m where m."team_id" = ${teamId} and m."id" = ${modelId} for no key update`,
    ),
  );
  return row ? modelOf(row) : undefined;
}

/** What live settlements took of the fee line aliased `fl`, and the terms of its latest line (`s`). */
const SETTLED = sql`left join lateral (
    select sum(sl."gross") as gross, sum(sl."commission") as commission, sum(sl."mother_agency") as mother_agency,
      sum(sl."mother_agency_from_model") as mother_agency_from_model, sum(sl."income") as income,
      sum(case when sl."advance" then sl."gross" else 0 end) as advanced_gross,
      (array_agg(sl."commission_rate" order by sl."id" desc))[1] as commission_rate,
      (array_agg(sl."mother_agency_rate" order by sl."id" desc))[1] as mother_agency_rate,
      (array_agg(sl."mother_agency_basis" order by sl."id" desc))[1] as mother_agency_basis
    from "settlement_lines" sl
    join "settlements" st on st."team_id" = sl."team_id" and st."id" = sl."settlement_id"
    where sl."team_id" = fl."team_id" and sl."fee_line_id" = fl."id" and st."status" <> 'rejected'
  ) s on true`;

/**
 * A line with something to settle or to wait for: not all of its gross settled, or part of it unpaid by
 * the client and not paid ahead.
 */
const OPEN = sql`(coalesce(s.gross, 0) <> fl."subtotal" or (fl."paid" < fl."total" and coalesce(s.advanced_gross, 0) <= 0))`;

/** A fee line as a settlement sees it, with its order's names. */
export interface CandidateLine extends LineFacts {
  modelId: number;
  kind: FeeKind;
  orderNumber: string;
  orderTitle: string;
  orderFirstDate: string | null;
  companyName: string | null;
}

const candidateOf = (row: Record<string, unknown>): CandidateLine => ({
  feeLineId: num(row.id),
  orderId: num(row.order_id),
  modelId: num(row.model_id),
  kind: row.kind as FeeKind,
  gross: num(row.subtotal),
  total: num(row.total),
  paid: num(row.paid),
  settled: {
    gross: num(row.s_gross ?? 0),
    commission: num(row.s_commission ?? 0),
    motherAgency: num(row.s_mother_agency ?? 0),
    motherAgencyFromModel: num(row.s_mother_agency_from_model ?? 0),
    income: num(row.s_income ?? 0),
  },
  advancedGross: num(row.advanced_gross ?? 0),
  lastTerms:
    row.t_commission_rate === null || row.t_commission_rate === undefined
      ? null
      : {
          commissionRate: num(row.t_commission_rate),
          motherAgency:
            row.t_mother_agency_rate === null
              ? null
              : {
                  rate: num(row.t_mother_agency_rate),
                  basis: row.t_mother_agency_basis as 'gross' | 'commission',
                },
        },
  orderNumber: String(row.order_number),
  orderTitle: String(row.order_title),
  orderFirstDate: row.first_date === null ? null : String(row.first_date),
  companyName: row.company_name === null ? null : String(row.company_name),
});

/** Which fee lines to read: of these models, optionally these lines, orders starting in a period, or only open ones. */
export interface CandidateFilter {
  modelIds: readonly number[];
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
  if (filter.modelIds.length === 0) return [];
  const conditions: SQL[] = [
    sql`fl."team_id" = ${teamId}`,
    sql`o."status" = 'billed'`,
    sql`fl."model_id" in (${idList(filter.modelIds)})`,
  ];
  if (filter.feeLineIds) {
    if (filter.feeLineIds.length === 0) return [];
    conditions.push(sql`fl."id" in (${idList(filter.feeLineIds)})`);
  }
  if (filter.period) {
    conditions.push(sql`o."first_date" between ${filter.period.from} and ${filter.period.to}`);
  }
  if (filter.onlyOpen) conditions.push(OPEN);
  const result = await db.execute(sql`
    select fl."id", fl."order_id", fl."model_id", fl."kind", fl."subtotal", fl."total", fl."paid",
      o."number" as order_number, o."title" as order_title, o."first_date", c."name" as company_name,
      s.gross as s_gross, s.commission as s_commission, s.mother_agency as s_mother_agency,
      s.mother_agency_from_model as s_mother_agency_from_model, s.income as s_income, s.advanced_gross,
      s.commission_rate as t_commission_rate, s.mother_agency_rate as t_mother_agency_rate,
      s.mother_agency_basis as t_mother_agency_basis
    from "fee_lines" fl
    join "orders" o on o."team_id" = fl."team_id" and o."id" = fl."order_id"
    left join "companies" c on c."team_id" = o."team_id" and c."id" = o."company_id"
    ${SETTLED}
    where ${sql.join(conditions, sql` and `)}
    order by fl."model_id", o."first_date" nulls last, o."id", fl."position", fl."id"`);
  return rowsOf<Record<string, unknown>>(result).map(candidateOf);
}

/** The fee lines named by id that belong to the team, with their model and order's status (a request's check). */
export async function findNamedFeeLines(db: Database, teamId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select fl."id", fl."model_id", o."status" as order_status
    from "fee_lines" fl join "orders" o on o."team_id" = fl."team_id" and o."id" = fl."order_id"
    where fl."team_id" = ${teamId} and fl."id" in (${idList(ids)})`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: num(row.id),
    modelId: num(row.model_id),
    orderStatus: String(row.order_status),
  }));
}

/** Models with an open line (待结算), by pinyin; `modelId` narrows it to one. */
function readyModelsWhere(teamId: number, modelId: number | undefined) {
  return sql`m."team_id" = ${teamId} ${modelId === undefined ? sql`` : sql`and m."id" = ${modelId}`}
    and exists (
      select 1 from "fee_lines" fl
      join "orders" o on o."team_id" = fl."team_id" and o."id" = fl."order_id"
      ${SETTLED}
      where fl."team_id" = m."team_id" and fl."model_id" = m."id" and o."status" = 'billed' and ${OPEN})`;
}

/** A page of the models with something to settle or to wait for, and how many there are. */
export async function listReadyModels(
  db: Database,
  teamId: number,
  modelId: number | undefined,
  window: PageWindow,
): Promise<{ rows: SettlementModel[]; total: number }> {
  const where = readyModelsWhere(teamId, modelId);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${MODEL_COLUMNS} from "models" m where ${where}
      order by m."pinyin_full", m."id" limit ${window.limit} offset ${window.offset}`),
  );
  const [count] = rowsOf<{ total: unknown }>(
    await db.execute(sql`select count(*) as total from "models" m where ${where}`),
  );
  return { rows: rows.map(modelOf), total: num(count?.total ?? 0) };
}

/**
 * What paid settlements of the model in the tax month paid and withheld for each of the jobs, by order
 * (the contract's withholdingForPayout takes them as `earlierIncome` and `earlierTax`).
 */
export async function earlierPayouts(
  db: Database,
  teamId: number,
  modelIds: readonly number[],
  taxMonth: string,
): Promise<Map<number, Map<number, EarlierPayout>>> {
  const byModel = new Map<number, Map<number, EarlierPayout>>();
  if (modelIds.length === 0) return byModel;
  const result = await db.execute(sql`
    select st."model_id", sj."order_id", sum(sj."income") as income, sum(sj."tax") as tax
    from "settlement_jobs" sj
    join "settlements" st on st."team_id" = sj."team_id" and st."id" = sj."settlement_id"
    where st."team_id" = ${teamId} and st."model_id" in (${idList(modelIds)})
      and st."tax_month" = ${taxMonth} and st."status" = 'paid'
    group by st."model_id", sj."order_id"`);
  for (const row of rowsOf<Record<string, unknown>>(result)) {
    const modelId = num(row.model_id);
    const jobs = byModel.get(modelId) ?? new Map<number, EarlierPayout>();
    jobs.set(num(row.order_id), { income: num(row.income), tax: num(row.tax) });
    byModel.set(modelId, jobs);
  }
  return byModel;
}

/**
 * The number of a settlement of the model in the tax month, drafted and not yet paid (draft, submitted or
 * passed), paying one of the orders: a job's payouts of a month are taxed one after another, each against
 * the paid ones before it.
 */
export async function unpaidSettlementOfJobs(
  db: Database,
  teamId: number,
  modelId: number,
  taxMonth: string,
  orderIds: readonly number[],
): Promise<string | undefined> {
  if (orderIds.length === 0) return undefined;
  const [row] = rowsOf<{ number: string }>(
    await db.execute(sql`
      select st."number" from "settlements" st
      where st."team_id" = ${teamId} and st."model_id" = ${modelId} and st."tax_month" = ${taxMonth}
        and st."status" in ('draft', 'submitted', 'passed')
        and exists (select 1 from "settlement_jobs" sj where sj."team_id" = st."team_id"
          and sj."settlement_id" = st."id" and sj."order_id" in (${idList(orderIds)}))
      order by st."id" limit 1`),
  );
  return row?.number;
}
