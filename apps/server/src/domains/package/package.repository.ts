/**
 * The only file with the package domain's queries: packages, their models, and the client's views and
 * picks. It reads other domains' tables where one query beats N (the company, contact and creator names;
 * the models' covers; the files a package shows).
 */
import { readSort, type SortValue } from '@trackit/contract/envelope';
import type { PACKAGE_SORTS, PackageStatus } from '@trackit/contract/package.schema';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containing } from '../../db/like';
import type { PageWindow } from '../../http/pagination';
import { companies } from '../company/company.tables';
import { contacts } from '../contact/contact.tables';
import { folders } from '../folder/folder.tables';
import { models } from '../model/model.tables';
import { memberships } from '../organization/organization.tables';
import { teams } from '../team/team.tables';
import { blobs, files } from '../upload/upload.tables';
import { packageModels, packagePicks, packages, packageViews } from './package.tables';

/** A file with the storage key of its bytes (what signing needs). */
export type StoredFileRow = typeof files.$inferSelect & { blobKey: string };
export type PackageRecord = typeof packages.$inferSelect;
export type PackageModelRecord = typeof packageModels.$inferSelect;
/** A package with the names its answer shows. */
export type PackageRow = PackageRecord & {
  companyName: string | null;
  contactName: string | null;
  creatorNickname: string | null;
};

function selectPackages(db: Database) {
  return db
    .select({
      pkg: packages,
      companyName: companies.name,
      contactName: contacts.name,
      creatorNickname: memberships.nickname,
    })
    .from(packages)
    .leftJoin(companies, eq(companies.id, packages.companyId))
    .leftJoin(contacts, eq(contacts.id, packages.contactId))
    .leftJoin(memberships, eq(memberships.id, packages.createdByMembershipId));
}

type SelectedPackage = {
  pkg: PackageRecord;
  companyName: string | null;
  contactName: string | null;
  creatorNickname: string | null;
};
const toRow = (row: SelectedPackage): PackageRow => ({
  ...row.pkg,
  companyName: row.companyName,
  contactName: row.contactName,
  creatorNickname: row.creatorNickname,
});

export async function insertPackage(
  tx: Database,
  values: typeof packages.$inferInsert,
): Promise<PackageRecord> {
  const [row] = await tx.insert(packages).values(values).returning();
  if (!row) throw new Error('package not created');
  return row;
}

/** Replaces a package's models by `rows`, in their order. */
export async function replacePackageModels(
  tx: Database,
  teamId: number,
  packageId: number,
  rows: { modelId: number; folderIds: number[]; fileIds: number[] }[],
) {
  await tx
    .delete(packageModels)
    .where(and(eq(packageModels.teamId, teamId), eq(packageModels.packageId, packageId)));
  if (rows.length === 0) return;
  await tx
    .insert(packageModels)
    .values(rows.map((row, position) => ({ teamId, packageId, position, ...row })));
}

export async function updatePackageRow(
  tx: Database,
  teamId: number,
  packageId: number,
  values: Partial<typeof packages.$inferInsert>,
) {
  await tx
    .update(packages)
    .set(values)
    .where(and(eq(packages.id, packageId), eq(packages.teamId, teamId)));
}

export async function findPackage(db: Database, teamId: number, packageId: number) {
  const [row] = await selectPackages(db).where(and(eq(packages.id, packageId), eq(packages.teamId, teamId)));
  return row ? toRow(row) : undefined;
}

/** The team's package, locked while it changes. */
export async function findPackageForUpdate(tx: Database, teamId: number, packageId: number) {
  const [row] = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.id, packageId), eq(packages.teamId, teamId)))
    .for('update');
  return row;
}

export interface PackageListFilter {
  keyword?: string | undefined;
  companyId?: number | undefined;
  creatorMembershipId?: number | undefined;
  status?: PackageStatus | undefined;
  modelId?: number | undefined;
  sort?: SortValue<(typeof PACKAGE_SORTS)[number]> | undefined;
}

