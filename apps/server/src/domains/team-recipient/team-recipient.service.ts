/**
 * Payee entities (docs/product.md "Payee entities"). Names and credit codes are unique in a team; one
 * default per team (a new default unsets the old in the same transaction); bank details and the default
 * need `team_recipient` manage (team-recipient.policy.ts); a change of bank details waits for a second
 * member while the team asks for one (team-recipient-bank-change.service.ts), and once it applies it is
 * logged field by field and notifies every member holding `accounting` manage, the number masked. There is
 * no deletion: orders refer to entities, which are disabled instead. Each write and its log entry commit in
 * one transaction.
 */
import { bankName, bankNameIssue, maskedAccountNumber } from '@trackit/contract/banks';
import type { PermissionLevel } from '@trackit/contract/enums';
import {
  TAXPAYER_TYPE_LABELS,
  TEAM_RECIPIENT_MESSAGES,
  TEAM_RECIPIENT_STATUS_LABELS,
  type TeamRecipientCreate,
  type TeamRecipientQuery,
  type TeamRecipientUpdate,
} from '@trackit/contract/team-recipient.schema';
import type { Database } from '../../db/client';
import { definedValues } from '../../db/columns';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { teamApprovalSettings } from '../approval/approval-settings.service';
import { type ChangeLogField, changeLog, shown } from '../operation-log/change-log';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { managedFieldsChanged, teamRecipientRefusal } from './team-recipient.policy';
import {
  clearTeamDefault,
  findTeamDefaultRecipient,
  findTeamRecipient,
  findTeamRecipientClash,
  findTeamRecipientForReference,
  findTeamRecipientForUpdate,
  insertTeamRecipient,
  listTeamRecipients,
  lockTeamDefault,
  type TeamRecipientRecord,
  updateTeamRecipientRow,
} from './team-recipient.repository';
import type { StoredBankAccount } from './team-recipient.tables';
import {
  accountOf,
  announceAccountChange,
  BANK_CHANGE_LOG,
  holdBankChange,
  notifyFinanceOfAccount,
  supersedeBankChange,
} from './team-recipient-bank-change.service';
import {
  recipientNotFound as notFound,
  recipientLevels,
  type SeenRecipient,
  seeRecipient,
  seeRecipients,
} from './team-recipient-view.service';

export interface TeamRecipientDeps {
  db: Database;
  clock: () => Date;
}

const conflict = (message: string) => new AppError('conflict', { message });
const invalid = (field: string, message: string) =>
  new AppError('validationFailed', { message, data: { fields: { [field]: message } } });

async function refuseClash(
  db: Database,
  teamId: number,
  values: { name?: string | undefined; creditCode?: string | undefined },
  exceptId?: number,
) {
  const clash = await findTeamRecipientClash(db, teamId, values, exceptId);
  if (!clash) return;
  throw conflict(
    clash.field === 'name'
      ? TEAM_RECIPIENT_MESSAGES.nameTaken(clash.name)
      : TEAM_RECIPIENT_MESSAGES.creditCodeTaken(clash.name),
  );
}

/** A write whose unique index refused a concurrent twin answers the same 409 naming the other entity. */
async function withClashAnswer<T>(
  deps: TeamRecipientDeps,
  teamId: number,
  values: { name?: string | undefined; creditCode?: string | undefined },
  exceptId: number | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await refuseClash(deps.db, teamId, values, exceptId);
    throw error;
  }
}

function refuse(
  level: PermissionLevel | undefined,
  changed: Parameters<typeof teamRecipientRefusal>[1],
  creating: boolean,
) {
  if (teamRecipientRefusal(level, changed, creating)) {
    throw new AppError('forbidden', { message: TEAM_RECIPIENT_MESSAGES.managedFields });
  }
}

/** The fields a PATCH may change, with the label and display of each in the log. */
const TEAM_RECIPIENT_CHANGE_LOG: ChangeLogField<TeamRecipientRecord>[] = [
  { field: 'name', label: '企业名称' },
  { field: 'shortName', label: '简称' },
  { field: 'creditCode', label: '统一社会信用代码' },
  { field: 'taxpayerType', label: '纳税人类型', show: shown.label(TAXPAYER_TYPE_LABELS) },
  { field: 'address', label: '注册地址' },
  { field: 'phone', label: '电话' },
  ...(BANK_CHANGE_LOG as ChangeLogField<TeamRecipientRecord>[]),
  { field: 'defaultTaxRate', label: '默认税率', show: (rate) => `${rate}%` },
  { field: 'isDefault', label: '默认主体', show: shown.yesNo },
  { field: 'status', label: '状态', show: shown.label(TEAM_RECIPIENT_STATUS_LABELS) },
];

