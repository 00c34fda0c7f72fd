/// <reference types="node" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a stub route answers; a string body is sent as HTML (a proxy's error page, say). */
export interface StubAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
  /** Milliseconds before answering; -1 never answers (time-outs). */
  delay?: number;
}
export type StubRoute = (req: IncomingMessage, body: string) => StubAnswer;

export interface SeenRequest {
  method: string;
  url: string;
  /** The path below /storm_api, without the query string. */
  path: string;
  authorization: string | undefined;
  body: string;
}

/** A real HTTP server on a random local port standing in for the API, for the client's unit tests. */
export interface StubApi {
  /** http://127.0.0.1:<port>/storm_api */
  baseURL: string;
  /** Routes by path below /storm_api (`/v1/profile`); unknown paths answer the 404 envelope. */
  routes: Record<string, StubRoute>;
  seen: SeenRequest[];
  reset(): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, { status = 200, body, headers = {} }: StubAnswer) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html' : 'application/json',
    ...headers,
  });
  res.end(text);
}

export async function startStubApi(): Promise<StubApi> {
  const routes: Record<string, StubRoute> = {};
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const url = req.url ?? '';
      const path = (url.split('?')[0] ?? '').replace('/storm_api', '');
      seen.push({ method: req.method ?? '', url, path, authorization: req.headers.authorization, body });
      const route = routes[path];
      if (!route) return send(res, { status: 404, body: { code: 40401, message: '接口不存在', data: null } });
      const answer = route(req, body);
      if (answer.delay === -1) return;
      if (answer.delay) setTimeout(() => send(res, answer), answer.delay);
      else send(res, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/storm_api`,
    routes,
    seen,
    reset() {
      seen.length = 0;
      for (const key of Object.keys(routes)) delete routes[key];
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
