import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { teams } from './team.tables';

export async function insertTeam(db: Database, name: string) {
  const [team] = await db.insert(teams).values({ name }).returning();
  if (!team) throw new Error('team not created');
  return team;
}

export async function countTeams(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(teams);
  return row?.total ?? 0;
}

export async function findTeamName(db: Database, teamId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return row?.name;
}
