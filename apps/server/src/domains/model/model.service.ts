/**
 * Models (docs/product.md "Models"): records and measurement history (trips: model-trip.service.ts). Each write and its
 * operation-log entry commit in one transaction. Sensitive fields (the national ID) and archiving
 * (status `left`) need data_management at manage; below it the ID is never answered and never written.
 */

import { businessDate } from '@trackit/contract/business-time';
import { DUPLICATE_MATCHES_MAX } from '@trackit/contract/constants';
import { GENDER_LABELS, MODEL_STATUS_LABELS, SIZE_LABELS } from '@trackit/contract/enums';
import type { PageQuery } from '@trackit/contract/envelope';
import { MESSAGES } from '@trackit/contract/messages';
import {
  MEASUREMENT_FIELDS,
  MODEL_FIELD_LABELS,
  MODEL_MESSAGES,
  type ModelCreate,
  type ModelDuplicateQuery,
  type ModelFilter,
  type ModelQuery,
  type ModelUpdate,
} from '@trackit/contract/model.schema';
import { birthdayBounds } from '@trackit/contract/model-age';
import type { FieldChange } from '@trackit/contract/operation-log.schema';
import { levelAllows } from '@trackit/contract/permissions';
import { type RecordDeletion, recordDeletion } from '@trackit/contract/record-deletion';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { isCountryCode } from '../country/country.service';
import { memberActor, recordOperation, recordOperations } from '../operation-log/operation-log.service';
import { deleteRecordMadeByMistake } from '../operation-log/record-deletion.service';
import { findTeamMember } from '../organization/organization.service';
import { grantsOf } from '../permission/permission.service';
import { signFile, type UploadDeps } from '../upload/upload.service';
import {
  clearCoverFile,
  countModelReferences,
  deleteModelRows,
  findModel,
  findModelFile,
  findModelForReference,
  findModelForUpdate,
  findModelNamesakes,
  findModelWith,
  insertMeasurement,
  insertMeasurements,
  insertModels,
  listMeasurements,
  listModels,
  type ModelListFilter,
  type ModelRecord,
  type ModelRow,
  type ModelValues,
  reassignModelManager,
  searchForm,
  updateModel as updateModelRow,
} from './model.repository';
import { namePinyin } from './model-pinyin';

export type ModelDeps = UploadDeps;

/** A model as its answer needs it: the row, the signed cover, today (for the age) and who may see the ID. */
export interface ModelView {
  row: ModelRow;
  coverThumbUrl: string | null;
  today: string;
  showIdNumber: boolean;
}

export const modelNotFound = () => new AppError('notFound', { message: MODEL_MESSAGES.modelNotFound });
export const invalid = (field: string, message: string) =>
  new AppError('validationFailed', { message, data: { fields: { [field]: message } } });

/** Whether the member holds data_management at manage: sees and writes national IDs, archives. */
export async function canManage(deps: Pick<ModelDeps, 'db'>, auth: AuthContext): Promise<boolean> {
  return levelAllows((await grantsOf(deps, auth)).get('data_management'), 'manage');
}

/** Writable fields of the API and their columns. */
const COLUMNS = {
  name: 'name',
  english_name: 'englishName',
  gender: 'gender',
  birthday: 'birthday',
  nationality: 'nationality',
  city: 'city',
  height: 'height',
  weight: 'weight',
  bust: 'bust',
  waist: 'waist',
  hips: 'hips',
  shoe_size: 'shoeSize',
  clothing_size: 'clothingSize',
  cup: 'cup',
  hair_color: 'hairColor',
  eye_color: 'eyeColor',
  tags: 'tags',
  mobile: 'mobile',
  wechat: 'wechat',
  id_number: 'idNumber',
  socials: 'socials',
  manager_member_id: 'managerMembershipId',
  mother_agency: 'motherAgency',
  commission_rate: 'commissionRate',
  contract_start: 'contractStart',
  contract_end: 'contractEnd',
  notes: 'notes',
  status: 'status',
  cover_file_id: 'coverFileId',
} as const satisfies Record<keyof ModelUpdate, keyof ModelRecord>;
type Field = keyof typeof COLUMNS;

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

/** JSON with object keys sorted: a jsonb column gives its keys back in its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
const sameValue = (a: unknown, b: unknown) => canonical(a ?? null) === canonical(b ?? null);

/** A value as the operation log shows it. */
function shown(field: Field, value: unknown, managerName: (id: number) => string | undefined): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0))
    return MESSAGES.empty;
  switch (field) {
    case 'id_number':
      return '已填写';
    case 'gender':
      return GENDER_LABELS[value as keyof typeof GENDER_LABELS];
    case 'status':
      return MODEL_STATUS_LABELS[value as keyof typeof MODEL_STATUS_LABELS];
    case 'clothing_size':
      return SIZE_LABELS[value as keyof typeof SIZE_LABELS];
    case 'commission_rate':
      return `${(value as number) / 100}%`;
    case 'tags':
      return (value as string[]).join('、');
    case 'socials':
      return (value as { platform: string; handle: string }[])
        .map((social) => `${social.platform} ${social.handle}`)
        .join('、');
    case 'manager_member_id':
      return managerName(value as number) ?? String(value);
    case 'cover_file_id':
      return '已设置';
    default:
      return String(value);
  }
}

