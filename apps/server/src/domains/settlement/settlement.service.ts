/**
 * Model settlements (docs/product.md "Model settlements"): what is ready to settle per model, drafting a
 * settlement, reading and listing them, deleting a draft or rejected one. A draft locks its model, so the
 * drafts of one model take turns and each reads, after the lock, what the others took: of racing drafts
 * none releases money another took. The figures are the contract's (settlement-math, income-tax) through
 * ./settlement-release.ts. The approval, payment and correction steps are in
 * ./settlement-lifecycle.service.ts. Each write commits with its operation-log entry.
 */
import { businessDate, businessMonth, monthEnd } from '@trackit/contract/business-time';
import type { FeeKind, PermissionLevel } from '@trackit/contract/enums';
import { levelAllows } from '@trackit/contract/permissions';
import {
  type ReadyToSettle,
  type ReadyToSettleQuery,
  SETTLEMENT_MESSAGES,
  type Settlement,
  type SettlementCreate,
  type SettlementDetail,
  type SettlementQuery,
} from '@trackit/contract/settlement.schema';
import type { IncomeCategory } from '@trackit/contract/settlement-enums';
import {
  paymentKey,
  type SettlementFigures,
  type ShareSplit,
  type ShareTerms,
} from '@trackit/contract/settlement-math';
import { TAX_IDENTITY_MESSAGES, type TaxResidency, taxIdentityMissing } from '@trackit/contract/tax-identity';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { approvalHistory, removeApprovals, selfDecisionAllowed } from '../approval/approval.service';
import { modelTaxIdentities } from '../model/model.service';
import {
  deductionsOfSettlement,
  giveBackDeductions,
  type PendingDeduction,
  pendingDeductions,
  takeDeductions,
} from '../model/model-deduction.service';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { grantsOf } from '../permission/permission.service';
import { deleteShareLinks } from '../share/share-link.service';
import { incomeCategoriesOf } from './finance-settings.service';
import { presentReadyToSettle, presentSettlement, presentSettlementDetail } from './settlement.presenter';
import {
  correctedLineIds,
  deleteSettlementRow,
  findSettlement,
  findSettlementRecord,
  insertSettlement,
  listCorrectionsOf,
  listSettlementJobs,
  listSettlementLines,
  listSettlements,
  lockSettlement,
  nextSettlementSequence,
  type SettlementRecord,
} from './settlement.repository';
import {
  type CandidateLine,
  earlierPayouts,
  findNamedFeeLines,
  findSettlementModels,
  listCandidateLines,
  listReadyModels,
  lockSettlementModel,
  type SettlementModel,
  unpaidCorrectionOfLines,
} from './settlement-ready.repository';
import {
  deductionsTaken,
  type EarlierPayout,
  figuresOf,
  isZeroSplit,
  type LineRelease,
  type PaymentRelease,
  releaseOf,
  type TaxedAs,
} from './settlement-release';

export interface SettlementDeps {
  db: Database;
  clock: () => Date;
}

export const settlementNotFound = () => new AppError('notFound', { message: SETTLEMENT_MESSAGES.notFound });
export const settlementConflict = (message: string, data: unknown = null) =>
  new AppError('conflict', { message, data });

/** The caller's `accounting` level (the answers' `can`, the advance). */
export async function settlementLevel(
  deps: Pick<SettlementDeps, 'db'>,
  auth: AuthContext,
): Promise<PermissionLevel | undefined> {
  return (await grantsOf(deps, auth)).get('accounting');
}

export const approvalOf = (teamId: number, settlementId: number) => ({
  teamId,
  kind: 'settlement' as const,
  recordId: settlementId,
});

/** JS + the business date + the day's sequence padded to 3: JS20261124001. */
export const formatSettlementNumber = (at: Date, sequence: number): string =>
  `JS${businessDate(at).replaceAll('-', '')}${String(sequence).padStart(3, '0')}`;

/**
 * A step that changes what a model is paid locks the model first, as every draft of it does, then the
 * settlement (one order of locks: no deadlock between a draft, a payment and a correction of one model).
 * Not found (404) when either is not the team's.
 */
