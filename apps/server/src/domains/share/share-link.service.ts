/**
 * Share links (docs/product.md "Share links"): one model for every kind of record a client may open
 * without an account. Staff's services make, revoke, extend and delete a record's links inside their own
 * transaction; the share pages open one with `openShareLink`, the one check every public lookup passes:
 * an id that is malformed, unknown, of another kind, revoked or expired answers the same 404.
 */
import { isShareId, type ShareLinkKind } from '@trackit/contract/share';
import type { Database } from '../../db/client';
import { newShareId, shareNotFound } from './share-id';
import {
  deleteShareLinksOf,
  findLatestShareLinkOf,
  findOpenShareLink,
  insertShareLink,
  revokeLiveShareLink,
  type ShareLinkRecord,
  updateLiveShareLinkExpiry,
} from './share-link.repository';

export type { ShareLinkRecord };

/** An open link with the name of the team whose record it opens. */
interface OpenShareLink {
  link: ShareLinkRecord;
  teamName: string;
}

/**
 * The link of `id` for a record of `kind`, open at `now`; else "not found", the same answer whatever the
 * reason. With `lock` (inside a transaction that writes on the client's behalf), a revocation waits.
 */
export async function openShareLink(
  db: Database,
  kind: ShareLinkKind,
  id: string,
  now: Date,
  lock = false,
): Promise<OpenShareLink> {
  if (!isShareId(id)) throw shareNotFound();
  const found = await findOpenShareLink(db, kind, id, now, lock);
  if (!found) throw shareNotFound();
  return found;
}

/** A new link to the team's record (the caller checked the record), with a fresh unguessable id. */
export function createShareLink(
  tx: Database,
  values: {
    teamId: number;
    kind: ShareLinkKind;
    recordId: number;
    expiresAt: Date | null;
    createdByMembershipId: number;
    now: Date;
  },
): Promise<ShareLinkRecord> {
  return insertShareLink(tx, {
    id: newShareId(),
    teamId: values.teamId,
    kind: values.kind,
    recordId: values.recordId,
    expiresAt: values.expiresAt,
    createdByMembershipId: values.createdByMembershipId,
    createdAt: values.now,
  });
}

/** Ends the record's live link for good; resolves whether there was one. */
export function revokeShareLink(
  tx: Database,
  teamId: number,
  kind: ShareLinkKind,
  recordId: number,
  at: Date,
) {
  return revokeLiveShareLink(tx, teamId, kind, recordId, at);
}

/** Moves the live link's expiry (a later one reopens an expired link). */
export function setShareLinkExpiry(
  tx: Database,
  teamId: number,
  kind: ShareLinkKind,
  recordId: number,
  expiresAt: Date | null,
) {
  return updateLiveShareLinkExpiry(tx, teamId, kind, recordId, expiresAt);
}

/** Deletes the record's links with the record: they answer "not found" as an unknown id would. */
export function deleteShareLinks(tx: Database, teamId: number, kind: ShareLinkKind, recordId: number) {
  return deleteShareLinksOf(tx, teamId, kind, recordId);
}

/** The record's current link: its unrevoked one (live or expired), else the one revoked last; undefined if never shared. */
export function latestShareLinkOf(db: Database, teamId: number, kind: ShareLinkKind, recordId: number) {
  return findLatestShareLinkOf(db, teamId, kind, recordId);
}
