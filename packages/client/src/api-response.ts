/**
 * How the API client reads what the server sent back: the query string it sends, the envelope check,
 * the `x-` headers copied into a body, a download's file name and a refusal sent as bytes.
 */
import { type ConfirmationData, type Envelope, PAGE_HEADERS } from '@trackit/contract/envelope';
import { ERROR_CATALOGUE } from '@trackit/contract/error-codes';
import type { AxiosResponse } from 'axios';
import qs from 'qs';

export const serializeParams = (params: Record<string, unknown>): string =>
  // `ids[]=1&ids[]=2` (docs/product.md §7); brackets left readable, values encoded; null means "no filter".
  qs.stringify(params, { arrayFormat: 'brackets', encodeValuesOnly: true, skipNulls: true });

export const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const headerText = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
};

/** Copies every `x-` response header into the body; `x-total` as a number. */
export const mergeResponseHeaders = (
  body: Record<string, unknown>,
  headers: AxiosResponse['headers'],
): void => {
  for (const [rawName, rawValue] of Object.entries(headers)) {
    const name = rawName.toLowerCase();
    const value = headerText(rawValue);
    if (!name.startsWith('x-') || value === undefined) continue;
    if (name === PAGE_HEADERS.total) {
      const total = Number(value);
      body[name] = Number.isFinite(total) ? total : undefined;
    } else {
      body[name] = value;
    }
  }
};

/** The name in `attachment; filename="…"; filename*=UTF-8''…`, the RFC 5987 form first. */
export const fileNameFromDisposition = (header: string | undefined): string | undefined => {
  const encoded = header?.match(/filename\*\s*=\s*UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Malformed: the plain name below, if any.
    }
  }
  return header?.match(/filename\s*=\s*"([^"]*)"/i)?.[1] ?? header?.match(/filename\s*=\s*([^;\s]+)/i)?.[1];
};

/** A downloaded answer's bytes as JSON (a refusal's envelope), or undefined when they are not JSON. */
export const parseJsonBytes = (bytes: unknown): unknown => {
  if (!(bytes instanceof ArrayBuffer) && !ArrayBuffer.isView(bytes)) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
};

export const toPositiveInt = (value: unknown): number | undefined => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

export const readConfirmation = (data: unknown, fallback: string): ConfirmationData => {
  const record = isRecord(data) ? data : {};
  return {
    title: typeof record.title === 'string' ? record.title : ERROR_CATALOGUE.needsConfirmation.message,
    content: typeof record.content === 'string' ? record.content : fallback,
  };
};
