/// <reference types="node" />

import { endpoint, json, sessionAccess } from '@trackit/contract/endpoint';
import { profileEndpoints } from '@trackit/contract/profile.endpoints';
import { sessionEndpoints } from '@trackit/contract/session.endpoints';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ApiClient } from './api-client';
import { createSessionApiClient } from './session-manager';
import { createLocalStore } from './storage';
import { type StubAnswer, type StubApi, type StubRoute, startStubApi } from './testing/stub-api';
import { createTokenStore, type TokenStore } from './token-store';

let stub: StubApi;

beforeAll(async () => {
  stub = await startStubApi();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

/** An in-memory Web Storage, so the token store runs in Node beside a real HTTP server. */
const memoryStorage = (): Storage => {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, String(value));
    },
  };
};

const expired = { status: 401, body: { code: 10498, message: '登录已过期，请重新登录', data: null } };
const ok = (data: unknown) => ({ body: { code: 0, message: '', data } });

/** GET /v1/profile accepts only the given access token. */
const profileAccepting = (accessToken: string): StubRoute => {
  return (req) => (req.headers.authorization === `Bearer ${accessToken}` ? ok({ id: 1 }) : expired);
};

const refreshAnswering = (answer: StubAnswer): StubRoute => {
  return () => answer;
};

const calls = (path: string) => stub.seen.filter((s) => s.path === path);

/** The contract's endpoints the tests go through: GET /v1/profile and POST /v1/sessions/refresh. */
const profile = profileEndpoints.get;
const PROFILE = profile.path;
const REFRESH = sessionEndpoints.refresh.path;

/** A call that answers late, so it can fail after a refresh finished. */
const slow = endpoint({
  method: 'GET',
  path: '/v1/slow',
  summary: 'test',
  access: sessionAccess,
  answer: json(z.unknown()),
});

interface Setup {
  api: ApiClient;
  tokens: TokenStore;
  onSignedOut: ReturnType<typeof vi.fn>;
  onErrorToast: ReturnType<typeof vi.fn>;
}

const setup = (initial?: { access_token: string; refresh_token: string }): Setup => {
  const tokens = createTokenStore({ store: createLocalStore(undefined, { storage: memoryStorage() }) });
  if (initial) tokens.set(initial);
  const onSignedOut = vi.fn();
  const onErrorToast = vi.fn();
  const api = createSessionApiClient({ baseURL: stub.baseURL, tokens, onSignedOut, onErrorToast });
  return { api, tokens, onSignedOut, onErrorToast };
};