/** Where a package of `status` stands at `now`. */
export function statusCondition(status: PackageStatus, now: Date): SQL | undefined {
  switch (status) {
    case 'revoked':
      return isNotNull(packages.revokedAt);
    case 'expired':
      return and(isNull(packages.revokedAt), lte(packages.expiresAt, now));
    case 'active':
      return and(isNull(packages.revokedAt), gt(packages.expiresAt, now));
  }
}

const SORT_COLUMNS = {
  created_at: packages.createdAt,
  expires_at: packages.expiresAt,
  last_viewed_at: packages.lastViewedAt,
};

/** The team's packages, newest first unless sorted otherwise, paged in the database. */
export async function listPackages(
  db: Database,
  teamId: number,
  filter: PackageListFilter,
  window: PageWindow,
  now: Date,
) {
  const where = and(
    eq(packages.teamId, teamId),
    filter.keyword ? ilike(packages.title, containing(filter.keyword)) : undefined,
    filter.companyId ? eq(packages.companyId, filter.companyId) : undefined,
    filter.creatorMembershipId ? eq(packages.createdByMembershipId, filter.creatorMembershipId) : undefined,
    filter.status ? statusCondition(filter.status, now) : undefined,
    filter.modelId
      ? sql`exists (select 1 from "package_models" where "package_models"."team_id" = ${teamId} and "package_models"."package_id" = "packages"."id" and "package_models"."model_id" = ${filter.modelId})`
      : undefined,
  );
  const sort = readSort(filter.sort ?? '-created_at');
  const column = SORT_COLUMNS[sort.field];
  const order: SQL[] = sort.descending
    ? [sql`${column} desc nulls last`, desc(packages.id)]
    : [sql`${column} asc nulls last`, asc(packages.id)];
  const [rows, [totals]] = await Promise.all([
    selectPackages(db)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(packages).where(where),
  ]);
  return { rows: rows.map(toRow), total: totals?.total ?? 0 };
}

/** A package's model as staff see it: name, cover and what the client did with it. */
export interface PackageModelRow {
  packageId: number;
  modelId: number;
  position: number;
  folderIds: number[];
  fileIds: number[];
  name: string;
  englishName: string | null;
  cover: StoredFileRow | null;
  viewCount: number;
  pickCount: number;
}

const modelViewCount = sql<number>`(select count(*)::int from "package_views" where "package_views"."package_id" = "package_models"."package_id" and "package_views"."model_id" = "package_models"."model_id")`;
const modelPickCount = sql<number>`(select count(*)::int from "package_picks" where "package_picks"."package_id" = "package_models"."package_id" and "package_picks"."model_id" = "package_models"."model_id" and "package_picks"."picked")`;

/** The models of the given packages of the team, in each package's order (one query for a page of packages). */
export async function listModelsOfPackages(
  db: Database,
  teamId: number,
  packageIds: number[],
): Promise<PackageModelRow[]> {
  if (packageIds.length === 0) return [];
  const rows = await db
    .select({
      entry: packageModels,
      name: models.name,
      englishName: models.englishName,
      cover: files,
      coverKey: blobs.key,
      viewCount: modelViewCount,
      pickCount: modelPickCount,
    })
    .from(packageModels)
    .innerJoin(models, and(eq(models.id, packageModels.modelId), eq(models.teamId, packageModels.teamId)))
    .leftJoin(files, and(eq(files.id, models.coverFileId), eq(files.teamId, models.teamId)))
    .leftJoin(blobs, eq(blobs.id, files.blobId))
    .where(and(eq(packageModels.teamId, teamId), inArray(packageModels.packageId, packageIds)))
    .orderBy(asc(packageModels.packageId), asc(packageModels.position));
  return rows.map((row) => ({
    packageId: row.entry.packageId,
    modelId: row.entry.modelId,
    position: row.entry.position,
    folderIds: row.entry.folderIds,
    fileIds: row.entry.fileIds,
    name: row.name,
    englishName: row.englishName,
    cover: row.cover && row.coverKey ? { ...row.cover, blobKey: row.coverKey } : null,
    viewCount: row.viewCount,
    pickCount: row.pickCount,
  }));
}

