import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from './user.tables';

export type UserRow = typeof users.$inferSelect;

export async function findUserByMobile(db: Database, mobile: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.mobile, mobile));
  return user;
}

/** The user of a mobile number, created when new (two callers at once get the same row). */
export async function upsertUser(db: Database, mobile: string): Promise<UserRow> {
  await db.insert(users).values({ mobile }).onConflictDoNothing({ target: users.mobile });
  const user = await findUserByMobile(db, mobile);
  if (!user) throw new Error(`user ${mobile} missing`);
  return user;
}
