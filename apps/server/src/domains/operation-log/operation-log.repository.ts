import type { Database } from '../../db/client';
import { operationLogs } from './operation-log.tables';

export interface OperationEntry {
  action: string;
  teamId?: number | null;
  membershipId?: number | null;
  userId?: number | null;
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
  ip?: string;
  userAgent?: string;
  at: Date;
}

/** Writes one line of the operation log; pass the transaction of the change it records. */
export async function recordOperation(db: Database, entry: OperationEntry): Promise<void> {
  await db.insert(operationLogs).values({
    action: entry.action,
    teamId: entry.teamId ?? null,
    membershipId: entry.membershipId ?? null,
    userId: entry.userId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent?.slice(0, 512) ?? null,
    createdAt: entry.at,
    updatedAt: entry.at,
  });
}