describe('the session manager', () => {
  it('refreshes once for five concurrent calls answered 10498 and re-sends all five with the new token', async () => {
    stub.routes[PROFILE] = profileAccepting('access-2');
    stub.routes[REFRESH] = refreshAnswering({
      delay: 50,
      body: {
        code: 0,
        message: '',
        data: { access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 7200 },
      },
    });
    const { api, tokens, onSignedOut, onErrorToast } = setup({
      access_token: 'access-1',
      refresh_token: 'refresh-1',
    });

    const results = await Promise.all(Array.from({ length: 5 }, () => api.call(profile)));

    expect(results).toEqual(Array.from({ length: 5 }, () => ({ id: 1 })));
    const refreshes = calls(REFRESH);
    expect(refreshes).toHaveLength(1);
    // The refresh goes out as the contract declares it, with no query string.
    expect(refreshes[0]?.method).toBe(sessionEndpoints.refresh.method);
    expect(refreshes[0]?.url).toBe(`/storm_api${REFRESH}`);
    expect(JSON.parse(refreshes[0]?.body ?? '')).toEqual({ refresh_token: 'refresh-1' });
    expect(refreshes[0]?.authorization).toBeUndefined();
    const profiles = calls(PROFILE).map((s) => s.authorization);
    expect(profiles.filter((a) => a === 'Bearer access-1')).toHaveLength(5);
    expect(profiles.filter((a) => a === 'Bearer access-2')).toHaveLength(5);
    expect(tokens.get()).toEqual({ access_token: 'access-2', refresh_token: 'refresh-2' });
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it('re-sends a call that failed after the refresh finished, without refreshing again', async () => {
    stub.routes[PROFILE] = profileAccepting('access-2');
    stub.routes[slow.path] = () => ({ ...expired, delay: 300 });
    stub.routes[REFRESH] = refreshAnswering(
      ok({ access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 7200 }),
    );
    const { api } = setup({ access_token: 'access-1', refresh_token: 'refresh-1' });

    const late = api.call(slow, undefined, { hideToast: true }).catch((e: unknown) => e);
    await api.call(profile);
    stub.routes[slow.path] = profileAccepting('access-2');

    await expect(late).resolves.toEqual({ id: 1 });
    expect(calls(REFRESH)).toHaveLength(1);
  });

  it('clears the token and signs out exactly once when the refresh is refused', async () => {
    stub.routes[PROFILE] = profileAccepting('never');
    stub.routes[REFRESH] = refreshAnswering({
      delay: 30,
      status: 401,
      body: { code: 10499, message: '登录已失效，请重新登录', data: null },
    });
    const { api, tokens, onSignedOut } = setup({ access_token: 'access-1', refresh_token: 'refresh-1' });

    const results = await Promise.allSettled(
      Array.from({ length: 3 }, () => api.call(profile, undefined, { hideToast: true })),
    );

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(results[0]).toMatchObject({ reason: { code: 10498 } });
    expect(calls(REFRESH)).toHaveLength(1);
    // No loop: each call went out once and was not re-sent.
    expect(calls(PROFILE)).toHaveLength(3);
    expect(tokens.get()).toBeUndefined();
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it('signs out without a refresh call when there is no refresh token', async () => {
    stub.routes[PROFILE] = () => ({
      status: 401,
      body: { code: 10401, message: '请先登录', data: null },
    });
    const { api, onSignedOut, onErrorToast } = setup();

    await expect(api.call(profile)).rejects.toMatchObject({ code: 10401 });
    await expect(api.call(profile)).rejects.toMatchObject({ code: 10401 });

    expect(calls(REFRESH)).toHaveLength(0);
    expect(stub.seen[0]?.authorization).toBeUndefined();
    expect(onSignedOut).toHaveBeenCalledOnce();
    expect(onErrorToast).toHaveBeenCalledWith('请先登录');
  });

  it('signs out when the call is refused again with the fresh token, without a second refresh', async () => {
    stub.routes[PROFILE] = () => ({
      status: 401,
      body: { code: 10499, message: '登录已失效', data: null },
    });
    stub.routes[REFRESH] = refreshAnswering(
      ok({ access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 7200 }),
    );
    const { api, tokens, onSignedOut } = setup({ access_token: 'access-1', refresh_token: 'refresh-1' });

    await expect(api.call(profile, undefined, { hideToast: true })).rejects.toMatchObject({
      code: 10499,
    });

    expect(calls(REFRESH)).toHaveLength(1);
    expect(calls(PROFILE).map((s) => s.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(tokens.get()).toBeUndefined();
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    stub.routes[PROFILE] = () => expired;
    stub.routes[REFRESH] = refreshAnswering({
      status: 503,
      body: { code: 50300, message: '服务暂不可用，请稍后再试', data: null },
    });
    const session = { access_token: 'access-1', refresh_token: 'refresh-1' };
    const { api, tokens, onSignedOut } = setup(session);

    await expect(api.call(profile, undefined, { hideToast: true })).rejects.toMatchObject({
      code: 10498,
    });

    expect(tokens.get()).toEqual(session);
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('signs out again after a new sign-in ends', async () => {
    stub.routes[PROFILE] = () => ({
      status: 401,
      body: { code: 10401, message: '请先登录', data: null },
    });
    stub.routes[REFRESH] = refreshAnswering({
      status: 401,
      body: { code: 10499, message: '登录已失效', data: null },
    });
    const { api, tokens, onSignedOut } = setup();

    await api.call(profile, undefined, { hideToast: true }).catch(() => undefined);
    tokens.set({ access_token: 'access-1', refresh_token: 'refresh-1' });
    await api.call(profile, undefined, { hideToast: true }).catch(() => undefined);

    expect(onSignedOut).toHaveBeenCalledTimes(2);
  });
});
