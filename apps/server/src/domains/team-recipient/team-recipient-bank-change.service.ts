/**
 * Maker and checker on a payee entity's bank account (docs/product.md "Changes that wait for approval"):
 * the handler of the approval kind `team_recipient_bank_change` (approvers: `accounting` manage, never the
 * member who asked). While the team's 银行账户修改需复核 is on (the default), a change of the bank, its
 * name, the branch or the account number made by a manager of payee entities waits: the entity keeps its
 * account until a second member confirms the change, which then takes effect, is logged field by field and
 * is told to finance's managers. A newer change replaces a waiting one (its requester told), as does one
 * made while review is off; the requester may withdraw it. Its confirmation and every notice show the
 * account number masked (`6222 **** **** 7890`).
 */
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import type { ApprovalDecision } from '@trackit/contract/approval.schema';
import { BANK_LABELS, maskedAccountNumber } from '@trackit/contract/banks';
import { formatAccountNumber } from '@trackit/contract/patterns';
import { PENDING_CHANGE_MESSAGES } from '@trackit/contract/pending-change.schema';
import { TEAM_RECIPIENT_MESSAGES } from '@trackit/contract/team-recipient.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import {
  decideApproval,
  decisionBody,
  requestApproval,
  tellRequester,
  withdrawApproval,
} from '../approval/approval.service';
import { notifyMembers } from '../notify/notify.service';
import { type ChangeLogField, changeLog, shown } from '../operation-log/change-log';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { listMemberIdsHolding, memberNickname } from '../organization/organization.service';
import {
  findTeamRecipientForUpdate,
  type TeamRecipientRecord,
  updateTeamRecipientRow,
} from './team-recipient.repository';
import type { StoredBankAccount } from './team-recipient.tables';
import {
  type BankChangeRecord,
  findBankChange,
  findPendingBankChange,
  insertBankChange,
  resolveBankChange,
} from './team-recipient-bank-change.repository';
import { recipientNotFound, type SeenRecipient, seeRecipient } from './team-recipient-view.service';

export interface BankChangeDeps {
  db: Database;
  clock: () => Date;
}

const KIND = 'team_recipient_bank_change' as const;

const bankField = (show: (digits: string) => string): ChangeLogField<StoredBankAccount>[] => [
  { field: 'bank', label: '开户银行', show: shown.label(BANK_LABELS) },
  { field: 'bankName', label: '银行名称' },
  { field: 'branch', label: '开户支行' },
  { field: 'accountNumber', label: '银行账号', show },
];
/**
 * The account's fields as the log shows them (the number grouped: an entity's account is printed on every
 * order confirmation, so the log keeps it whole as before), and as every notice and confirmation shows
 * them: the number masked.
 */
export const BANK_CHANGE_LOG = bankField(formatAccountNumber);
const BANK_NOTICE_FIELDS = bankField(maskedAccountNumber);

/** An entity's account as a change holds it. */
export const accountOf = (row: StoredBankAccount): StoredBankAccount => ({
  bank: row.bank,
  bankName: row.bankName,
  branch: row.branch,
  accountNumber: row.accountNumber,
});

const noticeText = async (
  tx: Database,
  teamId: number,
  before: StoredBankAccount,
  after: StoredBankAccount,
) =>
  (await changeLog(tx, teamId, before, after, BANK_NOTICE_FIELDS))
    .map((change) => `${change.field}：${change.before} → ${change.after}`)
    .join('；');

/** Tells every member holding `accounting` manage where money now goes, in the write's transaction (masked). */
export async function notifyFinanceOfAccount(
  tx: Database,
  entity: { teamId: number; id: number },
  title: string,
  body: string,
  at: Date,
) {
  await notifyMembers(tx, {
    teamId: entity.teamId,
    recipientMembershipIds: await listMemberIdsHolding(tx, entity.teamId, 'accounting', 'manage'),
    type: 'event_notice',
    title,
    body,
    link: ADMIN_PATHS.teamRecipient(entity.id),
    at,
  });
}

