/// <reference types="node" />
import { endpoint, json, sessionAccess } from '@trackit/contract/endpoint';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient } from './api-client';
import { type StubApi, startStubApi } from './testing/stub-api';

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const importFile = endpoint({
  method: 'POST',
  path: '/v1/things/import',
  summary: 'test',
  access: sessionAccess,
  query: z.object({ dry_run: z.enum(['true', 'false']).optional() }),
  rawBody: true,
  answer: json(z.object({ rows: z.number() })),
});

describe('upload', () => {
  it('sends the file as the body, with its type, the query and the session; resolves the data', async () => {
    let contentType: string | undefined;
    api.routes['/v1/things/import'] = (req, body) => {
      contentType = req.headers['content-type'];
      return { body: { code: 0, message: '成功', data: { rows: body.length } } };
    };
    const client = createApiClient({ baseURL: api.baseURL, getAccessToken: () => 'tok-1' });
    const file = new Blob(['a,b,c'], { type: 'text/csv' });
    await expect(client.upload(importFile, file, { query: { dry_run: 'true' } })).resolves.toEqual({
      rows: 5,
    });
    expect(contentType).toBe('text/csv');
    expect(api.seen[0]).toMatchObject({
      url: '/storm_api/v1/things/import?dry_run=true',
      authorization: 'Bearer tok-1',
    });
  });

  it('rejects with the server’s message, toasted, like any call', async () => {
    api.routes['/v1/things/import'] = () => ({
      status: 400,
      body: { code: 40000, message: '无法读取该文件', data: null },
    });
    const onErrorToast = vi.fn();
    const client = createApiClient({ baseURL: api.baseURL, onErrorToast });
    const failure = client.upload(importFile, new Blob(['x']));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 40000, message: '无法读取该文件' });
    expect(onErrorToast).toHaveBeenCalledWith('无法读取该文件');
    expect(api.seen[0]?.body).toBe('x');
  });
});
