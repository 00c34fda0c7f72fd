/// <reference types="node" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  endpoint,
  type HttpMethod,
  json,
  page,
  publicAccess,
  sessionAccess,
} from '@trackit/contract/endpoint';
import { pageQuerySchema } from '@trackit/contract/envelope';
import { TRANSPORT_ERROR_CODE } from '@trackit/contract/error-codes';
import { MESSAGES } from '@trackit/contract/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
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

/** A GET of an arbitrary path on the stub server, answering anything. */
const getOf = (path: string) =>
  endpoint({ method: 'GET', path, summary: 'test', access: sessionAccess, answer: json(z.unknown()) });

/** A call with a JSON body, answering anything. */
const sendOf = (method: Exclude<HttpMethod, 'GET'>, path: string) =>
  endpoint({
    method,
    path,
    summary: 'test',
    access: sessionAccess,
    body: z.unknown(),
    answer: json(z.unknown()),
  });

const modelQuery = z.object({
  ids: z.array(z.number()).optional(),
  name: z.string().optional(),
  empty: z.string().nullable().optional(),
});

const listModels = endpoint({
  method: 'GET',
  path: '/v1/models',
  summary: 'test',
  access: sessionAccess,
  query: modelQuery,
  answer: json(z.array(z.object({ id: z.number() }))),
});

const pageModels = endpoint({
  method: 'GET',
  path: '/v1/models',
  summary: 'test',
  access: sessionAccess,
  query: pageQuerySchema,
  answer: page(z.object({ id: z.number() })),
});

const thing = endpoint({
  method: 'GET',
  path: '/v1/things/:id',
  summary: 'test',
  access: sessionAccess,
  params: z.object({ id: z.string() }),
  answer: json(z.unknown()),
});

const thingFiles = endpoint({
  method: 'GET',
  path: '/v1/things/:id/files/:fileId',
  summary: 'test',
  access: sessionAccess,
  params: z.object({ id: z.number(), fileId: z.string() }),
  answer: json(z.unknown()),
});

const blob = endpoint({
  method: 'GET',
  path: '/v1/blobs/*',
  summary: 'test',
  access: publicAccess,
  params: z.object({ '*': z.string() }),
  answer: json(z.unknown()),
});

/** Routes the given paths (as sent, percent-encoded) to a successful answer of the address received. */
const answerAt = (...paths: string[]) => {
  for (const path of paths) api.routes[path] = (req) => ({ body: { code: 0, message: '', data: req.url } });
};

