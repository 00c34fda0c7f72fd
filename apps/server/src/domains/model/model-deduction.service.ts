/**
 * A model's deductions (扣款, docs/product.md "Models"): advances paid to the model (预支) and expenses the
 * agency paid for them (代垫费用), each on a business date not after today, with an optional receipt
 * claimed from the upload pipeline (as 登记开票 claims the invoice's PDF). A settlement takes the
 * unsettled ones later (`settlement_id`); until then one may be voided, kept with when and by whom. Each
 * write holds the model (a deletion waits for it, and then counts the deduction) and commits with its
 * operation-log entry, whose target is the model.
 */
import { businessDate } from '@trackit/contract/business-time';
import type { PermissionLevel } from '@trackit/contract/enums';
import {
  MODEL_DEDUCTION_MESSAGES,
  type ModelDeductionCreate,
  type ModelDeductionQuery,
} from '@trackit/contract/model-deduction.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { grantsOf } from '../permission/permission.service';
import { signBlobDownload } from '../upload/signed-files.service';
import { claimBlob } from '../upload/upload.service';
import { findModel, findModelForReference } from './model.repository';
import { invalid, type ModelDeps, modelNotFound } from './model.service';
import {
  type DeductionRecord,
  type DeductionRow,
  findDeduction,
  insertDeduction,
  listDeductions,
  listPendingDeductions,
  listSettlementDeductions,
  lockDeduction,
  markDeductionVoided,
  setDeductionsSettlement,
} from './model-deduction.repository';

/** A deduction as its answer needs it: the row, its receipt's signed address and the caller's level. */
export interface DeductionView {
  row: DeductionRow;
  fileUrl: string | null;
  level: PermissionLevel | undefined;
}

const deductionNotFound = () => new AppError('notFound', { message: MODEL_DEDUCTION_MESSAGES.notFound });

async function accountingLevel(deps: Pick<ModelDeps, 'db'>, auth: AuthContext) {
  return (await grantsOf(deps, auth)).get('accounting');
}

async function view(
  deps: Pick<ModelDeps, 'storage'>,
  row: DeductionRow,
  level: PermissionLevel | undefined,
): Promise<DeductionView> {
  const { fileName } = row.deduction;
  const fileUrl =
    row.fileKey && fileName
      ? await signBlobDownload(deps, {
          key: row.fileKey,
          contentType: row.fileContentType ?? 'application/octet-stream',
          name: fileName,
        })
      : null;
  return { row, fileUrl, level };
}

async function reread(
  deps: ModelDeps,
  db: Database,
  teamId: number,
  modelId: number,
  deductionId: number,
  level: PermissionLevel | undefined,
) {
  const row = await findDeduction(db, teamId, modelId, deductionId);
  if (!row) throw deductionNotFound();
  return view(deps, row, level);
}

/** GET /v1/models/{id}/deductions: newest first; another team's model is "not found". */
export async function listModelDeductions(
  deps: ModelDeps,
  auth: AuthContext,
  modelId: number,
  query: ModelDeductionQuery,
): Promise<{ items: DeductionView[]; total: number }> {
  const [level, model] = await Promise.all([
    accountingLevel(deps, auth),
    findModel(deps.db, auth.teamId, modelId),
  ]);
  if (!model) throw modelNotFound();
  const { rows, total } = await listDeductions(deps.db, auth.teamId, modelId, query.state, pageWindow(query));
  return { items: await Promise.all(rows.map((row) => view(deps, row, level))), total };
}

const detailOf = (name: string, deduction: Pick<DeductionRecord, 'kind' | 'amount' | 'occurredOn'>) => ({
  name,
  kind: deduction.kind,
  amount: deduction.amount,
  occurred_on: deduction.occurredOn,
});

