import type { Database } from '../../db/client';
import { generateSecret } from '../session/token';
import { systemInstance } from './system.tables';

export interface Instance {
  id: string;
  authSecret: string;
}

/** The installation's record, created with the first start on an empty database. */
export async function ensureInstance(db: Database): Promise<Instance> {
  // Two processes starting at once may both insert; every one of them uses the first row.
  const first = () =>
    db
      .select({ id: systemInstance.id, authSecret: systemInstance.authSecret })
      .from(systemInstance)
      .orderBy(systemInstance.createdAt, systemInstance.id)
      .limit(1);
  const [existing] = await first();
  if (existing) return existing;
  await db.insert(systemInstance).values({ authSecret: generateSecret() });
  const [created] = await first();
  if (!created) throw new Error('could not record the installation');
  return created;
}
