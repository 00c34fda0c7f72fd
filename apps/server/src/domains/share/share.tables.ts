import { SHARE_LINK_KINDS } from '@trackit/contract/share';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference } from '../../db/columns';
import { memberships } from '../organization/organization.tables';
import { teams } from '../team/team.tables';

/**
 * A share link (docs/product.md "Share links"): an unguessable id (share-id.ts: 144 bits, 24 characters
 * of base64url) that opens one record of one kind of the team, until it expires or is revoked. Every
 * kind (a package, a folder shared alone) keeps its links here; `record_id` names a record of the
 * kind's own table (no foreign key: the kinds' tables differ), checked by the kind's service.
 * A record has at most one live link; revoking is for good (sharing again makes a new id).
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: varchar('id', { length: 24 }).primaryKey(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    kind: enumColumn('kind', SHARE_LINK_KINDS, 16).notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdByMembershipId: bigint('created_by_membership_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    teamKey('share_links', t),
    teamReference(
      'share_links_created_by_membership_team_fk',
      t.teamId,
      t.createdByMembershipId,
      memberships,
    ),
    uniqueIndex('share_links_live_key').on(t.teamId, t.kind, t.recordId).where(sql`revoked_at is null`),
    index('share_links_record_idx').on(t.teamId, t.kind, t.recordId),
    // The package list's order by expiry (package/package.repository.ts).
    index('share_links_team_expires_idx').on(t.teamId, t.kind, t.expiresAt.desc(), t.recordId.desc()),
    enumCheck('share_links_kind_check', t.kind, SHARE_LINK_KINDS),
  ],
);
