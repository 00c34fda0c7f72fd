/**
 * A model's changes that wait for a second member (docs/product.md "Changes that wait for approval"): the
 * handler of the approval kinds `commission_change` (its terms: commission, mother agency and its share)
 * and `model_bank_change` (its payout account). An update (model-write.service.ts) splits what it sets:
 * - terms changed below `accounting` manage go to approval, or, as the team decides, take effect at once
 *   and are told to finance's managers before → after; at `accounting` manage they take effect;
 * - a payout account change waits for a second member while the team's 银行账户修改需复核 is on (the
 *   default), else takes effect and is told to finance;
 * everything else applies at once. A waiting change keeps the values it had and those it asks for; a newer
 * change of the same subject replaces it (superseded, its requester told), as does one applied directly.
 * Approved, it is applied as asked (the commission's history from the day of the decision); refused or
 * withdrawn by its requester, nothing changes. Every notice masks an account number
 * (`6222 **** **** 7890`); the log shows its last four digits. Each step commits with its log entry and
 * notices, the model's row locked first.
 */
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import type { ApprovalDecision } from '@trackit/contract/approval.schema';
import { maskedAccountNumber } from '@trackit/contract/banks';
import {
  MODEL_CHANGE_APPROVAL_KINDS,
  MODEL_MESSAGES,
  type ModelChangeSubject,
  type ModelPendingChanges,
  type ModelTerms,
} from '@trackit/contract/model.schema';
import type { FieldChange } from '@trackit/contract/operation-catalogue';
import { type MaskedBankAccount, PENDING_CHANGE_MESSAGES } from '@trackit/contract/pending-change.schema';
import type { Database } from '../../db/client';
import { definedValues } from '../../db/columns';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import {
  decideApproval,
  decisionAbility,
  decisionBody,
  requestApproval,
  tellRequester,
  withdrawApproval,
} from '../approval/approval.service';
import type { TeamApprovalSettings } from '../approval/approval-settings.service';
import { notifyMembers } from '../notify/notify.service';
import { changeLog } from '../operation-log/change-log';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { listMemberIdsHolding, memberNickname } from '../organization/organization.service';
import {
  findModel,
  findModelForUpdate,
  type ModelRecord,
  type ModelValues,
  updateModel as updateModelRow,
} from './model.repository';
import { type ModelDeps, type ModelSight, modelNotFound, modelSight } from './model.service';
import type { ModelChangeValues } from './model.tables';
import {
  findModelChange,
  findPendingModelChange,
  insertModelChange,
  listPendingModelChanges,
  lockModelChange,
  type ModelChangeRecord,
  type PendingModelChangeRow,
  resolveModelChange,
} from './model-change.repository';
import { SUBJECT_CHANGE_LOG, SUBJECT_NOTICE_FIELDS } from './model-change-log';
import { recordCommissionRates } from './model-commission-rate.repository';

type ChangeColumn = keyof ModelChangeValues;

/** The columns of each subject, all of which a change holds on both sides. */
const SUBJECT_COLUMNS: Readonly<Record<ModelChangeSubject, readonly ChangeColumn[]>> = {
  terms: ['commissionRate', 'motherAgency', 'motherAgencyRate', 'motherAgencyBasis'],
  payout: ['payoutAccountName', 'payoutBank', 'payoutBankName', 'payoutBankBranch', 'payoutAccountNumber'],
};
const SUBJECTS = Object.keys(SUBJECT_COLUMNS) as ModelChangeSubject[];

const KIND_OF = MODEL_CHANGE_APPROVAL_KINDS;

/** What the team and the caller's level make of a change of each subject. */
export interface ModelChangeRules {
  /** `direct`: applies (accounting manage); `wait`: to approval; `notify`: applies, finance is told. */
  terms: 'direct' | 'wait' | 'notify';
  /** `wait`: a second member confirms it; `direct`: applies, finance is told. */
  payout: 'direct' | 'wait';
}

