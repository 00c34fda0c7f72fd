/**
 * The option-expiry sweep's queries (option-sweep.ts): across teams by nature, each write scoped to the
 * row's team.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendarEntries as entries } from './calendar.tables';
import { lapsedOptionAt } from './calendar-ranks.repository';

/** Teams and models with options past their expiry that no sweep has released yet. */
export function listLapsedOptionModels(db: Database, now: Date, limit: number) {
  return db
    .selectDistinct({ teamId: entries.teamId, modelId: entries.modelId })
    .from(entries)
    .where(lapsedOptionAt(now))
    .orderBy(asc(entries.teamId), asc(entries.modelId))
    .limit(limit);
}

/** The (model, day) of the team's lapsed options of these models. */
export function listLapsedOptionPairs(tx: Database, teamId: number, modelIds: number[], now: Date) {
  return tx
    .selectDistinct({ modelId: entries.modelId, date: entries.date })
    .from(entries)
    .where(and(eq(entries.teamId, teamId), inArray(entries.modelId, modelIds), lapsedOptionAt(now)))
    .orderBy(asc(entries.modelId), asc(entries.date));
}

/** The lapsed options of these models are released as of their expiry (still `reserved`: shown expired). */
export async function releaseLapsedOptions(tx: Database, teamId: number, modelIds: number[], now: Date) {
  const rows = await tx
    .update(entries)
    .set({ releasedAt: sql`${entries.expiresAt}`, updatedAt: now })
    .where(and(eq(entries.teamId, teamId), inArray(entries.modelId, modelIds), lapsedOptionAt(now)))
    .returning({ id: entries.id });
  return rows.length;
}
