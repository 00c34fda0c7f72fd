/**
 * Writing models (docs/product.md "Models"): creating one (or an import's batch), changing one, and the
 * hand-over of a departed member's models. The rules a model's values follow are here; reading is
 * model.service.ts. Each write and its operation-log entry commit in one transaction. A change of the
 * model's terms or payout account may wait for a second member instead (model-change.service.ts); a new
 * model's payout account, and one changed without review, notify every member holding accounting at
 * manage, in that transaction, as a payee entity's bank change does: changed bank details are how fraud
 * starts.
 */

import { bankNameIssue, maskedAccountNumber } from '@trackit/contract/banks';
import { businessDate } from '@trackit/contract/business-time';
import {
  MEASUREMENT_FIELDS,
  MODEL_MESSAGES,
  MODEL_PAYOUT_ACCOUNT_FIELDS,
  MODEL_PAYOUT_REQUIRED_FIELDS,
  MODEL_TAX_IDENTITY_FIELDS,
  type ModelCreate,
  type ModelUpdate,
  payoutAccountText,
} from '@trackit/contract/model.schema';
import { levelAllows } from '@trackit/contract/permissions';
import { idNumberIssue, TAX_IDENTITY_MESSAGES } from '@trackit/contract/tax-identity';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { teamApprovalSettings } from '../approval/approval-settings.service';
import { isCountryCode } from '../country/country.service';
import { changeLog } from '../operation-log/change-log';
import {
  memberActor,
  recordChangeOfMany,
  recordOperation,
  recordOperations,
  type TeamActor,
} from '../operation-log/operation-log.service';
import { findTeamMember } from '../organization/organization.service';
import {
  findModelFile,
  findModelForUpdate,
  findModelWith,
  insertMeasurement,
  insertMeasurements,
  insertModels,
  type ModelRecord,
  type ModelValues,
  reassignModelManager,
  updateModel as updateModelRow,
} from './model.repository';
import {
  invalid,
  type ModelDeps,
  type ModelSight,
  type ModelView,
  modelNotFound,
  modelSight,
  reread,
} from './model.service';
import {
  followModelUpdate,
  modelChangeRules,
  notifyModelFinance,
  splitModelUpdate,
} from './model-change.service';
import { COLUMNS, type Field, MODEL_CHANGE_LOG } from './model-change-log';
import { recordCommissionRates } from './model-commission-rate.repository';
import { searchForm } from './model-list.repository';
import { namePinyin } from './model-pinyin';

/** The columns of the fields sent (a field left out is not in the result; null clears). */
function toColumns(input: ModelUpdate): Partial<ModelValues> {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = input[field as Field];
    if (value === undefined) continue;
    values[column] =
      field === 'socials'
        ? (input.socials ?? []).map((social) => ({ ...social, followers: social.followers ?? null }))
        : field === 'tags'
          ? (input.tags ?? [])
          : // An optional text sent empty is cleared, not stored as ''.
            value === ''
            ? null
            : value;
  }
  if (input.name !== undefined) {
    const pinyin = namePinyin(input.name);
    values.pinyinFull = pinyin.full;
    values.pinyinInitials = pinyin.initials;
  }
  if (input.english_name !== undefined) {
    values.englishSearch = input.english_name ? searchForm(input.english_name) : null;
  }
  return values as Partial<ModelValues>;
}

/**
 * The bank's name and branch follow the bank: a listed bank chosen without a name sent clears the name
 * kept for another bank (`other`), and an account cleared clears its branch too.
 */
export function withPayoutBankDefaults<T extends ModelUpdate>(input: T): T {
  const next = { ...input };
  if (next.payout_bank !== undefined && next.payout_bank !== 'other' && next.payout_bank_name === undefined) {
    next.payout_bank_name = null;
  }
  if (next.payout_bank === null && next.payout_bank_branch === undefined) next.payout_bank_branch = null;
  return next;
}

/** A rule a model's values break: the field and the Chinese message. */
export interface FieldIssue {
  field: keyof ModelUpdate;
  message: string;
}