export function modelChangeRules(
  settings: TeamApprovalSettings,
  accountingManage: boolean,
): ModelChangeRules {
  return {
    terms: accountingManage ? 'direct' : settings.commissionChangeControl === 'approval' ? 'wait' : 'notify',
    payout: settings.bankChangeReview ? 'wait' : 'direct',
  };
}

const pick = (record: ModelChangeValues, subject: ModelChangeSubject): ModelChangeValues =>
  Object.fromEntries(SUBJECT_COLUMNS[subject].map((column) => [column, record[column] ?? null]));

/** The subjects whose columns an update sets to something other than what is stored. */
export function changedSubjects(stored: ModelChangeValues, values: ModelChangeValues): ModelChangeSubject[] {
  return SUBJECTS.filter((subject) =>
    SUBJECT_COLUMNS[subject].some(
      (column) => values[column] !== undefined && (values[column] ?? null) !== (stored[column] ?? null),
    ),
  );
}

/** A change an update asks for instead of making it. */
export interface HeldChange {
  subject: ModelChangeSubject;
  before: ModelChangeValues;
  after: ModelChangeValues;
}

/**
 * Splits the values an update sets: those applied now, and per subject that waits the change asked for
 * (every column of the subject: what is stored, and what is stored with the update's values over it).
 */
export function splitModelUpdate(
  stored: ModelChangeValues,
  values: Partial<ModelValues>,
  rules: ModelChangeRules,
): { now: Partial<ModelValues>; held: HeldChange[] } {
  const now: Partial<ModelValues> = { ...values };
  const held: HeldChange[] = [];
  for (const subject of changedSubjects(stored, values)) {
    if (rules[subject] !== 'wait') continue;
    const before = pick(stored, subject);
    const after = { ...before, ...definedValues(pick({ ...before, ...definedValues(values) }, subject)) };
    for (const column of SUBJECT_COLUMNS[subject]) delete now[column];
    held.push({ subject, before, after });
  }
  return { now, held };
}

const noticeText = (changes: readonly FieldChange[]) =>
  changes.map((change) => `${change.field}：${change.before} → ${change.after}`).join('；');

/** Tells every member holding accounting at manage of a model's terms or account, in the write's transaction. */
export async function notifyModelFinance(
  tx: Database,
  teamId: number,
  modelId: number,
  notice: { title: string; body: string },
  at: Date,
) {
  await notifyMembers(tx, {
    teamId,
    recipientMembershipIds: await listMemberIdsHolding(tx, teamId, 'accounting', 'manage'),
    type: 'event_notice',
    title: notice.title,
    body: notice.body,
    link: ADMIN_PATHS.model(modelId),
    at,
  });
}

const REPLACED: Readonly<Record<ModelChangeSubject, (name: string) => string>> = {
  terms: MODEL_MESSAGES.termsChangeReplaced,
  payout: MODEL_MESSAGES.payoutChangeReplaced,
};

/**
 * Ends the model's change waiting on `subject`, if any, as superseded: a newer change replaces it, or one
 * applied directly made what it was asked of out of date. Its requester is told when someone else did it.
 */
async function supersedePending(
  tx: Database,
  auth: AuthContext,
  model: { id: number; name: string },
  subject: ModelChangeSubject,
  now: Date,
): Promise<void> {
  const pending = await findPendingModelChange(tx, auth.teamId, model.id, subject, true);
  if (!pending) return;
  await resolveModelChange(tx, auth.teamId, pending.id, 'superseded', now);
  await withdrawApproval(tx, { teamId: auth.teamId, kind: KIND_OF[subject], recordId: pending.id }, now);
  await tellRequester(tx, {
    teamId: auth.teamId,
    requestedBy: pending.requestedByMembershipId,
    actor: auth.membershipId,
    title: REPLACED[subject](model.name),
    body: (nickname) => `${nickname}提交了新的修改`,
    link: ADMIN_PATHS.model(model.id),
    at: now,
  });
}

