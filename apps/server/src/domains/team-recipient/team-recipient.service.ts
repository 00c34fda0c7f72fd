/**
 * Payee entities (docs/product.md "Payee entities"). Names and credit codes are unique in a team; one
 * default per team (a new default unsets the old in the same transaction); bank details and the default
 * need `team_recipient` manage (team-recipient.policy.ts); a change of bank details is logged field by
 * field and notifies every member holding `accounting` manage. There is no deletion: orders refer to
 * entities, which are disabled instead. Each write and its log entry commit in one transaction.
 */
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import type { PermissionLevel } from '@trackit/contract/enums';
import { formatAccountNumber } from '@trackit/contract/patterns';
import {
  BANK_LABELS,
  TAXPAYER_TYPE_LABELS,
  TEAM_RECIPIENT_MESSAGES,
  TEAM_RECIPIENT_STATUS_LABELS,
  type TeamRecipientAbilities,
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
import { notifyMembers } from '../notify/notify.service';
import { type ChangeLogField, changeLog, shown } from '../operation-log/change-log';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { listMemberIdsHolding } from '../organization/organization.service';
import { grantsOf } from '../permission/permission.service';
import { managedFieldsChanged, teamRecipientAbilities, teamRecipientRefusal } from './team-recipient.policy';
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
  type TeamRecipientRow,
  updateTeamRecipientRow,
} from './team-recipient.repository';

export interface TeamRecipientDeps {
  db: Database;
  clock: () => Date;
}

/** An entity as the caller sees it: the row and what they may change of it. */
export interface SeenRecipient {
  row: TeamRecipientRow;
  can: TeamRecipientAbilities;
}
const seen = (row: TeamRecipientRow, level: PermissionLevel | undefined): SeenRecipient => ({
  row,
  can: teamRecipientAbilities(level),
});

const notFound = () => new AppError('notFound', { message: TEAM_RECIPIENT_MESSAGES.notFound });
const conflict = (message: string) => new AppError('conflict', { message });

/** The caller's `team_recipient` level (for the policy and the answers' `can`). */
export async function teamRecipientLevel(
  deps: Pick<TeamRecipientDeps, 'db'>,
  auth: AuthContext,
): Promise<PermissionLevel | undefined> {
  return (await grantsOf({ db: deps.db }, auth)).get('team_recipient');
}

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

/** The bank fields, logged one by one (and their change told to finance). */
const BANK_CHANGE_LOG: ChangeLogField<TeamRecipientRecord>[] = [
  { field: 'bank', label: '开户银行', show: shown.label(BANK_LABELS) },
  { field: 'branch', label: '开户支行' },
  { field: 'accountNumber', label: '银行账号', show: formatAccountNumber },
];

/** The fields a PATCH may change, with the label and display of each in the log. */
const TEAM_RECIPIENT_CHANGE_LOG: ChangeLogField<TeamRecipientRecord>[] = [
  { field: 'name', label: '企业名称' },
  { field: 'shortName', label: '简称' },
  { field: 'creditCode', label: '统一社会信用代码' },
  { field: 'taxpayerType', label: '纳税人类型', show: shown.label(TAXPAYER_TYPE_LABELS) },
  { field: 'address', label: '注册地址' },
  { field: 'phone', label: '电话' },
  ...BANK_CHANGE_LOG,
  { field: 'defaultTaxRate', label: '默认税率', show: (rate) => `${rate}%` },
  { field: 'isDefault', label: '默认主体', show: shown.yesNo },
  { field: 'status', label: '状态', show: shown.label(TEAM_RECIPIENT_STATUS_LABELS) },
];

/** Tells every member holding `accounting` manage that money now goes elsewhere, in the write's transaction. */
async function notifyFinance(
  tx: Database,
  teamId: number,
  id: number,
  title: string,
  body: string,
  at: Date,
) {
  await notifyMembers(tx, {
    teamId,
    recipientMembershipIds: await listMemberIdsHolding(tx, teamId, 'accounting', 'manage'),
    type: 'event_notice',
    title,
    body,
    link: ADMIN_PATHS.teamRecipient(id),
    at,
  });
}

const bankText = (row: Pick<TeamRecipientRecord, 'bank' | 'branch' | 'accountNumber'>) =>
  `${BANK_LABELS[row.bank]} ${row.branch} ${formatAccountNumber(row.accountNumber)}`;