describe('createApiClient', () => {
  it('resolves the envelope data of a successful call', async () => {
    api.routes['/v1/profile'] = () => ({ body: { code: 0, message: 'ok', data: { nickname: '王小明' } } });
    const profile = endpoint({
      method: 'GET',
      path: '/v1/profile',
      summary: 'test',
      access: sessionAccess,
      answer: json(z.object({ nickname: z.string() })),
    });
    const { client, onErrorToast } = setup();

    const data = await client.call(profile);
    expect(data).toEqual({ nickname: '王小明' });
    expect(data.nickname).toBe('王小明');
    expect(api.seen[0]).toMatchObject({ method: 'GET', url: '/storm_api/v1/profile' });
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it('sends JSON bodies with post, put, patch and delete, each with its endpoint’s method', async () => {
    api.routes['/v1/things'] = (req, body) => ({
      body: { code: 0, message: '', data: { method: req.method, body } },
    });
    const { client } = setup();

    await expect(client.call(sendOf('POST', '/v1/things'), { body: { a: 1 } })).resolves.toEqual({
      method: 'POST',
      body: '{"a":1}',
    });
    await expect(client.call(sendOf('PUT', '/v1/things'), { body: { a: 2 } })).resolves.toEqual({
      method: 'PUT',
      body: '{"a":2}',
    });
    await expect(client.call(sendOf('PATCH', '/v1/things'), { body: { a: 3 } })).resolves.toEqual({
      method: 'PATCH',
      body: '{"a":3}',
    });
    await expect(client.call(sendOf('DELETE', '/v1/things'), { body: { a: 4 } })).resolves.toEqual({
      method: 'DELETE',
      body: '{"a":4}',
    });
    expect(api.seen.map((s) => s.url)).toEqual(Array.from({ length: 4 }, () => '/storm_api/v1/things'));
  });

  it('sends the query string, not a body, for a GET and for a DELETE that declares a query', async () => {
    api.routes['/v1/things'] = (req, body) => ({
      body: { code: 0, message: '', data: { method: req.method, body } },
    });
    const query = z.object({ id: z.number() });
    const find = endpoint({
      method: 'GET',
      path: '/v1/things',
      summary: 'test',
      access: sessionAccess,
      query,
      answer: json(z.unknown()),
    });
    const remove = endpoint({
      method: 'DELETE',
      path: '/v1/things',
      summary: 'test',
      access: sessionAccess,
      query,
      answer: json(z.unknown()),
    });
    const { client } = setup();

    await expect(client.call(find, { query: { id: 3 } })).resolves.toEqual({ method: 'GET', body: '' });
    expect(api.seen.at(-1)?.url).toBe('/storm_api/v1/things?id=3');
    await expect(client.call(remove, { query: { id: 4 } })).resolves.toEqual({ method: 'DELETE', body: '' });
    expect(api.seen.at(-1)?.url).toBe('/storm_api/v1/things?id=4');
  });

  it('rejects a non-zero code with an ApiError and toasts the server message', async () => {
    api.routes['/v1/models/9'] = () => ({
      status: 404,
      body: { code: 40400, message: '记录不存在', data: null },
    });
    const { client, onErrorToast } = setup();

    const error = await client.call(getOf('/v1/models/9')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 40400, message: '记录不存在', data: null, status: 404 });
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith('记录不存在');
  });

  it('toasts 网络异常 when the server gives no message', async () => {
    api.routes['/v1/x'] = () => ({ status: 500, body: { code: 50000, message: '', data: null } });
    const { client, onErrorToast } = setup();

    await expect(client.call(getOf('/v1/x'))).rejects.toMatchObject({
      code: 50000,
      message: MESSAGES.networkError,
    });
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith(MESSAGES.networkError);
  });

  it('does not toast with hideToast, but still rejects', async () => {
    api.routes['/v1/sessions'] = () => ({
      status: 400,
      body: { code: 40000, message: '验证码错误', data: null },
    });
    const signIn = endpoint({
      method: 'POST',
      path: '/v1/sessions',
      summary: 'test',
      access: publicAccess,
      body: z.object({}),
      answer: json(z.unknown()),
    });
    const { client, onErrorToast } = setup();

    await expect(client.call(signIn, { body: {} }, { hideToast: true })).rejects.toMatchObject({
      code: 40000,
    });
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it('resolves the whole envelope with skipCodeCheck, without toast or session handling', async () => {
    api.routes['/v1/profile'] = () => ({
      status: 401,
      body: { code: 10401, message: '请先登录', data: null },
    });
    const onSessionError = vi.fn();
    const { client, onErrorToast } = setup({ onSessionError });

    const body = await client.callEnvelope(getOf('/v1/profile'), undefined, { skipCodeCheck: true });
    expect(body).toMatchObject({ code: 10401, message: '请先登录', data: null });
    expect(onErrorToast).not.toHaveBeenCalled();
    expect(onSessionError).not.toHaveBeenCalled();
    expect(api.seen).toHaveLength(1);
  });

  it('callEnvelope resolves a refusal with its x- headers under skipCodeCheck, and rejects it without', async () => {
    api.routes['/v1/direct_uploads'] = () => ({
      status: 400,
      headers: { 'x-request-id': 'req-7' },
      body: { code: 10400, message: '不支持的文件类型', data: { fields: {} } },
    });
    const announce = sendOf('POST', '/v1/direct_uploads');
    const { client, onErrorToast, onConfirm } = setup();

    await expect(
      client.callEnvelope(announce, { body: { filename: 'a.exe' } }, { skipCodeCheck: true }),
    ).resolves.toEqual({
      code: 10400,
      message: '不支持的文件类型',
      data: { fields: {} },
      'x-request-id': 'req-7',
    });
    expect(api.seen[0]).toMatchObject({ method: 'POST', body: '{"filename":"a.exe"}' });
    expect(onErrorToast).not.toHaveBeenCalled();

    const error = await client.callEnvelope(announce, { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 10400, status: 400, requestId: 'req-7' });
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith('不支持的文件类型');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('turns a refused connection into code -9999 with 网络异常', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { client, onErrorToast } = setup({ baseURL: `http://127.0.0.1:${port}/storm_api` });

    const error = await client.call(getOf('/v1/profile')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: TRANSPORT_ERROR_CODE, message: MESSAGES.networkError, status: 0 });
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith(MESSAGES.networkError);
  });

  it('turns a time-out into code -9999', async () => {
    api.routes['/v1/slow'] = () => ({ delay: -1, body: null });
    const { client } = setup({ timeout: 100 });

    await expect(client.call(getOf('/v1/slow'), undefined, { hideToast: true })).rejects.toMatchObject({
      code: TRANSPORT_ERROR_CODE,
    });
  });

  it('treats an answer that is not an envelope as a network problem', async () => {
    api.routes['/v1/html'] = () => ({ status: 502, body: '<html>Bad Gateway</html>' });
    const { client, onErrorToast } = setup();

    await expect(client.call(getOf('/v1/html'))).rejects.toMatchObject({
      code: TRANSPORT_ERROR_CODE,
      status: 502,
    });
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith(MESSAGES.networkError);
  });

  it('lets an aborted call reject with its cancellation, without toast', async () => {
    api.routes['/v1/slow'] = () => ({ delay: -1, body: null });
    const { client, onErrorToast } = setup();
    const controller = new AbortController();

    const pending = client.call(getOf('/v1/slow'), undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'CanceledError' });
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it('writes arrays in bracket form in the query string', async () => {
    api.routes['/v1/models'] = () => ({ body: { code: 0, message: '', data: [] } });
    const { client } = setup();

    await client.call(listModels, { query: { ids: [1, 2], name: '王 小', empty: null } });
    expect(api.seen[0]?.url).toBe('/storm_api/v1/models?ids[]=1&ids[]=2&name=%E7%8E%8B%20%E5%B0%8F');
  });

  it('copies x- headers into the body and reads x-total as a number', async () => {
    api.routes['/v1/models'] = () => ({
      headers: { 'x-page': '2', 'x-per-page': '10', 'x-total': '42', 'x-request-id': 'req-1', etag: 'W/"1"' },
      body: { code: 0, message: '', data: [{ id: 1 }] },
    });
    const { client } = setup();

    const body = await client.callEnvelope(listModels);
    expect(body['x-total']).toBe(42);
    expect(body).toMatchObject({ 'x-page': '2', 'x-per-page': '10', 'x-request-id': 'req-1' });
    expect(body).not.toHaveProperty('etag');
    expect(body.data).toEqual([{ id: 1 }]);

    await expect(client.call(pageModels, { query: { page: 2 } })).resolves.toEqual({
      data: [{ id: 1 }],
      page: 2,
      perPage: 10,
      total: 42,
    });
  });

  it('sends the bearer header unless the call has skipAuth or there is no token', async () => {
    api.routes['/v1/ping'] = () => ({ body: { code: 0, message: '', data: null } });
    const ping = getOf('/v1/ping');
    const { client } = setup();
    const anonymous = setup({ getAccessToken: () => undefined }).client;

    await client.call(ping);
    await client.call(ping, undefined, { skipAuth: true });
    await anonymous.call(ping);
    expect(api.seen.map((s) => s.authorization)).toEqual(['Bearer tok-1', undefined, undefined]);
  });

  it('calls a public endpoint without the token, and its session codes start no refresh', async () => {
    api.routes['/v1/open'] = () => ({ status: 401, body: { code: 10401, message: '请先登录', data: null } });
    const open = endpoint({
      method: 'GET',
      path: '/v1/open',
      summary: 'test',
      access: publicAccess,
      answer: json(z.unknown()),
    });
    const onSessionError = vi.fn();
    const { client } = setup({ onSessionError });
    await expect(client.call(open, undefined, { hideToast: true })).rejects.toMatchObject({ code: 10401 });
    expect(api.seen.map((s) => s.authorization)).toEqual([undefined]);
    expect(onSessionError).not.toHaveBeenCalled();
  });

  it('opens the confirmation dialog on 30110 instead of a toast', async () => {
    api.routes['/v1/orders'] = () => ({
      body: { code: 30110, message: '请确认', data: { title: '无法删除', content: '该订单已开票' } },
    });
    const { client, onConfirm, onErrorToast } = setup();

    await expect(client.call(sendOf('POST', '/v1/orders'), { body: {} })).rejects.toMatchObject({
      code: 30110,
    });
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

    await expect(client.call(getOf('/v1/profile'))).resolves.toEqual({ id: 1 });
    expect(onSessionError).toHaveBeenCalledOnce();
    expect(onSessionError.mock.calls[0]?.[0]).toMatchObject({ code: 10498 });
    expect(api.seen.map((s) => s.authorization)).toEqual(['Bearer expired', 'Bearer fresh']);
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it('re-sends a retried call with the same method, path, query and body', async () => {
    let token = 'expired';
    api.routes['/v1/things/7'] = (req, body) =>
      req.headers.authorization === 'Bearer fresh'
        ? { body: { code: 0, message: '', data: { method: req.method, url: req.url, body } } }
        : { status: 401, body: { code: 10498, message: '登录已过期，请重新登录', data: null } };
    const update = endpoint({
      method: 'PATCH',
      path: '/v1/things/:id',
      summary: 'test',
      access: sessionAccess,
      params: z.object({ id: z.number() }),
      query: z.object({ ids: z.array(z.number()) }),
      body: z.object({ name: z.string() }),
      answer: json(z.unknown()),
    });
    const { client } = setup({
      getAccessToken: () => token,
      onSessionError: async () => {
        token = 'fresh';
        return 'retry' as const;
      },
    });

    await expect(
      client.call(update, { params: { id: 7 }, query: { ids: [1, 2] }, body: { name: '王' } }),
    ).resolves.toEqual({
      method: 'PATCH',
      url: '/storm_api/v1/things/7?ids[]=1&ids[]=2',
      body: '{"name":"王"}',
    });
    expect(api.seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['PATCH', '/storm_api/v1/things/7?ids[]=1&ids[]=2', '{"name":"王"}'],
      ['PATCH', '/storm_api/v1/things/7?ids[]=1&ids[]=2', '{"name":"王"}'],
    ]);
  });

  it('leaves the session alone when a call sent with skipAuth is answered with a session code', async () => {
    api.routes['/v1/public'] = () => ({
      status: 401,
      body: { code: 10401, message: '请先登录', data: null },
    });
    const onSessionError = vi.fn(async () => 'retry' as const);
    const { client, onErrorToast } = setup({ onSessionError });

    await expect(client.call(getOf('/v1/public'), undefined, { skipAuth: true })).rejects.toMatchObject({
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

    await expect(client.call(getOf('/v1/profile'))).rejects.toMatchObject({ code: 10499, status: 401 });
    expect(api.seen).toHaveLength(2);
    expect(onSessionError.mock.calls.map((call) => (call as unknown[])[1])).toEqual([
      { retried: false, accessToken: 'tok-1' },
      { retried: true, accessToken: 'tok-1' },
    ]);
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith('登录已失效');
  });
});

describe('call: path parameters', () => {
  it('fills named parameters, each URL-encoded as one segment', async () => {
    const report = `/v1/things/12/files/${encodeURIComponent('报告?v=1#2')}`;
    answerAt('/v1/things/a%20b%2Fc', report, '/v1/things/0');
    const { client } = setup();

    await expect(client.call(thing, { params: { id: 'a b/c' } })).resolves.toBe(
      '/storm_api/v1/things/a%20b%2Fc',
    );
    await expect(client.call(thingFiles, { params: { id: 12, fileId: '报告?v=1#2' } })).resolves.toBe(
      `/storm_api${report}`,
    );
    await expect(client.call(thing, { params: { id: '0' } })).resolves.toBe('/storm_api/v1/things/0');
    expect(report).toBe('/v1/things/12/files/%E6%8A%A5%E5%91%8A%3Fv%3D1%232');
    expect(api.seen.map((s) => s.path)).toEqual(['/v1/things/a%20b%2Fc', report, '/v1/things/0']);
  });

  it('keeps the slashes of a trailing wildcard and encodes each of its segments', async () => {
    const key = `/v1/blobs/ab/cd/${encodeURIComponent('我的 照片.png')}`;
    answerAt(key);
    const { client } = setup();

    await expect(
      client.call(blob, { params: { '*': 'ab/cd/我的 照片.png' } }, { skipAuth: true }),
    ).resolves.toBe(`/storm_api${key}`);
    expect(api.seen.map((s) => s.path)).toEqual([key]);
    expect(api.seen[0]?.authorization).toBeUndefined();
  });

  it('rejects a call missing a path parameter before sending anything', async () => {
    const { client, onErrorToast } = setup();

    // @ts-expect-error `id` is required by the endpoint's params
    await expect(client.call(thing, { params: {} })).rejects.toThrow('missing path parameter id');
    // @ts-expect-error the endpoint declares params
    await expect(client.call(thing)).rejects.toThrow(TypeError);
    await expect(client.call(blob, { params: { '*': '' } })).rejects.toThrow('missing path parameter *');
    await expect(
      // @ts-expect-error `fileId` is required
      client.callEnvelope(thingFiles, { params: { id: 1 } }, { skipCodeCheck: true }),
    ).rejects.toThrow('missing path parameter fileId for /v1/things/:id/files/:fileId');
    expect(api.seen).toHaveLength(0);
    expect(onErrorToast).not.toHaveBeenCalled();
  });
});

describe('call: paged lists', () => {
  it('resolves a Page with page, perPage and total from the x- headers', async () => {
    api.routes['/v1/models'] = () => ({
      headers: { 'x-page': '3', 'x-per-page': '2', 'x-total': '7' },
      body: { code: 0, message: '', data: [{ id: 5 }, { id: 6 }] },
    });
    const { client } = setup();

    const result = await client.call(pageModels, { query: { page: 3, per_page: 2 } });
    expect(result).toEqual({ data: [{ id: 5 }, { id: 6 }], page: 3, perPage: 2, total: 7 });
    expect(result.data[0]?.id).toBe(5);
    expect(api.seen[0]?.url).toBe('/storm_api/v1/models?page=3&per_page=2');
  });

  it('falls back to page 1, the default page size and the item count without headers', async () => {
    api.routes['/v1/models'] = () => ({ body: { code: 0, message: '', data: [{ id: 1 }, { id: 2 }] } });
    const { client } = setup();

    await expect(client.call(pageModels)).resolves.toEqual({
      data: [{ id: 1 }, { id: 2 }],
      page: 1,
      perPage: 20,
      total: 2,
    });
  });

  it('resolves the answer’s data as it is for a json endpoint, even with paging headers', async () => {
    api.routes['/v1/models'] = () => ({
      headers: { 'x-page': '2', 'x-per-page': '10', 'x-total': '42' },
      body: { code: 0, message: '', data: [{ id: 1 }] },
    });
    const { client } = setup();

    await expect(client.call(listModels)).resolves.toEqual([{ id: 1 }]);
  });
});