const REQUESTED: Readonly<Record<ModelChangeSubject, (name: string) => string>> = {
  terms: MODEL_MESSAGES.termsChangeRequested,
  payout: MODEL_MESSAGES.payoutChangeRequested,
};
const SUBJECT_LINE: Readonly<Record<ModelChangeSubject, (name: string) => string>> = {
  terms: MODEL_MESSAGES.termsChangeSubject,
  payout: MODEL_MESSAGES.payoutChangeSubject,
};

/** Opens a waiting change (replacing the one before it) with its approval and log entry. */
async function requestModelChange(
  tx: Database,
  auth: AuthContext,
  origin: RequestOrigin,
  model: { id: number; name: string },
  change: HeldChange,
  now: Date,
): Promise<void> {
  await supersedePending(tx, auth, model, change.subject, now);
  const row = await insertModelChange(tx, {
    teamId: auth.teamId,
    modelId: model.id,
    subject: change.subject,
    before: change.before,
    after: change.after,
    requestedByMembershipId: auth.membershipId,
    requestedAt: now,
  });
  const shownChanges = await changeLog(
    tx,
    auth.teamId,
    change.before as ModelRecord,
    change.after as Partial<ModelRecord>,
    SUBJECT_NOTICE_FIELDS[change.subject],
  );
  await requestApproval(
    tx,
    { teamId: auth.teamId, kind: KIND_OF[change.subject], recordId: row.id },
    {
      requestedBy: auth.membershipId,
      at: now,
      subject: SUBJECT_LINE[change.subject](model.name),
      notice: {
        title: REQUESTED[change.subject](model.name),
        body: `${await memberNickname(tx, auth.teamId, auth.membershipId)}提交：${noticeText(shownChanges)}`,
        link: ADMIN_PATHS.model(model.id),
      },
    },
  );
  await recordOperation(tx, {
    action: 'model_change_request',
    actor: memberActor(auth, origin, now),
    targetId: model.id,
    detail: {
      name: model.name,
      subject: change.subject,
      changes: await changeLog(
        tx,
        auth.teamId,
        change.before as ModelRecord,
        change.after as Partial<ModelRecord>,
        SUBJECT_CHANGE_LOG[change.subject],
      ),
    },
  });
}

/**
 * After an update wrote what applies now, in its transaction: a subject changed directly ends the change
 * waiting on it; each held change is asked for; terms changed under `notify`, and an account changed
 * without review, are told to finance's managers (the number masked).
 */
export async function followModelUpdate(
  tx: Database,
  auth: AuthContext,
  origin: RequestOrigin,
  update: {
    stored: ModelRecord;
    applied: Partial<ModelValues>;
    held: readonly HeldChange[];
    rules: ModelChangeRules;
    name: string;
    now: Date;
  },
): Promise<void> {
  const { stored, applied, held, rules, now } = update;
  const model = { id: stored.id, name: update.name };
  const direct = changedSubjects(stored, applied);
  for (const subject of direct) await supersedePending(tx, auth, model, subject, now);
  for (const change of held) await requestModelChange(tx, auth, origin, model, change, now);
  for (const subject of direct) {
    if (subject === 'terms' && rules.terms !== 'notify') continue;
    const changes = await changeLog(tx, auth.teamId, stored, applied, SUBJECT_NOTICE_FIELDS[subject]);
    const title = subject === 'terms' ? MODEL_MESSAGES.termsChanged : MODEL_MESSAGES.payoutChanged;
    const body =
      subject === 'terms'
        ? `${await memberNickname(tx, auth.teamId, auth.membershipId)}修改：${noticeText(changes)}`
        : noticeText(changes);
    await notifyModelFinance(tx, auth.teamId, stored.id, { title: title(update.name), body }, now);
  }
}

const changeNotFound = () => new AppError('notFound', { message: PENDING_CHANGE_MESSAGES.notFound });
const notPending = () => new AppError('conflict', { message: PENDING_CHANGE_MESSAGES.notPending });

