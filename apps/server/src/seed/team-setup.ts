import { avatarColorFor } from '@trackit/contract/constants';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { memberships, teams } from '../domains/team/team.tables';
import { users } from '../domains/user/user.tables';

/** The user of a mobile number, created when new. */
export async function upsertUser(db: Database, mobile: string) {
  await db.insert(users).values({ mobile }).onConflictDoNothing({ target: users.mobile });
  const [user] = await db.select().from(users).where(eq(users.mobile, mobile));
  if (!user) throw new Error(`user ${mobile} missing`);
  return user;
}

/** A new team with its owner (who holds every permission). */
export async function createTeamWithOwner(
  db: Database,
  input: { name: string; ownerMobile: string; ownerNickname: string },
) {
  return db.transaction(async (tx) => {
    const [team] = await tx.insert(teams).values({ name: input.name }).returning();
    if (!team) throw new Error('team not created');
    const owner = await upsertUser(tx, input.ownerMobile);
    const [membership] = await tx
      .insert(memberships)
      .values({
        teamId: team.id,
        userId: owner.id,
        nickname: input.ownerNickname,
        baseColor: avatarColorFor(input.ownerNickname),
        isOwner: true,
      })
      .returning();
    if (!membership) throw new Error('membership not created');
    return { team, owner, membership };
  });
}
