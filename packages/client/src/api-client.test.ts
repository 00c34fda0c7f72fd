/// <reference types="node" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TRANSPORT_ERROR_CODE } from '@trackit/contract/error-codes';
import { MESSAGES } from '@trackit/contract/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientOptions, ApiError, createApiClient } from './api-client';
import { type StubApi, startStubApi } from './testing/stub-api';

let api: StubApi;

beforeAll(async () => {
  api = await startStubApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const setup = (options: Partial<ApiClientOptions> = {}) => {
  const onErrorToast = vi.fn();
  const onConfirm = vi.fn();
  const client = createApiClient({
    baseURL: api.baseURL,
    onErrorToast,
    onConfirm,
    getAccessToken: () => 'tok-1',
    ...options,
  });
  return { client, onErrorToast, onConfirm };
};

describe('createApiClient', () => {
  it('resolves the envelope data of a successful call', async () => {
    api.routes['/v1/profile'] = () => ({ body: { code: 0, message: 'ok', data: { nickname: '王小明' } } });
    const { client, onErrorToast } = setup();

    await expect(client.get<{ nickname: string }>('/v1/profile')).resolves.toEqual({ nickname: '王小明' });
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it('sends JSON bodies with post, put, patch and delete', async () => {
    api.routes['/v1/things'] = (req, body) => ({
      body: { code: 0, message: '', data: { method: req.method, body } },
    });
    const { client } = setup();

    await expect(client.post('/v1/things', { a: 1 })).resolves.toEqual({ method: 'POST', body: '{"a":1}' });
    await expect(client.put('/v1/things', { a: 2 })).resolves.toEqual({ method: 'PUT', body: '{"a":2}' });
    await expect(client.patch('/v1/things', { a: 3 })).resolves.toEqual({ method: 'PATCH', body: '{"a":3}' });
    await expect(client.delete('/v1/things', { id: 4 })).resolves.toEqual({ method: 'DELETE', body: '' });
    expect(api.seen.at(-1)?.url).toBe('/storm_api/v1/things?id=4');
  });

  it('rejects a non-zero code with an ApiError and toasts the server message', async () => {
    api.routes['/v1/models/9'] = () => ({
      status: 404,
      body: { code: 40400, message: '记录不存在', data: null },
    });
    const { client, onErrorToast } = setup();

    const error = await client.get('/v1/models/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 40400, message: '记录不存在', data: null, status: 404 });
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith('记录不存在');
  });

  it('toasts 网络异常 when the server gives no message', async () => {
    api.routes['/v1/x'] = () => ({ status: 500, body: { code: 50000, message: '', data: null } });
    const { client, onErrorToast } = setup();

    await expect(client.get('/v1/x')).rejects.toMatchObject({ code: 50000, message: MESSAGES.networkError });
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith(MESSAGES.networkError);
  });

  it('does not toast with hideToast, but still rejects', async () => {
    api.routes['/v1/sessions'] = () => ({
      status: 400,
      body: { code: 40000, message: '验证码错误', data: null },
    });
    const { client, onErrorToast } = setup();

    await expect(client.post('/v1/sessions', {}, { hideToast: true })).rejects.toMatchObject({ code: 40000 });
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it('resolves the whole envelope with skipCodeCheck, without toast or session handling', async () => {
    api.routes['/v1/profile'] = () => ({
      status: 401,
      body: { code: 10401, message: '请先登录', data: null },
    });
    const onSessionError = vi.fn();
    const { client, onErrorToast } = setup({ onSessionError });

    const body = await client.request({ url: '/v1/profile', meta: { skipCodeCheck: true } });
    expect(body).toMatchObject({ code: 10401, message: '请先登录', data: null });
    expect(onErrorToast).not.toHaveBeenCalled();
    expect(onSessionError).not.toHaveBeenCalled();
  });

  it('turns a refused connection into code -9999 with 网络异常', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { client, onErrorToast } = setup({ baseURL: `http://127.0.0.1:${port}/storm_api` });

    const error = await client.get('/v1/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: TRANSPORT_ERROR_CODE, message: MESSAGES.networkError, status: 0 });
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith(MESSAGES.networkError);
  });

  it('turns a time-out into code -9999', async () => {
    api.routes['/v1/slow'] = () => ({ delay: -1, body: null });
    const { client } = setup({ timeout: 100 });

    await expect(client.get('/v1/slow', undefined, { hideToast: true })).rejects.toMatchObject({
      code: TRANSPORT_ERROR_CODE,
    });
  });

  it('treats an answer that is not an envelope as a network problem', async () => {
    api.routes['/v1/html'] = () => ({ status: 502, body: '<html>Bad Gateway</html>' });
    const { client, onErrorToast } = setup();

    await expect(client.get('/v1/html')).rejects.toMatchObject({ code: TRANSPORT_ERROR_CODE, status: 502 });
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith(MESSAGES.networkError);
  });

  it('lets an aborted call reject with its cancellation, without toast', async () => {
    api.routes['/v1/slow'] = () => ({ delay: -1, body: null });
    const { client, onErrorToast } = setup();
    const controller = new AbortController();

    const pending = client.get('/v1/slow', undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'CanceledError' });
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it('writes arrays in bracket form in the query string', async () => {
    api.routes['/v1/models'] = () => ({ body: { code: 0, message: '', data: [] } });
    const { client } = setup();

    await client.get('/v1/models', { ids: [1, 2], name: '王 小', empty: null });
    expect(api.seen[0]?.url).toBe('/storm_api/v1/models?ids[]=1&ids[]=2&name=%E7%8E%8B%20%E5%B0%8F');
  });

  it('copies x- headers into the body and reads x-total as a number', async () => {
    api.routes['/v1/models'] = () => ({
      headers: { 'x-page': '2', 'x-per-page': '10', 'x-total': '42', 'x-request-id': 'req-1', etag: 'W/"1"' },
      body: { code: 0, message: '', data: [{ id: 1 }] },
    });
    const { client } = setup();

    const body = await client.request<{ id: number }[]>({ url: '/v1/models' });
    expect(body['x-total']).toBe(42);
    expect(body).toMatchObject({ 'x-page': '2', 'x-per-page': '10', 'x-request-id': 'req-1' });
    expect(body).not.toHaveProperty('etag');

    await expect(client.getPage<{ id: number }>('/v1/models', { page: 2 })).resolves.toEqual({
      data: [{ id: 1 }],
      page: 2,
      perPage: 10,
      total: 42,
    });
  });

  it('sends the bearer header unless the call has skipAuth or there is no token', async () => {
    api.routes['/v1/ping'] = () => ({ body: { code: 0, message: '', data: null } });
    const { client } = setup();
    const anonymous = setup({ getAccessToken: () => undefined }).client;

    await client.get('/v1/ping');
    await client.get('/v1/ping', undefined, { skipAuth: true });
    await anonymous.get('/v1/ping');
    expect(api.seen.map((s) => s.authorization)).toEqual(['Bearer tok-1', undefined, undefined]);
  });

  it('opens the confirmation dialog on 30110 instead of a toast', async () => {
    api.routes['/v1/orders'] = () => ({
      body: { code: 30110, message: '请确认', data: { title: '无法删除', content: '该订单已开票' } },
    });
    const { client, onConfirm, onErrorToast } = setup();

    await expect(client.post('/v1/orders', {})).rejects.toMatchObject({ code: 30110 });
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith({ title: '无法删除', content: '该订单已开票' });
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it('re-sends a call once with the new token when the session hook answers retry', async () => {
    let token = 'expired';
    api.routes['/v1/profile'] = (req) =>
      req.headers.authorization === 'Bearer fresh'
        ? { body: { code: 0, message: '', data: { id: 1 } } }
        : { status: 401, body: { code: 10498, message: '登录已过期，请重新登录', data: null } };
    const onSessionError = vi.fn(async (_error: ApiError) => {
      token = 'fresh';
      return 'retry' as const;
    });
    const { client, onErrorToast } = setup({ getAccessToken: () => token, onSessionError });

    await expect(client.get('/v1/profile')).resolves.toEqual({ id: 1 });
    expect(onSessionError).toHaveBeenCalledOnce();
    expect(onSessionError.mock.calls[0]?.[0]).toMatchObject({ code: 10498 });
    expect(api.seen.map((s) => s.authorization)).toEqual(['Bearer expired', 'Bearer fresh']);
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it('leaves the session alone when a call sent with skipAuth is answered with a session code', async () => {
    api.routes['/v1/public'] = () => ({
      status: 401,
      body: { code: 10401, message: '请先登录', data: null },
    });
    const onSessionError = vi.fn(async () => 'retry' as const);
    const { client, onErrorToast } = setup({ onSessionError });

    await expect(client.get('/v1/public', undefined, { skipAuth: true })).rejects.toMatchObject({
      code: 10401,
    });
    expect(onSessionError).not.toHaveBeenCalled();
    expect(api.seen).toHaveLength(1);
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith('请先登录');
  });

  it('retries at most once and fails with a toast when the session stays invalid', async () => {
    api.routes['/v1/profile'] = () => ({
      status: 401,
      body: { code: 10499, message: '登录已失效', data: null },
    });
    const onSessionError = vi.fn(async () => 'retry' as const);
    const { client, onErrorToast } = setup({ onSessionError });

    await expect(client.get('/v1/profile')).rejects.toMatchObject({ code: 10499, status: 401 });
    expect(api.seen).toHaveLength(2);
    expect(onSessionError.mock.calls.map((call) => (call as unknown[])[1])).toEqual([
      { retried: false, accessToken: 'tok-1' },
      { retried: true, accessToken: 'tok-1' },
    ]);
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith('登录已失效');
  });
});
