/**
 * The cross-team probe behind http/cross-team.int.test.ts, generated from the endpoint map: every endpoint
 * that takes an id (a path parameter, or a field of its body or query named `id`, `…_id` or `…_ids`) is
 * called by the owner of team B with team A's ids. It must answer 404 (400 or 404 for a reference in the
 * body; a filter in the query may answer a page, but nothing of team A), and leave every table as it was.
 * Nobody writes a test per endpoint: a new one is covered by being declared.
 */
import { API_BASE_PATH } from '@trackit/contract/constants';
import type { EndpointSpec } from '@trackit/contract/endpoint';
import { endpoints } from '@trackit/contract/endpoints';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TestApp } from './build-test-app';

/** The records of one team the probe names, by kind. */
export interface TeamRecords {
  team: number;
  member: number;
  role: number;
  department: number;
  company: number;
  contact: number;
  model: number;
  trip: number;
  /** A deduction (扣款) of the model. */
  deduction: number;
  folder: number;
  file: number;
  package: number;
  order: number;
  attachment: number;
  calendarEntry: number;
  notification: number;
  teamRecipient: number;
  /** A fee line of a billed order, invoiced. */
  feeLine: number;
  /** An issued invoice, and its red-letter correction waiting for approval. */
  invoice: number;
  invoiceLine: number;
  invoiceCorrection: number;
  /** A receipt with one allocation (to the invoice). */
  receipt: number;
  allocation: number;
  /** A fee statement of the billed order, with the client's invoice details. */
  feeStatement: number;
  /** A client's query on that statement. */
  feeStatementQuery: number;
  bankStatementLine: number;
  /** A draft settlement of the model, of what the receipt paid of the billed order's fee line. */
  settlement: number;
  /** The model's payout account change and the entity's bank account change, waiting for a checker. */
  modelChange: number;
  teamRecipientBankChange: number;
  /** A blob uploaded and not yet attached, as its signed id. */
  signedBlob: string;
  /** The owner's signed-in device. */
  session: string;
}

export interface ProbedEndpoint {
  id: string;
  endpoint: EndpointSpec;
  pathIds: string[];
  bodyIds: string[];
  queryIds: string[];
}

const ID_KEY = /(^|_)ids?$/;

/** The schema under optional, nullable, default, pipe (input side) and the like. */
function bare(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema;
  for (let depth = 0; current && depth < 12; depth++) {
    const def = current._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (def.type === 'pipe') current = def.in;
    else if (def.innerType) current = def.innerType;
    else break;
  }
  return current;
}

const isOptional = (schema: z.ZodType) => schema.safeParse(undefined).success;

/** Id-like keys of an object schema, nested paths joined with dots (`models.model_id`). */
function idKeys(schema: z.ZodType | undefined, prefix = ''): string[] {
  const inner = bare(schema);
  if (!inner) return [];
  const def = inner._zod.def as {
    type: string;
    shape?: Record<string, z.ZodType>;
    element?: z.ZodType;
    options?: z.ZodType[];
  };
  if (def.type === 'object' && def.shape) {
    return Object.entries(def.shape).flatMap(([key, value]) => [
      ...(ID_KEY.test(key) ? [`${prefix}${key}`] : []),
      ...idKeys(value, `${prefix}${key}.`),
    ]);
  }
  if (def.type === 'array') return idKeys(def.element, prefix);
  if (def.type === 'union')
    return [...new Set((def.options ?? []).flatMap((option) => idKeys(option, prefix)))];
  return [];
}

/** Every endpoint taking an id, and the public ones left out (addressed by share ids, not by a team). */
export function probedEndpoints(): { probed: ProbedEndpoint[]; publicOnes: string[] } {
  const probed: ProbedEndpoint[] = [];
  const publicOnes: string[] = [];
  for (const [group, members] of Object.entries(endpoints)) {
    for (const [name, endpoint] of Object.entries(members as Record<string, EndpointSpec>)) {
      const id = `${group}.${name}`;
      const pathIds = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
      const bodyIds = idKeys(endpoint.body);
      const queryIds = idKeys(endpoint.query);
      if (pathIds.length + bodyIds.length + queryIds.length === 0) continue;
      if (endpoint.access.kind === 'public') publicOnes.push(id);
      else probed.push({ id, endpoint, pathIds, bodyIds, queryIds });
    }
  }
  return { probed, publicOnes };
}

