/**
 * A stand-in for the server behind `globalThis.fetch`, for the share apps' tests: the pages' tests stub the
 * network, not modules.
 */
import { API_BASE_PATH } from '@trackit/contract/constants';
import { ERROR_CATALOGUE } from '@trackit/contract/error-codes';
import { SHARE_MESSAGES } from '@trackit/contract/share';
import { vi } from 'vitest';

export interface SeenCall {
  method: string;
  /** The path below /storm_api (`/v1/public/packages/…`), without the query. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface StubAnswer {
  status: number;
  body: unknown;
}

/** A route: method and path below /storm_api, and what it answers (a promise holds the answer back). */
export type StubRoute = [
  method: string,
  path: string | RegExp,
  answer: (call: SeenCall) => StubAnswer | Promise<StubAnswer>,
];

export const ok = (data: unknown): StubAnswer => ({
  status: 200,
  body: { code: 0, message: ERROR_CATALOGUE.ok.message, data },
});
/** What the server answers for an unknown, revoked or expired share id. */
export const notFound = (): StubAnswer => ({
  status: 404,
  body: { code: 40400, message: SHARE_MESSAGES.notFound, data: null },
});
export const failure = (status: number, code: number, message: string): StubAnswer => ({
  status,
  body: { code, message, data: null },
});

/**
 * Replaces `globalThis.fetch` with the given routes (the first match answers, then the first of
 * `fallbacks`, an app's answers to calls its tests need not route; anything else a 404 envelope) and
 * records every call.
 */
export function stubFetch(routes: StubRoute[], fallbacks: StubRoute[] = []): SeenCall[] {
  const seen: SeenCall[] = [];
  const all = [...routes, ...fallbacks];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: SeenCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname.startsWith(API_BASE_PATH) ? url.pathname.slice(API_BASE_PATH.length) : url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(call);
    const route = all.find(
      ([method, path]) =>
        method === call.method && (typeof path === 'string' ? path === call.path : path.test(call.path)),
    );
    const answer = route ? await route[2](call) : notFound();
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return seen;
}
