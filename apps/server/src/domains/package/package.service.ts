/**
 * Packages for staff (docs/product.md "Packages and share pages"): creating, listing, changing, extending
 * and revoking them, and reading what the client did. Each write and its operation-log entry commit in
 * one transaction; other domains are reached through their services.
 */
import {
  PACKAGE_ACTIVITY_VIEWS,
  PACKAGE_MESSAGES,
  type PackageCreate,
  type PackageModelInput,
  type PackageQuery,
  type PackageStatus,
  type PackageUpdate,
} from '@trackit/contract/package.schema';
import {
  DEFAULT_SHARE_FIELDS,
  PACKAGE_DEFAULT_EXPIRY_DAYS,
  PACKAGE_MAX_EXPIRY_DAYS,
  SHARE_FIELD_LABELS,
  SHARE_FIELDS,
  type ShareField,
} from '@trackit/contract/share';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { requireTeamCompany } from '../company/company.service';
import { requireTeamContact } from '../contact/contact.service';
import { modelNotFound } from '../model/model.service';
import { type ChangeLogField, changeLog, shown } from '../operation-log/change-log';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { createShareLink, revokeShareLink, setShareLinkExpiry } from '../share/share-link.service';
import { signFile } from '../upload/signed-files.service';
import type { UploadDeps } from '../upload/upload.service';
import {
  findModelFileIds,
  findModelFolderIds,
  findPackage,
  findPackageForUpdate,
  findTeamModels,
  insertPackage,
  listModelsOfPackages,
  listPackages,
  type PackageModelRow,
  type PackageRecord,
  type PackageRow,
  replacePackageModels,
  updatePackageRow,
} from './package.repository';
import {
  countVisitors,
  listPackagePicks,
  listPackageViews,
  sumModelViews,
} from './package-counters.repository';

export type PackageDeps = Pick<UploadDeps, 'db' | 'clock' | 'storage'>;

const DAY_MS = 86_400_000;
const packageNotFound = () => new AppError('notFound', { message: PACKAGE_MESSAGES.packageNotFound });
const invalid = (field: string, message: string) =>
  new AppError('validationFailed', { message, data: { fields: { [field]: message } } });

/** Where a package stands at `now`. */
export const packageStatus = (
  pkg: Pick<PackageRecord, 'revokedAt' | 'expiresAt'>,
  now: Date,
): PackageStatus =>
  pkg.revokedAt ? 'revoked' : pkg.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';

/** A model of a package with its cover's signed thumbnail. */
export type PackageModelView = PackageModelRow & { coverThumbUrl: string | null };
/** A package as its answer shows it. */
export interface PackageView {
  row: PackageRow;
  models: PackageModelView[];
  status: PackageStatus;
}

async function viewsOf(deps: PackageDeps, teamId: number, rows: PackageRow[]): Promise<PackageView[]> {
  const entries = await listModelsOfPackages(
    deps.db,
    teamId,
    rows.map((row) => row.id),
  );
  const signed = await Promise.all(
    entries.map(async (entry) => {
      if (!entry.cover) return { ...entry, coverThumbUrl: null };
      const file = await signFile(deps, entry.cover);
      return { ...entry, coverThumbUrl: file.thumbUrl ?? file.previewUrl };
    }),
  );
  const now = deps.clock();
  return rows.map((row) => ({
    row,
    models: signed.filter((entry) => entry.packageId === row.id),
    status: packageStatus(row, now),
  }));
}

async function reread(deps: PackageDeps, teamId: number, packageId: number): Promise<PackageView> {
  const row = await findPackage(deps.db, teamId, packageId);
  if (!row) throw packageNotFound();
  const [view] = await viewsOf(deps, teamId, [row]);
  if (!view) throw packageNotFound();
  return view;
}