/** The record a path parameter names: `:id` by the path's first segment, others by their own name. */
function pathValue(path: string, param: string, records: TeamRecords): string | number {
  if (param === 'attachment_id') return records.attachment;
  if (param === 'deduction_id') return records.deduction;
  const segment = path.split('/')[2] ?? '';
  const bySegment: Record<string, string | number> = {
    teams: records.team,
    members: records.member,
    roles: records.role,
    folders: records.folder,
    files: records.file,
    companies: records.company,
    contacts: records.contact,
    models: records.model,
    trips: records.trip,
    packages: records.package,
    orders: records.order,
    calendar: records.calendarEntry,
    team_recipients: records.teamRecipient,
    invoices: records.invoice,
    invoice_corrections: records.invoiceCorrection,
    receipts: records.receipt,
    allocations: records.allocation,
    fee_statements: records.feeStatement,
    fee_statement_queries: records.feeStatementQuery,
    bank_statement_lines: records.bankStatementLine,
    settlements: records.settlement,
    model_changes: records.modelChange,
    team_recipient_bank_changes: records.teamRecipientBankChange,
    // 财务详情 (/v1/finance/orders/:id): the order.
    finance: records.order,
  };
  const value = bySegment[segment];
  if (value === undefined) throw new Error(`no record for ${path} :${param}`);
  return value;
}

/** The record a body or query field names, by the field's name (and, for `ids`, the endpoint). */
function fieldValue(probe: ProbedEndpoint, key: string, records: TeamRecords): string | number {
  const field = key.split('.').at(-1) ?? key;
  if (/signed_id$/.test(field)) return records.signedBlob;
  if (field === 'ids') return probe.id.startsWith('session.') ? records.session : records.notification;
  if (field === 'id') return records.team;
  const stem = field.replace(/_ids?$/, '');
  const byStem: Record<string, number> = {
    model: records.model,
    company: records.company,
    contact: records.contact,
    folder: records.folder,
    file: records.file,
    cover_file: records.file,
    role: records.role,
    department: records.department,
    parent: records.department,
    team_recipient: records.teamRecipient,
    fee_line: records.feeLine,
    invoice: records.invoice,
    invoice_line: records.invoiceLine,
  };
  return byStem[stem] ?? (/member|superior/.test(stem) ? records.member : Number.NaN);
}

const CANDIDATE_TEXTS = [
  '跨团队',
  '09:00',
  '2026-12-01',
  '13800138000',
  '1',
  'a',
  'https://example.com/a.png',
  // A fully digital invoice number (20 digits).
  '26312000000000000001',
];

/**
 * A value the schema accepts, as small as it gets: required fields only, plus the id fields (given by
 * `idOf`). Good enough for the map's schemas; a body it cannot satisfy is still sent (then the 400 proves
 * less, which the test reports as a count).
 */
function sample(schema: z.ZodType | undefined, idOf: (key: string) => unknown, prefix = ''): unknown {
  const inner = bare(schema);
  if (!inner) return undefined;
  const def = inner._zod.def as {
    type: string;
    shape?: Record<string, z.ZodType>;
    element?: z.ZodType;
    options?: z.ZodType[];
    entries?: Record<string, string>;
    values?: unknown[];
    checks?: { _zod: { def: { check: string; minimum?: number; value?: number } } }[];
  };
  const minimum = def.checks
    ?.map((check) => check._zod.def)
    .find((check) => check.check === 'greater_than' || check.check === 'min_length');
  switch (def.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const path = `${prefix}${key}`;
        if (ID_KEY.test(key)) {
          const id = idOf(path);
          value[key] = bare(field)?._zod.def.type === 'array' ? [id] : id;
        } else if (!isOptional(field) || idKeys(field).length > 0) {
          value[key] = sample(field, idOf, `${path}.`);
        }
      }
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, Number(minimum?.minimum ?? 1)) }, () =>
        sample(def.element, idOf, prefix),
      );
    case 'union':
      return (
        (def.options ?? [])
          .map((option) => sample(option, idOf, prefix))
          .find((value, index) => def.options?.[index]?.safeParse(value).success) ??
        sample(def.options?.[0], idOf, prefix)
      );
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'boolean':
      return false;
    case 'number':
    case 'int':
      return Math.max(1, Number(minimum?.value ?? 1));
    case 'string':
      return CANDIDATE_TEXTS.find((text) => inner.safeParse(text).success) ?? '跨团队';
    default:
      return undefined;
  }
}

