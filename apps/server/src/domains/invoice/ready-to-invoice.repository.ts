/**
 * What is invoiced of fee lines: the request's locked lines with their sums, and 待开票 (billed orders'
 * fee lines with something left to invoice, grouped by client company and payee entity). The sums are
 * correlated subqueries served by invoice_lines_team_fee_line_idx and invoice_correction_lines_team_fee_line_idx;
 * what remains of a line is the contract's remainingToInvoice of them (SQL only filters on it).
 */
import type { FeeKind } from '@trackit/contract/enums';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jsonRows } from '../../db/json-rows';

/** The sums of a fee line aliased `fl`: every invoice line covering it, and what passed corrections gave back. */
const INVOICED = sql`coalesce((select sum(il."total") from "invoice_lines" il where il."team_id" = fl."team_id" and il."fee_line_id" = fl."id"), 0)`;
const GIVEN_BACK = sql`coalesce((select sum(cl."total") from "invoice_correction_lines" cl join "invoice_corrections" c on c."team_id" = cl."team_id" and c."id" = cl."correction_id" where cl."team_id" = fl."team_id" and cl."fee_line_id" = fl."id" and c."status" = 'passed'), 0)`;
/** Fee lines of the team's billed orders of a client with something left to invoice (`fl` joined to `o`). */
const openLines = (teamId: number) =>
  sql`fl."team_id" = ${teamId} and o."status" = 'billed' and o."company_id" is not null and fl."total" - ${INVOICED} + ${GIVEN_BACK} > 0`;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null => (value === null ? null : Number(value));

/** A fee line as a request sees it: its figures, its order's client, entity and status, and its sums. */
export interface RequestedFeeLine {
  id: number;
  kind: FeeKind;
  taxRate: number;
  subtotal: number;
  tax: number;
  total: number;
  orderId: number;
  orderNumber: string;
  orderTitle: string;
  orderStatus: string;
  companyId: number | null;
  teamRecipientId: number | null;
  invoiced: number;
  givenBack: number;
}

/**
 * The requested fee lines of the team, locked in id order (two requests naming the same lines take turns,
 * never deadlock), with what is invoiced and given back of each read after the lock: the second of two
 * racing requests sees the first's lines once it has committed. Lines of another team are simply absent.
 */
export async function lockRequestedFeeLines(
  tx: Database,
  teamId: number,
  ids: readonly number[],
): Promise<RequestedFeeLine[]> {
  if (ids.length === 0) return [];
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(
    sql`select fl."id" from "fee_lines" fl where fl."team_id" = ${teamId} and fl."id" in (${idList}) order by fl."id" for update`,
  );
  const result = await tx.execute(sql`
    select fl."id", fl."kind", fl."tax_rate", fl."subtotal", fl."tax", fl."total",
      o."id" as order_id, o."number" as order_number, o."title" as order_title,
      o."status" as order_status, o."company_id", o."team_recipient_id",
      ${INVOICED} as invoiced, ${GIVEN_BACK} as given_back
    from "fee_lines" fl join "orders" o on o."team_id" = fl."team_id" and o."id" = fl."order_id"
    where fl."team_id" = ${teamId} and fl."id" in (${idList})
    order by fl."id"`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: num(row.id),
    kind: row.kind as FeeKind,
    taxRate: num(row.tax_rate),
    subtotal: num(row.subtotal),
    tax: num(row.tax),
    total: num(row.total),
    orderId: num(row.order_id),
    orderNumber: String(row.order_number),
    orderTitle: String(row.order_title),
    orderStatus: String(row.order_status),
    companyId: numOrNull(row.company_id),
    teamRecipientId: numOrNull(row.team_recipient_id),
    invoiced: num(row.invoiced),
    givenBack: num(row.given_back),
  }));
}

export interface ReadyFilter {
  companyId?: number | undefined;
  teamRecipientId?: number | undefined;
}

const filterSql = (filter: ReadyFilter): SQL =>
  sql.join(
    [
      filter.companyId ? sql` and o."company_id" = ${filter.companyId}` : sql``,
      filter.teamRecipientId ? sql` and o."team_recipient_id" = ${filter.teamRecipientId}` : sql``,
    ],
    sql``,
  );

export interface ReadyGroupRow {
  companyId: number;
  companyName: string;
  teamRecipientId: number | null;
  recipientName: string | null;
  recipientShortName: string | null;
  lineCount: number;
  orderCount: number;
  /** The sums over the group's open lines, for remainingToInvoice. */
  total: number;
  invoiced: number;
  givenBack: number;
}

