/**
 * A payee entity as the caller sees it (team-recipient.service.ts and team-recipient-bank-change.service.ts
 * answer it): the row, what the caller may change of it (the policy), and the bank account change waiting
 * for its checker, masked, with whether the caller may confirm or withdraw it.
 */
import type { PermissionLevel } from '@trackit/contract/enums';
import {
  TEAM_RECIPIENT_MESSAGES,
  type TeamRecipientAbilities,
} from '@trackit/contract/team-recipient.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import { decisionAbility } from '../approval/approval.service';
import { grantsOf } from '../permission/permission.service';
import { teamRecipientAbilities } from './team-recipient.policy';
import { findTeamRecipient, type TeamRecipientRow } from './team-recipient.repository';
import { listPendingBankChanges, type PendingBankChangeRow } from './team-recipient-bank-change.repository';

/** The caller's levels that matter here: `team_recipient` (the policy) and `accounting` (the checkers). */
export interface RecipientLevels {
  recipient: PermissionLevel | undefined;
  accounting: PermissionLevel | undefined;
}

export async function recipientLevels(db: Database, auth: AuthContext): Promise<RecipientLevels> {
  const grants = await grantsOf({ db }, auth);
  return { recipient: grants.get('team_recipient'), accounting: grants.get('accounting') };
}

/** A waiting change as the caller sees it. */
export interface PendingBankChangeView {
  row: PendingBankChangeRow;
  decide: boolean;
  refusal: string | null;
  withdraw: boolean;
}

/** An entity as the caller sees it. */
export interface SeenRecipient {
  row: TeamRecipientRow;
  can: TeamRecipientAbilities;
  pending: PendingBankChangeView | null;
}

export const recipientNotFound = () =>
  new AppError('notFound', { message: TEAM_RECIPIENT_MESSAGES.notFound });

/** The entities as the caller sees them, with their waiting changes read in one query. */
export async function seeRecipients(
  db: Database,
  auth: AuthContext,
  rows: readonly TeamRecipientRow[],
  levels: RecipientLevels,
): Promise<SeenRecipient[]> {
  const pending = await listPendingBankChanges(
    db,
    auth.teamId,
    rows.map((row) => row.id),
  );
  const can = teamRecipientAbilities(levels.recipient);
  return Promise.all(
    rows.map(async (row) => {
      const waiting = pending.find((entry) => entry.change.teamRecipientId === row.id);
      if (!waiting) return { row, can, pending: null };
      const requestedBy = waiting.change.requestedByMembershipId;
      const ability = await decisionAbility(
        db,
        { teamId: auth.teamId, kind: 'team_recipient_bank_change', requestedBy },
        { membershipId: auth.membershipId, level: levels.accounting },
      );
      return {
        row,
        can,
        pending: {
          row: waiting,
          decide: ability.decide,
          refusal: ability.refusal,
          withdraw: requestedBy === auth.membershipId,
        },
      };
    }),
  );
}

/** One entity of the team as the caller sees it; another team's is "not found" (收款主体不存在). */
export async function seeRecipient(
  db: Database,
  auth: AuthContext,
  id: number,
  levels?: RecipientLevels,
): Promise<SeenRecipient> {
  const [row, held] = await Promise.all([
    findTeamRecipient(db, auth.teamId, id),
    levels ?? recipientLevels(db, auth),
  ]);
  if (!row) throw recipientNotFound();
  const [seen] = await seeRecipients(db, auth, [row], held);
  if (!seen) throw recipientNotFound();
  return seen;
}
