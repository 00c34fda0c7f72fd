import { endpoint, json, page, publicAccess } from '@trackit/contract/endpoint';
import { pageQuerySchema } from '@trackit/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { nobodyAccess } from '../test/nobody-access';
import { AppError } from './app-error';
import { registerEndpoints } from './endpoint-router';

/** Probes of the HTTP layer, declared and registered the way every endpoint of the map is. */
const probes = {
  echo: endpoint({
    method: 'POST',
    path: '/echo',
    summary: '回显',
    access: publicAccess,
    body: z.object({ name: z.string().min(1).max(5), age: z.number().int().positive() }),
    answer: json(z.object({ name: z.string(), age: z.number() })),
  }),
  items: endpoint({
    method: 'GET',
    path: '/items',
    summary: '分页',
    access: publicAccess,
    query: pageQuerySchema.extend({ ids: z.array(z.coerce.number<number>().int()).optional() }),
    answer: page(z.object({ id: z.number() })),
  }),
  ids: endpoint({
    method: 'GET',
    path: '/ids',
    summary: '数组参数',
    access: publicAccess,
    query: z.object({ ids: z.array(z.string()) }),
    answer: json(z.array(z.string())),
  }),
  boom: endpoint({
    method: 'GET',
    path: '/boom',
    summary: '异常',
    access: publicAccess,
    answer: json(z.null()),
  }),
  limited: endpoint({
    method: 'GET',
    path: '/limited',
    summary: '限流',
    access: publicAccess,
    answer: json(z.null()),
  }),
  confirm: endpoint({
    method: 'GET',
    path: '/confirm',
    summary: '确认',
    access: publicAccess,
    answer: json(z.null()),
  }),
};

describe('API conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ BODY_LIMIT_BYTES: '2048' }, (scope) =>
      registerEndpoints(
        scope,
        probes,
        {
          echo: async ({ body }) => body,
          items: async ({ query }) => {
            const all = Array.from({ length: 45 }, (_, i) => ({ id: i + 1 }));
            const start = (query.page - 1) * query.per_page;
            return { items: all.slice(start, start + query.per_page), total: all.length };
          },
          ids: async ({ query }) => query.ids,
          boom: async () => {
            throw new Error('relation "secret_table" does not exist at pg.query');
          },
          limited: async () => {
            throw new AppError('tooManyRequests', {
              message: '请 42 秒后再试',
              headers: { 'retry-after': '42' },
            });
          },
          confirm: async () => {
            throw new AppError('needsConfirmation', { data: { title: '确认', content: '继续吗？' } });
          },
        },
        nobodyAccess,
      ),
    );
  });
  afterAll(() => t.close());

  it('wraps a success in the envelope with code 0', async () => {
    const res = await t.request('POST', '/storm_api/test/echo', { body: { name: 'Lily', age: 20 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, message: '成功', data: { name: 'Lily', age: 20 } });
  });

  it('answers an unknown API path with HTTP 404 and a non-zero code', async () => {
    for (const url of ['/storm_api/v1/no_such_thing', '/storm_api/nope', '/storm_api']) {
      const res = await t.request('GET', url);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(40401);
      expect(res.body.message).toBe('接口不存在');
    }
  });

  it('refuses bad input with per-field Chinese messages', async () => {
    const res = await t.request<{ fields: Record<string, string> }>('POST', '/storm_api/test/echo', {
      body: { name: 'much too long', age: -1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40001);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['age', 'name']);
    expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    for (const message of Object.values(res.body.data.fields)) expect(message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await t.request('POST', '/storm_api/test/echo', {
      rawBody: '{"name": "Li',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40002);
    expect(res.body.message).toBe('请求内容不是有效的 JSON');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.request('POST', '/storm_api/test/echo', { body: { name: 'x'.repeat(5000), age: 1 } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(41300);
  });

  it('pages lists with x-page, x-per-page and x-total headers', async () => {
    const res = await t.request<{ id: number }[]>('GET', '/storm_api/test/items?page=3&per_page=20');
    expect(res.body.code).toBe(0);
    expect(res.body.data.map((row) => row.id)).toEqual([41, 42, 43, 44, 45]);
    expect(res.headers.get('x-page')).toBe('3');
    expect(res.headers.get('x-per-page')).toBe('20');
    expect(res.headers.get('x-total')).toBe('45');
    expect(res.headers.get('access-control-expose-headers')).toContain('x-total');
  });

  it('defaults to 20 a page and refuses more than 100', async () => {
    const defaults = await t.request<unknown[]>('GET', '/storm_api/test/items');
    expect(defaults.body.data).toHaveLength(20);
    const tooMany = await t.request('GET', '/storm_api/test/items?per_page=101');
    expect(tooMany.status).toBe(400);
    const zero = await t.request('GET', '/storm_api/test/items?page=0');
    expect(zero.status).toBe(400);
  });

  it('reads array parameters in bracket form', async () => {
    const res = await t.request<string[]>('GET', '/storm_api/test/ids?ids[]=1&ids[]=2&ids[]=3');
    expect(res.body.data).toEqual(['1', '2', '3']);
    const encoded = await t.request<string[]>('GET', '/storm_api/test/ids?ids%5B%5D=7&ids%5B%5D=8');
    expect(encoded.body.data).toEqual(['7', '8']);
  });

  it('hides unexpected errors behind 系统异常 and gives the request id', async () => {
    const res = await t.request('GET', '/storm_api/test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 50000, message: '系统异常', data: null });
    expect(JSON.stringify(res.body)).not.toContain('secret_table');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('maps thrown AppErrors to their status, code and headers', async () => {
    const limited = await t.request('GET', '/storm_api/test/limited');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(42900);
    expect(limited.body.message).toBe('请 42 秒后再试');
    expect(limited.headers.get('retry-after')).toBe('42');
    const confirm = await t.request<{ title: string; content: string }>('GET', '/storm_api/test/confirm');
    expect(confirm.body.code).toBe(30110);
    expect(confirm.body.data).toEqual({ title: '确认', content: '继续吗？' });
  });

  it('gives every answer its own request id, ignoring one sent by the client', async () => {
    const a = await t.request('GET', '/storm_api/v1/configs', { headers: { 'x-request-id': 'forged' } });
    const b = await t.request('GET', '/storm_api/v1/configs');
    expect(a.headers.get('x-request-id')).not.toBe('forged');
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('sends security headers on API answers and errors alike', async () => {
    for (const url of ['/storm_api/v1/configs', '/storm_api/v1/missing']) {
      const res = await t.request('GET', url);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('compresses large JSON answers', async () => {
    const res = await fetch(`${t.baseUrl}/storm_api/v1/countries`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = (await res.json()) as { code: number };
    expect(body.code).toBe(0);
  });
});