export async function lockModelThenSettlement(tx: Database, teamId: number, settlementId: number) {
  const found = await findSettlementRecord(tx, teamId, settlementId);
  if (!found) throw settlementNotFound();
  const model = await lockSettlementModel(tx, teamId, found.modelId);
  const settlement = await lockSettlement(tx, teamId, settlementId);
  if (!model || !settlement) throw settlementNotFound();
  return { model, settlement };
}

/**
 * The terms of a line not yet settled: its override, else the model's rate as of its order's first day
 * (else the model's current rate; a missing rate counts as 0 in 待结算's figures), and the model's mother
 * agency.
 */
export const lineTerms = (model: SettlementModel, line: CandidateLine): ShareTerms => ({
  commissionRate: line.override?.rate ?? line.rateAsOf ?? model.commissionRate ?? 0,
  motherAgency: model.motherAgency,
});

/**
 * What the model's tax identity lacks for paying the settlement, by label (empty: complete, or not needed:
 * a studio is paid without withholding), with the model's name; read through `db`.
 */
export async function identityGaps(
  db: Database,
  teamId: number,
  settlement: Pick<SettlementRecord, 'modelId' | 'payoutType'>,
): Promise<{ missing: string[]; name: string; residency: TaxResidency | null }> {
  const identity = (await modelTaxIdentities(db, teamId, [settlement.modelId])).get(settlement.modelId);
  if (!identity) throw new AppError('notFound', { message: SETTLEMENT_MESSAGES.modelNotFound });
  const missing = settlement.payoutType === 'studio' ? [] : taxIdentityMissing(identity);
  return { missing, name: identity.name, residency: identity.taxResidency };
}

/** 409 naming what the model's identity lacks, when it lacks something a payment needs. */
export function refuseIncompleteIdentity(gaps: { missing: string[]; name: string }): void {
  if (gaps.missing.length > 0) {
    throw settlementConflict(TAX_IDENTITY_MESSAGES.incomplete(gaps.name, gaps.missing), {
      missing: gaps.missing,
    });
  }
}

/**
 * The settlement with its lines, jobs, approvals and corrections, read through `db`; with the `viewer`'s
 * membership, its `can.decide` also follows the self-decision rules (the requester under 禁止审批本人提交的申请).
 */
export async function loadSettlementDetail(
  db: Database,
  teamId: number,
  settlementId: number,
  level: PermissionLevel | undefined,
  viewer?: number,
): Promise<SettlementDetail> {
  const row = await findSettlement(db, teamId, settlementId);
  if (!row) throw settlementNotFound();
  // One after another: inside a write's transaction they share one connection.
  const lines = await listSettlementLines(db, teamId, settlementId);
  const jobs = await listSettlementJobs(db, teamId, settlementId);
  const approvals = await approvalHistory(db, approvalOf(teamId, settlementId));
  const corrections = await listCorrectionsOf(db, teamId, settlementId);
  const correctedLineIdSet = await correctedLineIds(db, teamId, settlementId);
  const gaps =
    row.settlement.status === 'paid' || row.settlement.status === 'rejected'
      ? []
      : (await identityGaps(db, teamId, row.settlement)).missing;
  const deductions = (await deductionsOfSettlement(db, teamId, settlementId)).map((deduction) => ({
    id: deduction.id,
    kind: deduction.kind,
    occurred_on: deduction.occurredOn,
    amount: deduction.amount,
    note: deduction.note,
  }));
  const detail = presentSettlementDetail(
    row,
    {
      lines,
      jobs,
      deductions,
      approvals,
      corrections,
      correctedLineIds: correctedLineIdSet,
      taxIdentityMissing: gaps,
    },
    level,
  );
  if (viewer !== undefined && detail.can.decide)
    detail.can.decide = await selfDecisionAllowed(db, approvalOf(teamId, settlementId), viewer);
  return detail;
}

