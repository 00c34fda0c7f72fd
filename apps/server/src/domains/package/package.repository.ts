/**
 * The package domain's queries for staff: packages with their share link, their models, and the checks a
 * package's models pass. The client's side is in package-public.repository.ts, the views and picks it
 * records and their counts in package-counters.repository.ts. Each reads other domains' tables where one
 * query beats N (the company, contact and creator names; the share link; the models' covers).
 */
import { readSort, type SortValue } from '@trackit/contract/envelope';
import type { PACKAGE_SORTS, PackageStatus } from '@trackit/contract/package.schema';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
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
import { shareLinks } from '../share/share.tables';
import type { ShareLinkRecord } from '../share/share-link.service';
import { blobs, files } from '../upload/upload.tables';
import { packageModels, packagePicks, packages, packageViews } from './package.tables';

/** A file with the storage key of its bytes (what signing needs). */
export type StoredFileRow = typeof files.$inferSelect & { blobKey: string };
/**
 * What a package's share link says of it (share/share.tables.ts): its id, expiry and revocation. A
 * package's link is made with it, with an expiry, and is never replaced (revoking is for good).
 */
export interface PackageLink {
  shareId: string;
  expiresAt: Date;
  revokedAt: Date | null;
}
/** A link's expiry as the package reads it; a link without one (none made for a package) never ends. */
const NEVER = new Date(8.64e15);
export const packageLinkOf = (
  link: Pick<ShareLinkRecord, 'id' | 'expiresAt' | 'revokedAt'>,
): PackageLink => ({
  shareId: link.id,
  expiresAt: link.expiresAt ?? NEVER,
  revokedAt: link.revokedAt,
});
/** The package's own link: of its team, of kind `package`, naming it. */
export const linkOfPackage = and(
  eq(shareLinks.teamId, packages.teamId),
  eq(shareLinks.kind, 'package'),
  eq(shareLinks.recordId, packages.id),
);
const linkColumns = { id: shareLinks.id, expiresAt: shareLinks.expiresAt, revokedAt: shareLinks.revokedAt };

export type PackageRecord = typeof packages.$inferSelect & PackageLink;
export type PackageModelRecord = typeof packageModels.$inferSelect;
/** A package as the client's side and the counters name it: always with its team. */
export type PackageKey = Pick<PackageRecord, 'id' | 'teamId'>;
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
      link: linkColumns,
      companyName: companies.name,
      contactName: contacts.name,
      creatorNickname: memberships.nickname,
    })
    .from(packages)
    .innerJoin(shareLinks, linkOfPackage)
    .leftJoin(companies, eq(companies.id, packages.companyId))
    .leftJoin(contacts, eq(contacts.id, packages.contactId))
    .leftJoin(memberships, eq(memberships.id, packages.createdByMembershipId));
}

type SelectedPackage = {
  pkg: typeof packages.$inferSelect;
  link: Pick<ShareLinkRecord, 'id' | 'expiresAt' | 'revokedAt'>;
  companyName: string | null;
  contactName: string | null;
  creatorNickname: string | null;
};
const toRow = (row: SelectedPackage): PackageRow => ({
  ...row.pkg,
  ...packageLinkOf(row.link),
  companyName: row.companyName,
  contactName: row.contactName,
  creatorNickname: row.creatorNickname,
});

export async function insertPackage(
  tx: Database,
  values: typeof packages.$inferInsert,
): Promise<typeof packages.$inferSelect> {
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

/** The team's package with its link, both locked while it changes. */
export async function findPackageForUpdate(
  tx: Database,
  teamId: number,
  packageId: number,
): Promise<PackageRecord | undefined> {
  const [row] = await tx
    .select({ pkg: packages, link: linkColumns })
    .from(packages)
    .innerJoin(shareLinks, linkOfPackage)
    .where(and(eq(packages.id, packageId), eq(packages.teamId, teamId)))
    .for('update');
  return row ? { ...row.pkg, ...packageLinkOf(row.link) } : undefined;
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
      return isNotNull(shareLinks.revokedAt);
    case 'expired':
      return and(isNull(shareLinks.revokedAt), lte(shareLinks.expiresAt, now));
    case 'active':
      return and(
        isNull(shareLinks.revokedAt),
        or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)),
      );
  }
}

const SORT_COLUMNS = {
  created_at: packages.createdAt,
  expires_at: shareLinks.expiresAt,
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
      ? exists(
          db
            .select({ one: sql`1` })
            .from(packageModels)
            .where(
              and(
                eq(packageModels.teamId, teamId),
                eq(packageModels.packageId, packages.id),
                eq(packageModels.modelId, filter.modelId),
              ),
            ),
        )
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
    db.select({ total: count() }).from(packages).innerJoin(shareLinks, linkOfPackage).where(where),
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

/** The models of the given packages of the team, in each package's order (one query for a page of packages). */
export async function listModelsOfPackages(
  db: Database,
  teamId: number,
  packageIds: number[],
): Promise<PackageModelRow[]> {
  if (packageIds.length === 0) return [];
  // Per model of the package: its opens and hearts, counted beside each row (one query for the page).
  const ofEntry = (table: typeof packageViews | typeof packagePicks) =>
    and(
      eq(table.teamId, packageModels.teamId),
      eq(table.packageId, packageModels.packageId),
      eq(table.modelId, packageModels.modelId),
    );
  const modelViewCount = sql<number>`${db.select({ n: sql`count(*)::int` }).from(packageViews).where(ofEntry(packageViews))}`;
  const modelPickCount = sql<number>`${db
    .select({ n: sql`count(*)::int` })
    .from(packagePicks)
    .where(and(ofEntry(packagePicks), eq(packagePicks.picked, true)))}`;
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
