/**
 * Between a list's address and its query: the search params are read with the contract's query schema
 * field by field (a bad value costs only its own field, so a hand-edited address never makes the
 * server refuse the call), and written back with only what differs from the defaults (the plain list
 * has a plain address).
 */

/** The part of a zod schema a field needs; structural, so the app needs no zod import of its own. */
export interface FieldSchema {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

/** A list's query schema (`folderQuerySchema`, …): a zod object whose defaults fill page and per_page. */
export interface ListQuerySchema<Q> {
  readonly shape: Readonly<Record<string, FieldSchema>>;
  parse(value: unknown): Q;
}

/** What every list query has (`pageQuerySchema`). */
export interface ListQueryBase {
  page: number;
  per_page: number;
}

/** A change to a list's query; `undefined` removes a field. */
export type ListPatch<Q> = { [K in keyof Q]?: Q[K] | undefined };

/** Fields that place and order the list rather than filter it. */
const NOT_FILTERS: ReadonlySet<string> = new Set(['sort', 'page', 'per_page']);

/** The schema's filters: everything but page, per_page and sort. */
export const filterKeys = (schema: ListQuerySchema<unknown>): string[] =>
  Object.keys(schema.shape).filter((key) => !NOT_FILTERS.has(key));

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

const sameValue = (a: unknown, b: unknown): boolean => String(a) === String(b);

/** What the address offers for a field: its one value (or as a list, for an array field), or all of them. */
const candidatesOf = (params: URLSearchParams, key: string): unknown[] => {
  const values = params.getAll(key).filter((value) => value !== '');
  if (values.length === 0) return [];
  return values.length === 1 ? [values[0], values] : [values];
};

/** The schema's defaults (page 1, per_page 20). */
export const listDefaults = <Q>(schema: ListQuerySchema<Q>): Q => schema.parse({});

/** The query an address asks for: each valid field kept, an invalid or empty one dropped, defaults filled. */
export function readListSearch<Q>(schema: ListQuerySchema<Q>, params: URLSearchParams): Q {
  const valid: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    for (const candidate of candidatesOf(params, key)) {
      const result = field.safeParse(candidate);
      // A value that reads as empty (spaces in a keyword) is no filter at all.
      if (result.success && !isBlank(result.data)) {
        valid[key] = candidate;
        break;
      }
    }
  }
  try {
    return schema.parse(valid);
  } catch {
    // Fields valid one by one may still break a rule across fields: then the plain list.
    return listDefaults(schema);
  }
}

/** Whether any filter differs from its default (sort and page are not filters). */
export function hasFilters<Q>(schema: ListQuerySchema<Q>, query: Q): boolean {
  const defaults = listDefaults(schema) as Record<string, unknown>;
  const values = query as Record<string, unknown>;
  return filterKeys(schema).some((key) => !isBlank(values[key]) && !sameValue(values[key], defaults[key]));
}

/**
 * The address of a query: only the fields that differ from the defaults, filters first, then sort and
 * page. Parameters the schema does not know belong to the page (an open dialog, say) and stay as they are.
 */
export function writeListSearch<Q>(
  schema: ListQuerySchema<Q>,
  query: ListPatch<Q>,
  current: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const defaults = listDefaults(schema) as Record<string, unknown>;
  const values = query as Record<string, unknown>;
  const next = new URLSearchParams();
  for (const [key, value] of current) if (!(key in schema.shape)) next.append(key, value);
  const keys = [...filterKeys(schema), ...[...NOT_FILTERS].filter((key) => key in schema.shape)];
  for (const key of keys) {
    const value = values[key];
    if (isBlank(value) || sameValue(value, defaults[key])) continue;
    for (const item of Array.isArray(value) ? value : [value]) next.append(key, String(item));
  }
  return next;
}