/**
 * A step on a waiting change: the change found in the team (404 otherwise), its model locked, then the
 * change itself, which must still wait (409 otherwise).
 */
async function changeStep<T>(
  deps: ModelDeps,
  auth: AuthContext,
  changeId: number,
  step: (tx: Database, found: { change: ModelChangeRecord; model: ModelRecord; now: Date }) => Promise<T>,
): Promise<T> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const found = await findModelChange(tx, auth.teamId, changeId);
    if (!found) throw changeNotFound();
    const model = await findModelForUpdate(tx, auth.teamId, found.modelId);
    const change = await lockModelChange(tx, auth.teamId, changeId);
    if (!model || !change) throw changeNotFound();
    if (change.status !== 'pending') throw notPending();
    return step(tx, { change, model, now });
  });
}

const DECIDED: Readonly<
  Record<ModelChangeSubject, Record<ApprovalDecision['result'], (name: string) => string>>
> = {
  terms: { passed: MODEL_MESSAGES.termsChangeApplied, rejected: MODEL_MESSAGES.termsChangeRejected },
  payout: { passed: MODEL_MESSAGES.payoutChangeApplied, rejected: MODEL_MESSAGES.payoutChangeRejected },
};

/**
 * POST /v1/model_changes/{id}/approval: an approver decides (403 for others, and for the requester where
 * they may not: never their own account change; their own terms change when the team forbids it). Passed,
 * the values asked for are applied (a commission rate effective from today's business date) and, for an
 * account, finance's managers are told; the requester is told either way.
 */
export async function decideModelChange(
  deps: ModelDeps,
  auth: AuthContext,
  changeId: number,
  decision: ApprovalDecision,
  origin: RequestOrigin,
): Promise<ModelPendingChanges> {
  const modelId = await changeStep(deps, auth, changeId, async (tx, { change, model, now }) => {
    const { subject } = change;
    await decideApproval(
      tx,
      { teamId: auth.teamId, kind: KIND_OF[subject], recordId: change.id },
      { ...decision, decidedBy: auth.membershipId, at: now },
    );
    const passed = decision.result === 'passed';
    await resolveModelChange(tx, auth.teamId, change.id, passed ? 'applied' : 'rejected', now);
    const changes = await changeLog(tx, auth.teamId, model, change.after, SUBJECT_CHANGE_LOG[subject]);
    if (passed) {
      // Anything changed directly since superseded this change, so the model still holds `before`.
      await updateModelRow(tx, auth.teamId, model.id, { ...change.after, updatedAt: now });
      const rate = change.after.commissionRate;
      if (subject === 'terms' && rate !== undefined && rate !== null && rate !== model.commissionRate) {
        await recordCommissionRates(tx, auth.teamId, [{ modelId: model.id, rate }], {
          membershipId: auth.membershipId,
          at: now,
        });
      }
      if (subject === 'payout') {
        const notice = await changeLog(tx, auth.teamId, model, change.after, SUBJECT_NOTICE_FIELDS.payout);
        await notifyModelFinance(
          tx,
          auth.teamId,
          model.id,
          { title: MODEL_MESSAGES.payoutChanged(model.name), body: noticeText(notice) },
          now,
        );
      }
    }
    await tellRequester(tx, {
      teamId: auth.teamId,
      requestedBy: change.requestedByMembershipId,
      actor: auth.membershipId,
      title: DECIDED[subject][decision.result](model.name),
      body: decisionBody(decision.comment),
      link: ADMIN_PATHS.model(model.id),
      at: now,
    });
    await recordOperation(tx, {
      action: 'model_change_decide',
      actor: memberActor(auth, origin, now),
      targetId: model.id,
      detail: { name: model.name, subject, changes, result: decision.result, comment: decision.comment },
    });
    return model.id;
  });
  return getModelPendingChanges(deps, auth, modelId);
}

