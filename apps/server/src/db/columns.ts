import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, check, foreignKey, timestamp, unique, varchar } from 'drizzle-orm/pg-core';

/** created_at / updated_at on every table; updated_at is refreshed by the repositories on update. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/**
 * A column holding one value of an enumeration of the contract: typed as its union in TypeScript, and
 * paired with `enumCheck` in the table so the database refuses anything else.
 */
export const enumColumn = <const T extends readonly [string, ...string[]]>(
  name: string,
  values: T,
  length = 32,
) => {
  const longest = values.find((value) => value.length > length);
  if (longest) throw new Error(`${name}: "${longest}" is longer than the column's ${length} characters`);
  return varchar(name, { length, enum: values as unknown as [T[number], ...T[number][]] });
};

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** `CHECK (column IN (...))` over the enumeration's values, named `<table>_<column>_check`. */
export const enumCheck = (
  name: string,
  column: AnyPgColumn,
  values: readonly string[],
): ReturnType<typeof check> =>
  check(name, sql`${column} in (${sql.raw(values.map(quoted).join(', '))})` as SQL);

/** An optional text as stored: sent empty (or null) it is cleared to null; not sent (undefined) stays undefined. */
export const storedText = <T>(value: T | null | undefined): T | null | undefined =>
  value === undefined ? undefined : value === '' || value === null ? null : value;

/** The values an update sets: those given, without the fields left undefined (not sent). */
export const definedValues = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

/** What a team-owned table is made of for tenancy: its team and its own id. */
interface TeamOwned {
  teamId: AnyPgColumn;
  id: AnyPgColumn;
}

/**
 * `UNIQUE (team_id, id)`, named `<table>_team_id_key`: what a team reference (`teamReference`) points at.
 * Every table with a team and an id declares it (docs/decisions.md "Tenancy in the database").
 */
export const teamKey = (table: string, t: TeamOwned) => unique(`${table}_team_id_key`).on(t.teamId, t.id);

/**
 * `FOREIGN KEY (team_id, <column>) REFERENCES <parent> (team_id, id)`: the database itself refuses a row
 * pointing at another team's record. With a nullable column the key holds when it is null (MATCH SIMPLE).
 * Chain `.onDelete('cascade')` as the single-column reference did.
 */
export const teamReference = (name: string, teamId: AnyPgColumn, column: AnyPgColumn, parent: TeamOwned) =>
  foreignKey({ name, columns: [teamId, column], foreignColumns: [parent.teamId, parent.id] });