/**
 * The tax identity as the update leaves it, with what follows from it: a number written without a document
 * (none sent nor stored) is a 居民身份证's, as every number was before documents had types; a 居民身份证
 * holder has a home in China and is a resident (个人所得税法 art. 1), so their residency is filled in.
 */
export function withIdentityDefaults<T extends ModelUpdate>(input: T, stored: ModelRecord | undefined): T {
  const number = input.id_number !== undefined ? input.id_number : stored?.idNumber;
  let type = input.id_type !== undefined ? input.id_type : (stored?.idType ?? null);
  const filled: ModelUpdate = {};
  if (number && !type) {
    type = 'resident_id_card';
    filled.id_type = type;
  }
  const residency = input.tax_residency !== undefined ? input.tax_residency : stored?.taxResidency;
  if (type === 'resident_id_card' && !residency) filled.tax_residency = 'resident';
  return { ...input, ...filled };
}

/** Rules of the tax identity: the number right for its document, a 居民身份证 holder resident, the stay in order. */
function identityIssues(input: ModelUpdate, stored: ModelRecord | undefined): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const sent = (field: keyof ModelUpdate) => input[field] !== undefined;
  const type = sent('id_type') ? input.id_type : stored?.idType;
  const number = sent('id_number') ? input.id_number : stored?.idNumber;
  const residency = sent('tax_residency') ? input.tax_residency : stored?.taxResidency;
  if (number && (sent('id_type') || sent('id_number'))) {
    const issue = type ? idNumberIssue(type, number) : TAX_IDENTITY_MESSAGES.idTypeMissing;
    if (issue) issues.push({ field: type ? 'id_number' : 'id_type', message: issue });
  }
  if (type === 'resident_id_card' && residency === 'non_resident') {
    issues.push({ field: 'tax_residency', message: TAX_IDENTITY_MESSAGES.residentIdIsResident });
  }
  const entry = sent('first_entry_date') ? input.first_entry_date : stored?.firstEntryDate;
  const departure = sent('expected_departure_date')
    ? input.expected_departure_date
    : stored?.expectedDepartureDate;
  if (entry && departure && departure < entry) {
    issues.push({ field: 'expected_departure_date', message: TAX_IDENTITY_MESSAGES.departureBeforeEntry });
  }
  return issues;
}

/** Rules beyond the schema that need the stored record or today: the country, the birthday, the contract. */
export function modelRuleIssues(
  input: ModelUpdate,
  stored: ModelRecord | undefined,
  today: string,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (input.nationality && !isCountryCode(input.nationality)) {
    issues.push({ field: 'nationality', message: MODEL_MESSAGES.countryInvalid });
  }
  if (input.birthday && input.birthday > today) {
    issues.push({ field: 'birthday', message: MODEL_MESSAGES.birthdayInFuture });
  }
  issues.push(...identityIssues(input, stored));
  const start = input.contract_start !== undefined ? input.contract_start : stored?.contractStart;
  const end = input.contract_end !== undefined ? input.contract_end : stored?.contractEnd;
  if (start && end && end < start) {
    issues.push({ field: 'contract_end', message: MODEL_MESSAGES.contractEndBeforeStart });
  }
  // A field's value once the update applies: what is sent, else what is stored.
  const valueAfter = (field: Field) => (input[field] !== undefined ? input[field] : stored?.[COLUMNS[field]]);
  const filled = (field: Field) => {
    const value = valueAfter(field);
    return value !== null && value !== undefined && value !== '';
  };
  // An account is all three fields or none: the first one missing says so.
  if (MODEL_PAYOUT_ACCOUNT_FIELDS.some(filled)) {
    const missing = MODEL_PAYOUT_REQUIRED_FIELDS.find((field) => !filled(field));
    if (missing) issues.push({ field: missing, message: MODEL_MESSAGES.payoutIncomplete });
  }
  // Another bank (城商行, 农商行…) is named, with its branch; a listed bank is named by the list.
  const bank = input.payout_bank !== undefined ? input.payout_bank : (stored?.payoutBank ?? null);
  const bankIssue = bankNameIssue(bank, valueAfter('payout_bank_name') as string | null | undefined);
  if (bankIssue) issues.push({ field: 'payout_bank_name', message: bankIssue });
  if (bank === 'other' && !filled('payout_bank_branch')) {
    issues.push({ field: 'payout_bank_branch', message: MODEL_MESSAGES.payoutBranchMissing });
  }
  // The mother agency's share: a rate with how it is reckoned, and a mother agency to pay it to.
  if (filled('mother_agency_rate') && !filled('mother_agency_basis')) {
    issues.push({ field: 'mother_agency_basis', message: MODEL_MESSAGES.motherAgencyBasisMissing });
  }
  if (filled('mother_agency_basis') && !filled('mother_agency_rate')) {
    issues.push({ field: 'mother_agency_rate', message: MODEL_MESSAGES.motherAgencyRateMissing });
  }
  if (filled('mother_agency_rate') && !filled('mother_agency')) {
    issues.push({ field: 'mother_agency', message: MODEL_MESSAGES.motherAgencyMissing });
  }
  return issues;
}