/** GET /v1/settlements. */
export async function listSettlementsOf(
  deps: SettlementDeps,
  auth: AuthContext,
  query: SettlementQuery,
): Promise<{ items: Settlement[]; total: number }> {
  const [level, { rows, total }] = await Promise.all([
    settlementLevel(deps, auth),
    listSettlements(deps.db, auth.teamId, query, pageWindow(query)),
  ]);
  return { items: rows.map((row) => presentSettlement(row, level)), total };
}

/** GET /v1/settlements/{id}. */
export async function getSettlement(deps: SettlementDeps, auth: AuthContext, settlementId: number) {
  return loadSettlementDetail(
    deps.db,
    auth.teamId,
    settlementId,
    await settlementLevel(deps, auth),
    auth.membershipId,
  );
}

/** A business month's days, `from` and `to` included (what `paid_on` is compared with). */
export const monthDays = (month: string) => ({ from: `${month}-01`, to: monthEnd(`${month}-01`) });

/** The month's earlier payouts plus what a settlement adds to each payment (its figures' jobs). */
function payoutsAfter(
  earlier: ReadonlyMap<string, EarlierPayout>,
  figures: SettlementFigures,
): Map<string, EarlierPayout> {
  const after = new Map(earlier);
  for (const job of figures.jobs) {
    const key = paymentKey(job.orderId, job.category);
    const before = after.get(key) ?? { income: 0, tax: 0 };
    after.set(key, { income: before.income + job.income, tax: before.tax + job.tax });
  }
  return after;
}

/**
 * A settlement's figures with the deductions it takes: of `pending`, oldest first, those that fit in what
 * it pays after tax (none when it pays nothing, e.g. a correction).
 */
export function withDeductions<D extends { amount: number }>(
  taxedAs: TaxedAs,
  releases: readonly PaymentRelease[],
  earlier: ReadonlyMap<string, EarlierPayout>,
  pending: readonly D[],
): { figures: SettlementFigures; taken: D[] } {
  const before = figuresOf(taxedAs, releases, earlier);
  const taken = deductionsTaken(pending, Math.max(0, before.totals.income - before.totals.tax));
  if (taken.length === 0) return { figures: before, taken };
  const amount = taken.reduce((sum, deduction) => sum + deduction.amount, 0);
  return { figures: figuresOf(taxedAs, releases, earlier, amount), taken };
}

/** What a line of `kind` is taxed as, by the team's setting. */
type Categories = Readonly<Record<FeeKind, IncomeCategory>>;

/**
 * One model of 待结算: each open line's release; the releasable figures as a settlement drafted now would
 * have them (taxed with the month's paid payouts of each job and item, as if paid this month); the waiting
 * ones as if paid this month after the releasable part (an estimate: the client has not paid yet).
 */
function readyOf(
  model: SettlementModel,
  lines: CandidateLine[],
  categories: Categories,
  earlier: ReadonlyMap<string, EarlierPayout>,
  pending: readonly PendingDeduction[],
): ReadyToSettle {
  const taxedAs = { payoutType: model.payoutType, residency: model.taxResidency };
  const released = lines.map((line) => ({ line, release: releaseOf(line, lineTerms(model, line)) }));
  const paymentOf = ({ line, release }: (typeof released)[number], split: ShareSplit) => ({
    orderId: release.orderId,
    category: categories[line.kind],
    now: split,
  });
  const now = released.filter(({ release }) => !isZeroSplit(release.now));
  const releasable = withDeductions(
    taxedAs,
    now.map((each) => paymentOf(each, each.release.now)),
    earlier,
    pending,
  ).figures;
  const waiting = figuresOf(
    taxedAs,
    released
      .filter(({ release }) => !isZeroSplit(release.waiting))
      .map((each) => paymentOf(each, each.release.waiting)),
    payoutsAfter(earlier, releasable),
  );
  return presentReadyToSettle(model, released, categories, releasable, waiting);
}

/** GET /v1/settlements/ready: the models with something to settle or waiting for clients, by pinyin. */
export async function listReadyToSettle(
  deps: SettlementDeps,
  auth: AuthContext,
  query: ReadyToSettleQuery,
): Promise<{ items: ReadyToSettle[]; total: number }> {
  const { rows, total } = await listReadyModels(deps.db, auth.teamId, query.model_id, pageWindow(query));
  return { items: await readyOfModels(deps, auth.teamId, rows), total };
}