/** Tells finance's managers of an account changed as asked (directly, or once confirmed). */
export async function announceAccountChange(
  tx: Database,
  entity: TeamRecipientRecord,
  after: StoredBankAccount,
  name: string,
  at: Date,
) {
  const body = await noticeText(tx, entity.teamId, accountOf(entity), after);
  await notifyFinanceOfAccount(tx, entity, TEAM_RECIPIENT_MESSAGES.bankChanged(name), body, at);
}

/**
 * Ends the entity's waiting change, if any, as superseded (a newer change replaces it, or one applied
 * directly made it out of date); its requester is told when someone else did it.
 */
export async function supersedeBankChange(
  tx: Database,
  auth: AuthContext,
  entity: TeamRecipientRecord,
  now: Date,
): Promise<void> {
  const pending = await findPendingBankChange(tx, auth.teamId, entity.id);
  if (!pending) return;
  await resolveBankChange(tx, auth.teamId, pending.id, 'superseded', now);
  await withdrawApproval(tx, { teamId: auth.teamId, kind: KIND, recordId: pending.id }, now);
  await tellRequester(tx, {
    teamId: auth.teamId,
    requestedBy: pending.requestedByMembershipId,
    actor: auth.membershipId,
    title: TEAM_RECIPIENT_MESSAGES.bankChangeReplaced(entity.name),
    body: (nickname) => `${nickname}提交了新的修改`,
    link: ADMIN_PATHS.teamRecipient(entity.id),
    at: now,
  });
}

/**
 * Holds a change of the entity's account for its checker, in the update's transaction: replaces a waiting
 * one, opens the approval (its approvers told, the number masked) and logs the request.
 */
export async function holdBankChange(
  tx: Database,
  auth: AuthContext,
  origin: RequestOrigin,
  entity: TeamRecipientRecord,
  after: StoredBankAccount,
  name: string,
  now: Date,
): Promise<void> {
  await supersedeBankChange(tx, auth, entity, now);
  const before = accountOf(entity);
  const row = await insertBankChange(tx, {
    teamId: auth.teamId,
    teamRecipientId: entity.id,
    before,
    after,
    requestedByMembershipId: auth.membershipId,
    requestedAt: now,
  });
  await requestApproval(
    tx,
    { teamId: auth.teamId, kind: KIND, recordId: row.id },
    {
      requestedBy: auth.membershipId,
      at: now,
      subject: TEAM_RECIPIENT_MESSAGES.bankChangeSubject(name),
      notice: {
        title: TEAM_RECIPIENT_MESSAGES.bankChangeRequested(name),
        body: `${await memberNickname(tx, auth.teamId, auth.membershipId)}提交：${await noticeText(tx, auth.teamId, before, after)}`,
        link: ADMIN_PATHS.teamRecipient(entity.id),
      },
    },
  );
  await recordOperation(tx, {
    action: 'team_recipient_change_request',
    actor: memberActor(auth, origin, now),
    targetId: entity.id,
    detail: {
      name,
      subject: 'bank',
      changes: await changeLog(tx, auth.teamId, before, after, BANK_CHANGE_LOG),
    },
  });
}

/**
 * A step on a waiting change: found in the team (404 otherwise), its entity locked, then the change, which
 * must still wait (409 otherwise). Answers the entity as the caller sees it afterwards.
 */
