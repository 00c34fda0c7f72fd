import { type SQL, sql } from 'drizzle-orm';

/** The column types rows may carry (the names are SQL: only these constants reach the statement). */
type ColumnType = 'bigint' | 'integer' | 'date' | 'timestamptz' | 'text' | 'boolean';

/**
 * Many rows handed to one statement as a single parameter: `jsonb_to_recordset` over their JSON, a
 * relation named `alias` with the typed `columns` (keys as SQL names), to select from, join or insert
 * from. A statement then costs the same to parse whatever the number of rows: the largest order's 600
 * planned days as a VALUES or `(model_id, date) in (…)` list were 2,400 parameters, which PGlite parsed
 * for seconds and, in a `(…) in (…)` list, aborted its transaction at COMMIT (docs/decisions.md "What one
 * order may hold"). Dates travel as their ISO text.
 */
export function jsonRows<Row extends Record<string, unknown>>(
  alias: string,
  columns: { [Key in keyof Row & string]: ColumnType },
  rows: readonly Row[],
): SQL {
  const definitions = sql.join(
    Object.entries(columns).map(
      ([name, type]) => sql`${sql.identifier(name)} ${sql.raw(type as ColumnType)}`,
    ),
    sql`, `,
  );
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${sql.identifier(alias)}(${definitions})`;
}
