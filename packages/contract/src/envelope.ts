import { z } from 'zod';
import { BUSINESS_DATE_RANGE, businessDate, isWithinRange } from './business-time';
import { INPUT_BOUND_MESSAGES } from './messages';
import { MAX_AMOUNT_FEN } from './money';

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
// --- Bounded inputs (docs/product.md §9 "Input bounds") -------------------------------------------------
// Every date, month, instant and amount a request carries is one of these, so a value the database or the
// arithmetic cannot take (year 0000, an amount past 2^53) is a 400 before any handler runs.

/** Both ends included, `YYYY-MM-DD`. */
export interface DateRange {
  readonly from: string;
  readonly to: string;
}

/**
 * A calendar date `YYYY-MM-DD` that exists, within `range`: the business range (dateSchema) or, for a
 * birthday, BIRTHDAY_RANGE. Four-digit `YYYY-MM-DD` texts compare as the calendar does.
 */
export const calendarDateSchema = (
  range: DateRange,
  messages: { invalid?: string; outOfRange: string } = { outOfRange: INPUT_BOUND_MESSAGES.dateOutOfRange },
) =>
  z.iso
    .date({ error: messages.invalid ?? INPUT_BOUND_MESSAGES.dateInvalid })
    .refine((value) => isWithinRange(value, range), messages.outOfRange);

/** A business date, `YYYY-MM-DD` (./business-time), within BUSINESS_DATE_RANGE. */
export const dateSchema = calendarDateSchema(BUSINESS_DATE_RANGE);

/** A business month, `YYYY-MM`, within BUSINESS_DATE_RANGE (the withholding month, a list's tax month). */
export const monthSchema = z
  .string({ error: INPUT_BOUND_MESSAGES.monthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, INPUT_BOUND_MESSAGES.monthInvalid)
  .refine(
    (value) => BUSINESS_DATE_RANGE.from.slice(0, 7) <= value && value <= BUSINESS_DATE_RANGE.to.slice(0, 7),
    INPUT_BOUND_MESSAGES.monthOutOfRange,
  );

/** An ISO 8601 instant with its zone, whose business date is within BUSINESS_DATE_RANGE. */
export const instantSchema = z.iso
  .datetime({ offset: true, error: INPUT_BOUND_MESSAGES.instantInvalid })
  .refine((value) => {
    // Only a well-formed instant is judged (a malformed one has its own message above).
    if (!Number.isFinite(Date.parse(value))) return true;
    return isWithinRange(businessDate(value));
  }, INPUT_BOUND_MESSAGES.instantOutOfRange);

/**
 * An amount of money in whole fen, from 1 (0 with `zero`) up to `max`: MAX_AMOUNT_FEN unless the record has
 * its own limit (a fee line's unit amount and a deduction: MAX_FEE_FEN). `message` replaces the range message
 * (and the others, when a form words them all as one). Nothing given is `missing`; anything else that is not
 * a number (NaN: what the admin's MoneyInput holds for a text it cannot take) is out of range.
 */
export function fenSchema(
  options: { max?: number; zero?: boolean; message?: string; missing?: string } = {},
) {
  const max = options.max ?? MAX_AMOUNT_FEN;
  const message = options.message ?? INPUT_BOUND_MESSAGES.amountOutOfRange(max);
  const missing = options.missing ?? options.message ?? INPUT_BOUND_MESSAGES.amountMissing;
  return z
    .number({ error: (issue) => (issue.input === undefined || issue.input === '' ? missing : message) })
    .int(options.message ?? INPUT_BOUND_MESSAGES.amountNotFen)
    .min(options.zero ? 0 : 1, message)
    .max(max, message);
}
