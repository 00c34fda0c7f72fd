/**
 * The model's queries: its rows with manager and cover, writes, references before a deletion, its files and
 * pictures, measurements and trips. The list's filtered and sorted queries are in ./model-list.repository.
 */
import type { FolderKind } from '@trackit/contract/enums';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { PageWindow } from '../../http/pagination';
import { calendarEntries } from '../calendar/calendar.tables';
import { folders } from '../folder/folder.tables';
import { feeLines, orderModels, orders } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { packageModels, packagePicks, packages, packageViews } from '../package/package.tables';
import { blobs, files } from '../upload/upload.tables';
import { modelDeductions, modelMeasurements, models, modelTrips } from './model.tables';

export type ModelRecord = typeof models.$inferSelect;
export type ModelValues = typeof models.$inferInsert;
export type CoverFileRow = typeof files.$inferSelect & { blobKey: string };
/** A model with what its answer shows of other records: the manager's nickname and the cover file. */
export interface ModelRow {
  model: ModelRecord;
  managerNickname: string | null;
  cover: CoverFileRow | null;
}
export type TripRow = typeof modelTrips.$inferSelect;

// Reads of other domains' tables (one query instead of N): the manager's nickname, the cover file.
export function selectModels(db: Database) {
  return db
    .select({ model: models, managerNickname: memberships.nickname, cover: files, coverKey: blobs.key })
    .from(models)
    .leftJoin(
      memberships,
      and(eq(memberships.id, models.managerMembershipId), eq(memberships.teamId, models.teamId)),
    )
    .leftJoin(files, and(eq(files.id, models.coverFileId), eq(files.teamId, models.teamId)))
    .leftJoin(blobs, eq(blobs.id, files.blobId));
}

type SelectedModel = {
  model: ModelRecord;
  managerNickname: string | null;
  cover: typeof files.$inferSelect | null;
  coverKey: string | null;
};
export const toModelRow = (row: SelectedModel): ModelRow => ({
  model: row.model,
  managerNickname: row.managerNickname,
  cover: row.cover && row.coverKey ? { ...row.cover, blobKey: row.coverKey } : null,
});

/** Rows per INSERT: a model has about 40 columns, PostgreSQL takes at most 65,535 parameters a statement. */
const INSERT_CHUNK = 1000;

/** One model, or a batch in a few statements (an import); in the order given. */
export async function insertModels(tx: Database, values: ModelValues[]): Promise<ModelRecord[]> {
  const created: ModelRecord[] = [];
  for (let start = 0; start < values.length; start += INSERT_CHUNK) {
    created.push(
      ...(await tx
        .insert(models)
        .values(values.slice(start, start + INSERT_CHUNK))
        .returning()),
    );
  }
  return created;
}

export async function updateModel(
  tx: Database,
  teamId: number,
  modelId: number,
  values: Partial<ModelValues>,
): Promise<void> {
  await tx
    .update(models)
    .set(values)
    .where(and(eq(models.id, modelId), eq(models.teamId, teamId)));
}

/** Models of the team whose cover is this file lose it (the file is being deleted). */
export async function clearCoverFile(tx: Database, teamId: number, fileId: number): Promise<void> {
  await tx
    .update(models)
    .set({ coverFileId: null })
    .where(and(eq(models.teamId, teamId), eq(models.coverFileId, fileId)));
}

export async function findModel(
  db: Database,
  teamId: number,
  modelId: number,
): Promise<ModelRow | undefined> {
  const [row] = await selectModels(db).where(and(eq(models.id, modelId), eq(models.teamId, teamId)));
  return row ? toModelRow(row) : undefined;
}

/** The team's model, locked for a change. */
export async function findModelForUpdate(
  tx: Database,
  teamId: number,
  modelId: number,
): Promise<ModelRecord | undefined> {
  const [row] = await tx
    .select()
    .from(models)
    .where(and(eq(models.id, modelId), eq(models.teamId, teamId)))
    .for('update');
  return row;
}

/**
 * The team's model, held while a record that refers to it is written (a folder, an order, a package): a
 * deletion, which locks it for update, waits for that write or is waited for, so no reference is orphaned.
 */
export async function findModelForReference(
  tx: Database,
  teamId: number,
  modelId: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await tx
    .select({ id: models.id, name: models.name })
    .from(models)
    .where(and(eq(models.id, modelId), eq(models.teamId, teamId)))
    .for('key share');
  return row;
}

/** The team's models (any status) with exactly this name and birthday, oldest first (a namesake warning). */
export async function findModelNamesakes(
  db: Database,
  teamId: number,
  name: string,
  birthday: string,
  limit: number,
): Promise<ModelRow[]> {
  const rows = await selectModels(db)
    .where(and(eq(models.teamId, teamId), eq(models.name, name), eq(models.birthday, birthday)))
    .orderBy(asc(models.id))
    .limit(limit);
  return rows.map(toModelRow);
}

