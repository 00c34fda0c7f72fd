import type { FolderKind } from '@trackit/contract/enums';
import { readSort, type SortValue } from '@trackit/contract/envelope';
import { FOLDER_PREVIEW_COUNT, type FOLDER_SORTS } from '@trackit/contract/folder.schema';
import type { FileKind } from '@trackit/contract/upload.schema';
import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containing } from '../../db/like';
import type { PageWindow } from '../../http/pagination';
import { models } from '../model/model.tables';
import { shareLinks } from '../share/share.tables';
import { files } from '../upload/upload.tables';
import { folders } from './folder.tables';

/** One of a folder's first files: its thumbnail key once the thumbnail is made. */
export interface FolderPreviewRow {
  id: number;
  kind: FileKind;
  thumb_key: string | null;
}

export type FolderRecord = typeof folders.$inferSelect;
/** A folder's live share link. */
export interface FolderShareRow {
  shareId: string;
  createdAt: Date;
}
export type FolderRow = FolderRecord & {
  fileCount: number;
  modelName: string | null;
  previews: FolderPreviewRow[];
  share: FolderShareRow | null;
};

// Written out with table names: drizzle leaves columns unqualified in single-table selects, and an
// unqualified "id" inside the subquery would be the file's own.
const fileCount = sql<number>`(select count(*)::int from "files" where "files"."folder_id" = "folders"."id")`;

// The first files in the folder's order, as one JSON array per folder: one query for a whole page of
// folders (the files_folder_order_idx index serves each folder's first rows), never one query per folder.
const previews = sql<FolderPreviewRow[]>`(
  select coalesce(json_agg(json_build_object('id', "p"."id", 'kind', "p"."kind", 'thumb_key', "p"."thumb_key")
    order by "p"."position", "p"."name", "p"."id"), '[]'::json)
  from (
    select "files"."id", "files"."kind", "files"."position", "files"."name",
      case when "files"."thumbnail_state" = 'ready' then "files"."thumb_key" end as "thumb_key"
    from "files"
    where "files"."team_id" = "folders"."team_id" and "files"."folder_id" = "folders"."id"
    order by "files"."position", "files"."name", "files"."id"
    limit ${sql.raw(String(FOLDER_PREVIEW_COUNT))}
  ) as "p"
)`;

/** The folder with what its answer shows of other records: its model's name, its count and first files. */
const folderWith = {
  folder: folders,
  fileCount,
  modelName: models.name,
  previews,
  shareId: shareLinks.id,
  sharedAt: shareLinks.createdAt,
};
const modelOfFolder = and(eq(models.id, folders.modelId), eq(models.teamId, folders.teamId));
const liveShareOfFolder = and(
  eq(shareLinks.teamId, folders.teamId),
  eq(shareLinks.kind, 'folder'),
  eq(shareLinks.recordId, folders.id),
  isNull(shareLinks.revokedAt),
);
type SelectedFolder = {
  folder: FolderRecord;
  fileCount: number;
  modelName: string | null;
  previews: unknown;
  shareId: string | null;
  sharedAt: Date | null;
};
const toRow = (row: SelectedFolder): FolderRow => ({
  ...row.folder,
  fileCount: row.fileCount,
  modelName: row.modelName,
  share: row.shareId && row.sharedAt ? { shareId: row.shareId, createdAt: row.sharedAt } : null,
  // node-postgres parses json; a driver answering text is read the same way.
  previews: (typeof row.previews === 'string'
    ? JSON.parse(row.previews)
    : row.previews) as FolderPreviewRow[],
});

export async function insertFolder(db: Database, values: typeof folders.$inferInsert): Promise<FolderRecord> {
  const [row] = await db.insert(folders).values(values).returning();
  if (!row) throw new Error('folder not created');
  return row;
}

export interface FolderListFilter {
  keyword?: string | undefined;
  modelId?: number | undefined;
  kind?: FolderKind | undefined;
  sort?: SortValue<(typeof FOLDER_SORTS)[number]> | undefined;
}