/**
 * The team's models among `modelIds`: name and status (a package may only show models of its team). Held until the
 * transaction ends, so none is deleted under the write (model.service.ts deleteModel).
 */
export function findTeamModels(db: Database, teamId: number, modelIds: number[]) {
  if (modelIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: models.id, name: models.name, status: models.status })
    .from(models)
    .where(and(eq(models.teamId, teamId), inArray(models.id, modelIds)))
    .for('key share');
}

/** Which of `folderIds` are folders of the model (in the team). */
export async function findModelFolderIds(db: Database, teamId: number, modelId: number, folderIds: number[]) {
  if (folderIds.length === 0) return [];
  const rows = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.teamId, teamId), eq(folders.modelId, modelId), inArray(folders.id, folderIds)));
  return rows.map((row) => row.id);
}

/** Which of `fileIds` are files in the model's folders (in the team). */
export async function findModelFileIds(db: Database, teamId: number, modelId: number, fileIds: number[]) {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .innerJoin(folders, and(eq(folders.id, files.folderId), eq(folders.teamId, files.teamId)))
    .where(and(eq(files.teamId, teamId), eq(folders.modelId, modelId), inArray(files.id, fileIds)));
  return rows.map((row) => row.id);
}

// ---- The client's side: share ids, shown models and files, views and picks ----

/** The package of a share id that is neither revoked nor past its expiry, with its team's name. */
export async function findLivePackage(db: Database, shareId: string, now: Date) {
  const [row] = await db
    .select({ pkg: packages, teamName: teams.name })
    .from(packages)
    .innerJoin(teams, eq(teams.id, packages.teamId))
    .where(and(eq(packages.shareId, shareId), isNull(packages.revokedAt), gt(packages.expiresAt, now)));
  return row;
}

/** The live package of a share id, locked (a view or pick counts on it). */
export async function lockLivePackage(tx: Database, shareId: string, now: Date) {
  const [row] = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.shareId, shareId), isNull(packages.revokedAt), gt(packages.expiresAt, now)))
    .for('update');
  return row;
}

export type ShownModelRecord = typeof models.$inferSelect;
/** A model of a package as the client's side reads it (the whole row: the public presenter picks). */
export interface ShownModelRow {
  entry: PackageModelRecord;
  model: ShownModelRecord;
  cover: StoredFileRow | null;
}

/** The package's models in order (or the one model asked for), each with its cover. */
export async function listShownModels(
  db: Database,
  pkg: Pick<PackageRecord, 'id' | 'teamId'>,
  modelId?: number,
): Promise<ShownModelRow[]> {
  const rows = await db
    .select({ entry: packageModels, model: models, cover: files, coverKey: blobs.key })
    .from(packageModels)
    .innerJoin(models, and(eq(models.id, packageModels.modelId), eq(models.teamId, packageModels.teamId)))
    .leftJoin(files, and(eq(files.id, models.coverFileId), eq(files.teamId, models.teamId)))
    .leftJoin(blobs, eq(blobs.id, files.blobId))
    .where(
      and(
        eq(packageModels.teamId, pkg.teamId),
        eq(packageModels.packageId, pkg.id),
        modelId === undefined ? undefined : eq(packageModels.modelId, modelId),
      ),
    )
    .orderBy(asc(packageModels.position));
  return rows.map((row) => ({
    entry: row.entry,
    model: row.model,
    cover: row.cover && row.coverKey ? { ...row.cover, blobKey: row.coverKey } : null,
  }));
}

/** A file a package shows, with the model it is shown for. */
export interface ShownFileRow {
  modelId: number;
  file: StoredFileRow;
}