/** A new account as finance's notice reads it: 招商银行 上海静安支行 1219 **** **** 0201 (masked). */
const bankText = (account: StoredBankAccount) =>
  [bankName(account.bank, account.bankName), account.branch, maskedAccountNumber(account.accountNumber)].join(
    ' ',
  );

/** POST /v1/team_recipients: the entity (active), its log entry, and finance told of its account (masked). */
export async function createTeamRecipient(
  deps: TeamRecipientDeps,
  auth: AuthContext,
  input: TeamRecipientCreate,
  origin: RequestOrigin,
): Promise<SeenRecipient> {
  const levels = await recipientLevels(deps.db, auth);
  refuse(levels.recipient, managedFieldsChanged(input, null), true);
  const now = deps.clock();
  const values = { name: input.name, creditCode: input.credit_code };
  const account: StoredBankAccount = {
    bank: input.bank,
    bankName: input.bank === 'other' ? (input.bank_name ?? null) : null,
    branch: input.branch,
    accountNumber: input.account_number,
  };
  const id = await withClashAnswer(deps, auth.teamId, values, undefined, () =>
    deps.db.transaction(async (tx) => {
      await refuseClash(tx, auth.teamId, values);
      if (input.is_default) {
        await lockTeamDefault(tx, auth.teamId);
        await clearTeamDefault(tx, auth.teamId, null, now);
      }
      const created = await insertTeamRecipient(tx, {
        teamId: auth.teamId,
        name: input.name,
        shortName: input.short_name,
        creditCode: input.credit_code,
        taxpayerType: input.taxpayer_type,
        address: input.address ?? '',
        phone: input.phone ?? '',
        ...account,
        defaultTaxRate: input.default_tax_rate ?? null,
        isDefault: input.is_default ?? false,
        createdAt: now,
        updatedAt: now,
      });
      await recordOperation(tx, {
        action: 'team_recipient_create',
        actor: memberActor(auth, origin, now),
        targetId: created,
        detail: { name: input.name },
      });
      await notifyFinanceOfAccount(
        tx,
        { teamId: auth.teamId, id: created },
        TEAM_RECIPIENT_MESSAGES.bankCreated(input.name),
        bankText(account),
        now,
      );
      return created;
    }),
  );
  return seeRecipient(deps.db, auth, id, levels);
}

/** GET /v1/team_recipients/{id}: another team's is "not found" (收款主体不存在). */
export function getTeamRecipient(
  deps: TeamRecipientDeps,
  auth: AuthContext,
  id: number,
): Promise<SeenRecipient> {
  return seeRecipient(deps.db, auth, id);
}

/** GET /v1/team_recipients. */
export async function listTeamRecipientsOf(
  deps: TeamRecipientDeps,
  auth: AuthContext,
  query: TeamRecipientQuery,
): Promise<{ items: SeenRecipient[]; total: number }> {
  const [levels, page] = await Promise.all([
    recipientLevels(deps.db, auth),
    listTeamRecipients(
      deps.db,
      auth.teamId,
      { keyword: query.keyword, status: query.status },
      pageWindow(query),
    ),
  ]);
  return { items: await seeRecipients(deps.db, auth, page.rows, levels), total: page.total };
}

/**
 * The account once the update applies: the fields sent over those stored; a listed bank chosen without a
 * name sent clears the name kept for another bank. 400 when another bank (`other`) has no name, or a
 * listed one is given one.
 */
function nextAccount(input: TeamRecipientUpdate, before: TeamRecipientRecord): StoredBankAccount {
  const bank = input.bank ?? before.bank;
  const name =
    input.bank_name !== undefined
      ? input.bank_name
      : input.bank !== undefined && input.bank !== 'other'
        ? null
        : before.bankName;
  const issue = bankNameIssue(bank, name);
  if (issue) throw invalid('bank_name', issue);
  return {
    bank,
    bankName: name ?? null,
    branch: input.branch ?? before.branch,
    accountNumber: input.account_number ?? before.accountNumber,
  };
}

const sameAccount = (a: StoredBankAccount, b: StoredBankAccount) =>
  a.bank === b.bank &&
  a.bankName === b.bankName &&
  a.branch === b.branch &&
  a.accountNumber === b.accountNumber;

