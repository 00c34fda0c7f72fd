/**
 * The queries of a payee entity's bank account changes waiting for their checker
 * (team_recipient_bank_changes, team-recipient-bank-change.service.ts). Every query takes the team id.
 */
import type { PendingChangeStatus } from '@trackit/contract/pending-change.schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships } from '../organization/organization.tables';
import { type StoredBankAccount, teamRecipientBankChanges } from './team-recipient.tables';

export type BankChangeRecord = typeof teamRecipientBankChanges.$inferSelect;

const ofTeam = (teamId: number) => eq(teamRecipientBankChanges.teamId, teamId);
const isPending = eq(teamRecipientBankChanges.status, 'pending');

/** The entity's waiting change, if any, locked (the entity is locked first). */
export async function findPendingBankChange(
  tx: Database,
  teamId: number,
  teamRecipientId: number,
): Promise<BankChangeRecord | undefined> {
  const [row] = await tx
    .select()
    .from(teamRecipientBankChanges)
    .where(and(ofTeam(teamId), eq(teamRecipientBankChanges.teamRecipientId, teamRecipientId), isPending))
    .for('update');
  return row;
}

/** One change of the team (any status). */
export async function findBankChange(
  db: Database,
  teamId: number,
  changeId: number,
  lock = false,
): Promise<BankChangeRecord | undefined> {
  const query = db
    .select()
    .from(teamRecipientBankChanges)
    .where(and(ofTeam(teamId), eq(teamRecipientBankChanges.id, changeId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertBankChange(
  tx: Database,
  values: {
    teamId: number;
    teamRecipientId: number;
    before: StoredBankAccount;
    after: StoredBankAccount;
    requestedByMembershipId: number;
    requestedAt: Date;
  },
): Promise<BankChangeRecord> {
  const [row] = await tx
    .insert(teamRecipientBankChanges)
    .values({ ...values, status: 'pending' })
    .returning();
  if (!row) throw new Error('team_recipient_bank_changes: insert returned no row');
  return row;
}

/** Ends a waiting change with its outcome. */
export async function resolveBankChange(
  tx: Database,
  teamId: number,
  changeId: number,
  status: Exclude<PendingChangeStatus, 'pending'>,
  at: Date,
): Promise<void> {
  await tx
    .update(teamRecipientBankChanges)
    .set({ status, resolvedAt: at })
    .where(and(ofTeam(teamId), eq(teamRecipientBankChanges.id, changeId), isPending));
}

/** The waiting changes of these entities, with who asked (one query for a page of entities). */
export function listPendingBankChanges(db: Database, teamId: number, teamRecipientIds: readonly number[]) {
  if (teamRecipientIds.length === 0) return Promise.resolve([]);
  return db
    .select({ change: teamRecipientBankChanges, requestedByName: memberships.nickname })
    .from(teamRecipientBankChanges)
    .leftJoin(
      memberships,
      and(
        eq(memberships.id, teamRecipientBankChanges.requestedByMembershipId),
        eq(memberships.teamId, teamRecipientBankChanges.teamId),
      ),
    )
    .where(
      and(
        ofTeam(teamId),
        inArray(teamRecipientBankChanges.teamRecipientId, [...teamRecipientIds]),
        isPending,
      ),
    );
}
export type PendingBankChangeRow = Awaited<ReturnType<typeof listPendingBankChanges>>[number];