/** One page of 待开票's groups (client company × payee entity), by client name, and how many there are. */
export async function listReadyGroups(
  db: Database,
  teamId: number,
  filter: ReadyFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: ReadyGroupRow[]; total: number }> {
  const grouped = sql`
    select o."company_id", o."team_recipient_id", count(*) as line_count, count(distinct o."id") as order_count,
      sum(fl."total") as total, sum(${INVOICED}) as invoiced, sum(${GIVEN_BACK}) as given_back
    from "fee_lines" fl join "orders" o on o."team_id" = fl."team_id" and o."id" = fl."order_id"
    where ${openLines(teamId)}${filterSql(filter)}
    group by o."company_id", o."team_recipient_id"`;
  const [page, counted] = await Promise.all([
    db.execute(sql`
      select g.*, c."name" as company_name, r."name" as recipient_name, r."short_name" as recipient_short_name
      from (${grouped}) g
      join "companies" c on c."team_id" = ${teamId} and c."id" = g."company_id"
      left join "team_recipients" r on r."team_id" = ${teamId} and r."id" = g."team_recipient_id"
      order by c."name", g."company_id", r."name" nulls last, g."team_recipient_id"
      limit ${window.limit} offset ${window.offset}`),
    db.execute(sql`select count(*) as total from (${grouped}) g`),
  ]);
  const rows = rowsOf<Record<string, unknown>>(page).map((row) => ({
    companyId: num(row.company_id),
    companyName: String(row.company_name),
    teamRecipientId: numOrNull(row.team_recipient_id),
    recipientName: row.recipient_name === null ? null : String(row.recipient_name),
    recipientShortName: row.recipient_short_name === null ? null : String(row.recipient_short_name),
    lineCount: num(row.line_count),
    orderCount: num(row.order_count),
    total: num(row.total),
    invoiced: num(row.invoiced),
    givenBack: num(row.given_back),
  }));
  return { rows, total: num(rowsOf<{ total: unknown }>(counted)[0]?.total ?? 0) };
}

export interface ReadyLineRow {
  feeLineId: number;
  orderId: number;
  orderNumber: string;
  orderTitle: string;
  modelId: number;
  modelName: string;
  kind: FeeKind;
  taxRate: number;
  total: number;
  invoiced: number;
  givenBack: number;
  companyId: number;
  teamRecipientId: number | null;
}

/** The open lines of the given groups, at most `perGroup` of each, by order number and position. */
export async function listReadyLines(
  db: Database,
  teamId: number,
  groups: readonly { companyId: number; teamRecipientId: number | null }[],
  perGroup: number,
): Promise<ReadyLineRow[]> {
  if (groups.length === 0) return [];
  const pairs = jsonRows(
    'g',
    { company_id: 'bigint', team_recipient_id: 'bigint' },
    groups.map((group) => ({ company_id: group.companyId, team_recipient_id: group.teamRecipientId })),
  );
  const result = await db.execute(sql`
    select * from (
      select fl."id" as fee_line_id, o."id" as order_id, o."number" as order_number, o."title" as order_title,
        m."id" as model_id, m."name" as model_name, fl."kind", fl."tax_rate", fl."total",
        o."company_id", o."team_recipient_id", ${INVOICED} as invoiced, ${GIVEN_BACK} as given_back,
        row_number() over (partition by o."company_id", o."team_recipient_id" order by o."number", fl."position", fl."id") as rank
      from "fee_lines" fl
      join "orders" o on o."team_id" = fl."team_id" and o."id" = fl."order_id"
      join "models" m on m."team_id" = fl."team_id" and m."id" = fl."model_id"
      where ${openLines(teamId)}
        and exists (select 1 from ${pairs} where g."company_id" = o."company_id"
          and g."team_recipient_id" is not distinct from o."team_recipient_id")
    ) ready where ready.rank <= ${perGroup}
    order by ready.company_id, ready.team_recipient_id, ready.rank`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    feeLineId: num(row.fee_line_id),
    orderId: num(row.order_id),
    orderNumber: String(row.order_number),
    orderTitle: String(row.order_title),
    modelId: num(row.model_id),
    modelName: String(row.model_name),
    kind: row.kind as FeeKind,
    taxRate: num(row.tax_rate),
    total: num(row.total),
    invoiced: num(row.invoiced),
    givenBack: num(row.given_back),
    companyId: num(row.company_id),
    teamRecipientId: numOrNull(row.team_recipient_id),
  }));
}