async function bankChangeStep(
  deps: BankChangeDeps,
  auth: AuthContext,
  changeId: number,
  step: (
    tx: Database,
    found: { change: BankChangeRecord; entity: TeamRecipientRecord; now: Date },
  ) => Promise<void>,
): Promise<SeenRecipient> {
  const now = deps.clock();
  const entityId = await deps.db.transaction(async (tx) => {
    const found = await findBankChange(tx, auth.teamId, changeId);
    if (!found) throw new AppError('notFound', { message: PENDING_CHANGE_MESSAGES.notFound });
    const entity = await findTeamRecipientForUpdate(tx, auth.teamId, found.teamRecipientId);
    const change = await findBankChange(tx, auth.teamId, changeId, true);
    if (!entity || !change) throw recipientNotFound();
    if (change.status !== 'pending') {
      throw new AppError('conflict', { message: PENDING_CHANGE_MESSAGES.notPending });
    }
    await step(tx, { change, entity, now });
    return entity.id;
  });
  return seeRecipient(deps.db, auth, entityId);
}

/**
 * POST /v1/team_recipient_bank_changes/{id}/approval: a second member decides (403 for the requester and
 * for anybody but finance's managers). Confirmed, the account takes effect, logged field by field, and
 * finance's managers are told (masked); the requester is told either way.
 */
export function decideBankChange(
  deps: BankChangeDeps,
  auth: AuthContext,
  changeId: number,
  decision: ApprovalDecision,
  origin: RequestOrigin,
): Promise<SeenRecipient> {
  return bankChangeStep(deps, auth, changeId, async (tx, { change, entity, now }) => {
    await decideApproval(
      tx,
      { teamId: auth.teamId, kind: KIND, recordId: change.id },
      { ...decision, decidedBy: auth.membershipId, at: now },
    );
    const passed = decision.result === 'passed';
    const changes = await changeLog(tx, auth.teamId, accountOf(entity), change.after, BANK_CHANGE_LOG);
    await resolveBankChange(tx, auth.teamId, change.id, passed ? 'applied' : 'rejected', now);
    if (passed) {
      // A change applied directly since would have superseded this one: the entity still holds `before`.
      await updateTeamRecipientRow(tx, auth.teamId, entity.id, { ...change.after, updatedAt: now });
      await announceAccountChange(tx, entity, change.after, entity.name, now);
    }
    await tellRequester(tx, {
      teamId: auth.teamId,
      requestedBy: change.requestedByMembershipId,
      actor: auth.membershipId,
      title: passed
        ? TEAM_RECIPIENT_MESSAGES.bankChangeApplied(entity.name)
        : TEAM_RECIPIENT_MESSAGES.bankChangeRejected(entity.name),
      body: decisionBody(decision.comment, '确认人'),
      link: ADMIN_PATHS.teamRecipient(entity.id),
      at: now,
    });
    await recordOperation(tx, {
      action: 'team_recipient_change_decide',
      actor: memberActor(auth, origin, now),
      targetId: entity.id,
      detail: {
        name: entity.name,
        subject: 'bank',
        changes,
        result: decision.result,
        comment: decision.comment,
      },
    });
  });
}

/** POST /v1/team_recipient_bank_changes/{id}/withdraw: its requester takes it back (403 for anybody else). */
export function withdrawBankChange(
  deps: BankChangeDeps,
  auth: AuthContext,
  changeId: number,
  origin: RequestOrigin,
): Promise<SeenRecipient> {
  return bankChangeStep(deps, auth, changeId, async (tx, { change, entity, now }) => {
    if (change.requestedByMembershipId !== auth.membershipId) {
      throw new AppError('forbidden', { message: PENDING_CHANGE_MESSAGES.withdrawOwnOnly });
    }
    await resolveBankChange(tx, auth.teamId, change.id, 'withdrawn', now);
    await withdrawApproval(tx, { teamId: auth.teamId, kind: KIND, recordId: change.id }, now);
    await recordOperation(tx, {
      action: 'team_recipient_change_withdraw',
      actor: memberActor(auth, origin, now),
      targetId: entity.id,
      detail: {
        name: entity.name,
        subject: 'bank',
        changes: await changeLog(tx, auth.teamId, accountOf(entity), change.after, BANK_CHANGE_LOG),
      },
    });
  });
}