/**
 * PATCH /v1/team_recipients/{id}: the fields sent change. Bank details and the default need manage (403
 * otherwise, nothing written); the default stays active (disable another first) and a disabled entity is
 * never made the default (409). A change of the bank account waits for its checker while the team's
 * 银行账户修改需复核 is on (the other fields apply at once); otherwise it applies, logged field by field and
 * told to finance's managers (masked), ending any change that waited.
 */
export async function updateTeamRecipient(
  deps: TeamRecipientDeps,
  auth: AuthContext,
  id: number,
  input: TeamRecipientUpdate,
  origin: RequestOrigin,
): Promise<SeenRecipient> {
  const levels = await recipientLevels(deps.db, auth);
  const now = deps.clock();
  const values = { name: input.name, creditCode: input.credit_code };
  await withClashAnswer(deps, auth.teamId, values, id, () =>
    deps.db.transaction(async (tx) => {
      // Making an entity the default waits for the team's other such change (lockTeamDefault).
      if (input.is_default) await lockTeamDefault(tx, auth.teamId);
      const before = await findTeamRecipientForUpdate(tx, auth.teamId, id);
      if (!before) throw notFound();
      refuse(
        levels.recipient,
        managedFieldsChanged(input, {
          bank: before.bank,
          bank_name: before.bankName,
          branch: before.branch,
          account_number: before.accountNumber,
          is_default: before.isDefault,
        }),
        false,
      );
      const status = input.status ?? before.status;
      const isDefault = input.is_default ?? before.isDefault;
      if (isDefault && status === 'disabled') {
        throw conflict(
          before.isDefault
            ? TEAM_RECIPIENT_MESSAGES.defaultDisabled
            : TEAM_RECIPIENT_MESSAGES.disabledDefault,
        );
      }
      await refuseClash(tx, auth.teamId, values, id);
      const account = nextAccount(input, before);
      const accountChanged = !sameAccount(account, accountOf(before));
      const { bankChangeReview } = await teamApprovalSettings(tx, auth.teamId);
      const held = accountChanged && bankChangeReview;
      const next: Partial<TeamRecipientRecord> = {
        name: input.name,
        shortName: input.short_name,
        creditCode: input.credit_code,
        taxpayerType: input.taxpayer_type,
        address: input.address,
        phone: input.phone,
        ...(held ? {} : account),
        defaultTaxRate: input.default_tax_rate === undefined ? undefined : (input.default_tax_rate ?? null),
        isDefault: input.is_default,
        status: input.status,
      };
      const changes = await changeLog(tx, auth.teamId, before, next, TEAM_RECIPIENT_CHANGE_LOG);
      const name = next.name ?? before.name;
      if (changes.length > 0) {
        if (next.isDefault && !before.isDefault) await clearTeamDefault(tx, auth.teamId, id, now);
        await updateTeamRecipientRow(tx, auth.teamId, id, { ...definedValues(next), updatedAt: now });
        await recordOperation(tx, {
          action: 'team_recipient_update',
          actor: memberActor(auth, origin, now),
          targetId: id,
          detail: { name, changes },
        });
      }
      if (held) {
        await holdBankChange(tx, auth, origin, before, account, name, now);
      } else if (accountChanged) {
        await supersedeBankChange(tx, auth, before, now);
        await announceAccountChange(tx, before, account, name, now);
      }
    }),
  );
  return seeRecipient(deps.db, auth, id, levels);
}

/** What an order knows of its payee entity. */
export type OrderRecipient = Pick<TeamRecipientRecord, 'id' | 'status'>;

/**
 * The entity an order names, read in the order's transaction and held until it ends: another team's or
 * a missing one answers 收款主体不存在 (404); a disabled one may stay on an order but not be chosen (400).
 */
export async function requireRecipientForOrder(
  tx: Database,
  teamId: number,
  id: number,
  alreadyOn: number | null,
): Promise<number> {
  const row = await findTeamRecipientForReference(tx, teamId, id);
  if (!row) throw notFound();
  if (row.status === 'disabled' && row.id !== alreadyOn) {
    const message = TEAM_RECIPIENT_MESSAGES.disabledChosen;
    throw new AppError('validationFailed', { message, data: { fields: { team_recipient_id: message } } });
  }
  return row.id;
}

/** The team's default entity's id, for an order made without one (null when the team has none). */
export async function defaultRecipientId(tx: Database, teamId: number): Promise<number | null> {
  return (await findTeamDefaultRecipient(tx, teamId))?.id ?? null;
}

/** An entity of the team as a document prints it (the order confirmation), or undefined. */
export function findRecipientForDocument(db: Database, teamId: number, id: number) {
  return findTeamRecipient(db, teamId, id);
}