/**
 * What refers to the model (a deletion's check): the orders naming it (as a model, in a fee line or on
 * the calendar), the packages showing it or holding a client's view or pick of it (a model taken out of
 * a package keeps those), its folders and its deductions (voided ones too). Each part is read through an index led by the team, the model
 * or the team's orders and packages, never a scan of every team's rows.
 */
export async function countModelReferences(
  db: Database,
  teamId: number,
  modelId: number,
): Promise<{ orders: number; packages: number; folders: number; deductions: number }> {
  const teamOrders = db.select({ id: orders.id }).from(orders).where(eq(orders.teamId, teamId));
  const teamPackages = db.select({ id: packages.id }).from(packages).where(eq(packages.teamId, teamId));
  const orderIds = union(
    db
      .select({ id: orderModels.orderId })
      .from(orderModels)
      .where(and(eq(orderModels.teamId, teamId), eq(orderModels.modelId, modelId))),
    db
      .select({ id: feeLines.orderId })
      .from(feeLines)
      .where(and(inArray(feeLines.orderId, teamOrders), eq(feeLines.modelId, modelId))),
    db
      .select({ id: calendarEntries.orderId })
      .from(calendarEntries)
      .where(and(eq(calendarEntries.teamId, teamId), eq(calendarEntries.modelId, modelId))),
  ).as('order_ids');
  const packageIds = union(
    db
      .select({ id: packageModels.packageId })
      .from(packageModels)
      .where(and(eq(packageModels.teamId, teamId), eq(packageModels.modelId, modelId))),
    db
      .select({ id: packagePicks.packageId })
      .from(packagePicks)
      .where(and(inArray(packagePicks.packageId, teamPackages), eq(packagePicks.modelId, modelId))),
    db
      .select({ id: packageViews.packageId })
      .from(packageViews)
      .where(and(inArray(packageViews.packageId, teamPackages), eq(packageViews.modelId, modelId))),
  ).as('package_ids');
  // One after another: inside a deletion's transaction they share one connection.
  const [orderCount] = await db.select({ total: count() }).from(orderIds);
  const [packageCount] = await db.select({ total: count() }).from(packageIds);
  const [folderCount] = await db
    .select({ total: count() })
    .from(folders)
    .where(and(eq(folders.teamId, teamId), eq(folders.modelId, modelId)));
  const [deductionCount] = await db
    .select({ total: count() })
    .from(modelDeductions)
    .where(and(eq(modelDeductions.teamId, teamId), eq(modelDeductions.modelId, modelId)));
  return {
    orders: orderCount?.total ?? 0,
    packages: packageCount?.total ?? 0,
    folders: folderCount?.total ?? 0,
    deductions: deductionCount?.total ?? 0,
  };
}

/** Deletes the model with what is only its own: its measurement history and its trips. */
export async function deleteModelRows(tx: Database, teamId: number, modelId: number): Promise<void> {
  await tx
    .delete(modelMeasurements)
    .where(and(eq(modelMeasurements.teamId, teamId), eq(modelMeasurements.modelId, modelId)));
  await tx.delete(modelTrips).where(and(eq(modelTrips.teamId, teamId), eq(modelTrips.modelId, modelId)));
  await tx.delete(models).where(and(eq(models.id, modelId), eq(models.teamId, teamId)));
}

/** The team's models holding any of these mobiles or national IDs (an import's duplicates). */
export async function findModelsWithAny(
  db: Database,
  teamId: number,
  field: 'mobile' | 'idNumber',
  values: string[],
): Promise<{ id: number; name: string; value: string }[]> {
  if (values.length === 0) return [];
  const column = field === 'mobile' ? models.mobile : models.idNumber;
  const rows = await db
    .select({ id: models.id, name: models.name, value: column })
    .from(models)
    .where(and(eq(models.teamId, teamId), inArray(column, values)));
  return rows.flatMap((row) => (row.value === null ? [] : [{ ...row, value: row.value }]));
}

/** Another model of the team with this mobile or national ID (a duplicate), if any. */
export async function findModelWith(
  db: Database,
  teamId: number,
  field: 'mobile' | 'idNumber',
  value: string,
  exceptModelId?: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: models.id, name: models.name })
    .from(models)
    .where(
      and(
        eq(models.teamId, teamId),
        eq(field === 'mobile' ? models.mobile : models.idNumber, value),
        exceptModelId === undefined ? undefined : ne(models.id, exceptModelId),
      ),
    )
    .limit(1);
  return row;
}

/** The tax identity of the team's models named by id, with the name, gender and mobile the tax return asks. */
export function findModelTaxIdentities(db: Database, teamId: number, modelIds: readonly number[]) {
  if (modelIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: models.id,
      name: models.name,
      englishName: models.englishName,
      gender: models.gender,
      mobile: models.mobile,
      idType: models.idType,
      idNumber: models.idNumber,
      taxResidency: models.taxResidency,
      nationality: models.nationality,
      birthday: models.birthday,
      firstEntryDate: models.firstEntryDate,
      expectedDepartureDate: models.expectedDepartureDate,
    })
    .from(models)
    .where(and(eq(models.teamId, teamId), inArray(models.id, [...new Set(modelIds)])));
}