/** A rule a model's values break: the field and the Chinese message. */
export interface FieldIssue {
  field: keyof ModelUpdate;
  message: string;
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
  const start = input.contract_start !== undefined ? input.contract_start : stored?.contractStart;
  const end = input.contract_end !== undefined ? input.contract_end : stored?.contractEnd;
  if (start && end && end < start) {
    issues.push({ field: 'contract_end', message: MODEL_MESSAGES.contractEndBeforeStart });
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

/** What only a manager may do: write the national ID, archive or bring back an archived model. */
export function sensitiveIssues(
  manage: boolean,
  input: ModelUpdate,
  stored: ModelRecord | undefined,
): FieldIssue[] {
  if (manage) return [];
  const issues: FieldIssue[] = [];
  if (input.id_number !== undefined) {
    issues.push({ field: 'id_number', message: MODEL_MESSAGES.idNumberForbidden });
  }
  const archiving = input.status === 'left' && stored?.status !== 'left';
  const restoring = stored?.status === 'left' && input.status !== undefined && input.status !== 'left';
  if (archiving || restoring) issues.push({ field: 'status', message: MODEL_MESSAGES.archiveForbidden });
  return issues;
}

function checkSensitive(manage: boolean, input: ModelUpdate, stored: ModelRecord | undefined) {
  const [issue] = sensitiveIssues(manage, input, stored);
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

async function view(deps: ModelDeps, row: ModelRow, showIdNumber: boolean): Promise<ModelView> {
  let coverThumbUrl: string | null = null;
  if (row.cover) {
    const signed = await signFile(deps, row.cover);
    coverThumbUrl = signed.thumbUrl ?? signed.previewUrl;
  }
  return { row, coverThumbUrl, today: businessDate(deps.clock()), showIdNumber };
}

async function reread(deps: ModelDeps, auth: AuthContext, modelId: number, showIdNumber: boolean) {
  const row = await findModel(deps.db, auth.teamId, modelId);
  if (!row) throw modelNotFound();
  return view(deps, row, showIdNumber);
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
  input: ModelCreate,
  origin: RequestOrigin,
): Promise<ModelView> {
  const manage = await canManage(deps, auth);
  checkSensitive(manage, input, undefined);
  const now = deps.clock();
  const [model] = await withDuplicateGuard(() =>
    deps.db.transaction(async (tx) => {
      await checkFields(deps, tx, auth, input, undefined);
      return insertNewModels(tx, auth, [input], origin, { now });
    }),
  );
  if (!model) throw new Error('model not created');
  return reread(deps, auth, model.id, manage);
}

/**
 * PATCH /v1/models/{id}: the fields sent change. A change of any measurement adds a history entry; the
 * changed fields are logged before → after (a national ID only as changed). Nothing changes, nothing is written.
 */
export async function updateModel(
  deps: ModelDeps,
  auth: AuthContext,
  modelId: number,
  input: ModelUpdate,
  origin: RequestOrigin,
): Promise<ModelView> {
  const manage = await canManage(deps, auth);
  const now = deps.clock();
  await withDuplicateGuard(() =>
    deps.db.transaction(async (tx) => {
      const stored = await findModelForUpdate(tx, auth.teamId, modelId);
      if (!stored) throw modelNotFound();
      checkSensitive(manage, input, stored);
      await checkFields(deps, tx, auth, input, stored);
      const values = toColumns(input);
      const changedFields = (Object.keys(COLUMNS) as Field[]).filter((field) => {
        const column = COLUMNS[field];
        return column in values && !sameValue(values[column], stored[column]);
      });
      if (changedFields.length === 0) return;
      const managers = new Map<number, string>();
      for (const id of [stored.managerMembershipId, input.manager_member_id]) {
        const member = id ? await findTeamMember(tx, auth.teamId, id) : undefined;
        if (member) managers.set(member.id, member.nickname);
      }
      const changes: FieldChange[] = changedFields.map((field) => ({
        field: MODEL_FIELD_LABELS[field],
        before: shown(field, stored[COLUMNS[field]], (id) => managers.get(id)),
        after: shown(field, values[COLUMNS[field]], (id) => managers.get(id)),
      }));
      const remeasured = changedFields.some((field) =>
        (MEASUREMENT_FIELDS as readonly string[]).includes(field),
      );
      await updateModelRow(tx, auth.teamId, modelId, {
        ...values,
        ...(remeasured ? { lastMeasuredAt: now } : {}),
        updatedAt: now,
      });
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
        detail: { name: values.name ?? stored.name, changes },
      });
    }),
  );
  return reread(deps, auth, modelId, manage);
}

/** One model of the caller's team; another team's is "not found". */
export async function getModel(deps: ModelDeps, auth: AuthContext, modelId: number): Promise<ModelView> {
  return reread(deps, auth, modelId, await canManage(deps, auth));
}

/**
 * Throws "not found" unless the model is the team's; for other domains' writes that name a model (a
 * folder's model), inside their transaction. The model is held until that transaction ends, so it cannot
 * be deleted under the reference being written (folders have no foreign key to models).
 */
export async function requireTeamModel(tx: Database, teamId: number, modelId: number): Promise<void> {
  if (!(await findModelForReference(tx, teamId, modelId))) throw modelNotFound();
}

/**
 * GET /v1/models/duplicates: the team's models (any status) with this name and birthday, so the form can
 * warn before a second record of the same person is made. Not a refusal: two people may share both.
 */
export async function findModelDuplicates(
  deps: ModelDeps,
  auth: AuthContext,
  query: ModelDuplicateQuery,
): Promise<ModelView[]> {
  const [manage, rows] = await Promise.all([
    canManage(deps, auth),
    findModelNamesakes(deps.db, auth.teamId, query.name, query.birthday, DUPLICATE_MATCHES_MAX),
  ]);
  return Promise.all(rows.map((row) => view(deps, row, manage)));
}

/** GET /v1/models/{id}/deletion: whether the model can be deleted now, and why not. */
export async function getModelDeletion(
  deps: ModelDeps,
  auth: AuthContext,
  modelId: number,
): Promise<RecordDeletion> {
  if (!(await findModel(deps.db, auth.teamId, modelId))) throw modelNotFound();
  return recordDeletion('model', await countModelReferences(deps.db, auth.teamId, modelId));
}

/**
 * DELETE /v1/models/{id}: a model created by mistake (no order, package or folder refers to it) goes, with
 * its trips and measurement history, logged; otherwise 409 with what refers to it. The model is locked
 * first: a write that refers to it holds it (requireTeamModel, the orders' and packages' model checks, the
 * foreign keys), so either that write finishes first and is counted, or it finds the model gone.
 */
export async function deleteModel(
  deps: ModelDeps,
  auth: AuthContext,
  modelId: number,
  origin: RequestOrigin,
): Promise<void> {
  await deleteRecordMadeByMistake(deps.db, {
    record: 'model',
    action: 'model_delete',
    actor: memberActor(auth, origin, deps.clock()),
    targetId: modelId,
    lock: (tx) => findModelForUpdate(tx, auth.teamId, modelId),
    notFound: modelNotFound,
    references: (db) => countModelReferences(db, auth.teamId, modelId),
    remove: (tx) => deleteModelRows(tx, auth.teamId, modelId),
  });
}

/**
 * A file of the team is being deleted, in the folder domain's transaction: a model whose cover it is
 * has no cover afterwards (the cover column refers to the file).
 */
export async function releaseCoverFile(tx: Database, teamId: number, fileId: number): Promise<void> {
  await clearCoverFile(tx, teamId, fileId);
}

/** The list's filters as the repository takes them; an age range is a birthday range as of today. */
export function toListFilter(query: ModelFilter, today: string): ModelListFilter {
  return {
    keyword: query.keyword || undefined,
    gender: query.gender,
    height: query.height,
    weight: query.weight,
    birthday: query.age?.map((range) => birthdayBounds(today, range)),
    clothingSize: query.clothing_size,
    cup: query.cup,
    city: query.city || undefined,
    nationality: query.nationality,
    tags: query.tags,
    status: query.status,
    managerMembershipId: query.manager_member_id,
    sort: query.sort,
  };
}

/** GET /v1/models: filtered and paged in the database. */
export async function listTeamModels(deps: ModelDeps, auth: AuthContext, query: ModelQuery) {
  const filter = toListFilter(query, businessDate(deps.clock()));
  const [manage, { rows, total }] = await Promise.all([
    canManage(deps, auth),
    listModels(deps.db, auth.teamId, filter, pageWindow(query)),
  ]);
  return { items: await Promise.all(rows.map((row) => view(deps, row, manage))), total };
}

/** GET /v1/models/{id}/measurements: newest first. */
export async function listModelMeasurements(
  deps: ModelDeps,
  auth: AuthContext,
  modelId: number,
  query: PageQuery,
) {
  if (!(await findModel(deps.db, auth.teamId, modelId))) throw modelNotFound();
  return listMeasurements(deps.db, auth.teamId, modelId, pageWindow(query));
}

/**
 * A departed member's hand-over (organization/members): every model they manage in the team goes to
 * another member, in the caller's transaction. Returns how many moved.
 */
export function handOverModels(
  tx: Database,
  teamId: number,
  fromMembershipId: number,
  toMembershipId: number,
  now: Date,
): Promise<number> {
  return reassignModelManager(tx, teamId, fromMembershipId, toMembershipId, now);
}