/** Rules that need the stored record or today: the dates, the country, the manager, duplicates, the cover. */
async function checkFields(
  deps: Pick<ModelDeps, 'db' | 'clock'>,
  tx: Database,
  auth: AuthContext,
  input: ModelUpdate,
  stored: ModelRecord | undefined,
): Promise<void> {
  const [issue] = modelRuleIssues(input, stored, businessDate(deps.clock()));
  if (issue) throw invalid(issue.field, issue.message);
  if (input.manager_member_id && !(await findTeamMember(tx, auth.teamId, input.manager_member_id))) {
    throw new AppError('notFound', { message: MODEL_MESSAGES.memberNotFound });
  }
  if (input.cover_file_id) {
    const file = stored && (await findModelFile(tx, auth.teamId, stored.id, input.cover_file_id));
    if (!file) throw new AppError('notFound', { message: MODEL_MESSAGES.coverNotFound });
  }
  if (input.mobile && input.mobile !== stored?.mobile) {
    const other = await findModelWith(tx, auth.teamId, 'mobile', input.mobile, stored?.id);
    if (other) throw new AppError('conflict', { message: MODEL_MESSAGES.mobileTaken(other.name) });
  }
  if (input.id_number && input.id_number !== stored?.idNumber) {
    const other = await findModelWith(tx, auth.teamId, 'idNumber', input.id_number, stored?.id);
    if (other) throw new AppError('conflict', { message: MODEL_MESSAGES.idNumberTaken(other.name) });
  }
}

/** What only a manager may do: write the tax identity, archive or bring back an archived model. */
export function sensitiveIssues(
  manage: boolean,
  input: ModelUpdate,
  stored: ModelRecord | undefined,
): FieldIssue[] {
  if (manage) return [];
  const issues: FieldIssue[] = [];
  const identity = MODEL_TAX_IDENTITY_FIELDS.find((field) => input[field] !== undefined);
  if (identity) issues.push({ field: identity, message: MODEL_MESSAGES.idNumberForbidden });
  const archiving = input.status === 'left' && stored?.status !== 'left';
  const restoring = stored?.status === 'left' && input.status !== undefined && input.status !== 'left';
  if (archiving || restoring) issues.push({ field: 'status', message: MODEL_MESSAGES.archiveForbidden });
  return issues;
}

/**
 * The payout account is written only with data_management or accounting at manage: below, a request
 * that so much as names one of its fields is refused (403), as one naming the national ID is.
 */
export function payoutIssues(payout: boolean, input: ModelUpdate): FieldIssue[] {
  if (payout) return [];
  const named = MODEL_PAYOUT_ACCOUNT_FIELDS.find((field) => input[field] !== undefined);
  return named ? [{ field: named, message: MODEL_MESSAGES.payoutForbidden }] : [];
}