/** POST /v1/team_recipients: the entity (active), its log entry, and finance told of its account. */
export async function createTeamRecipient(
  deps: TeamRecipientDeps,
  auth: AuthContext,
  input: TeamRecipientCreate,
  origin: RequestOrigin,
): Promise<SeenRecipient> {
  const level = await teamRecipientLevel(deps, auth);
  refuse(level, managedFieldsChanged(input, null), true);
  const now = deps.clock();
  const values = { name: input.name, creditCode: input.credit_code };
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
        bank: input.bank,
        branch: input.branch,
        accountNumber: input.account_number,
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
      await notifyFinance(
        tx,
        auth.teamId,
        created,
        TEAM_RECIPIENT_MESSAGES.bankCreated(input.name),
        bankText({ bank: input.bank, branch: input.branch, accountNumber: input.account_number }),
        now,
      );
      return created;
    }),
  );
  return seen(await getOfTeam(deps.db, auth.teamId, id), level);
}

async function getOfTeam(db: Database, teamId: number, id: number): Promise<TeamRecipientRow> {
  const row = await findTeamRecipient(db, teamId, id);
  if (!row) throw notFound();
  return row;
}

/** GET /v1/team_recipients/{id}: another team's is "not found" (收款主体不存在). */
export async function getTeamRecipient(
  deps: TeamRecipientDeps,
  auth: AuthContext,
  id: number,
): Promise<SeenRecipient> {
  const [level, row] = await Promise.all([
    teamRecipientLevel(deps, auth),
    getOfTeam(deps.db, auth.teamId, id),
  ]);
  return seen(row, level);
}

/** GET /v1/team_recipients. */
export async function listTeamRecipientsOf(
  deps: TeamRecipientDeps,
  auth: AuthContext,
  query: TeamRecipientQuery,
): Promise<{ rows: TeamRecipientRow[]; total: number; can: TeamRecipientAbilities }> {
  const [level, page] = await Promise.all([
    teamRecipientLevel(deps, auth),
    listTeamRecipients(
      deps.db,
      auth.teamId,
      { keyword: query.keyword, status: query.status },
      pageWindow(query),
    ),
  ]);
  return { ...page, can: teamRecipientAbilities(level) };
}

/**
 * PATCH /v1/team_recipients/{id}: the fields sent change. Bank details and the default need manage (403
 * otherwise, nothing written); the default stays active (disable another first) and a disabled entity is
 * never made the default (409). Bank changes are logged field by field and notify finance's managers.
 */
export async function updateTeamRecipient(
  deps: TeamRecipientDeps,
  auth: AuthContext,
  id: number,
  input: TeamRecipientUpdate,
  origin: RequestOrigin,
): Promise<SeenRecipient> {
  const level = await teamRecipientLevel(deps, auth);
  const now = deps.clock();
  const values = { name: input.name, creditCode: input.credit_code };
  await withClashAnswer(deps, auth.teamId, values, id, () =>
    deps.db.transaction(async (tx) => {
      // Making an entity the default waits for the team's other such change (lockTeamDefault).
      if (input.is_default) await lockTeamDefault(tx, auth.teamId);
      const before = await findTeamRecipientForUpdate(tx, auth.teamId, id);
      if (!before) throw notFound();
      refuse(
        level,
        managedFieldsChanged(input, {
          bank: before.bank,
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
      const next: Partial<TeamRecipientRecord> = {
        name: input.name,
        shortName: input.short_name,
        creditCode: input.credit_code,
        taxpayerType: input.taxpayer_type,
        address: input.address,
        phone: input.phone,
        bank: input.bank,
        branch: input.branch,
        accountNumber: input.account_number,
        defaultTaxRate: input.default_tax_rate === undefined ? undefined : (input.default_tax_rate ?? null),
        isDefault: input.is_default,
        status: input.status,
      };
      const changes = await changeLog(tx, auth.teamId, before, next, TEAM_RECIPIENT_CHANGE_LOG);
      if (changes.length === 0) return;
      if (next.isDefault && !before.isDefault) await clearTeamDefault(tx, auth.teamId, id, now);
      await updateTeamRecipientRow(tx, auth.teamId, id, { ...definedValues(next), updatedAt: now });
      const name = next.name ?? before.name;
      await recordOperation(tx, {
        action: 'team_recipient_update',
        actor: memberActor(auth, origin, now),
        targetId: id,
        detail: { name, changes },
      });
      const bankChanges = await changeLog(tx, auth.teamId, before, next, BANK_CHANGE_LOG);
      if (bankChanges.length > 0) {
        await notifyFinance(
          tx,
          auth.teamId,
          id,
          TEAM_RECIPIENT_MESSAGES.bankChanged(name),
          bankChanges.map((change) => `${change.field}：${change.before} → ${change.after}`).join('；'),
          now,
        );
      }
    }),
  );
  return seen(await getOfTeam(deps.db, auth.teamId, id), level);
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
