import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import { PLACE_TIMEOUT_MS, type PlaceDeps, searchPlaces } from './place.service';

const KEY = 'secret-map-key-0123456789';

/** A stand-in for the provider: answers with what the test sets, and keeps the requests it got. */
let answer: (request: IncomingMessage, response: ServerResponse) => void;
const received: URL[] = [];
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(new URL(request.url ?? '/', 'http://provider'));
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  received.length = 0;
});

const json =
  (body: unknown, status = 200) =>
  (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };

/** Deps with the stand-in's address and a logger whose lines the test reads. */
function depsFor(provider: Config['map']['provider'], { withKey = true } = {}) {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  const map = { provider, key: withKey ? KEY : undefined, webKey: 'browser-key', baseUrl };
  const deps: PlaceDeps = { map, log: app.log };
  return { deps, lines };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => new Error('expected a refusal'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw error;
  return error;
}

describe('place search', () => {
  it('is off without a provider or without the server key, and asks no one', async () => {
    answer = json({});
    expect(await searchPlaces(depsFor('none').deps, { keyword: '漕河泾' })).toEqual({
      enabled: false,
      items: [],
    });
    expect(await searchPlaces(depsFor('amap', { withKey: false }).deps, { keyword: '漕河泾' })).toEqual({
      enabled: false,
      items: [],
    });
    expect(received).toHaveLength(0);
  });

  it("asks AMap's keyword search and reads its POIs, empty fields included", async () => {
    answer = json({
      status: '1',
      info: 'OK',
      infocode: '10000',
      count: '2',
      pois: [
        { id: 'B0FFG', name: '漕河泾开发区', address: '宜山路 1号', cityname: '上海市', pname: '上海市' },
        { id: 'B0FFH', name: '漕河泾地铁站', address: [], cityname: [], pname: '上海市' },
        { id: 'B0FFI', name: [], address: '无名', cityname: '上海市' },
      ],
    });
    const found = await searchPlaces(depsFor('amap').deps, { keyword: '漕河泾', city: '上海' });
    expect(found).toEqual({
      enabled: true,
      items: [
        { name: '漕河泾开发区', address: '宜山路 1号', city: '上海市' },
        { name: '漕河泾地铁站', address: '', city: '上海市' },
      ],
    });
    const [request] = received;
    expect(request?.pathname).toBe('/v3/place/text');
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      keywords: '漕河泾',
      city: '上海',
      offset: '10',
      key: KEY,
    });
  });

  it("asks Tencent's suggestion and reads its places", async () => {
    answer = json({
      status: 0,
      message: 'query ok',
      count: 1,
      data: [
        {
          id: '123',
          title: '798艺术区',
          address: '北京市朝阳区酒仙桥路4号',
          province: '北京市',
          city: '北京市',
          district: '朝阳区',
          location: { lat: 39.98, lng: 116.49 },
        },
      ],
    });
    const found = await searchPlaces(depsFor('tencent').deps, { keyword: '798' });
    expect(found.items).toEqual([{ name: '798艺术区', address: '北京市朝阳区酒仙桥路4号', city: '北京市' }]);
    const [request] = received;
    expect(request?.pathname).toBe('/ws/place/v1/suggestion');
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({ keyword: '798', region: '', key: KEY });
  });

  it('says the search is unavailable when the provider refuses or fails, and never logs the key', async () => {
    const cases: [Config['map']['provider'], typeof answer][] = [
      ['amap', json({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' })],
      ['tencent', json({ status: 311, message: 'key格式错误' })],
      ['amap', json({ message: 'upstream down' }, 502)],
      [
        'tencent',
        (_request, response) => {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.end('<html>not json</html>');
        },
      ],
    ];
    for (const [provider, providerAnswer] of cases) {
      answer = providerAnswer;
      const { deps, lines } = depsFor(provider);
      const error = await refusal(searchPlaces(deps, { keyword: '外滩' }));
      expect(error.key).toBe('serviceUnavailable');
      expect(error.message).toBe(ORDER_MESSAGES.placesFailed);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(KEY);
    }
  });

  it(`gives up after ${PLACE_TIMEOUT_MS} ms`, async () => {
    answer = () => {
      // Never answers.
    };
    const { deps, lines } = depsFor('amap');
    const error = await refusal(searchPlaces(deps, { keyword: '外滩' }));
    expect(error.message).toBe(ORDER_MESSAGES.placesFailed);
    expect(lines.join('\n')).toContain('TimeoutError');
    expect(lines.join('\n')).not.toContain(KEY);
  });
});
