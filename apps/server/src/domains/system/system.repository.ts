import type { Database } from '../../db/client';
import { systemInstance } from './system.tables';

export interface InstanceRow {
  id: string;
  authSecret: string;
}

/** The installation's record: the first row, whatever other processes inserted at the same moment. */
export async function findInstance(db: Database): Promise<InstanceRow | undefined> {
  const [row] = await db
    .select({ id: systemInstance.id, authSecret: systemInstance.authSecret })
    .from(systemInstance)
    .orderBy(systemInstance.createdAt, systemInstance.id)
    .limit(1);
  return row;
}

export async function insertInstance(db: Database, authSecret: string): Promise<void> {
  await db.insert(systemInstance).values({ authSecret });
}
