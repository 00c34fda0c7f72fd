import { z } from 'zod';

/** The JSON envelope of every API answer (spec §3, §8). `code` 0 is success. */
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