/** The expiry asked for, or the default: later than now and at most PACKAGE_MAX_EXPIRY_DAYS ahead. */
function checkedExpiry(expiresAt: string | undefined, now: Date): Date | undefined {
  if (expiresAt === undefined) return undefined;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) throw invalid('expires_at', PACKAGE_MESSAGES.expiryInPast);
  if (at.getTime() > now.getTime() + PACKAGE_MAX_EXPIRY_DAYS * DAY_MS) {
    throw invalid('expires_at', PACKAGE_MESSAGES.expiryTooFar);
  }
  return at;
}

/**
 * The models as stored: each of the team (another team's is "not found") and not left the agency, the
 * folders and single photos each the model's own.
 */
async function checkedModels(tx: Database, teamId: number, input: PackageModelInput[]) {
  const found = await findTeamModels(
    tx,
    teamId,
    input.map((entry) => entry.model_id),
  );
  const byId = new Map(found.map((model) => [model.id, model]));
  const rows: { modelId: number; folderIds: number[]; fileIds: number[] }[] = [];
  for (const entry of input) {
    const model = byId.get(entry.model_id);
    if (!model) throw modelNotFound();
    if (model.status === 'left') throw invalid('models', PACKAGE_MESSAGES.modelLeft(model.name));
    const folderIds = await findModelFolderIds(tx, teamId, model.id, entry.folder_ids);
    if (folderIds.length !== entry.folder_ids.length) {
      throw invalid('models', PACKAGE_MESSAGES.folderNotOfModel(model.name));
    }
    const fileIds = await findModelFileIds(tx, teamId, model.id, entry.file_ids);
    if (fileIds.length !== entry.file_ids.length) {
      throw invalid('models', PACKAGE_MESSAGES.fileNotOfModel(model.name));
    }
    rows.push({ modelId: model.id, folderIds: entry.folder_ids, fileIds: entry.file_ids });
  }
  return { rows, names: input.map((entry) => byId.get(entry.model_id)?.name ?? '') };
}

/**
 * The client the package is for: a company and a contact of the team, the contact of that company. A
 * contact alone brings its company.
 */
async function checkedClient(
  tx: Database,
  teamId: number,
  companyId: number | null,
  contactId: number | null,
): Promise<{ companyId: number | null; contactId: number | null }> {
  const contact = contactId ? await requireTeamContact(tx, teamId, contactId) : null;
  if (companyId) await requireTeamCompany(tx, teamId, companyId);
  if (contact && companyId && contact.companyId !== companyId) {
    throw invalid('contact_id', PACKAGE_MESSAGES.contactOfOtherCompany);
  }
  return { companyId: companyId ?? contact?.companyId ?? null, contactId: contact?.id ?? null };
}

/** Fields in the one order the share pages show them. */
const orderedFields = (fields: readonly ShareField[]) =>
  SHARE_FIELDS.filter((field) => fields.includes(field));

type Author = Pick<AuthContext, 'teamId' | 'membershipId' | 'userId'>;

/** POST /v1/packages: the package with its share link, its models and its log entry, in one transaction. */
export async function createPackage(
  deps: PackageDeps,
  auth: Author,
  input: PackageCreate,
  origin: RequestOrigin,
): Promise<PackageView> {
  const now = deps.clock();
  const expiresAt =
    checkedExpiry(input.expires_at, now) ?? new Date(now.getTime() + PACKAGE_DEFAULT_EXPIRY_DAYS * DAY_MS);
  const created = await deps.db.transaction(async (tx) => {
    const client = await checkedClient(tx, auth.teamId, input.company_id ?? null, input.contact_id ?? null);
    const models = await checkedModels(tx, auth.teamId, input.models);
    const pkg = await insertPackage(tx, {
      teamId: auth.teamId,
      title: input.title,
      message: input.message,
      ...client,
      fields: orderedFields(input.fields ?? DEFAULT_SHARE_FIELDS),
      createdByMembershipId: auth.membershipId,
      createdAt: now,
      updatedAt: now,
    });
    await createShareLink(tx, {
      teamId: auth.teamId,
      kind: 'package',
      recordId: pkg.id,
      expiresAt,
      createdByMembershipId: auth.membershipId,
      now,
    });
    await replacePackageModels(tx, auth.teamId, pkg.id, models.rows);
    await recordOperation(tx, {
      action: 'package_create',
      actor: memberActor(auth, origin, now),
      targetId: pkg.id,
      detail: { name: pkg.title, models: models.names },
    });
    return pkg;
  });
  return reread(deps, auth.teamId, created.id);
}

