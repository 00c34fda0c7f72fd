/**
 * The share apps' API client: fetch, no token, the envelope checked. Deliberately not the admin's axios
 * client (docs/benchmarks.md "Share pages"): the phone page must stay small, and public calls need none
 * of the session handling.
 */
import { API_BASE_PATH, API_TIMEOUT_MS } from '@trackit/contract/constants';
import type { AnswerData, CallInput, EndpointSpec } from '@trackit/contract/endpoint';
import { fillPath } from '@trackit/contract/endpoint';
import type { Envelope } from '@trackit/contract/envelope';
import { ERROR_CATALOGUE, SUCCESS_CODE, TRANSPORT_ERROR_CODE } from '@trackit/contract/error-codes';
import { MESSAGES } from '@trackit/contract/messages';

/** A public endpoint answering JSON: what the share apps may call. */
export type PublicEndpoint = EndpointSpec & {
  readonly access: { readonly kind: 'public' };
  readonly answer: { readonly kind: 'json' };
};

/** What a public call rejects with: the server's code and Chinese message, or a transport failure. */
export class PublicCallError extends Error {
  override readonly name = 'PublicCallError';
  constructor(
    message: string,
    readonly code: number,
    /** HTTP status; 0 when no answer came back. */
    readonly status: number,
  ) {
    super(message);
  }

  /** The share id is unknown, revoked or expired (or the model is not in the package). */
  get isNotFound(): boolean {
    return this.status === 404;
  }
}

function urlOf(endpoint: EndpointSpec, input: { params?: object; query?: object }): string {
  const path = `${API_BASE_PATH}${fillPath(endpoint.path, input.params as Record<string, unknown>)}`;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls a public endpoint; resolves its data or rejects with a PublicCallError (10 s time-out). */
export async function callPublic<E extends PublicEndpoint>(
  endpoint: E,
  input: CallInput<E>,
  options: { signal?: AbortSignal } = {},
): Promise<AnswerData<E>> {
  const { body } = input as { body?: unknown };
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, input as object), {
      method: endpoint.method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new PublicCallError(MESSAGES.networkError, TRANSPORT_ERROR_CODE, 0);
  }
  let envelope: Envelope<AnswerData<E>> | undefined;
  try {
    envelope = (await response.json()) as Envelope<AnswerData<E>>;
  } catch {
    envelope = undefined;
  }
  if (!envelope || typeof envelope.code !== 'number') {
    throw new PublicCallError(MESSAGES.systemError, ERROR_CATALOGUE.systemError.code, response.status);
  }
  if (envelope.code !== SUCCESS_CODE) {
    throw new PublicCallError(envelope.message || MESSAGES.systemError, envelope.code, response.status);
  }
  return envelope.data;
}

/**
 * Sends a public POST that must survive the page going away (a view's visible time on `pagehide`):
 * `sendBeacon` where it exists, else a keep-alive fetch. Never throws; the answer is not read.
 */
export function beaconPublic<E extends PublicEndpoint>(endpoint: E, input: CallInput<E>): void {
  const url = urlOf(endpoint, input as object);
  const body = JSON.stringify((input as { body?: unknown }).body ?? null);
  try {
    if (navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // fall through to fetch
  }
  void fetch(url, {
    method: endpoint.method,
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined);
}