/** POST /v1/model_changes/{id}/withdraw: its requester takes back a waiting change (403 for anybody else). */
export async function withdrawModelChange(
  deps: ModelDeps,
  auth: AuthContext,
  changeId: number,
  origin: RequestOrigin,
): Promise<ModelPendingChanges> {
  const modelId = await changeStep(deps, auth, changeId, async (tx, { change, model, now }) => {
    if (change.requestedByMembershipId !== auth.membershipId) {
      throw new AppError('forbidden', { message: PENDING_CHANGE_MESSAGES.withdrawOwnOnly });
    }
    await resolveModelChange(tx, auth.teamId, change.id, 'withdrawn', now);
    await withdrawApproval(
      tx,
      { teamId: auth.teamId, kind: KIND_OF[change.subject], recordId: change.id },
      now,
    );
    await recordOperation(tx, {
      action: 'model_change_withdraw',
      actor: memberActor(auth, origin, now),
      targetId: model.id,
      detail: {
        name: model.name,
        subject: change.subject,
        changes: await changeLog(tx, auth.teamId, model, change.after, SUBJECT_CHANGE_LOG[change.subject]),
      },
    });
    return model.id;
  });
  return getModelPendingChanges(deps, auth, modelId);
}

const termsOf = (values: ModelChangeValues): ModelTerms => ({
  commission_rate: values.commissionRate ?? null,
  mother_agency: values.motherAgency ?? null,
  mother_agency_rate: values.motherAgencyRate ?? null,
  mother_agency_basis: values.motherAgencyBasis ?? null,
});

/** An account as a change shows it: never the whole number. */
const maskedAccountOf = (values: ModelChangeValues): MaskedBankAccount => ({
  account_name: values.payoutAccountName ?? null,
  bank: values.payoutBank ?? null,
  bank_name: values.payoutBankName ?? null,
  branch: values.payoutBankBranch ?? null,
  account_number: values.payoutAccountNumber ? maskedAccountNumber(values.payoutAccountNumber) : null,
});

async function presentPending(
  db: Database,
  auth: AuthContext,
  sight: ModelSight,
  { change, requestedByName }: PendingModelChangeRow,
) {
  const ability = await decisionAbility(
    db,
    { teamId: auth.teamId, kind: KIND_OF[change.subject], requestedBy: change.requestedByMembershipId },
    { membershipId: auth.membershipId, level: sight.accounting },
  );
  const requester = change.requestedByMembershipId;
  return {
    id: change.id,
    requested_by:
      requester !== null && requestedByName !== null ? { id: requester, nickname: requestedByName } : null,
    requested_at: change.requestedAt.toISOString(),
    can: { decide: ability.decide, withdraw: requester === auth.membershipId },
    decide_refusal: ability.refusal,
  };
}

/**
 * GET /v1/models/{id}/pending_changes: what waits on the model; the account change only for those who
 * see the payout account, and masked for them too.
 */
export async function getModelPendingChanges(
  deps: ModelDeps,
  auth: AuthContext,
  modelId: number,
): Promise<ModelPendingChanges> {
  const sight = await modelSight(deps, auth);
  if (!(await findModel(deps.db, auth.teamId, modelId))) throw modelNotFound();
  const rows = await listPendingModelChanges(deps.db, auth.teamId, modelId);
  const terms = rows.find((row) => row.change.subject === 'terms');
  const payout = rows.find((row) => row.change.subject === 'payout');
  return {
    terms: terms
      ? {
          ...(await presentPending(deps.db, auth, sight, terms)),
          before: termsOf(terms.change.before),
          after: termsOf(terms.change.after),
        }
      : null,
    ...(sight.payout
      ? {
          payout: payout
            ? {
                ...(await presentPending(deps.db, auth, sight, payout)),
                before: maskedAccountOf(payout.change.before),
                after: maskedAccountOf(payout.change.after),
              }
            : null,
        }
      : {}),
  };
}