/** A file of one of the model's own folders, in the team: the only files a cover may be. */
export async function findModelFile(
  db: Database,
  teamId: number,
  modelId: number,
  fileId: number,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .innerJoin(folders, and(eq(folders.id, files.folderId), eq(folders.teamId, files.teamId)))
    .where(and(eq(files.id, fileId), eq(files.teamId, teamId), eq(folders.modelId, modelId)));
  return row;
}

/** The files among `fileIds` that are in the model's own folders, in the team, with their storage keys. */
export async function findModelFiles(
  db: Database,
  teamId: number,
  modelId: number,
  fileIds: number[],
): Promise<CoverFileRow[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({ file: files, blobKey: blobs.key })
    .from(files)
    .innerJoin(folders, and(eq(folders.id, files.folderId), eq(folders.teamId, files.teamId)))
    .innerJoin(blobs, eq(blobs.id, files.blobId))
    .where(and(eq(files.teamId, teamId), eq(folders.modelId, modelId), inArray(files.id, fileIds)));
  return rows.map((row) => ({ ...row.file, blobKey: row.blobKey }));
}

/**
 * The pictures of the model's folders, in the order the admin lists them (folders oldest first, files in
 * each folder's order): what a comp card picks from when none are chosen.
 */
export function listModelPictures(
  db: Database,
  teamId: number,
  modelId: number,
): Promise<{ id: number; folderKind: FolderKind }[]> {
  return db
    .select({ id: files.id, folderKind: folders.kind })
    .from(files)
    .innerJoin(folders, and(eq(folders.id, files.folderId), eq(folders.teamId, files.teamId)))
    .where(and(eq(files.teamId, teamId), eq(folders.modelId, modelId), eq(files.kind, 'image')))
    .orderBy(asc(folders.createdAt), asc(folders.id), asc(files.position), asc(files.name), asc(files.id));
}

// --- Measurements -------------------------------------------------------------------------------------------

export async function insertMeasurement(tx: Database, values: typeof modelMeasurements.$inferInsert) {
  await insertMeasurements(tx, [values]);
}

/** The first measurements of new models, in a few statements. */
export async function insertMeasurements(tx: Database, values: (typeof modelMeasurements.$inferInsert)[]) {
  for (let start = 0; start < values.length; start += INSERT_CHUNK) {
    await tx.insert(modelMeasurements).values(values.slice(start, start + INSERT_CHUNK));
  }
}

export async function listMeasurements(db: Database, teamId: number, modelId: number, window: PageWindow) {
  const where = and(eq(modelMeasurements.teamId, teamId), eq(modelMeasurements.modelId, modelId));
  const [rows, [totals]] = await Promise.all([
    db
      .select({ entry: modelMeasurements, nickname: memberships.nickname })
      .from(modelMeasurements)
      .leftJoin(memberships, eq(memberships.id, modelMeasurements.membershipId))
      .where(where)
      .orderBy(desc(modelMeasurements.measuredAt), desc(modelMeasurements.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(modelMeasurements).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

// --- Trips --------------------------------------------------------------------------------------------------

export async function insertTrip(tx: Database, values: typeof modelTrips.$inferInsert): Promise<TripRow> {
  const [row] = await tx.insert(modelTrips).values(values).returning();
  if (!row) throw new Error('trip not created');
  return row;
}

export async function listTrips(db: Database, teamId: number, modelId: number, window: PageWindow) {
  const where = and(eq(modelTrips.teamId, teamId), eq(modelTrips.modelId, modelId));
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(modelTrips)
      .where(where)
      .orderBy(desc(modelTrips.startDate), desc(modelTrips.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(modelTrips).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** The team's trip, locked for a change. */
export async function findTripForUpdate(tx: Database, teamId: number, tripId: number) {
  const [row] = await tx
    .select()
    .from(modelTrips)
    .where(and(eq(modelTrips.id, tripId), eq(modelTrips.teamId, teamId)))
    .for('update');
  return row;
}

export async function updateTrip(
  tx: Database,
  teamId: number,
  tripId: number,
  values: Partial<typeof modelTrips.$inferInsert>,
): Promise<TripRow> {
  const [row] = await tx
    .update(modelTrips)
    .set(values)
    .where(and(eq(modelTrips.id, tripId), eq(modelTrips.teamId, teamId)))
    .returning();
  if (!row) throw new Error('trip not updated');
  return row;
}

export async function deleteTrip(tx: Database, teamId: number, tripId: number): Promise<void> {
  await tx.delete(modelTrips).where(and(eq(modelTrips.id, tripId), eq(modelTrips.teamId, teamId)));
}

/** Hands every model the member manages in the team to another member; returns how many moved. */
export async function reassignModelManager(
  tx: Database,
  teamId: number,
  fromMembershipId: number,
  toMembershipId: number,
  now: Date,
): Promise<{ id: number; name: string }[]> {
  return tx
    .update(models)
    .set({ managerMembershipId: toMembershipId, updatedAt: now })
    .where(and(eq(models.teamId, teamId), eq(models.managerMembershipId, fromMembershipId)))
    .returning({ id: models.id, name: models.name });
}
