/**
 * What the settlement's documents and its share read beyond the settlement itself (the settlement domain's
 * own queries, every one taking the team id): the team's finance settings, the name the statement is from
 * (the paying entity's legal name, else the team's), the model's payout account, and the client's total of
 * each fee line (shown to the model only when the team's setting is on).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { models } from '../model/model.tables';
import { feeLines } from '../order/order.tables';
import { teams } from '../team/team.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';
import { financeSettings } from './settlement.tables';

export type FinanceSettingsRecord = typeof financeSettings.$inferSelect;

/** The team's settings row, or undefined when none was ever saved (every setting off). */
export async function findFinanceSettings(db: Database, teamId: number, lock = false) {
  const query = db.select().from(financeSettings).where(eq(financeSettings.teamId, teamId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The team's settings as they are after a change (every setting written, the row made when missing). */
export async function saveFinanceSettings(
  tx: Database,
  values: Pick<
    FinanceSettingsRecord,
    'teamId' | 'showClientFeesToModels' | 'modelFeeIncomeCategory' | 'usageFeeIncomeCategory'
  > & { at: Date; membershipId: number },
) {
  const row = {
    showClientFeesToModels: values.showClientFeesToModels,
    modelFeeIncomeCategory: values.modelFeeIncomeCategory,
    usageFeeIncomeCategory: values.usageFeeIncomeCategory,
    updatedAt: values.at,
    updatedByMembershipId: values.membershipId,
  };
  await tx
    .insert(financeSettings)
    .values({ teamId: values.teamId, ...row })
    .onConflictDoUpdate({ target: financeSettings.teamId, set: row });
}

/** The team's name, the paying entity's legal name (when paid) and the model's payout account. */
export async function findStatementParties(
  db: Database,
  teamId: number,
  modelId: number,
  paidByTeamRecipientId: number | null,
) {
  const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  const [model] = await db
    .select({
      bank: models.payoutBank,
      bankName: models.payoutBankName,
      accountNumber: models.payoutAccountNumber,
    })
    .from(models)
    .where(and(eq(models.teamId, teamId), eq(models.id, modelId)));
  const [payer] =
    paidByTeamRecipientId === null
      ? []
      : await db
          .select({ name: teamRecipients.name })
          .from(teamRecipients)
          .where(and(eq(teamRecipients.teamId, teamId), eq(teamRecipients.id, paidByTeamRecipientId)));
  return {
    teamName: team?.name ?? '',
    payerName: payer?.name ?? null,
    account: model ?? { bank: null, bankName: null, accountNumber: null },
  };
}

/** The model's payout account, whole (for the payer: accounting manage). */
export async function findPayoutAccount(db: Database, teamId: number, modelId: number) {
  const [model] = await db
    .select({
      accountName: models.payoutAccountName,
      bank: models.payoutBank,
      bankName: models.payoutBankName,
      branch: models.payoutBankBranch,
      accountNumber: models.payoutAccountNumber,
    })
    .from(models)
    .where(and(eq(models.teamId, teamId), eq(models.id, modelId)));
  return model ?? null;
}

/** The client's total (with VAT) of each fee line, by id. */
export async function feeLineTotals(db: Database, teamId: number, feeLineIds: readonly number[]) {
  if (feeLineIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: feeLines.id, total: feeLines.total })
    .from(feeLines)
    .where(and(eq(feeLines.teamId, teamId), inArray(feeLines.id, [...feeLineIds])));
  return new Map(rows.map((row) => [row.id, row.total]));
}
