/**
 * The package domain's queries on what the client does: the views and picks the share pages record, the
 * package's counts kept beside them, and staff's reading of them (the activity). Every function takes the
 * package with its team.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { models } from '../model/model.tables';
import type { PackageKey } from './package.repository';
import { packagePicks, packages, packageViews } from './package.tables';

const ofPackage = (pkg: PackageKey) => and(eq(packages.teamId, pkg.teamId), eq(packages.id, pkg.id));

export async function findPick(tx: Database, pkg: PackageKey, visitorId: string, modelId: number) {
  const [row] = await tx
    .select()
    .from(packagePicks)
    .where(
      and(
        eq(packagePicks.teamId, pkg.teamId),
        eq(packagePicks.packageId, pkg.id),
        eq(packagePicks.visitorId, visitorId),
        eq(packagePicks.modelId, modelId),
      ),
    );
  return row;
}

/** A visitor's pick written (the latest kept), at `updatedAt`: the caller's clock, never the machine's. */
export async function savePick(tx: Database, values: typeof packagePicks.$inferInsert & { updatedAt: Date }) {
  const [row] = await tx
    .insert(packagePicks)
    .values(values)
    .onConflictDoUpdate({
      target: [packagePicks.packageId, packagePicks.visitorId, packagePicks.modelId],
      set: {
        picked: values.picked,
        comment: values.comment ?? '',
        visitorName: sql`coalesce(excluded.${sql.identifier(packagePicks.visitorName.name)}, ${packagePicks.visitorName})`,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  if (!row) throw new Error('pick not saved');
  return row;
}

/** Recounts the package's picks (hearts of any visitor) after one changed. */
export async function recountPicks(tx: Database, pkg: PackageKey, at: Date) {
  const hearts = tx
    .select({ n: sql`count(*)::int` })
    .from(packagePicks)
    .where(
      and(
        eq(packagePicks.teamId, pkg.teamId),
        eq(packagePicks.packageId, pkg.id),
        eq(packagePicks.picked, true),
      ),
    );
  await tx
    .update(packages)
    .set({ pickCount: sql`${hearts}`, updatedAt: at })
    .where(ofPackage(pkg));
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
  pkg: PackageKey,
  view: { viewKey: string; visitorId: string; visibleMs: number; visitorName: string | null },
  at: Date,
) {
  await tx
    .update(packageViews)
    .set({
      visibleMs: sql`greatest(${packageViews.visibleMs}, ${view.visibleMs})`,
      visitorName: sql`coalesce(${view.visitorName}, ${packageViews.visitorName})`,
      updatedAt: at,
    })
    .where(
      and(
        eq(packageViews.teamId, pkg.teamId),
        eq(packageViews.packageId, pkg.id),
        eq(packageViews.viewKey, view.viewKey),
        eq(packageViews.visitorId, view.visitorId),
      ),
    );
}

/** One more open of the package; the first sets when it was first opened. */
export async function countOpen(tx: Database, pkg: PackageKey, at: Date) {
  await tx
    .update(packages)
    .set({
      viewCount: sql`${packages.viewCount} + 1`,
      firstViewedAt: sql`coalesce(${packages.firstViewedAt}, ${at})`,
      lastViewedAt: at,
    })
    .where(ofPackage(pkg));
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
