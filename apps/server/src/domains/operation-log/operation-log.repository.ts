import type { OperationAction, OperationTarget } from '@trackit/contract/operation-log.schema';
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PageWindow } from '../../http/pagination';
import { memberships } from '../organization/organization.tables';
import { operationLogs } from './operation-log.tables';

export interface OperationRowInput {
  action: OperationAction;
  teamId: number | null;
  membershipId: number | null;
  userId: number | null;
  targetType: OperationTarget | null;
  targetId: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  at: Date;
}

export async function insertOperation(db: Database, row: OperationRowInput): Promise<void> {
  const { at, ...values } = row;
  await db.insert(operationLogs).values({ ...values, createdAt: at, updatedAt: at });
}

export interface OperationLogFilter {
  action?: OperationAction | undefined;
  membershipId?: number | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  before?: Date | undefined;
}

/** One team's log, newest first, with the member's current nickname in the same query. */
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

export type OperationLogRow = Awaited<ReturnType<typeof listOperationLogs>>['rows'][number];
