import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { openPage } from './browser';
import { countSmsCodes, readSmsCode } from './server-log';

const baseUrl = () => inject('e2eBaseUrl');

/** POST to the API (with the bearer token when given), answering the envelope. */
export async function postApi<T>(
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ code: number; data: T }> {
  const res = await fetch(`${baseUrl()}/storm_api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: T };
}

/**
 * The address a journey's member asks for codes from: one per number, as people sign in from their own
 * phones (the server trusts the loopback proxy, e2e/product-server.ts). From one address, the journeys'
 * sign-ins together would pass the product's 30 codes an hour per address (docs/product.md "Sign-in").
 */
const addressOf = (mobile: string) =>
  `10.${Number(mobile.slice(-6, -4))}.${Number(mobile.slice(-4, -2))}.${Number(mobile.slice(-2)) + 1}`;

/** Signs a number in through the API, reading the code from the server's output. */
export async function signInByApi(mobile: string): Promise<TokenPair> {
  const before = await countSmsCodes(mobile);
  const requested = await postApi('/v1/mobile_codes', { mobile }, undefined, {
    'x-forwarded-for': addressOf(mobile),
  });
  expect(requested.code, `code for ${mobile}`).toBe(0);
  const code = await readSmsCode(mobile, before);
  const signedIn = await postApi<{ token: TokenPair }>('/v1/sessions', { mobile, code }, undefined, {
    'x-forwarded-for': addressOf(mobile),
  });
  expect(signedIn.code).toBe(0);
  return signedIn.data.token;
}

/** Stores the token as the admin app does (a TRACK_IT local record that never expires). */
export async function storeToken(page: Page, token: Pick<TokenPair, 'access_token' | 'refresh_token'>) {
  await page.goto(`${baseUrl()}/admin/login`);
  await page.evaluate(
    (record) => {
      localStorage.setItem('TRACK_IT_TOKEN', JSON.stringify({ value: record, time: Date.now(), expire: -1 }));
    },
    { access_token: token.access_token, refresh_token: token.refresh_token },
  );
}

/** A page signed in with the given session, opened at an admin path. */
export async function openSignedIn(
  browser: Browser,
  token: TokenPair,
  path = '/admin',
  viewport = { width: 1440, height: 900 },
): Promise<Page> {
  const page = await openPage(browser, viewport);
  await storeToken(page, token);
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

/** Creates a folder of the session's team through the API; resolves its id. */
export async function createFolderByApi(token: TokenPair, name: string): Promise<number> {
  const created = await postApi<{ id: number }>('/v1/folders', { name }, token.access_token);
  expect(created.code).toBe(0);
  return created.data.id;
}