const SORT_COLUMNS = { name: folders.name, created_at: folders.createdAt, updated_at: folders.updatedAt };

/** The team's folders, newest first unless sorted otherwise, each with its model, count and first files (one query). */
export async function listFolders(
  db: Database,
  teamId: number,
  filter: FolderListFilter,
  window: PageWindow,
) {
  const where = and(
    eq(folders.teamId, teamId),
    filter.keyword ? ilike(folders.name, containing(filter.keyword)) : undefined,
    filter.modelId ? eq(folders.modelId, filter.modelId) : undefined,
    filter.kind ? eq(folders.kind, filter.kind) : undefined,
  );
  const sort = readSort(filter.sort ?? '-created_at');
  const direction = sort.descending ? desc : asc;
  // The id breaks ties, so paging through equal names or times never repeats or skips a folder.
  const order: SQL[] = [direction(SORT_COLUMNS[sort.field]), direction(folders.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select(folderWith)
      .from(folders)
      .leftJoin(models, modelOfFolder)
      .leftJoin(shareLinks, liveShareOfFolder)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(folders).where(where),
  ]);
  return { rows: rows.map(toRow), total: totals?.total ?? 0 };
}

/** The ids of the team's folders that belong to a model. */
export async function listModelFolderIds(db: Database, teamId: number, modelId: number): Promise<number[]> {
  const rows = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.teamId, teamId), eq(folders.modelId, modelId)));
  return rows.map((row) => row.id);
}

export async function findFolder(
  db: Database,
  teamId: number,
  folderId: number,
): Promise<FolderRow | undefined> {
  const [row] = await db
    .select(folderWith)
    .from(folders)
    .leftJoin(models, modelOfFolder)
    .leftJoin(shareLinks, liveShareOfFolder)
    .where(and(eq(folders.id, folderId), eq(folders.teamId, teamId)));
  return row ? toRow(row) : undefined;
}

/** The team's folder, locked while its files change. */
export async function findFolderForUpdate(tx: Database, teamId: number, folderId: number) {
  const [row] = await tx
    .select()
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.teamId, teamId)))
    .for('update');
  return row;
}

/** How many files the team's folder holds (a deletion's check, with the folder locked). */
export async function countFolderFiles(db: Database, teamId: number, folderId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(files)
    .where(and(eq(files.teamId, teamId), eq(files.folderId, folderId)));
  return row?.total ?? 0;
}

/**
 * Deletes an empty folder (its share links go first, in the same transaction: folder.service.ts).
 * Packages that listed it keep its id and skip it (package.tables.ts).
 */
export async function deleteFolderRows(tx: Database, teamId: number, folderId: number): Promise<void> {
  await tx.delete(folders).where(and(eq(folders.id, folderId), eq(folders.teamId, teamId)));
}

/** The team's folders among `folderIds`, locked in id order (two writers locking the same pair never deadlock). */
export function lockFolders(tx: Database, teamId: number, folderIds: number[]) {
  return tx
    .select()
    .from(folders)
    .where(and(eq(folders.teamId, teamId), inArray(folders.id, folderIds)))
    .orderBy(asc(folders.id))
    .for('update');
}

export async function updateFolder(
  tx: Database,
  teamId: number,
  folderId: number,
  values: Partial<Pick<FolderRecord, 'name' | 'kind' | 'updatedAt'>>,
) {
  await tx
    .update(folders)
    .set(values)
    .where(and(eq(folders.id, folderId), eq(folders.teamId, teamId)));
}

export async function touchFolder(db: Database, teamId: number, folderId: number, at: Date) {
  await updateFolder(db, teamId, folderId, { updatedAt: at });
}

/** The folder a share link opens (of the link's team), with its model's names. */
export async function findFolderOfLink(db: Database, link: { teamId: number; recordId: number }) {
  const [row] = await db
    .select({ folder: folders, modelName: models.name, modelEnglishName: models.englishName })
    .from(folders)
    .leftJoin(models, modelOfFolder)
    .where(and(eq(folders.teamId, link.teamId), eq(folders.id, link.recordId)));
  return row;
}
