/**
 * The payee entity domain's queries: every one takes the team id. The list puts the default first, then
 * the active ones, by name; each row counts the orders that name it, in the same query.
 */
import type { TeamRecipientStatus } from '@trackit/contract/team-recipient.schema';
import { and, asc, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containing } from '../../db/like';
import type { PageWindow } from '../../http/pagination';
import { orders } from '../order/order.tables';
import { teamRecipients } from './team-recipient.tables';

export type TeamRecipientRecord = typeof teamRecipients.$inferSelect;
export type TeamRecipientValues = typeof teamRecipients.$inferInsert;
export type TeamRecipientRow = TeamRecipientRecord & { orderCount: number };

/**
 * How many orders name the outer query's entity, on its (team_id, id); served by orders_team_recipient_idx.
 * A subquery builder, not columns in a `sql` field: in a one-table select drizzle writes a field's columns
 * unqualified, and the subquery's own "id" would be taken for the entity's.
 */
const orderCountOf = (db: Database) =>
  sql<number>`${db
    .select({ count: sql`count(*)` })
    .from(orders)
    .where(
      and(eq(orders.teamId, teamRecipients.teamId), eq(orders.teamRecipientId, teamRecipients.id)),
    )}::int`;

const selectRecipients = (db: Database) =>
  db.select({ recipient: teamRecipients, orderCount: orderCountOf(db) }).from(teamRecipients);

const toRow = (row: { recipient: TeamRecipientRecord; orderCount: number }): TeamRecipientRow => ({
  ...row.recipient,
  orderCount: row.orderCount,
});

export async function insertTeamRecipient(tx: Database, values: TeamRecipientValues): Promise<number> {
  const [row] = await tx.insert(teamRecipients).values(values).returning({ id: teamRecipients.id });
  if (!row) throw new Error('team recipient not created');
  return row.id;
}

export async function updateTeamRecipientRow(
  tx: Database,
  teamId: number,
  id: number,
  values: Partial<TeamRecipientValues>,
): Promise<void> {
  await tx
    .update(teamRecipients)
    .set(values)
    .where(and(eq(teamRecipients.teamId, teamId), eq(teamRecipients.id, id)));
}

/**
 * Takes the team's turn at choosing its default entity, until the transaction ends: two requests making
 * different entities the default would each unset the old one and then both set theirs, and the second
 * would meet team_recipients_team_default_key (a 500). Held, the second waits and then unsets the first's.
 * An advisory lock, as a new entity made the default has no row to lock yet.
 */
export async function lockTeamDefault(tx: Database, teamId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`team-recipient-default:${teamId}`}))`);
}

/** Unsets the team's default (before another becomes it, in the same transaction); answers the old one. */
export async function clearTeamDefault(tx: Database, teamId: number, exceptId: number | null, at: Date) {
  return tx
    .update(teamRecipients)
    .set({ isDefault: false, updatedAt: at })
    .where(
      and(
        eq(teamRecipients.teamId, teamId),
        eq(teamRecipients.isDefault, true),
        exceptId === null ? undefined : ne(teamRecipients.id, exceptId),
      ),
    )
    .returning({ id: teamRecipients.id, name: teamRecipients.name });
}

export async function findTeamRecipient(
  db: Database,
  teamId: number,
  id: number,
): Promise<TeamRecipientRow | undefined> {
  const [row] = await selectRecipients(db).where(
    and(eq(teamRecipients.teamId, teamId), eq(teamRecipients.id, id)),
  );
  return row ? toRow(row) : undefined;
}

/** The entity, locked while it is changed (two edits never interleave their checks). */
export async function findTeamRecipientForUpdate(tx: Database, teamId: number, id: number) {
  const [row] = await tx
    .select()
    .from(teamRecipients)
    .where(and(eq(teamRecipients.teamId, teamId), eq(teamRecipients.id, id)))
    .for('update');
  return row;
}

/** The entity, held while an order naming it is written (its status cannot change under the write). */
export async function findTeamRecipientForReference(tx: Database, teamId: number, id: number) {
  const [row] = await tx
    .select()
    .from(teamRecipients)
    .where(and(eq(teamRecipients.teamId, teamId), eq(teamRecipients.id, id)))
    .for('key share');
  return row;
}

/** The team's default entity, if any. */
export async function findTeamDefaultRecipient(db: Database, teamId: number) {
  const [row] = await db
    .select()
    .from(teamRecipients)
    .where(and(eq(teamRecipients.teamId, teamId), eq(teamRecipients.isDefault, true)));
  return row;
}

/** Another entity of the team with this name or credit code, if any (disabled ones count). */
export async function findTeamRecipientClash(
  db: Database,
  teamId: number,
  values: { name?: string | undefined; creditCode?: string | undefined },
  exceptId?: number,
): Promise<{ field: 'name' | 'credit_code'; name: string } | undefined> {
  const matches = [
    values.name ? eq(teamRecipients.name, values.name) : undefined,
    values.creditCode ? eq(teamRecipients.creditCode, values.creditCode) : undefined,
  ].filter((match) => match !== undefined);
  if (matches.length === 0) return undefined;
  const rows = await db
    .select({ id: teamRecipients.id, name: teamRecipients.name, creditCode: teamRecipients.creditCode })
    .from(teamRecipients)
    .where(and(eq(teamRecipients.teamId, teamId), or(...matches)))
    .limit(3);
  const others = rows.filter((row) => row.id !== exceptId);
  const byName = others.find((row) => values.name && row.name === values.name);
  if (byName) return { field: 'name', name: byName.name };
  const byCode = others.find((row) => values.creditCode && row.creditCode === values.creditCode);
  return byCode ? { field: 'credit_code', name: byCode.name } : undefined;
}

export interface TeamRecipientListFilter {
  keyword?: string | undefined;
  status?: TeamRecipientStatus | undefined;
}

/** The team's entities: the default first, then active before disabled, by name; paged in the database. */
export async function listTeamRecipients(
  db: Database,
  teamId: number,
  filter: TeamRecipientListFilter,
  window: PageWindow,
) {
  const where = and(
    eq(teamRecipients.teamId, teamId),
    filter.keyword
      ? or(
          ilike(teamRecipients.name, containing(filter.keyword)),
          ilike(teamRecipients.shortName, containing(filter.keyword)),
          ilike(teamRecipients.creditCode, containing(filter.keyword)),
        )
      : undefined,
    filter.status ? eq(teamRecipients.status, filter.status) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    selectRecipients(db)
      .where(where)
      .orderBy(
        desc(teamRecipients.isDefault),
        asc(teamRecipients.status),
        asc(teamRecipients.name),
        asc(teamRecipients.id),
      )
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(teamRecipients).where(where),
  ]);
  return { rows: rows.map(toRow), total: totals?.total ?? 0 };
}
