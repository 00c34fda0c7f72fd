import { z } from 'zod';

/** The JSON envelope of every API answer (docs/product.md §3, §8). `code` 0 is success. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** Response headers of paged lists; the client copies every `x-` header into the body. */
export const PAGE_HEADERS = {
  page: 'x-page',
  perPage: 'x-per-page',
  total: 'x-total',
} as const;

/** Header carrying the id of the request, for matching a report to the server's log. */
export const REQUEST_ID_HEADER = 'x-request-id';

export const PAGINATION = {
  defaultPerPage: 20,
  maxPerPage: 100,
} as const;

/** Data of a 30110 answer: the client opens a dialog with one OK button. */
export interface ConfirmationData {
  title: string;
  content: string;
}

/** Data of a validation error: one Chinese message per offending field (dotted path). */
export interface ValidationErrorData {
  fields: Record<string, string>;
}

/** The envelope around a data schema, for response validation (server) and parsing (clients). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

/** Query of every paged list: page from 1, per_page 1..100 (default 20). Lists extend it with filters. */
export const pageQuerySchema = z.object({
  page: z.coerce.number<number>().int().min(1).max(100_000).default(1),
  per_page: z.coerce
    .number<number>()
    .int()
    .min(1)
    .max(PAGINATION.maxPerPage)
    .default(PAGINATION.defaultPerPage),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A list's order: `field` ascending or `-field` descending. */
export type SortValue<F extends string> = F | `-${F}`;

/** The `sort` parameter of a list, among the fields it can be ordered by (each needs an index). */
export const sortSchema = <const F extends string>(fields: readonly [F, ...F[]]) =>
  z.enum(fields.flatMap((field) => [field, `-${field}`]) as [SortValue<F>, ...SortValue<F>[]]);

/** `-created_at` → { field: 'created_at', descending: true }. */
export const readSort = <F extends string>(value: SortValue<F>): { field: F; descending: boolean } =>
  value.startsWith('-')
    ? { field: value.slice(1) as F, descending: true }
    : { field: value as F, descending: false };

/** `/:id` of a record: a positive integer. */
export const idParamsSchema = z.object({ id: z.coerce.number<number>().int().positive() });
export type IdParams = z.infer<typeof idParamsSchema>;

/**
 * A query value given once or repeated (`a=1&a=2`, `a[]=1`): always a list, at most `max` values (20
 * unless said).
 */
export const queryList = <T extends z.ZodType>(item: T, max = 20) =>
  z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(item).max(max),
  );

/** A record's id in a request body. */
export const idSchema = z.number().int().positive();
/** A record's id in a query string (`?company_id=12`). */
export const idQuerySchema = z.coerce.number<number>().int().positive();
/** A calendar date, `YYYY-MM-DD` (a business date: ./business-time). */
export const dateSchema = z.iso.date({ error: '*日期格式不正确' });
