/**
 * Contacts of client companies (docs/product.md "Companies and contacts"). A contact's company is one
 * of the same team (reached through the company service); archiving (status) needs data_management at
 * manage. Each write and its operation-log entry commit in one transaction.
 */
import { DUPLICATE_MATCHES_MAX } from '@trackit/contract/constants';
import {
  CONTACT_MESSAGES,
  type ContactCreate,
  type ContactDuplicateQuery,
  type ContactQuery,
  type ContactUpdate,
} from '@trackit/contract/contact.schema';
import type { RecordStatus } from '@trackit/contract/enums';
import type { PageQuery } from '@trackit/contract/envelope';
import { type RecordDeletion, recordDeletion } from '@trackit/contract/record-deletion';
import type { Database } from '../../db/client';
import { definedValues, storedText } from '../../db/columns';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { requireTeamCompany } from '../company/company.service';
import { type ChangeLogField, changeLog, shown } from '../operation-log/change-log';
import {
  listRecordHistory,
  memberActor,
  recordOperation,
  recordUpdateOfArchivable,
} from '../operation-log/operation-log.service';
import { deleteRecordMadeByMistake } from '../operation-log/record-deletion.service';
import { holdsLevel } from '../permission/permission.service';
import {
  type ContactRecord,
  type ContactRow,
  countContactReferences,
  deleteContactRow,
  findContact,
  findContactForReference,
  findContactForUpdate,
  findContactsWithMobile,
  insertContact,
  listCompanyContactIds,
  listContacts,
  updateContactRow,
} from './contact.repository';

export interface ContactDeps {
  db: Database;
  clock: () => Date;
}

type Author = Pick<AuthContext, 'teamId' | 'membershipId' | 'userId'>;

const contactNotFound = () => new AppError('notFound', { message: CONTACT_MESSAGES.contactNotFound });

async function getContactOfTeam(db: Database, teamId: number, contactId: number): Promise<ContactRow> {
  const contact = await findContact(db, teamId, contactId);
  if (!contact) throw contactNotFound();
  return contact;
}

/** POST /v1/contacts: the contact (its company of the same team) and its log entry. */
export async function createContact(
  deps: ContactDeps,
  auth: Author,
  input: ContactCreate,
  origin: RequestOrigin,
): Promise<ContactRow> {
  const now = deps.clock();
  const id = await deps.db.transaction(async (tx) => {
    const company = input.company_id ? await requireTeamCompany(tx, auth.teamId, input.company_id) : null;
    const created = await insertContact(tx, {
      teamId: auth.teamId,
      companyId: company?.id ?? null,
      name: input.name,
      position: storedText(input.position) ?? null,
      mobile: storedText(input.mobile) ?? null,
      wechat: storedText(input.wechat) ?? null,
      email: storedText(input.email) ?? null,
      notes: storedText(input.notes) ?? null,
      isInvoiceContact: input.is_invoice_contact ?? false,
      createdAt: now,
      updatedAt: now,
    });
    await recordOperation(tx, {
      action: 'contact_create',
      actor: memberActor(auth, origin, now),
      targetId: created,
      detail: { name: input.name, company: company?.name ?? null },
    });
    return created;
  });
  return getContactOfTeam(deps.db, auth.teamId, id);
}

export function listTeamContacts(deps: ContactDeps, auth: AuthContext, query: ContactQuery) {
  return listContacts(
    deps.db,
    auth.teamId,
    { companyId: query.company_id, keyword: query.keyword, status: query.status },
    pageWindow(query),
  );
}

/** One contact of the caller's team; another team's is "not found" (联系人不存在). */
export function getContact(deps: ContactDeps, auth: AuthContext, contactId: number): Promise<ContactRow> {
  return getContactOfTeam(deps.db, auth.teamId, contactId);
}

/**
 * A contact of the team for a record that refers to one (an order, a package), read in the caller's
 * transaction and held until it ends, so the contact cannot be deleted under the reference; another
 * team's or a missing one answers 联系人不存在.
 */
export async function requireTeamContact(db: Database, teamId: number, contactId: number) {
  const contact = await findContactForReference(db, teamId, contactId);
  if (!contact) throw contactNotFound();
  return contact;
}

/**
 * GET /v1/contacts/duplicates: the team's contacts (archived too) with this mobile, so the form can warn
 * before a second record of the same person is made. Not a refusal: one person may be the contact of two
 * companies (a contact belongs to one), or move from one to another.
 */
export function findContactDuplicates(
  deps: ContactDeps,
  auth: AuthContext,
  query: ContactDuplicateQuery,
): Promise<ContactRow[]> {
  return findContactsWithMobile(deps.db, auth.teamId, query.mobile, DUPLICATE_MATCHES_MAX);
}

