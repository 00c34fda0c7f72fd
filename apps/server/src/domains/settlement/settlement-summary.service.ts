/**
 * What a model is owed and was paid (GET /v1/settlements/summary, docs/product.md "Model settlements"), and
 * the team's sums the finance dashboard shows (应付模特, 本月代扣个税). What is payable and waiting is
 * 待结算's own computation (settlement.service.ts readyOfModels), never worked out again here; what was
 * paid is summed from the paid settlements (settlement-summary.repository.ts).
 */
import { businessDate } from '@trackit/contract/business-time';
import { cappedSum } from '@trackit/contract/money';
import { SETTLEMENT_MESSAGES } from '@trackit/contract/settlement.schema';
import type { SettlementSummary, SettlementSummaryQuery } from '@trackit/contract/settlement-summary.schema';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import { readyOfModels, readyOfTeam, type SettlementDeps } from './settlement.service';
import { findSettlementModel } from './settlement-ready.repository';
import { countAndLatestSettlement, type PaidSums, sumPaidSettlements } from './settlement-summary.repository';

/** The business year of the day: its number and its first and last days. */
const yearOf = (today: string) => {
  const year = today.slice(0, 4);
  return { year, from: `${year}-01-01`, to: `${year}-12-31` };
};

/** GET /v1/settlements/summary: another team's or an unknown model is not found (404). */
export async function getSettlementSummary(
  deps: SettlementDeps,
  auth: AuthContext,
  query: SettlementSummaryQuery,
): Promise<SettlementSummary> {
  const { teamId } = auth;
  const model = await findSettlementModel(deps.db, teamId, query.model_id);
  if (!model) throw new AppError('notFound', { message: SETTLEMENT_MESSAGES.modelNotFound });
  const { year, from, to } = yearOf(businessDate(deps.clock()));
  const [ready] = await readyOfModels(deps, teamId, [model]);
  const paid = await sumPaidSettlements(deps.db, teamId, { from, to }, model.id);
  const { count, latest } = await countAndLatestSettlement(deps.db, teamId, model.id);
  return {
    model: { id: model.id, name: model.name },
    year,
    payable_now: ready?.releasable.net ?? 0,
    waiting: ready?.waiting.net ?? 0,
    paid_this_year: paid.net,
    withheld_this_year: paid.tax,
    gross_this_year: paid.gross,
    settlements: {
      count,
      latest: latest
        ? {
            id: latest.id,
            number: latest.number,
            status: latest.status,
            net: latest.net,
            created_at: latest.createdAt.toISOString(),
            paid_on: latest.paidOn,
          }
        : null,
    },
  };
}

/** 应付模特: 待结算 over every model of the team, its releasable and waiting nets summed. */
export async function payableToModels(
  deps: SettlementDeps,
  teamId: number,
): Promise<{ models: number; payable: number; waiting: number }> {
  const ready = await readyOfTeam(deps, teamId);
  return {
    models: ready.length,
    payable: cappedSum(ready.map((model) => model.releasable.net)),
    waiting: cappedSum(ready.map((model) => model.waiting.net)),
  };
}

/**
 * The team's settlements paid within [from, to] (business dates) to models paid as individuals — those
 * 扣缴明细 lists (a studio has nothing withheld and is not on it): how many, net, tax withheld, gross.
 */
export function withheldSettlementsIn(
  deps: Pick<SettlementDeps, 'db'>,
  teamId: number,
  range: { from: string; to: string },
): Promise<PaidSums> {
  return sumPaidSettlements(deps.db, teamId, range, undefined, 'individual');
}
