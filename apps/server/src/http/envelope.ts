import type { Envelope } from '@trackit/contract/envelope';
import { ERROR_CATALOGUE } from '@trackit/contract/error-codes';

export function ok<T>(data: T): Envelope<T> {
  return { code: ERROR_CATALOGUE.ok.code, message: ERROR_CATALOGUE.ok.message, data };
}

export function failure(code: number, message: string, data: unknown = null): Envelope<unknown> {
  return { code, message, data };
}
