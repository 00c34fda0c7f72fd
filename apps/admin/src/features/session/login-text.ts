/** Small rules of the login page's text fields and messages, kept pure for unit tests. */
import { CODE_LENGTH, PHONE_LENGTH } from '@trackit/contract/constants';

/**
 * Keeps the digits of what was typed or pasted, at most `max` of them (docs/product.md §5). Full-width digits
 * (a Chinese input method in full-width mode types １３８) count as the digits they are.
 */
export const digitsOnly = (value: unknown, max: number): string =>
  (typeof value === 'string' ? value : '')
    .replace(/[０-９]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(/\D/g, '')
    .slice(0, max);

/** The phone field: digits only, at most 11; a pasted `+86 138 0000 0000` keeps the national number. */
export const phoneDigits = (value: unknown): string => {
  const digits = digitsOnly(value, Number.POSITIVE_INFINITY);
  const national = digits.length > PHONE_LENGTH && digits.startsWith('86') ? digits.slice(2) : digits;
  return national.slice(0, PHONE_LENGTH);
};

/** The code field: digits only, at most 4. */
export const codeDigits = (value: unknown): string => digitsOnly(value, CODE_LENGTH);

/** A server message as shown under the login button: prefixed with `*` once (docs/product.md §8). */
export const starred = (message: string): string => (message.startsWith('*') ? message : `*${message}`);