/**
 * 待结算 of these models of the team, in their order, in a fixed number of queries whatever their number
 * (every model's open lines, the month's paid payouts and the pending deductions, each read once): the
 * list's page and one model's summary work it out here, the finance dashboard through readyOfTeam.
 */
export async function readyOfModels(
  deps: SettlementDeps,
  teamId: number,
  rows: readonly SettlementModel[],
): Promise<ReadyToSettle[]> {
  if (rows.length === 0) return [];
  const modelIds = rows.map((model) => model.id);
  const lines = await listCandidateLines(deps.db, teamId, { modelIds, onlyOpen: true });
  return readyOfLines(deps, teamId, rows, lines);
}

/**
 * 待结算 of every model of the team (the finance dashboard's sums): the team's open lines read once, their
 * models (exactly those 待结算 lists: a model with an open line), by pinyin.
 */
export async function readyOfTeam(deps: SettlementDeps, teamId: number): Promise<ReadyToSettle[]> {
  const lines = await listCandidateLines(deps.db, teamId, { modelIds: 'all', onlyOpen: true });
  const rows = await findSettlementModels(deps.db, teamId, [...new Set(lines.map((line) => line.modelId))]);
  return readyOfLines(deps, teamId, rows, lines);
}

/** The models' 待结算 from their open lines: the month's paid payouts and pending deductions read once. */
async function readyOfLines(
  deps: SettlementDeps,
  teamId: number,
  rows: readonly SettlementModel[],
  lines: CandidateLine[],
): Promise<ReadyToSettle[]> {
  if (rows.length === 0) return [];
  const modelIds = rows.map((model) => model.id);
  const month = monthDays(businessMonth(deps.clock()));
  const earlier = await earlierPayouts(deps.db, teamId, modelIds, month);
  const pending = await pendingDeductions(deps.db, teamId, modelIds);
  const categories = await incomeCategoriesOf(deps.db, teamId);
  const linesOf = groupBy(lines, (line) => line.modelId);
  const pendingOf = groupBy(pending, (deduction) => deduction.modelId);
  return rows.map((model) =>
    readyOf(
      model,
      linesOf.get(model.id) ?? [],
      categories,
      earlier.get(model.id) ?? new Map(),
      pendingOf.get(model.id) ?? [],
    ),
  );
}

/** The items by a key, each group in the items' order (a team's 待结算 has many models: no filter per model). */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/** A line of a settlement being drafted: what it takes of a fee line, by which terms, taxed as which item. */
export interface DraftLine {
  feeLineId: number;
  orderId: number;
  kind: FeeKind;
  category: IncomeCategory;
  terms: ShareTerms;
  split: ShareSplit;
  advance: boolean;
  correctsLineId: number | null;
}

/** A settlement to draft, its model locked by the caller. */
export interface DraftInput {
  teamId: number;
  membershipId: number;
  now: Date;
  model: SettlementModel;
  /** The payout type, and an individual's residency when known (a correction: its settlement's). */
  taxedAs: { payoutType: SettlementModel['payoutType']; residency: TaxResidency | null };
  lines: DraftLine[];
  period: { from: string; to: string } | null;
  corrects: { id: number; reason: string } | null;
}

/**
 * Drafts a settlement in the caller's transaction, under its model's lock: its tax an estimate, each
 * payment (job and item) taxed with this month's paid payouts of it as if it were paid this month (the tax
 * is worked out again when it is paid, for the month of the payment: settlement-payment.service.ts); the
 * deductions that fit; its number from the day's counter. Answers its id, number and figures.
 */