/** GET /v1/contacts/{id}/deletion: whether the contact can be deleted now, and why not. */
export async function getContactDeletion(
  deps: ContactDeps,
  auth: AuthContext,
  contactId: number,
): Promise<RecordDeletion> {
  await getContactOfTeam(deps.db, auth.teamId, contactId);
  return recordDeletion('contact', await countContactReferences(deps.db, auth.teamId, contactId));
}

/**
 * DELETE /v1/contacts/{id}: a contact created by mistake (no order or package refers to it) goes, logged;
 * otherwise 409 with what refers to it. Locked first: a write naming the contact holds it
 * (requireTeamContact), so it is either counted or finds the contact gone.
 */
export async function deleteContact(
  deps: ContactDeps,
  auth: AuthContext,
  contactId: number,
  origin: RequestOrigin,
): Promise<void> {
  await deleteRecordMadeByMistake(deps.db, {
    record: 'contact',
    action: 'contact_delete',
    actor: memberActor(auth, origin, deps.clock()),
    targetId: contactId,
    lock: (tx) => findContactForUpdate(tx, auth.teamId, contactId),
    notFound: contactNotFound,
    references: (db) => countContactReferences(db, auth.teamId, contactId),
    remove: (tx) => deleteContactRow(tx, auth.teamId, contactId),
  });
}

/** GET /v1/contacts/{id}/history: what members did to the contact, newest first. */
export async function listContactHistory(
  deps: ContactDeps,
  auth: AuthContext,
  contactId: number,
  query: PageQuery,
) {
  await getContact(deps, auth, contactId);
  return listRecordHistory(deps.db, auth.teamId, [{ type: 'contact', ids: [contactId] }], pageWindow(query));
}

/** The ids of a company's contacts, for the company's history (the caller has checked the company). */
export function companyContactIds(deps: Pick<ContactDeps, 'db'>, teamId: number, companyId: number) {
  return listCompanyContactIds(deps.db, teamId, companyId);
}

/** The fields a PATCH may change, with the label and display of each in the log. */
const CONTACT_CHANGE_LOG: ChangeLogField<ContactRecord>[] = [
  { field: 'name', label: '姓名' },
  { field: 'position', label: '职位' },
  { field: 'mobile', label: '手机号' },
  { field: 'wechat', label: '微信' },
  { field: 'email', label: '邮箱' },
  { field: 'notes', label: '备注' },
  { field: 'isInvoiceContact', label: '开票联系人', show: shown.yesNo },
  { field: 'companyId', label: '公司', show: shown.company },
];

/**
 * PATCH /v1/contacts/{id}: the fields sent change. A status change needs manage; a new company must be
 * of the team. One transaction with its log entries.
 */
export async function updateContact(
  deps: ContactDeps,
  auth: AuthContext,
  contactId: number,
  input: ContactUpdate,
  origin: RequestOrigin,
): Promise<ContactRow> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const before = await findContactForUpdate(tx, auth.teamId, contactId);
    if (!before) throw contactNotFound();
    const statusChange: RecordStatus | undefined =
      input.status !== undefined && input.status !== before.status ? input.status : undefined;
    if (statusChange && !(await holdsLevel({ db: tx }, auth, 'data_management', 'manage'))) {
      throw new AppError('forbidden', { message: CONTACT_MESSAGES.archiveForbidden });
    }
    const next: Partial<ContactRecord> = {
      name: input.name,
      position: storedText(input.position),
      mobile: storedText(input.mobile),
      wechat: storedText(input.wechat),
      email: storedText(input.email),
      notes: storedText(input.notes),
      isInvoiceContact: input.is_invoice_contact,
    };
    if (input.company_id !== undefined && (input.company_id ?? null) !== before.companyId) {
      const company = input.company_id ? await requireTeamCompany(tx, auth.teamId, input.company_id) : null;
      next.companyId = company?.id ?? null;
    }
    const changes = await changeLog(tx, auth.teamId, before, next, CONTACT_CHANGE_LOG);
    if (changes.length === 0 && !statusChange) return;

    await updateContactRow(tx, auth.teamId, contactId, {
      ...definedValues(next),
      ...(statusChange && { status: statusChange }),
      updatedAt: now,
    });
    await recordUpdateOfArchivable(tx, {
      actions: { update: 'contact_update', archive: 'contact_archive', restore: 'contact_restore' },
      actor: memberActor(auth, origin, now),
      targetId: contactId,
      name: next.name ?? before.name,
      changes,
      statusChange,
    });
  });
  return getContactOfTeam(deps.db, auth.teamId, contactId);
}
