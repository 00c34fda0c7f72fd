/**
 * The only file with the approval domain's queries. Every query takes the team id; a record is named by
 * its kind and id.
 */
import type { ApprovalKind, ApprovalResult } from '@trackit/contract/approval.schema';
import { and, asc, count, eq, inArray, isNull, ne, not, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { PageWindow } from '../../http/pagination';
import { memberships } from '../organization/organization.tables';
import { approvalSettings, approvals } from './approval.tables';

export type ApprovalRow = typeof approvals.$inferSelect;
export type ApprovalSettingsRow = typeof approvalSettings.$inferSelect;

/** A record of a kind, in a team. */
export interface ApprovalRecordRef {
  teamId: number;
  kind: ApprovalKind;
  recordId: number;
}

const ofRecord = (ref: ApprovalRecordRef) =>
  and(eq(approvals.teamId, ref.teamId), eq(approvals.kind, ref.kind), eq(approvals.recordId, ref.recordId));

/** Waiting for a decision: undecided and not withdrawn (what the partial indexes cover). */
const isOpen = and(eq(approvals.status, 'init'), isNull(approvals.withdrawnAt));

/** A new request, undecided. The partial unique key refuses a second open request on one record. */
export async function insertApproval(
  tx: Database,
  ref: ApprovalRecordRef,
  request: { requestedBy: number | null; requestedAt: Date; subject: string; link: string },
): Promise<ApprovalRow> {
  const [row] = await tx
    .insert(approvals)
    .values({ ...ref, status: 'init', ...request })
    .returning();
  if (!row) throw new Error('approvals: insert returned no row');
  return row;
}

/** The record's open request, if it has one (read to check who asked before deciding). */
export async function findOpenApproval(
  db: Database,
  ref: ApprovalRecordRef,
): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(ofRecord(ref), isOpen));
  return row;
}

/**
 * Decides the record's open request, if it still has one: the UPDATE takes the row's lock and checks
 * `init` again once it has it, so of two approvers deciding at once exactly one gets the row back.
 */
export async function decideOpenApproval(
  tx: Database,
  ref: ApprovalRecordRef,
  decision: { status: ApprovalResult; decidedBy: number; decidedAt: Date; comment: string },
): Promise<ApprovalRow | undefined> {
  const [row] = await tx
    .update(approvals)
    .set(decision)
    .where(and(ofRecord(ref), isOpen))
    .returning();
  return row;
}

/** Withdraws the record's open request, if it has one (the record left the flow undecided). */
export async function withdrawOpenApproval(
  tx: Database,
  ref: ApprovalRecordRef,
  at: Date,
): Promise<ApprovalRow | undefined> {
  const [row] = await tx
    .update(approvals)
    .set({ withdrawnAt: at })
    .where(and(ofRecord(ref), isOpen))
    .returning();
  return row;
}

/** Deletes the record's approvals, its whole history (the record itself is being deleted). */
export async function deleteApprovalsOf(tx: Database, ref: ApprovalRecordRef): Promise<void> {
  await tx.delete(approvals).where(ofRecord(ref));
}

const requester = alias(memberships, 'requester');
const decider = alias(memberships, 'decider');

/** Whose own requests of which kinds a list leaves out: the caller's, of the kinds they may not decide. */
export interface NotOwnOf {
  membershipId: number;
  kinds: readonly ApprovalKind[];
}

const openOfKinds = (teamId: number, kinds: readonly ApprovalKind[], notOwn?: NotOwnOf) =>
  and(
    eq(approvals.teamId, teamId),
    inArray(approvals.kind, [...kinds]),
    isOpen,
    notOwn && notOwn.kinds.length > 0
      ? or(
          not(inArray(approvals.kind, [...notOwn.kinds])),
          isNull(approvals.requestedBy),
          ne(approvals.requestedBy, notOwn.membershipId),
        )
      : undefined,
  );

/** A team's open requests of the given kinds, oldest first, with who asked (the 待办 index's order). */
export function listOpenApprovals(
  db: Database,
  teamId: number,
  kinds: readonly ApprovalKind[],
  window: PageWindow,
  notOwn?: NotOwnOf,
) {
  return db
    .select({ approval: approvals, requestedByName: requester.nickname })
    .from(approvals)
    .leftJoin(requester, and(eq(requester.id, approvals.requestedBy), eq(requester.teamId, approvals.teamId)))
    .where(openOfKinds(teamId, kinds, notOwn))
    .orderBy(asc(approvals.requestedAt), asc(approvals.id))
    .limit(window.limit)
    .offset(window.offset);
}
export type OpenApprovalRow = Awaited<ReturnType<typeof listOpenApprovals>>[number];

/** How many open requests of the given kinds the team has. */
export async function countOpenApprovals(
  db: Database,
  teamId: number,
  kinds: readonly ApprovalKind[],
  notOwn?: NotOwnOf,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(approvals)
    .where(openOfKinds(teamId, kinds, notOwn));
  return row?.n ?? 0;
}

/** The record's requests in order, with the nicknames of who asked and who decided. */
export function listApprovalsOf(db: Database, ref: ApprovalRecordRef) {
  return db
    .select({ approval: approvals, requestedByName: requester.nickname, decidedByName: decider.nickname })
    .from(approvals)
    .leftJoin(requester, and(eq(requester.id, approvals.requestedBy), eq(requester.teamId, approvals.teamId)))
    .leftJoin(decider, and(eq(decider.id, approvals.decidedBy), eq(decider.teamId, approvals.teamId)))
    .where(ofRecord(ref))
    .orderBy(asc(approvals.requestedAt), asc(approvals.id));
}
export type ApprovalHistoryRow = Awaited<ReturnType<typeof listApprovalsOf>>[number];

/** The team's approval settings, or undefined when it never saved them (the defaults hold). */
export async function findApprovalSettings(
  db: Database,
  teamId: number,
  lock = false,
): Promise<ApprovalSettingsRow | undefined> {
  const query = db.select().from(approvalSettings).where(eq(approvalSettings.teamId, teamId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Saves the team's settings whole (its first save inserts the row). */
export async function saveApprovalSettings(tx: Database, values: ApprovalSettingsRow): Promise<void> {
  const { teamId, ...rest } = values;
  await tx
    .insert(approvalSettings)
    .values(values)
    .onConflictDoUpdate({ target: approvalSettings.teamId, set: rest });
}