const byFileOrder = (a: StoredFileRow, b: StoredFileRow) =>
  (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
  a.id - b.id;

/**
 * The files a package shows for the given models of it, in each model's order: the chosen folders in
 * the order chosen (or, when nothing was chosen, the model's portfolio folders oldest first), each in its
 * own file order, then the single photos in the order chosen. A file both in a folder and chosen alone
 * comes once. Folders and files deleted since, or moved to another model, are left out. Two queries
 * whatever the number of models.
 */
export async function listShownFiles(
  db: Database,
  teamId: number,
  entries: Pick<PackageModelRecord, 'modelId' | 'folderIds' | 'fileIds'>[],
): Promise<ShownFileRow[]> {
  if (entries.length === 0) return [];
  const chosenFolders = entries.flatMap((entry) => entry.folderIds);
  const chosenFiles = entries.flatMap((entry) => entry.fileIds);
  const wholeModels = entries
    .filter((entry) => entry.folderIds.length === 0 && entry.fileIds.length === 0)
    .map((entry) => entry.modelId);
  const folderFilter = or(
    chosenFolders.length > 0 ? inArray(folders.id, chosenFolders) : undefined,
    wholeModels.length > 0
      ? and(inArray(folders.modelId, wholeModels), ne(folders.kind, 'other'))
      : undefined,
  );
  const selectFiles = () =>
    db
      .select({
        file: files,
        blobKey: blobs.key,
        folder: { id: folders.id, modelId: folders.modelId, createdAt: folders.createdAt },
      })
      .from(files)
      .innerJoin(folders, and(eq(folders.id, files.folderId), eq(folders.teamId, files.teamId)))
      .innerJoin(blobs, eq(blobs.id, files.blobId));
  const [inFolders, alone] = await Promise.all([
    folderFilter ? selectFiles().where(and(eq(files.teamId, teamId), folderFilter)) : Promise.resolve([]),
    chosenFiles.length > 0
      ? selectFiles().where(and(eq(files.teamId, teamId), inArray(files.id, chosenFiles)))
      : Promise.resolve([]),
  ]);
  const stored = (row: (typeof inFolders)[number]): StoredFileRow => ({ ...row.file, blobKey: row.blobKey });
  const shown: ShownFileRow[] = [];
  for (const entry of entries) {
    const own = inFolders.filter((row) => row.folder.modelId === entry.modelId);
    const folderOrder =
      entry.folderIds.length > 0
        ? entry.folderIds
        : entry.fileIds.length > 0
          ? []
          : [...new Map(own.map((row) => [row.folder.id, row.folder])).values()]
              .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
              .map((folder) => folder.id);
    const seen = new Set<number>();
    const add = (file: StoredFileRow) => {
      if (seen.has(file.id)) return;
      seen.add(file.id);
      shown.push({ modelId: entry.modelId, file });
    };
    for (const folderId of folderOrder) {
      own
        .filter((row) => row.folder.id === folderId)
        .map(stored)
        .sort(byFileOrder)
        .forEach(add);
    }
    for (const fileId of entry.fileIds) {
      const row = alone.find(
        (candidate) => candidate.file.id === fileId && candidate.folder.modelId === entry.modelId,
      );
      if (row) add(stored(row));
    }
  }
  return shown;
}

/** This visitor's picks in the package, in the order first made (an update moves a row in PostgreSQL's heap). */
export function listVisitorPicks(db: Database, packageId: number, visitorId: string) {
  return db
    .select({ modelId: packagePicks.modelId, picked: packagePicks.picked, comment: packagePicks.comment })
    .from(packagePicks)
    .where(and(eq(packagePicks.packageId, packageId), eq(packagePicks.visitorId, visitorId)))
    .orderBy(asc(packagePicks.id));
}

export async function findPick(tx: Database, packageId: number, visitorId: string, modelId: number) {
  const [row] = await tx
    .select()
    .from(packagePicks)
    .where(
      and(
        eq(packagePicks.packageId, packageId),
        eq(packagePicks.visitorId, visitorId),
        eq(packagePicks.modelId, modelId),
      ),
    );
  return row;
}

export async function savePick(tx: Database, values: typeof packagePicks.$inferInsert) {
  const [row] = await tx
    .insert(packagePicks)
    .values(values)
    .onConflictDoUpdate({
      target: [packagePicks.packageId, packagePicks.visitorId, packagePicks.modelId],
      set: {
        picked: values.picked,
        comment: values.comment ?? '',
        visitorName: sql`coalesce(excluded.visitor_name, ${packagePicks.visitorName})`,
        updatedAt: values.updatedAt ?? new Date(),
      },
    })
    .returning();
  if (!row) throw new Error('pick not saved');
  return row;
}

/** Recounts the package's picks (hearts of any visitor) after one changed. */
export async function recountPicks(tx: Database, packageId: number, at: Date) {
  await tx
    .update(packages)
    .set({
      pickCount: sql`(select count(*)::int from "package_picks" where "package_picks"."package_id" = ${packageId} and "package_picks"."picked")`,
      updatedAt: at,
    })
    .where(eq(packages.id, packageId));
}

/** Records an open; false when the view id was already recorded (then only its visible time grows). */
export async function insertView(tx: Database, values: typeof packageViews.$inferInsert): Promise<boolean> {
  const rows = await tx
    .insert(packageViews)
    .values(values)
    .onConflictDoNothing({ target: [packageViews.packageId, packageViews.viewKey] })
    .returning({ id: packageViews.id });
  return rows.length > 0;
}

/** The visible time of a recorded view grows (never shrinks: beacons may arrive out of order). */
export async function extendView(
  tx: Database,
  packageId: number,
  viewKey: string,
  visitorId: string,
  visibleMs: number,
  visitorName: string | null,
  at: Date,
) {
  await tx
    .update(packageViews)
    .set({
      visibleMs: sql`greatest(${packageViews.visibleMs}, ${visibleMs})`,
      visitorName: sql`coalesce(${visitorName}, ${packageViews.visitorName})`,
      updatedAt: at,
    })
    .where(
      and(
        eq(packageViews.packageId, packageId),
        eq(packageViews.viewKey, viewKey),
        eq(packageViews.visitorId, visitorId),
      ),
    );
}

/** One more open of the package; the first sets when it was first opened. */
export async function countOpen(tx: Database, packageId: number, at: Date) {
  await tx
    .update(packages)
    .set({
      viewCount: sql`${packages.viewCount} + 1`,
      firstViewedAt: sql`coalesce(${packages.firstViewedAt}, ${at})`,
      lastViewedAt: at,
    })
    .where(eq(packages.id, packageId));
}

// ---- Activity, for staff ----

export async function listPackageViews(db: Database, teamId: number, packageId: number, limit: number) {
  return db
    .select({ view: packageViews, modelName: models.name })
    .from(packageViews)
    .leftJoin(models, eq(models.id, packageViews.modelId))
    .where(and(eq(packageViews.teamId, teamId), eq(packageViews.packageId, packageId)))
    .orderBy(desc(packageViews.openedAt), desc(packageViews.id))
    .limit(limit);
}

export async function listPackagePicks(db: Database, teamId: number, packageId: number) {
  return db
    .select({ pick: packagePicks, modelName: models.name })
    .from(packagePicks)
    .innerJoin(models, eq(models.id, packagePicks.modelId))
    .where(and(eq(packagePicks.teamId, teamId), eq(packagePicks.packageId, packageId)))
    .orderBy(desc(packagePicks.updatedAt), desc(packagePicks.id));
}

/** Per model of the package: opens and visible time of its pages. */
export async function sumModelViews(db: Database, teamId: number, packageId: number) {
  return db
    .select({
      modelId: packageViews.modelId,
      views: sql<number>`count(*)::int`,
      visibleMs: sql<number>`coalesce(sum(${packageViews.visibleMs}), 0)::bigint`.mapWith(Number),
    })
    .from(packageViews)
    .where(and(eq(packageViews.teamId, teamId), eq(packageViews.packageId, packageId)))
    .groupBy(packageViews.modelId);
}

export async function countVisitors(db: Database, teamId: number, packageId: number): Promise<number> {
  const [row] = await db
    .select({ visitors: sql<number>`count(distinct ${packageViews.visitorId})::int` })
    .from(packageViews)
    .where(and(eq(packageViews.teamId, teamId), eq(packageViews.packageId, packageId)));
  return row?.visitors ?? 0;
}
