import { ERROR_CATALOGUE, type ErrorKey } from '@trackit/contract/error-codes';

/**
 * The one error type services throw. The HTTP layer maps it to the catalogue's status and code and
 * answers with the envelope; nothing else builds error bodies.
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  /** Extra response headers, such as Retry-After. */
  readonly headers: Record<string, string>;

  constructor(
    key: ErrorKey,
    options: { message?: string; data?: unknown; headers?: Record<string, string> } = {},
  ) {
    const entry = ERROR_CATALOGUE[key];
    super(options.message ?? entry.message);
    this.name = 'AppError';
    this.key = key;
    this.code = entry.code;
    this.status = entry.status;
    this.data = options.data ?? null;
    this.headers = options.headers ?? {};
  }
}

export const notFound = (message?: string) => new AppError('notFound', message ? { message } : {});

export const isNotFound = (error: unknown): boolean => error instanceof AppError && error.key === 'notFound';
