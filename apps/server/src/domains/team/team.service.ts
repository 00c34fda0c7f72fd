/** Teams (agencies): creating one with its owner, and the teams a signed-in person belongs to. */
import type { Database } from '../../db/client';
import type { AuthContext } from '../../http/auth-context';
import { addOwner, listValidMemberships, type Membership } from '../organization/organization.service';
import { ensureUser } from '../user/user.service';
import { countTeams, findTeamName, insertTeam } from './team.repository';

export interface TeamDeps {
  db: Database;
}

/** GET /v1/teams: the caller's valid memberships, one per team they may switch to. */
export function listMyTeams(deps: TeamDeps, auth: AuthContext): Promise<Membership[]> {
  return listValidMemberships(deps.db, auth.userId);
}

/** A new team and its owner (who holds every permission), in one transaction. */
export function createTeamWithOwner(
  db: Database,
  input: { name: string; ownerMobile: string; ownerNickname: string },
) {
  return db.transaction(async (tx) => {
    const team = await insertTeam(tx, input.name);
    const owner = await ensureUser(tx, input.ownerMobile);
    const membership = await addOwner(tx, {
      teamId: team.id,
      userId: owner.id,
      nickname: input.ownerNickname,
    });
    return { team, owner, membership };
  });
}

export async function hasAnyTeam(db: Database): Promise<boolean> {
  return (await countTeams(db)) > 0;
}

/** The agency's name, as printed on what it hands out (a model's comp card). */
export async function getTeamName(db: Database, teamId: number): Promise<string> {
  const name = await findTeamName(db, teamId);
  if (name === undefined) throw new Error(`team ${teamId} not found`);
  return name;
}
