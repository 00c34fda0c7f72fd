/**
 * A model's commission rate over time (model_commission_rates, docs/product.md "Model settlements"):
 * written whenever a model's rate is set or changed (model-write.service.ts, for the form and an import
 * alike), effective from the business date of the change; the day's last change wins.
 */
import { businessDate } from '@trackit/contract/business-time';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { modelCommissionRates } from './model.tables';

/** A model's rate as set at `at` by a member. */
export interface CommissionRateChange {
  modelId: number;
  rate: number;
}

/** Records the rates set now, each effective from today's business date (replacing today's earlier one). */
export async function recordCommissionRates(
  tx: Database,
  teamId: number,
  changes: readonly CommissionRateChange[],
  by: { membershipId: number; at: Date },
): Promise<void> {
  if (changes.length === 0) return;
  await tx
    .insert(modelCommissionRates)
    .values(
      changes.map((change) => ({
        teamId,
        modelId: change.modelId,
        effectiveFrom: businessDate(by.at),
        rateBp: change.rate,
        createdAt: by.at,
        createdByMembershipId: by.membershipId,
      })),
    )
    .onConflictDoUpdate({
      target: [modelCommissionRates.teamId, modelCommissionRates.modelId, modelCommissionRates.effectiveFrom],
      set: {
        rateBp: sql`excluded.rate_bp`,
        createdAt: sql`excluded.created_at`,
        createdByMembershipId: sql`excluded.created_by_membership_id`,
      },
    });
}
