/**
 * The only file with the share links' queries (share.tables.ts). Staff's writes take the team; the one
 * lookup by id alone is the share pages' (an id is the only thing a client holds), and it answers the
 * link with its team, so everything read after it is read within that team.
 */
import type { ShareLinkKind } from '@trackit/contract/share';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { teams } from '../team/team.tables';
import { shareLinks } from './share.tables';

export type ShareLinkRecord = typeof shareLinks.$inferSelect;

export async function insertShareLink(tx: Database, values: typeof shareLinks.$inferInsert) {
  const [row] = await tx.insert(shareLinks).values(values).returning();
  if (!row) throw new Error('share link not created');
  return row;
}

/**
 * The link of `id` when it is of `kind`, not revoked and not past its expiry at `now`, with its team's
 * name. With `lock`, held (FOR SHARE) until the transaction ends, so a revocation waits for it.
 */
export async function findOpenShareLink(
  db: Database,
  kind: ShareLinkKind,
  id: string,
  now: Date,
  lock = false,
) {
  const query = db
    .select({ link: shareLinks, teamName: teams.name })
    .from(shareLinks)
    .innerJoin(teams, eq(teams.id, shareLinks.teamId))
    .where(
      and(
        eq(shareLinks.id, id),
        eq(shareLinks.kind, kind),
        isNull(shareLinks.revokedAt),
        or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)),
      ),
    );
  const [row] = lock ? await query.for('share', { of: shareLinks }) : await query;
  return row;
}

const ofRecord = (teamId: number, kind: ShareLinkKind, recordId: number) =>
  and(eq(shareLinks.teamId, teamId), eq(shareLinks.kind, kind), eq(shareLinks.recordId, recordId));

/**
 * The record's current link: its unrevoked one (live or expired; there is at most one), else the one
 * revoked last; undefined when it was never shared.
 */
export async function findLatestShareLinkOf(
  db: Database,
  teamId: number,
  kind: ShareLinkKind,
  recordId: number,
): Promise<ShareLinkRecord | undefined> {
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(ofRecord(teamId, kind, recordId))
    // DESC puts NULL first: the unrevoked link before any revoked one.
    .orderBy(desc(shareLinks.revokedAt), desc(shareLinks.createdAt), desc(shareLinks.id))
    .limit(1);
  return row;
}

/** Ends the record's live link; resolves whether there was one. */
export async function revokeLiveShareLink(
  tx: Database,
  teamId: number,
  kind: ShareLinkKind,
  recordId: number,
  at: Date,
) {
  const rows = await tx
    .update(shareLinks)
    .set({ revokedAt: at })
    .where(and(ofRecord(teamId, kind, recordId), isNull(shareLinks.revokedAt)))
    .returning({ id: shareLinks.id });
  return rows.length > 0;
}

/** Moves the expiry of the record's live link. */
export async function updateLiveShareLinkExpiry(
  tx: Database,
  teamId: number,
  kind: ShareLinkKind,
  recordId: number,
  expiresAt: Date | null,
) {
  await tx
    .update(shareLinks)
    .set({ expiresAt })
    .where(and(ofRecord(teamId, kind, recordId), isNull(shareLinks.revokedAt)));
}

/** Deletes every link of the record, live or revoked (the record itself is being deleted). */
export async function deleteShareLinksOf(
  tx: Database,
  teamId: number,
  kind: ShareLinkKind,
  recordId: number,
) {
  await tx.delete(shareLinks).where(ofRecord(teamId, kind, recordId));
}
