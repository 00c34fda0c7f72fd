/**
 * Models (docs/product.md "Models"): reading records and their measurement history, and deleting a record
 * made by mistake (creating and changing: model-write.service.ts; trips: model-trip.service.ts;
 * deductions: model-deduction.service.ts). Sensitive fields (the national ID) and archiving (status `left`)
 * need data_management at manage; below it the ID is never answered and never written. The payout
 * account needs data_management or accounting at manage, in the same way.
 */

import { businessDate } from '@trackit/contract/business-time';
import { DUPLICATE_MATCHES_MAX } from '@trackit/contract/constants';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { PageQuery } from '@trackit/contract/envelope';
import {
  MODEL_CHANGE_APPROVAL_KINDS,
  MODEL_MESSAGES,
  type ModelDuplicateQuery,
  type ModelFilter,
  type ModelQuery,
} from '@trackit/contract/model.schema';
import { birthdayBounds } from '@trackit/contract/model-age';
import { levelAllows } from '@trackit/contract/permissions';
import { type RecordDeletion, recordDeletion } from '@trackit/contract/record-deletion';
import type { TaxIdentity } from '@trackit/contract/tax-identity';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { removeApprovals } from '../approval/approval.service';
import { memberActor } from '../operation-log/operation-log.service';
import { deleteRecordMadeByMistake } from '../operation-log/record-deletion.service';
import { grantsOf } from '../permission/permission.service';
import { signFile } from '../upload/signed-files.service';
import type { UploadDeps } from '../upload/upload.service';
import {
  clearCoverFile,
  countModelReferences,
  deleteModelRows,
  findModel,
  findModelForReference,
  findModelForUpdate,
  findModelNamesakes,
  findModelTaxIdentities,
  listMeasurements,
  type ModelRow,
} from './model.repository';
import { deleteModelChanges } from './model-change.repository';
import { listModels, type ModelListFilter } from './model-list.repository';

export type ModelDeps = UploadDeps;

/** Which sensitive fields of a model the caller sees and writes. */
export interface ModelSight {
  /** data_management manage: the national ID, archiving. */
  manage: boolean;
  /** data_management or accounting manage: the payout account. */
  payout: boolean;
  /** The member's accounting level: at manage their terms changes apply, and they approve others'. */
  accounting: PermissionLevel | undefined;
}

/** A model as its answer needs it: the row, the signed cover, today (for the age) and what the caller sees. */
export interface ModelView {
  row: ModelRow;
  coverThumbUrl: string | null;
  today: string;
  sight: ModelSight;
}

export const modelNotFound = () => new AppError('notFound', { message: MODEL_MESSAGES.modelNotFound });
export const invalid = (field: string, message: string) =>
  new AppError('validationFailed', { message, data: { fields: { [field]: message } } });

/** A model's tax identity with the personal details the withholding return also asks. */
export type ModelTaxIdentity = TaxIdentity & {
  id: number;
  name: string;
  englishName: string | null;
  gender: ModelRow['model']['gender'];
  mobile: string | null;
};

/**
 * The tax identities of the team's models named by id (other domains: settlements check one before paying
 * an individual and list them on the withholding return), with each model's name, gender and mobile, by
 * id; another team's model is simply absent. Read through `db`, a caller's transaction too.
 */
export async function modelTaxIdentities(
  db: Database,
  teamId: number,
  modelIds: readonly number[],
): Promise<Map<number, ModelTaxIdentity>> {
  const rows = await findModelTaxIdentities(db, teamId, modelIds);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether the member holds data_management at manage: sees and writes national IDs, archives. */
export async function canManage(deps: Pick<ModelDeps, 'db'>, auth: AuthContext): Promise<boolean> {
  return (await modelSight(deps, auth)).manage;
}

/** The sensitive fields the member sees and writes (one read of the request's grants). */
export async function modelSight(deps: Pick<ModelDeps, 'db'>, auth: AuthContext): Promise<ModelSight> {
  const grants = await grantsOf(deps, auth);
  const manage = levelAllows(grants.get('data_management'), 'manage');
  const accounting = grants.get('accounting');
  return { manage, payout: manage || levelAllows(accounting, 'manage'), accounting };
}

async function view(deps: ModelDeps, row: ModelRow, sight: ModelSight): Promise<ModelView> {
  let coverThumbUrl: string | null = null;
  if (row.cover) {
    const signed = await signFile(deps, row.cover);
    coverThumbUrl = signed.thumbUrl ?? signed.previewUrl;
  }
  return { row, coverThumbUrl, today: businessDate(deps.clock()), sight };
}

export async function reread(deps: ModelDeps, auth: AuthContext, modelId: number, sight: ModelSight) {
  const row = await findModel(deps.db, auth.teamId, modelId);
  if (!row) throw modelNotFound();
  return view(deps, row, sight);
}

/** One model of the caller's team; another team's is "not found". */
export async function getModel(deps: ModelDeps, auth: AuthContext, modelId: number): Promise<ModelView> {
  return reread(deps, auth, modelId, await modelSight(deps, auth));
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
  const [sight, rows] = await Promise.all([
    modelSight(deps, auth),
    findModelNamesakes(deps.db, auth.teamId, query.name, query.birthday, DUPLICATE_MATCHES_MAX),
  ]);
  return Promise.all(rows.map((row) => view(deps, row, sight)));
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
 * its trips, measurement history and the changes waiting on it (with their approvals), logged; otherwise 409 with what refers to it. The model is locked
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
    remove: async (tx) => {
      for (const change of await deleteModelChanges(tx, auth.teamId, modelId)) {
        const kind = MODEL_CHANGE_APPROVAL_KINDS[change.subject];
        await removeApprovals(tx, { teamId: auth.teamId, kind, recordId: change.id });
      }
      await deleteModelRows(tx, auth.teamId, modelId);
    },
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
  const [sight, { rows, total }] = await Promise.all([
    modelSight(deps, auth),
    listModels(deps.db, auth.teamId, filter, pageWindow(query)),
  ]);
  return { items: await Promise.all(rows.map((row) => view(deps, row, sight))), total };
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