/** GET /v1/packages: filtered and paged in the database; the models of the page in one more query. */
export async function listTeamPackages(deps: PackageDeps, auth: AuthContext, query: PackageQuery) {
  const { rows, total } = await listPackages(
    deps.db,
    auth.teamId,
    {
      keyword: query.keyword,
      companyId: query.company_id,
      creatorMembershipId: query.created_by_member_id,
      status: query.status,
      modelId: query.model_id,
      sort: query.sort,
    },
    pageWindow(query),
    deps.clock(),
  );
  return { items: await viewsOf(deps, auth.teamId, rows), total };
}

/** One package of the caller's team; another team's is "not found". */
export function getPackage(deps: PackageDeps, auth: AuthContext, packageId: number): Promise<PackageView> {
  return reread(deps, auth.teamId, packageId);
}

/** The team's package, locked for a change; another team's is "not found", a revoked one 409 `revokedMessage`. */
async function lockUnrevokedPackage(tx: Database, teamId: number, packageId: number, revokedMessage: string) {
  const pkg = await findPackageForUpdate(tx, teamId, packageId);
  if (!pkg) throw packageNotFound();
  if (pkg.revokedAt) throw new AppError('conflict', { message: revokedMessage });
  return pkg;
}

/** A package's models as its log compares them: the models in order, each with what it shows. */
type LoggedModels = Pick<PackageModelRow, 'modelId' | 'folderIds' | 'fileIds' | 'name'>[];
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);
const sameModels = (a: LoggedModels, b: LoggedModels) =>
  a.length === b.length &&
  b.every((row, index) => {
    const was = a[index];
    return (
      was !== undefined &&
      was.modelId === row.modelId &&
      sameIds(was.folderIds, row.folderIds) &&
      sameIds(was.fileIds, row.fileIds)
    );
  });

/** The fields a PATCH may change, in the order the package's history lists them. */
const PACKAGE_CHANGE_LOG: ChangeLogField<PackageRecord & { models: LoggedModels }>[] = [
  { field: 'title', label: '标题' },
  { field: 'message', label: '留言' },
  { field: 'companyId', label: '公司', show: shown.company },
  { field: 'contactId', label: '联系人', show: shown.contact },
  { field: 'expiresAt', label: '有效期', show: shown.time },
  {
    field: 'fields',
    label: '可见字段',
    show: (fields) => fields.map((field) => SHARE_FIELD_LABELS[field]).join('、'),
    same: (a, b) => a.join() === b.join(),
  },
  {
    field: 'models',
    label: '模特',
    show: (models) => models.map((model) => model.name).join('、'),
    same: sameModels,
  },
];

/**
 * PATCH /v1/packages/{id}: what is sent changes, logged before → after. A revoked package cannot change
 * (409); a later expiry reopens an expired one. Nothing changed, nothing written.
 */
