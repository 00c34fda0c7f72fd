/**
 * Client companies (docs/product.md "Companies and contacts"). Names and credit codes are unique in a
 * team; the owner is a member of the same team; archiving (status) needs data_management at manage.
 * Each write and its operation-log entry commit in one transaction.
 */
import {
  COMPANY_MESSAGES,
  type CompanyCreate,
  type CompanyQuery,
  type CompanyUpdate,
} from '@trackit/contract/company.schema';
import { COMPANY_INDUSTRY_LABELS, COMPANY_TIER_LABELS, type RecordStatus } from '@trackit/contract/enums';
import { type RecordDeletion, recordDeletion } from '@trackit/contract/record-deletion';
import type { Database } from '../../db/client';
import { definedValues, storedText } from '../../db/columns';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { type ChangeLogField, changeLog, shown } from '../operation-log/change-log';
import {
  memberActor,
  recordChangeOfMany,
  recordOperation,
  recordUpdateOfArchivable,
  type TeamActor,
} from '../operation-log/operation-log.service';
import { deleteRecordMadeByMistake } from '../operation-log/record-deletion.service';
import { findTeamMember } from '../organization/organization.service';
import { holdsLevel } from '../permission/permission.service';
import {
  type CompanyRecord,
  type CompanyRow,
  countCompanyReferences,
  deleteCompanyRow,
  findCompany,
  findCompanyClash,
  findCompanyForReference,
  findCompanyForUpdate,
  insertCompany,
  listCompanies,
  reassignCompanyOwner,
  updateCompanyRow,
} from './company.repository';

export interface CompanyDeps {
  db: Database;
  clock: () => Date;
}

/** Who writes: a member of the team (the demo seed writes as the owner). */
type Author = Pick<AuthContext, 'teamId' | 'membershipId' | 'userId'>;

const companyNotFound = () => new AppError('notFound', { message: COMPANY_MESSAGES.companyNotFound });
const memberNotFound = () => new AppError('notFound', { message: COMPANY_MESSAGES.memberNotFound });

async function refuseClash(
  db: Database,
  teamId: number,
  values: { name?: string | undefined; creditCode?: string | null | undefined },
  exceptId?: number,
) {
  const clash = await findCompanyClash(db, teamId, values, exceptId);
  if (!clash) return;
  throw new AppError('conflict', {
    message:
      clash.field === 'name'
        ? COMPANY_MESSAGES.nameTaken(clash.name)
        : COMPANY_MESSAGES.creditCodeTaken(clash.name),
  });
}

/**
 * Runs a write; when a concurrent one took the name or code between the check and the insert, the
 * database's unique index refuses it and the caller gets the same 409 naming the other company.
 */
