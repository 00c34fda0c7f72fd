/**
 * Sums of settlements for the model's 结算 summary and the finance dashboard (docs/product.md "Model
 * settlements"): what the settlements paid (`paid_on`) in a range of business dates paid, withheld and
 * grossed, corrections netting off; and a model's settlements' count and latest. Every query takes the
 * team id; served by settlements_team_paid_on_idx and settlements_team_model_idx.
 */
import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sumFen } from '../../db/money-sum';
import { settlements } from './settlement.tables';

/** Paid settlements in a range and their net, tax withheld and gross, in fen. */
export interface PaidSums {
  count: number;
  net: number;
  tax: number;
  gross: number;
}

/**
 * The team's settlements paid within [from, to] (business dates, both included), of one model when named:
 * how many and their net, tax and gross summed (a correction's negative figures included).
 */
export async function sumPaidSettlements(
  db: Database,
  teamId: number,
  range: { from: string; to: string },
  modelId?: number,
  payoutType?: 'individual',
): Promise<PaidSums> {
  const [row] = await db
    .select({
      count: count(),
      net: sumFen(settlements.net),
      tax: sumFen(settlements.tax),
      gross: sumFen(settlements.gross),
    })
    .from(settlements)
    .where(
      and(
        eq(settlements.teamId, teamId),
        modelId === undefined ? undefined : eq(settlements.modelId, modelId),
        payoutType === undefined ? undefined : eq(settlements.payoutType, payoutType),
        eq(settlements.status, 'paid'),
        gte(settlements.paidOn, range.from),
        lte(settlements.paidOn, range.to),
      ),
    );
  return row ?? { count: 0, net: 0, tax: 0, gross: 0 };
}

/** How many settlements the model has (every status) and the latest drafted. */
export async function countAndLatestSettlement(db: Database, teamId: number, modelId: number) {
  const where = and(eq(settlements.teamId, teamId), eq(settlements.modelId, modelId));
  const [[totals], [latest]] = await Promise.all([
    db.select({ total: count() }).from(settlements).where(where),
    db
      .select({
        id: settlements.id,
        number: settlements.number,
        status: settlements.status,
        net: settlements.net,
        createdAt: settlements.createdAt,
        paidOn: settlements.paidOn,
      })
      .from(settlements)
      .where(where)
      .orderBy(desc(settlements.createdAt), desc(settlements.id))
      .limit(1),
  ]);
  return { count: totals?.total ?? 0, latest };
}
