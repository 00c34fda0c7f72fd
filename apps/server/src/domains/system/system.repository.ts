import type { Database } from '../../db/client';
import { systemInstance } from './system.tables';

/** The installation's id, created with the first start on an empty database. */
export async function ensureInstance(db: Database): Promise<string> {
  const [existing] = await db.select({ id: systemInstance.id }).from(systemInstance).limit(1);
  if (existing) return existing.id;
  const [created] = await db.insert(systemInstance).values({}).returning({ id: systemInstance.id });
  if (!created) throw new Error('could not record the installation');
  return created.id;
}
