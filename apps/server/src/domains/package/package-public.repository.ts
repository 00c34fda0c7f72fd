/**
 * The package domain's queries for the client's side (docs/product.md "Packages and share pages"): the
 * package a share link opens, the models and files it shows, and this device's picks. Every function takes
 * the link or the package with its team (never an id alone), so nothing is read outside the link's team.
 */
import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { folders } from '../folder/folder.tables';
import { models } from '../model/model.tables';
import type { ShareLinkRecord } from '../share/share-link.service';
import { blobs, files } from '../upload/upload.tables';
import {
  type PackageKey,
  type PackageModelRecord,
  type PackageRecord,
  packageLinkOf,
  type StoredFileRow,
} from './package.repository';
import { packageModels, packagePicks, packages } from './package.tables';

type OpenLink = Pick<ShareLinkRecord, 'id' | 'teamId' | 'recordId' | 'expiresAt' | 'revokedAt'>;

const ofLink = (link: OpenLink) => and(eq(packages.teamId, link.teamId), eq(packages.id, link.recordId));

/** The package an open link names (share-link.service.ts openShareLink checked the link). */
export async function findPackageOfLink(db: Database, link: OpenLink): Promise<PackageRecord | undefined> {
  const [row] = await db.select().from(packages).where(ofLink(link));
  return row ? { ...row, ...packageLinkOf(link) } : undefined;
}

/** The same, locked: a view or pick counts on it. */
export async function lockPackageOfLink(tx: Database, link: OpenLink): Promise<PackageRecord | undefined> {
  const [row] = await tx.select().from(packages).where(ofLink(link)).for('update');
  return row ? { ...row, ...packageLinkOf(link) } : undefined;
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
  pkg: PackageKey,
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
export function listVisitorPicks(db: Database, pkg: PackageKey, visitorId: string) {
  return db
    .select({ modelId: packagePicks.modelId, picked: packagePicks.picked, comment: packagePicks.comment })
    .from(packagePicks)
    .where(
      and(
        eq(packagePicks.teamId, pkg.teamId),
        eq(packagePicks.packageId, pkg.id),
        eq(packagePicks.visitorId, visitorId),
      ),
    )
    .orderBy(asc(packagePicks.id));
}