export async function draftSettlement(
  tx: Database,
  input: DraftInput,
): Promise<{ id: number; number: string; figures: SettlementFigures }> {
  const { teamId, now, model } = input;
  const taxMonth = businessMonth(now);
  const earlier =
    (await earlierPayouts(tx, teamId, [model.id], monthDays(taxMonth))).get(model.id) ?? new Map();
  // A correction takes back; it takes no deductions.
  const pending = input.corrects ? [] : await pendingDeductions(tx, teamId, [model.id], true);
  const { figures, taken } = withDeductions(
    input.taxedAs,
    input.lines.map((line) => ({ orderId: line.orderId, category: line.category, now: line.split })),
    earlier,
    pending,
  );
  const number = formatSettlementNumber(now, await nextSettlementSequence(tx, teamId, businessDate(now)));
  const { totals } = figures;
  const id = await insertSettlement(
    tx,
    {
      teamId,
      number,
      modelId: model.id,
      status: 'draft',
      payoutType: input.taxedAs.payoutType,
      taxResidency: input.taxedAs.payoutType === 'studio' ? null : input.taxedAs.residency,
      periodFrom: input.period?.from ?? null,
      periodTo: input.period?.to ?? null,
      taxMonth,
      gross: totals.gross,
      commission: totals.commission,
      motherAgency: totals.motherAgency,
      motherAgencyFromModel: totals.motherAgencyFromModel,
      income: totals.income,
      taxable: totals.taxable,
      tax: totals.tax,
      deductions: totals.deductions,
      net: totals.net,
      hasAdvance: input.lines.some((line) => line.advance),
      correctsId: input.corrects?.id ?? null,
      reason: input.corrects?.reason ?? null,
      createdByMembershipId: input.membershipId,
      createdAt: now,
      updatedAt: now,
    },
    input.lines.map((line) => ({
      teamId,
      feeLineId: line.feeLineId,
      orderId: line.orderId,
      kind: line.kind,
      incomeCategory: line.category,
      ...line.split,
      commissionRate: line.terms.commissionRate,
      motherAgencyRate: line.terms.motherAgency?.rate ?? null,
      motherAgencyBasis: line.terms.motherAgency?.basis ?? null,
      advance: line.advance,
      correctsLineId: line.correctsLineId,
    })),
    figures.jobs.map((job) => ({
      teamId,
      orderId: job.orderId,
      incomeCategory: job.category,
      gross: job.gross,
      commission: job.commission,
      motherAgency: job.motherAgency,
      motherAgencyFromModel: job.motherAgencyFromModel,
      income: job.income,
      earlierIncome: earlier.get(paymentKey(job.orderId, job.category))?.income ?? 0,
      earlierTax: earlier.get(paymentKey(job.orderId, job.category))?.tax ?? 0,
      taxable: job.taxable,
      tax: job.tax,
    })),
  );
  await takeDeductions(
    tx,
    teamId,
    id,
    taken.map((deduction) => deduction.id),
  );
  return { id, number, figures };
}

const draftLineOf = (line: CandidateLine, release: LineRelease, categories: Categories): DraftLine => ({
  feeLineId: line.feeLineId,
  orderId: line.orderId,
  kind: line.kind,
  category: categories[line.kind],
  terms: release.terms,
  split: release.now,
  advance: release.advance,
  correctsLineId: null,
});

/**
 * POST /v1/settlements: in one transaction, the model locked (404 when not the team's; 409 without a
 * commission rate); the chosen lines checked (400 when not a billed order's line of the model, 409 when one
 * releases nothing now) or every open line taken; each line's release (the client's payments, or all of
 * it for an advance, which needs accounting manage: 403); 409 when nothing is releasable.
 */
