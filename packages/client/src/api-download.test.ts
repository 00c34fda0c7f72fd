/// <reference types="node" />
import { endpoint, raw, sessionAccess } from '@trackit/contract/endpoint';
import { idParamsSchema } from '@trackit/contract/envelope';
import { TRANSPORT_ERROR_CODE } from '@trackit/contract/error-codes';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type ApiError, createApiClient } from './api-client';
import { fileNameFromDisposition } from './api-response';
import { type StubApi, startStubApi } from './testing/stub-api';

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const card = endpoint({
  method: 'GET',
  path: '/v1/cards/:id',
  summary: 'test',
  access: sessionAccess,
  params: idParamsSchema,
  query: z.object({ ids: z.array(z.number()).optional() }),
  answer: raw(200, 'application/pdf', 'PDF'),
});

const PDF = {
  headers: {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="__-__.pdf"; filename*=UTF-8''${encodeURIComponent('模卡-刘晓阳.pdf')}`,
  },
  body: '%PDF-1.3 bytes',
};

const setup = (getAccessToken = () => 'tok-1', onSessionError?: () => Promise<'retry'>) => {
  const onErrorToast = vi.fn();
  const client = createApiClient({
    baseURL: api.baseURL,
    onErrorToast,
    getAccessToken,
    ...(onSessionError ? { onSessionError } : {}),
  });
  return { client, onErrorToast };
};

describe('download', () => {
  it('resolves the bytes, their type and the server’s name, sent with the session and the query', async () => {
    api.routes['/v1/cards/7'] = () => PDF;
    const { client } = setup();

    const file = await client.download(card, { params: { id: 7 }, query: { ids: [1, 2] } });
    expect(file.fileName).toBe('模卡-刘晓阳.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(await file.blob.text()).toBe('%PDF-1.3 bytes');
    expect(api.seen[0]).toMatchObject({
      url: '/storm_api/v1/cards/7?ids[]=1&ids[]=2',
      authorization: 'Bearer tok-1',
    });
  });

  it('rejects a refusal with its code and Chinese message, toasted unless hidden', async () => {
    api.routes['/v1/cards/7'] = () => ({
      status: 404,
      body: { code: 40400, message: '照片不存在，请从该模特的资源中选择', data: null },
    });
    const { client, onErrorToast } = setup();

    await expect(client.download(card, { params: { id: 7 } })).rejects.toMatchObject({
      code: 40400,
      status: 404,
      message: '照片不存在，请从该模特的资源中选择',
    });
    expect(onErrorToast).toHaveBeenCalledWith('照片不存在，请从该模特的资源中选择');
    await expect(client.download(card, { params: { id: 7 } }, { hideToast: true })).rejects.toMatchObject({
      code: 40400,
    });
    expect(onErrorToast).toHaveBeenCalledOnce();
  });

  it('refreshes an expired session once and downloads with the new token', async () => {
    let token = 'expired';
    api.routes['/v1/cards/7'] = (req) =>
      req.headers.authorization === 'Bearer fresh'
        ? PDF
        : { status: 401, body: { code: 10498, message: '登录已过期，请重新登录', data: null } };
    const { client } = setup(
      () => token,
      async () => {
        token = 'fresh';
        return 'retry';
      },
    );

    const file = await client.download(card, { params: { id: 7 } });
    expect(await file.blob.text()).toBe('%PDF-1.3 bytes');
    expect(api.seen.map((seen) => seen.authorization)).toEqual(['Bearer expired', 'Bearer fresh']);
  });

  it('treats an error page that is not an envelope as a network problem', async () => {
    api.routes['/v1/cards/7'] = () => ({ status: 502, body: '<html>Bad Gateway</html>' });
    const { client } = setup();

    const error: ApiError = await client.download(card, { params: { id: 7 } }).catch((caught) => caught);
    expect(error.code).toBe(TRANSPORT_ERROR_CODE);
  });

  it('reads the name from either form of Content-Disposition', () => {
    expect(fileNameFromDisposition(PDF.headers['content-disposition'])).toBe('模卡-刘晓阳.pdf');
    expect(fileNameFromDisposition('attachment; filename="models.xlsx"')).toBe('models.xlsx');
    expect(fileNameFromDisposition('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(fileNameFromDisposition('inline')).toBeUndefined();
    expect(fileNameFromDisposition(undefined)).toBeUndefined();
  });
});