/** POST /v1/models/{id}/deductions: the deduction, its receipt claimed, and its log entry. */
export async function createModelDeduction(
  deps: ModelDeps,
  auth: AuthContext,
  modelId: number,
  input: ModelDeductionCreate,
  origin: RequestOrigin,
): Promise<DeductionView> {
  const now = deps.clock();
  const level = await accountingLevel(deps, auth);
  return deps.db.transaction(async (tx) => {
    // The model first: another team's is not found, whatever the body says.
    const model = await findModelForReference(tx, auth.teamId, modelId);
    if (!model) throw modelNotFound();
    if (input.occurred_on > businessDate(now)) {
      throw invalid('occurred_on', MODEL_DEDUCTION_MESSAGES.occurredInFuture);
    }
    const blob = input.file_signed_id
      ? await claimBlob(deps, tx, auth, input.file_signed_id, now)
      : undefined;
    const id = await insertDeduction(tx, {
      teamId: auth.teamId,
      modelId,
      kind: input.kind,
      occurredOn: input.occurred_on,
      amount: input.amount,
      note: input.note,
      ...(blob ? { fileBlobId: blob.id, fileName: blob.filename } : {}),
      createdByMembershipId: auth.membershipId,
      createdAt: now,
    });
    await recordOperation(tx, {
      action: 'model_deduction_create',
      actor: memberActor(auth, origin, now),
      targetId: modelId,
      detail: detailOf(model.name, { kind: input.kind, amount: input.amount, occurredOn: input.occurred_on }),
    });
    return reread(deps, tx, auth.teamId, modelId, id, level);
  });
}

/**
 * POST /v1/models/{id}/deductions/{deduction_id}/void: an unsettled deduction is voided and logged; a
 * voided one or one a settlement took is refused (409), writing nothing.
 */
export async function voidModelDeduction(
  deps: ModelDeps,
  auth: AuthContext,
  modelId: number,
  deductionId: number,
  origin: RequestOrigin,
): Promise<DeductionView> {
  const now = deps.clock();
  const level = await accountingLevel(deps, auth);
  return deps.db.transaction(async (tx) => {
    const model = await findModelForReference(tx, auth.teamId, modelId);
    if (!model) throw modelNotFound();
    const deduction = await lockDeduction(tx, auth.teamId, modelId, deductionId);
    if (!deduction) throw deductionNotFound();
    if (deduction.voidedAt) {
      throw new AppError('conflict', { message: MODEL_DEDUCTION_MESSAGES.alreadyVoided });
    }
    if (deduction.settlementId !== null) {
      throw new AppError('conflict', { message: MODEL_DEDUCTION_MESSAGES.settled });
    }
    await markDeductionVoided(tx, auth.teamId, deductionId, { at: now, membershipId: auth.membershipId });
    await recordOperation(tx, {
      action: 'model_deduction_void',
      actor: memberActor(auth, origin, now),
      targetId: modelId,
      detail: detailOf(model.name, deduction),
    });
    return reread(deps, tx, auth.teamId, modelId, deductionId, level);
  });
}

// --- What settlements take (apps/server/src/domains/settlement/settlement.service.ts) -----------------------

/** A deduction as a settlement takes it. */
export type PendingDeduction = Pick<
  DeductionRecord,
  'id' | 'modelId' | 'kind' | 'occurredOn' | 'amount' | 'note'
>;

/**
 * The models' deductions waiting for a settlement, oldest first. `lock` (in a settlement's transaction)
 * holds them until it commits: a void of one of them waits, then finds it taken (409).
 */
export function pendingDeductions(
  db: Database,
  teamId: number,
  modelIds: readonly number[],
  lock = false,
): Promise<PendingDeduction[]> {
  return listPendingDeductions(db, teamId, modelIds, lock);
}

/** The settlement takes the deductions, in its transaction. */
export function takeDeductions(
  tx: Database,
  teamId: number,
  settlementId: number,
  deductionIds: readonly number[],
): Promise<void> {
  return setDeductionsSettlement(tx, teamId, deductionIds, settlementId);
}

/**
 * A settlement rejected or deleted gives back what it took (`only`: those of its deductions alone, those a
 * payment's tax no longer leaves room for): the deductions wait for the next one.
 */
export async function giveBackDeductions(
  tx: Database,
  teamId: number,
  settlementId: number,
  only?: readonly number[],
): Promise<void> {
  const taken = await listSettlementDeductions(tx, teamId, settlementId);
  await setDeductionsSettlement(
    tx,
    teamId,
    taken.map((deduction) => deduction.id).filter((id) => !only || only.includes(id)),
    null,
  );
}

/** The deductions a settlement took, oldest first. */
export function deductionsOfSettlement(
  db: Database,
  teamId: number,
  settlementId: number,
): Promise<PendingDeduction[]> {
  return listSettlementDeductions(db, teamId, settlementId);
}