export async function createSettlement(
  deps: SettlementDeps,
  auth: AuthContext,
  body: SettlementCreate,
  origin: RequestOrigin,
): Promise<SettlementDetail> {
  const now = deps.clock();
  const { teamId } = auth;
  const level = await settlementLevel(deps, auth);
  if (body.advance && !levelAllows(level, 'manage')) {
    throw new AppError('forbidden', { message: SETTLEMENT_MESSAGES.advanceForbidden });
  }
  const period = body.period_from && body.period_to ? { from: body.period_from, to: body.period_to } : null;
  return deps.db.transaction(async (tx) => {
    const model = await lockSettlementModel(tx, teamId, body.model_id);
    if (!model) throw new AppError('notFound', { message: SETTLEMENT_MESSAGES.modelNotFound });
    if (model.commissionRate === null) throw settlementConflict(SETTLEMENT_MESSAGES.commissionRateMissing);
    const chosen = body.fee_line_ids;
    if (chosen) {
      const named = new Map((await findNamedFeeLines(tx, teamId, chosen)).map((line) => [line.id, line]));
      const foreign = chosen.find((id) => {
        const line = named.get(id);
        return !line || line.modelId !== model.id || line.orderStatus !== 'billed';
      });
      if (foreign !== undefined) {
        throw new AppError('validationFailed', {
          message: SETTLEMENT_MESSAGES.lineNotSettleable,
          data: { fee_line_id: foreign },
        });
      }
    }
    const lines = await listCandidateLines(tx, teamId, {
      modelIds: [model.id],
      ...(chosen ? { feeLineIds: chosen } : {}),
      ...(period ? { period } : {}),
      onlyOpen: !chosen,
    });
    const released = lines.map((line) => ({
      line,
      release: releaseOf(line, lineTerms(model, line), body.advance),
    }));
    if (chosen) {
      const empty = released.find(({ release }) => isZeroSplit(release.now));
      if (empty) {
        throw settlementConflict(SETTLEMENT_MESSAGES.lineNothingReleasable, {
          fee_line_id: empty.line.feeLineId,
        });
      }
    }
    const taken = released.filter(({ release }) => !isZeroSplit(release.now));
    if (taken.length === 0) throw settlementConflict(SETTLEMENT_MESSAGES.nothingToSettle);
    const correcting = await unpaidCorrectionOfLines(
      tx,
      teamId,
      model.id,
      taken.map(({ line }) => line.feeLineId),
    );
    if (correcting) throw settlementConflict(SETTLEMENT_MESSAGES.unpaidCorrection(correcting));
    const categories = await incomeCategoriesOf(tx, teamId);
    const draft = await draftSettlement(tx, {
      teamId,
      membershipId: auth.membershipId,
      now,
      model,
      taxedAs: { payoutType: model.payoutType, residency: model.taxResidency },
      lines: taken.map(({ line, release }) => draftLineOf(line, release, categories)),
      period,
      corrects: null,
    });
    await recordOperation(tx, {
      action: 'settlement_create',
      actor: memberActor(auth, origin, now),
      targetId: draft.id,
      detail: {
        name: model.name,
        number: draft.number,
        net: draft.figures.totals.net,
        lines: taken.length,
        advance: taken.some(({ release }) => release.advance),
      },
    });
    return loadSettlementDetail(tx, teamId, draft.id, level, auth.membershipId);
  });
}

/**
 * DELETE /v1/settlements/{id}: a draft or rejected settlement (409 otherwise) is deleted with its lines,
 * jobs and approvals; its money is ready to settle again, its number is never given again.
 */
export async function deleteSettlement(
  deps: SettlementDeps,
  auth: AuthContext,
  settlementId: number,
  origin: RequestOrigin,
): Promise<null> {
  const now = deps.clock();
  const { teamId } = auth;
  return deps.db.transaction(async (tx) => {
    const settlement = await lockSettlement(tx, teamId, settlementId);
    if (!settlement) throw settlementNotFound();
    if (settlement.status !== 'draft' && settlement.status !== 'rejected') {
      throw settlementConflict(SETTLEMENT_MESSAGES.notDeletable);
    }
    const row = await findSettlement(tx, teamId, settlementId);
    await giveBackDeductions(tx, teamId, settlementId);
    await removeApprovals(tx, approvalOf(teamId, settlementId));
    await deleteShareLinks(tx, teamId, 'settlement', settlementId);
    await deleteSettlementRow(tx, teamId, settlementId);
    await recordOperation(tx, {
      action: 'settlement_delete',
      actor: memberActor(auth, origin, now),
      targetId: settlementId,
      detail: { name: row?.modelName ?? '', number: settlement.number },
    });
    return null;
  });
}