const queryString = (query: Record<string, unknown>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && typeof one !== 'object') search.append(key, String(one));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/**
 * One hash per table of everything in it, with its row count, in one statement. The sessions of the
 * caller are left out: an authenticated request notes when its session was last seen.
 */
export async function fingerprint(t: TestApp, callerUserId: number): Promise<Record<string, string>> {
  const db = t.database.db;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const parts = tables.rows.map(({ table_name: table }) => {
    const mine = table === 'user_sessions' ? sql`where t.user_id <> ${callerUserId}` : sql``;
    return sql`select ${table}::text as name, count(*)::text || ':' ||
      md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash
      from ${sql.identifier(table)} t ${mine}`;
  });
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { name: string; hash: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.hash]));
}

export interface ProbeContext {
  t: TestApp;
  /** Team A's records, which B must not reach. */
  theirs: TeamRecords;
  /** Team B's own records: the path of a call whose body names A's records. */
  ours: TeamRecords;
  /** The owner of team B, signed in. */
  headers: Record<string, string>;
  callerUserId: number;
  /** A text every record of team A carries in its name: an answer showing it has leaked. */
  marker: string;
}

/** The calls made for one endpoint: A's ids throughout, and B's own path with A's ids in body or query. */
function callsOf(probe: ProbedEndpoint, context: ProbeContext) {
  const variants = [{ name: 'their ids', pathRecords: context.theirs }];
  if (probe.pathIds.length > 0 && probe.bodyIds.length + probe.queryIds.length > 0) {
    variants.push({ name: 'our path, their references', pathRecords: context.ours });
  }
  return variants.map(({ name, pathRecords }) => {
    const idOf = (key: string) => fieldValue(probe, key, context.theirs);
    const path = probe.endpoint.path.replace(/:(\w+)/g, (_match, param: string) =>
      String(pathValue(probe.endpoint.path, param, pathRecords)),
    );
    const body = probe.endpoint.body ? sample(probe.endpoint.body, idOf) : undefined;
    const query = (probe.endpoint.query ? sample(probe.endpoint.query, idOf) : {}) as Record<string, unknown>;
    const bodyValid = probe.endpoint.body ? probe.endpoint.body.safeParse(body).success : true;
    return { name, path: `${API_BASE_PATH}${path}${queryString(query)}`, body, bodyValid };
  });
}

/**
 * What may answer a call with team A's ids. Their record in the path: 404. Our own record in the path
 * with their references in the body: 400 or 404, or a 409 when a rule of our own record refuses first
 * (the reference is then never read). A bulk `ids` list (mark read, end devices) answers how many of
 * the caller's own it changed, zero. A filter in the query: a page without team A's records.
 */
function allowedStatuses(probe: ProbedEndpoint, theirPath: boolean): number[] {
  if (theirPath && probe.pathIds.length > 0) return [404];
  if (probe.bodyIds.includes('ids')) return [200, 400, 404];
  if (probe.bodyIds.length > 0) return theirPath ? [400, 404] : [400, 404, 409];
  return [200, 400, 404];
}

/** What is wrong with the endpoint's answers to team B, one line per fault; none when it holds. */
export async function probeEndpoint(probe: ProbedEndpoint, context: ProbeContext): Promise<string[]> {
  const faults: string[] = [];
  for (const call of callsOf(probe, context)) {
    const before = await fingerprint(context.t, context.callerUserId);
    const method = probe.endpoint.method;
    const res = await fetch(`${context.t.baseUrl}${call.path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...context.headers,
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    });
    const text = await res.text();
    const label = `${probe.id} (${method} ${call.path}, ${call.name})`;
    const allowed = allowedStatuses(probe, call.name === 'their ids');
    if (!allowed.includes(res.status)) faults.push(`${label}: answered ${res.status} ${text.slice(0, 200)}`);
    if (text.includes(context.marker)) faults.push(`${label}: the answer shows team A's records`);
    const after = await fingerprint(context.t, context.callerUserId);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    if (changed.length > 0) faults.push(`${label}: changed ${changed.join(', ')}`);
  }
  return faults;
}

/** How many of the probe's bodies the endpoint's own schema accepts (the rest test validation only). */
export function validBodies(probes: ProbedEndpoint[], context: ProbeContext) {
  const calls = probes.flatMap((probe) => callsOf(probe, context).filter(() => probe.endpoint.body));
  return { valid: calls.filter((call) => call.bodyValid).length, total: calls.length };
}
