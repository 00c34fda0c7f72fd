/**
 * The team's finance settings (GET/PATCH /v1/finance/settings, docs/product.md "Model settlements"):
 * whether a model's shared settlement shows each line's client fee, and the income item (所得项目) each fee
 * kind is taxed as when paid to an individual. A team without a row has the defaults (client fees off,
 * DEFAULT_INCOME_CATEGORIES). A change is saved and logged (修改财务设置) with what it changed.
 */
import { FEE_KINDS, type FeeKind } from '@trackit/contract/enums';
import { DEFAULT_INCOME_CATEGORIES, type IncomeCategory } from '@trackit/contract/settlement-enums';
import type { FinanceSettings, FinanceSettingsUpdate } from '@trackit/contract/settlement-share.schema';
import type { Database } from '../../db/client';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import {
  type FinanceSettingsRecord,
  findFinanceSettings,
  saveFinanceSettings,
} from './settlement-share.repository';

/** What the settings need: the database and the clock (the settlement service reads them in turn). */
interface FinanceSettingsDeps {
  db: Database;
  clock: () => Date;
}

const settingsOfRow = (row: FinanceSettingsRecord | undefined): FinanceSettings => ({
  show_client_fees_to_models: row?.showClientFeesToModels ?? false,
  income_categories: {
    ModelFee: row?.modelFeeIncomeCategory ?? DEFAULT_INCOME_CATEGORIES.ModelFee,
    UsageFee: row?.usageFeeIncomeCategory ?? DEFAULT_INCOME_CATEGORIES.UsageFee,
  },
});

/** The team's settings (the defaults until saved), read through `db` (a caller's transaction too). */
export async function financeSettingsOf(db: Database, teamId: number): Promise<FinanceSettings> {
  return settingsOfRow(await findFinanceSettings(db, teamId));
}

/** What each fee kind of the team is taxed as now. */
export async function incomeCategoriesOf(
  db: Database,
  teamId: number,
): Promise<Readonly<Record<FeeKind, IncomeCategory>>> {
  return (await financeSettingsOf(db, teamId)).income_categories;
}

/** GET /v1/finance/settings. */
export function getFinanceSettings(deps: FinanceSettingsDeps, auth: AuthContext): Promise<FinanceSettings> {
  return financeSettingsOf(deps.db, auth.teamId);
}

/**
 * PATCH /v1/finance/settings: the settings sent, saved and logged when something changed. A changed income
 * item applies to the settlements drafted from then on; those drafted keep their lines' items.
 */
export async function updateFinanceSettings(
  deps: FinanceSettingsDeps,
  auth: AuthContext,
  input: FinanceSettingsUpdate,
  origin: RequestOrigin,
): Promise<FinanceSettings> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const before = settingsOfRow(await findFinanceSettings(tx, auth.teamId, true));
    const after: FinanceSettings = {
      show_client_fees_to_models: input.show_client_fees_to_models ?? before.show_client_fees_to_models,
      income_categories: { ...before.income_categories, ...input.income_categories },
    };
    const clientFees =
      before.show_client_fees_to_models === after.show_client_fees_to_models
        ? undefined
        : { before: before.show_client_fees_to_models, after: after.show_client_fees_to_models };
    const categories = FEE_KINDS.filter(
      (kind) => before.income_categories[kind] !== after.income_categories[kind],
    ).map((kind) => ({ kind, before: before.income_categories[kind], after: after.income_categories[kind] }));
    if (!clientFees && categories.length === 0) return after;
    await saveFinanceSettings(tx, {
      teamId: auth.teamId,
      showClientFeesToModels: after.show_client_fees_to_models,
      modelFeeIncomeCategory: after.income_categories.ModelFee,
      usageFeeIncomeCategory: after.income_categories.UsageFee,
      at: now,
      membershipId: auth.membershipId,
    });
    await recordOperation(tx, {
      action: 'finance_settings_update',
      actor: memberActor(auth, origin, now),
      detail: {
        ...(clientFees ? { show_client_fees_to_models: clientFees } : {}),
        ...(categories.length > 0 ? { income_categories: categories } : {}),
      },
    });
    return after;
  });
}