async function withClashAnswer<T>(
  deps: CompanyDeps,
  teamId: number,
  values: { name?: string | undefined; creditCode?: string | null | undefined },
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

async function requireOwner(db: Database, teamId: number, membershipId: number | null | undefined) {
  if (membershipId === null || membershipId === undefined) return;
  if (!(await findTeamMember(db, teamId, membershipId))) throw memberNotFound();
}

/** POST /v1/companies: the company (owned by its creator unless said otherwise) and its log entry. */
export async function createCompany(
  deps: CompanyDeps,
  auth: Author,
  input: CompanyCreate,
  origin: RequestOrigin,
): Promise<CompanyRow> {
  const now = deps.clock();
  const creditCode = storedText(input.credit_code) ?? null;
  const ownerId = input.owner_member_id === undefined ? auth.membershipId : input.owner_member_id;
  const id = await withClashAnswer(deps, auth.teamId, { name: input.name, creditCode }, undefined, () =>
    deps.db.transaction(async (tx) => {
      await refuseClash(tx, auth.teamId, { name: input.name, creditCode });
      await requireOwner(tx, auth.teamId, ownerId);
      const created = await insertCompany(tx, {
        teamId: auth.teamId,
        name: input.name,
        shortName: storedText(input.short_name) ?? null,
        creditCode,
        industry: input.industry ?? null,
        tier: input.tier ?? 'regular',
        invoiceTitle: storedText(input.invoice_title) ?? null,
        invoiceAddress: storedText(input.invoice_address) ?? null,
        bankName: storedText(input.bank_name) ?? null,
        bankAccount: storedText(input.bank_account) ?? null,
        paymentTermsDays: input.payment_terms_days ?? null,
        ownerMembershipId: ownerId ?? null,
        notes: storedText(input.notes) ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await recordOperation(tx, {
        action: 'company_create',
        actor: memberActor(auth, origin, now),
        targetId: created,
        detail: { name: input.name },
      });
      return created;
    }),
  );
  return getCompanyOfTeam(deps.db, auth.teamId, id);
}

export function listTeamCompanies(deps: CompanyDeps, auth: AuthContext, query: CompanyQuery) {
  return listCompanies(
    deps.db,
    auth.teamId,
    {
      keyword: query.keyword,
      industry: query.industry,
      tier: query.tier,
      ownerMembershipId: query.owner_member_id,
      status: query.status,
    },
    pageWindow(query),
  );
}

async function getCompanyOfTeam(db: Database, teamId: number, companyId: number): Promise<CompanyRow> {
  const company = await findCompany(db, teamId, companyId);
  if (!company) throw companyNotFound();
  return company;
}

/** One company of the caller's team; another team's is "not found" (公司不存在). */
export function getCompany(deps: CompanyDeps, auth: AuthContext, companyId: number): Promise<CompanyRow> {
  return getCompanyOfTeam(deps.db, auth.teamId, companyId);
}

/**
 * A company of the team for a record that refers to one (a contact, an order, a package), read in the
 * caller's transaction and held until it ends, so the company cannot be deleted under the reference;
 * another team's or a missing one answers 公司不存在.
 */
export async function requireTeamCompany(
  db: Database,
  teamId: number,
  companyId: number,
): Promise<{ id: number; name: string }> {
  const company = await findCompanyForReference(db, teamId, companyId);
  if (!company) throw companyNotFound();
  return company;
}

/** GET /v1/companies/{id}/deletion: whether the company can be deleted now, and why not. */
export async function getCompanyDeletion(
  deps: CompanyDeps,
  auth: AuthContext,
  companyId: number,
): Promise<RecordDeletion> {
  await getCompanyOfTeam(deps.db, auth.teamId, companyId);
  return recordDeletion('company', await countCompanyReferences(deps.db, auth.teamId, companyId));
}

/**
 * DELETE /v1/companies/{id}: a company created by mistake (no order, package or contact refers to it)
 * goes, logged; otherwise 409 with what refers to it. Locked first: a write naming the company holds it
 * (requireTeamCompany), so it is either counted or finds the company gone.
 */
export async function deleteCompany(
  deps: CompanyDeps,
  auth: AuthContext,
  companyId: number,
  origin: RequestOrigin,
): Promise<void> {
  await deleteRecordMadeByMistake(deps.db, {
    record: 'company',
    action: 'company_delete',
    actor: memberActor(auth, origin, deps.clock()),
    targetId: companyId,
    lock: (tx) => findCompanyForUpdate(tx, auth.teamId, companyId),
    notFound: companyNotFound,
    references: (db) => countCompanyReferences(db, auth.teamId, companyId),
    remove: (tx) => deleteCompanyRow(tx, auth.teamId, companyId),
  });
}

/** The fields a PATCH may change, with the label and display of each in the log. */
const COMPANY_CHANGE_LOG: ChangeLogField<CompanyRecord>[] = [
  { field: 'name', label: '名称' },
  { field: 'shortName', label: '简称' },
  { field: 'creditCode', label: '统一社会信用代码' },
  { field: 'industry', label: '行业', show: shown.label(COMPANY_INDUSTRY_LABELS) },
  { field: 'tier', label: '客户等级', show: shown.label(COMPANY_TIER_LABELS) },
  { field: 'invoiceTitle', label: '发票抬头' },
  { field: 'invoiceAddress', label: '开票地址' },
  { field: 'bankName', label: '开户银行' },
  { field: 'bankAccount', label: '银行账号' },
  { field: 'paymentTermsDays', label: '账期（天）' },
  { field: 'notes', label: '备注' },
  { field: 'ownerMembershipId', label: '负责人', show: shown.member },
];

/**
 * PATCH /v1/companies/{id}: the fields sent change. A status change (archive, restore) needs manage;
 * the name and credit code stay unique; the owner must be of the team. One transaction with its log.
 */
export async function updateCompany(
  deps: CompanyDeps,
  auth: AuthContext,
  companyId: number,
  input: CompanyUpdate,
  origin: RequestOrigin,
): Promise<CompanyRow> {
  const now = deps.clock();
  const creditCode = storedText(input.credit_code);
  await withClashAnswer(deps, auth.teamId, { name: input.name, creditCode }, companyId, () =>
    deps.db.transaction(async (tx) => {
      const before = await findCompanyForUpdate(tx, auth.teamId, companyId);
      if (!before) throw companyNotFound();
      const statusChange: RecordStatus | undefined =
        input.status !== undefined && input.status !== before.status ? input.status : undefined;
      if (statusChange && !(await holdsLevel({ db: tx }, auth, 'data_management', 'manage'))) {
        throw new AppError('forbidden', { message: COMPANY_MESSAGES.archiveForbidden });
      }
      await refuseClash(tx, auth.teamId, { name: input.name, creditCode }, companyId);
      if (input.owner_member_id !== undefined) await requireOwner(tx, auth.teamId, input.owner_member_id);

      const next: Partial<CompanyRecord> = {
        name: input.name,
        shortName: storedText(input.short_name),
        creditCode,
        industry: input.industry === undefined ? undefined : (input.industry ?? null),
        tier: input.tier,
        invoiceTitle: storedText(input.invoice_title),
        invoiceAddress: storedText(input.invoice_address),
        bankName: storedText(input.bank_name),
        bankAccount: storedText(input.bank_account),
        paymentTermsDays:
          input.payment_terms_days === undefined ? undefined : (input.payment_terms_days ?? null),
        ownerMembershipId: input.owner_member_id === undefined ? undefined : (input.owner_member_id ?? null),
        notes: storedText(input.notes),
      };
      const changes = await changeLog(tx, auth.teamId, before, next, COMPANY_CHANGE_LOG);
      if (changes.length === 0 && !statusChange) return;

      await updateCompanyRow(tx, auth.teamId, companyId, {
        ...definedValues(next),
        ...(statusChange && { status: statusChange }),
        updatedAt: now,
      });
      await recordUpdateOfArchivable(tx, {
        actions: { update: 'company_update', archive: 'company_archive', restore: 'company_restore' },
        actor: memberActor(auth, origin, now),
        targetId: companyId,
        name: next.name ?? before.name,
        changes,
        statusChange,
      });
    }),
  );
  return getCompanyOfTeam(deps.db, auth.teamId, companyId);
}

/**
 * A departed member's hand-over (organization/members): every company they own in the team goes to
 * another member, in the caller's transaction, each with a `company_update` entry in its history (the
 * owner's change, as a PATCH logs it). Returns how many moved.
 */
export async function handOverCompanies(
  tx: Database,
  actor: TeamActor,
  fromMembershipId: number,
  toMembershipId: number,
): Promise<number> {
  const moved = await reassignCompanyOwner(tx, actor.teamId, fromMembershipId, toMembershipId, actor.at);
  if (moved.length === 0) return 0;
  return recordChangeOfMany(tx, {
    action: 'company_update',
    actor,
    records: moved.map((company) => ({ id: company.id, name: company.name })),
    changes: await changeLog(
      tx,
      actor.teamId,
      { ownerMembershipId: fromMembershipId },
      { ownerMembershipId: toMembershipId },
      COMPANY_CHANGE_LOG.filter((field) => field.field === 'ownerMembershipId'),
    ),
  });
}
