/**
 * How an error is written to the log. A failed query must never log its bound values: they are what a
 * person typed (names, numbers, codes' hashes), and drizzle puts them both in `params` and in the
 * message ("Failed query: … params: …"); PostgreSQL's own `detail` repeats key values too. The SQL
 * text (placeholders only), the codes and the stack stay, so the failure can still be found.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
  code?: unknown;
  statusCode?: unknown;
  query?: string;
  cause?: LoggedError;
}

const MAX_CAUSES = 5;
const REDACTED = '[redacted]';

/** Cuts the given values out of a text (PostgreSQL quotes a refused value in its message). */
function redact(text: string, values: readonly string[]): string {
  return values.reduce((result, value) => result.split(value).join(REDACTED), text);
}

/** The frames of a stack, without its first line (the message, which may hold values). */
const framesOnly = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');

export function serializeError(error: unknown, hidden: readonly string[] = [], depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: redact(String(error), hidden), stack: '' };
  const fields = error as Error & { code?: unknown; statusCode?: unknown };
  const logged: LoggedError = {
    type: error.constructor.name,
    message: redact(error.message, hidden),
    stack: hidden.length > 0 ? framesOnly(error.stack) : (error.stack ?? ''),
    code: fields.code,
    statusCode: fields.statusCode,
  };
  let hideInCauses = hidden;
  if (error instanceof DrizzleQueryError) {
    logged.message = 'Failed query';
    logged.query = error.query;
    logged.stack = framesOnly(error.stack);
    hideInCauses = [
      ...hidden,
      ...error.params.map((value) => String(value)).filter((value) => value.length > 0),
    ];
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) {
    logged.cause = serializeError(error.cause, hideInCauses, depth + 1);
  }
  return logged;
}

/** The app logger's serializers: `err` (pino's name for an error) goes through `serializeError`. */
export const LOG_SERIALIZERS = { err: (error: unknown) => serializeError(error) };
