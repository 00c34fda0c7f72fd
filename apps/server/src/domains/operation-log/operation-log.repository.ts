import type { OperationTarget } from '@trackit/contract/operation-catalogue';
import type { OperationAction } from '@trackit/contract/operation-log.schema';
import { and, count, desc, eq, gte, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { PageWindow } from '../../http/pagination';
import { companies } from '../company/company.tables';
import { contacts } from '../contact/contact.tables';
import { memberships, roles } from '../organization/organization.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';
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

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters of one statement. */
const INSERT_CHUNK = 1000;

/** One entry, or many in a few statements (an import's models). */
export async function insertOperations(db: Database, rows: OperationRowInput[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insert(operationLogs).values(
      rows.slice(start, start + INSERT_CHUNK).map(({ at, ...values }) => ({
        ...values,
        createdAt: at,
        updatedAt: at,
      })),
    );
  }
}

/** Records a change may name by id (change-log.ts); departments and roles share one table. */
export type ReferenceKind = 'member' | 'company' | 'contact' | 'orgUnit' | 'teamRecipient';
/** The ids to name, per kind. */
export type ReferenceIds = Partial<Record<ReferenceKind, number[]>>;

/**
 * The names of the team's records that a change names (change-log.ts), every kind in one query: a member's
 * nickname, a company's, contact's, department's or role's name. Ids of another team are not found.
 */
export async function findReferenceNames(
  db: Database,
  teamId: number,
  ids: ReferenceIds,
): Promise<{ kind: ReferenceKind; id: number; name: string }[]> {
  const tables = {
    member: { table: memberships, name: memberships.nickname },
    company: { table: companies, name: companies.name },
    contact: { table: contacts, name: contacts.name },
    orgUnit: { table: roles, name: roles.name },
    teamRecipient: { table: teamRecipients, name: teamRecipients.shortName },
  } as const;
  const selects = (Object.keys(tables) as ReferenceKind[])
    .filter((kind) => ids[kind]?.length)
    .map((kind) => {
      const { table, name } = tables[kind];
      return db
        .select({ kind: sql<ReferenceKind>`${kind}::text`.as('kind'), id: table.id, name })
        .from(table)
        .where(and(eq(table.teamId, teamId), inArray(table.id, [...new Set(ids[kind])])));
    });
  const [first, second, ...rest] = selects;
  if (!first) return [];
  return second ? unionAll(first, second, ...rest) : first;
}

export interface OperationLogFilter {
  /** Any of these actions. */
  actions?: readonly OperationAction[] | undefined;
  /** None of these actions (a history shown to a reader who may not see them). */
  exceptActions?: readonly OperationAction[] | undefined;
  membershipId?: number | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  before?: Date | undefined;
  /** Only entries about these records (a record's history): any of the listed ids of each kind. */
  targets?: { type: OperationTarget; ids: string[] }[] | undefined;
}

/** Entries about one of the records named; naming none matches nothing (never the whole log). */
const aboutTargets = (targets: NonNullable<OperationLogFilter['targets']>) => {
  const named = targets.filter((target) => target.ids.length > 0);
  if (named.length === 0) return sql`false`;
  return or(
    ...named.map((target) =>
      and(eq(operationLogs.targetType, target.type), inArray(operationLogs.targetId, target.ids)),
    ),
  );
};

/** One team's log, newest first, with the member's current nickname in the same query. */
export async function listOperationLogs(
  db: Database,
  teamId: number,
  filter: OperationLogFilter,
  window: PageWindow,
) {
  const where = and(
    eq(operationLogs.teamId, teamId),
    filter.actions?.length ? inArray(operationLogs.action, [...filter.actions]) : undefined,
    filter.exceptActions?.length ? notInArray(operationLogs.action, [...filter.exceptActions]) : undefined,
    filter.membershipId ? eq(operationLogs.membershipId, filter.membershipId) : undefined,
    filter.from ? gte(operationLogs.createdAt, filter.from) : undefined,
    filter.before ? lt(operationLogs.createdAt, filter.before) : undefined,
    filter.targets ? aboutTargets(filter.targets) : undefined,
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
