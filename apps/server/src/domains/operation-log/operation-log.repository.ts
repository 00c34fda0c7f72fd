import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PageWindow } from '../../http/pagination';
import { memberships } from '../team/team.tables';
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

export interface OperationLogFilter {
  action?: string | undefined;
  membershipId?: number | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  before?: Date | undefined;
}

/** One team's log, newest first, with the member's nickname in the same query. */
export async function listOperationLogs(
  db: Database,
  teamId: number,
  filter: OperationLogFilter,
  window: PageWindow,
) {
  const where = and(
    eq(operationLogs.teamId, teamId),
    filter.action ? eq(operationLogs.action, filter.action) : undefined,
    filter.membershipId ? eq(operationLogs.membershipId, filter.membershipId) : undefined,
    filter.from ? gte(operationLogs.createdAt, filter.from) : undefined,
    filter.before ? lt(operationLogs.createdAt, filter.before) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: operationLogs.id,
        action: operationLogs.action,
        membershipId: operationLogs.membershipId,
        nickname: memberships.nickname,
        targetType: operationLogs.targetType,
        targetId: operationLogs.targetId,
        detail: operationLogs.detail,
        ip: operationLogs.ip,
        createdAt: operationLogs.createdAt,
      })
      .from(operationLogs)
      .leftJoin(memberships, eq(memberships.id, operationLogs.membershipId))
      .where(where)
      .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(operationLogs).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Who did it, from where and when: the part every entry of a signed-in member shares. */
export function byMember(
  auth: { teamId: number; membershipId: number; userId: number },
  origin: { ip: string; userAgent: string },
  at: Date,
) {
  return {
    teamId: auth.teamId,
    membershipId: auth.membershipId,
    userId: auth.userId,
    ip: origin.ip,
    userAgent: origin.userAgent,
    at,
  };
}