export async function updatePackage(
  deps: PackageDeps,
  auth: AuthContext,
  packageId: number,
  input: PackageUpdate,
  origin: RequestOrigin,
): Promise<PackageView> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const pkg = await lockUnrevokedPackage(tx, auth.teamId, packageId, PACKAGE_MESSAGES.revoked);
    const values: Partial<
      Pick<PackageRecord, 'title' | 'message' | 'companyId' | 'contactId' | 'fields' | 'expiresAt'>
    > = {};
    if (input.title !== undefined) values.title = input.title;
    if (input.message !== undefined) values.message = input.message;
    if (input.company_id !== undefined || input.contact_id !== undefined) {
      const client = await checkedClient(
        tx,
        auth.teamId,
        input.company_id === undefined ? pkg.companyId : input.company_id,
        input.contact_id === undefined ? pkg.contactId : input.contact_id,
      );
      values.companyId = client.companyId;
      values.contactId = client.contactId;
    }
    const expiresAt = checkedExpiry(input.expires_at, now);
    if (expiresAt) values.expiresAt = expiresAt;
    if (input.fields !== undefined) values.fields = orderedFields(input.fields);
    let models: LoggedModels | undefined;
    const current =
      input.models !== undefined ? await listModelsOfPackages(tx, auth.teamId, [packageId]) : [];
    if (input.models !== undefined) {
      const checked = await checkedModels(tx, auth.teamId, input.models);
      models = checked.rows.map((row, index) => ({ ...row, name: checked.names[index] ?? '' }));
    }
    const changes = await changeLog(
      tx,
      auth.teamId,
      { ...pkg, models: current },
      { ...values, models },
      PACKAGE_CHANGE_LOG,
    );
    if (models && !sameModels(current, models)) {
      const rows = models.map(({ modelId, folderIds, fileIds }) => ({ modelId, folderIds, fileIds }));
      await replacePackageModels(tx, auth.teamId, packageId, rows);
    }
    if (changes.length === 0) return;
    // The expiry lives on the package's share link (domains/share), the rest on the package row.
    const { expiresAt: newExpiry, ...columns } = values;
    await updatePackageRow(tx, auth.teamId, packageId, { ...columns, updatedAt: now });
    if (newExpiry && newExpiry.getTime() !== pkg.expiresAt.getTime()) {
      await setShareLinkExpiry(tx, auth.teamId, 'package', packageId, newExpiry);
    }
    await recordOperation(tx, {
      action: 'package_update',
      actor: memberActor(auth, origin, now),
      targetId: packageId,
      detail: { name: values.title ?? pkg.title, changes },
    });
  });
  return reread(deps, auth.teamId, packageId);
}

/** POST /v1/packages/{id}/revoke: the links die at once, for good; logged. Revoking twice is refused (409). */
export async function revokePackage(
  deps: PackageDeps,
  auth: AuthContext,
  packageId: number,
  origin: RequestOrigin,
): Promise<PackageView> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const pkg = await lockUnrevokedPackage(tx, auth.teamId, packageId, PACKAGE_MESSAGES.alreadyRevoked);
    await revokeShareLink(tx, auth.teamId, 'package', packageId, now);
    await updatePackageRow(tx, auth.teamId, packageId, { updatedAt: now });
    await recordOperation(tx, {
      action: 'package_revoke',
      actor: memberActor(auth, origin, now),
      targetId: packageId,
      detail: { name: pkg.title },
    });
  });
  return reread(deps, auth.teamId, packageId);
}

/** GET /v1/packages/{id}/activity: the client's opens (latest first), picks, and per-model interest. */
export async function getPackageActivity(deps: PackageDeps, auth: AuthContext, packageId: number) {
  const pkg = await findPackage(deps.db, auth.teamId, packageId);
  if (!pkg) throw packageNotFound();
  const [models, views, picks, sums, visitors] = await Promise.all([
    listModelsOfPackages(deps.db, auth.teamId, [packageId]),
    listPackageViews(deps.db, auth.teamId, packageId, PACKAGE_ACTIVITY_VIEWS),
    listPackagePicks(deps.db, auth.teamId, packageId),
    sumModelViews(deps.db, auth.teamId, packageId),
    countVisitors(deps.db, auth.teamId, packageId),
  ]);
  return { pkg, models, views, picks, sums, visitors };
}
export type PackageActivityData = Awaited<ReturnType<typeof getPackageActivity>>;