function checkSensitive(sight: ModelSight, input: ModelUpdate, stored: ModelRecord | undefined) {
  const [issue] = [...sensitiveIssues(sight.manage, input, stored), ...payoutIssues(sight.payout, input)];
  if (issue) throw new AppError('forbidden', { message: issue.message });
}

/** A unique index refusing a mobile or national ID that another write took meanwhile: a 409, not a 500. */
export async function withDuplicateGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', { message: MODEL_MESSAGES.mobileOrIdNumberTaken });
    }
    throw error;
  }
}

const measurementOf = (
  record: Pick<ModelRecord, 'height' | 'weight' | 'bust' | 'waist' | 'hips' | 'shoeSize'>,
) => ({
  height: record.height,
  weight: record.weight,
  bust: record.bust,
  waist: record.waist,
  hips: record.hips,
  shoeSize: record.shoeSize,
});

/**
 * Writes new models, already checked, in the caller's transaction: each with its pinyin, its first
 * measurements (when it has any) and its log entry. One model from the form, or an import's batch in a
 * few statements.
 */
export async function insertNewModels(
  tx: Database,
  auth: AuthContext,
  inputs: ModelCreate[],
  origin: RequestOrigin,
  options: { now: Date; imported?: true },
): Promise<ModelRecord[]> {
  const { now } = options;
  const measured = (input: ModelCreate) => MEASUREMENT_FIELDS.some((field) => input[field] != null);
  const created = await insertModels(
    tx,
    inputs.map((input) => ({
      ...(toColumns(input) as ModelValues),
      // Looked after by the member who creates it unless another is named (null: nobody), as a company
      // is owned by its creator.
      managerMembershipId:
        input.manager_member_id === undefined ? auth.membershipId : input.manager_member_id,
      teamId: auth.teamId,
      lastMeasuredAt: measured(input) ? now : null,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await insertMeasurements(
    tx,
    created
      .filter((model) => model.lastMeasuredAt !== null)
      .map((model) => ({
        teamId: auth.teamId,
        modelId: model.id,
        measuredOn: businessDate(now),
        measuredAt: now,
        membershipId: auth.membershipId,
        ...measurementOf(model),
      })),
  );
  await recordCommissionRates(
    tx,
    auth.teamId,
    created.flatMap((model) =>
      model.commissionRate === null ? [] : [{ modelId: model.id, rate: model.commissionRate }],
    ),
    { membershipId: auth.membershipId, at: now },
  );
  const actor = memberActor(auth, origin, now);
  await recordOperations(
    tx,
    created.map((model) => ({
      action: 'model_create' as const,
      actor,
      targetId: model.id,
      detail: { name: model.name, ...(options.imported ? { imported: true as const } : {}) },
    })),
  );
  return created;
}

/** POST /v1/models: the model, its first measurements and the log entry, in one transaction. */
export async function createModel(
  deps: ModelDeps,
  auth: AuthContext,
  raw: ModelCreate,
  origin: RequestOrigin,
): Promise<ModelView> {
  const sight = await modelSight(deps, auth);
  checkSensitive(sight, raw, undefined);
  const input = withIdentityDefaults(withPayoutBankDefaults(raw), undefined);
  const now = deps.clock();
  const [model] = await withDuplicateGuard(() =>
    deps.db.transaction(async (tx) => {
      await checkFields(deps, tx, auth, input, undefined);
      const created = await insertNewModels(tx, auth, [input], origin, { now });
      const [first] = created;
      // A new model's account takes effect (nobody was paid to it yet); finance is told, the number masked.
      if (first?.payoutAccountNumber) {
        const account = {
          bank: first.payoutBank,
          bankName: first.payoutBankName,
          branch: first.payoutBankBranch,
          name: first.payoutAccountName,
          number: first.payoutAccountNumber,
        };
        const notice = {
          title: MODEL_MESSAGES.payoutCreated(first.name),
          body: payoutAccountText(account, maskedAccountNumber),
        };
        await notifyModelFinance(tx, auth.teamId, first.id, notice, now);
      }
      return created;
    }),
  );
  if (!model) throw new Error('model not created');
  return reread(deps, auth, model.id, sight);
}

/**
 * PATCH /v1/models/{id}: the fields sent change. A change of any measurement adds a history entry; the
 * changed fields are logged before → after (a national ID only as changed). A change of the terms below
 * accounting manage, or of the payout account under review, waits for a second member instead
 * (model-change.service.ts) while the other fields apply. Nothing changes, nothing is written.
 */
export async function updateModel(
  deps: ModelDeps,
  auth: AuthContext,
  modelId: number,
  raw: ModelUpdate,
  origin: RequestOrigin,
): Promise<ModelView> {
  const sight = await modelSight(deps, auth);
  const now = deps.clock();
  await withDuplicateGuard(() =>
    deps.db.transaction(async (tx) => {
      const stored = await findModelForUpdate(tx, auth.teamId, modelId);
      if (!stored) throw modelNotFound();
      checkSensitive(sight, raw, stored);
      const input = withIdentityDefaults(withPayoutBankDefaults(raw), stored);
      await checkFields(deps, tx, auth, input, stored);
      const rules = modelChangeRules(
        await teamApprovalSettings(tx, auth.teamId),
        levelAllows(sight.accounting, 'manage'),
      );
      const { now: values, held } = splitModelUpdate(stored, toColumns(input), rules);
      const changes = await changeLog(tx, auth.teamId, stored, values, MODEL_CHANGE_LOG);
      if (changes.length === 0 && held.length === 0) return;
      const name = values.name ?? stored.name;
      if (changes.length > 0) {
        const remeasured = MEASUREMENT_FIELDS.some(
          (field) => COLUMNS[field] in values && values[COLUMNS[field]] !== stored[COLUMNS[field]],
        );
        await updateModelRow(tx, auth.teamId, modelId, {
          ...values,
          ...(remeasured ? { lastMeasuredAt: now } : {}),
          updatedAt: now,
        });
        const rate = values.commissionRate;
        if (rate !== undefined && rate !== null && rate !== stored.commissionRate) {
          await recordCommissionRates(tx, auth.teamId, [{ modelId, rate }], {
            membershipId: auth.membershipId,
            at: now,
          });
        }
        if (remeasured) {
          await insertMeasurement(tx, {
            teamId: auth.teamId,
            modelId,
            measuredOn: businessDate(now),
            measuredAt: now,
            membershipId: auth.membershipId,
            ...measurementOf({ ...stored, ...values }),
          });
        }
        await recordOperation(tx, {
          action: 'model_update',
          actor: memberActor(auth, origin, now),
          targetId: modelId,
          detail: { name, changes },
        });
      }
      await followModelUpdate(tx, auth, origin, { stored, applied: values, held, rules, name, now });
    }),
  );
  return reread(deps, auth, modelId, sight);
}

/**
 * A departed member's hand-over (organization/members): every model they manage in the team goes to
 * another member, in the caller's transaction, each with a `model_update` entry in its history (the
 * manager's change, as a PATCH logs it). Returns how many moved.
 */
export async function handOverModels(
  tx: Database,
  actor: TeamActor,
  fromMembershipId: number,
  toMembershipId: number,
): Promise<number> {
  const moved = await reassignModelManager(tx, actor.teamId, fromMembershipId, toMembershipId, actor.at);
  if (moved.length === 0) return 0;
  return recordChangeOfMany(tx, {
    action: 'model_update',
    actor,
    records: moved.map((model) => ({ id: model.id, name: model.name })),
    changes: await changeLog(
      tx,
      actor.teamId,
      { managerMembershipId: fromMembershipId },
      { managerMembershipId: toMembershipId },
      MODEL_CHANGE_LOG.filter((field) => field.field === 'managerMembershipId'),
    ),
  });
}
