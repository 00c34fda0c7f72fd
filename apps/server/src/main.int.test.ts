import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './test/server-process';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  reusedSocket: boolean;
}

/** Sends a request on the agent; `between` runs after the first half of the body is on the wire. */
function send(
  baseUrl: string,
  agent: http.Agent,
  method: string,
  url: string,
  body?: { text: string; between: () => Promise<void> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${url}`, {
      agent,
      method,
      headers: body
        ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body.text)) }
        : {},
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          reusedSocket: request.reusedSocket,
        }),
      );
    });
    request.on('error', reject);
    if (!body) {
      request.end();
      return;
    }
    const half = Math.floor(body.text.length / 2);
    request.write(body.text.slice(0, half));
    body
      .between()
      .then(() => request.end(body.text.slice(half)))
      .catch(reject);
  });
}

const waitFor = async (condition: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('graceful shutdown (SIGTERM)', () => {
  let server: ServerProcess | undefined;
  // The data directory holds the demo owner's team (test/server-process.ts), so starting seeds nothing.
  beforeAll(async () => {
    server = await startServerProcess();
  });
  afterAll(() => server?.stop());

  it('tells kept-alive connections to close, closes idle ones, closes the database and exits 0', async () => {
    if (!server) throw new Error('the server did not start');
    const { baseUrl } = server;
    const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });

    const first = await send(baseUrl, busy, 'GET', '/storm_api/health');
    expect(first.status).toBe(200);
    expect(first.headers.connection).toBe('keep-alive');
    await send(baseUrl, idle, 'GET', '/storm_api/health');
    let idleClosed = false;
    for (const sockets of Object.values(idle.freeSockets))
      for (const socket of sockets ?? []) socket.once('close', () => (idleClosed = true));

    // A request on the kept-alive connection is in flight (half its body sent) when SIGTERM comes.
    const inFlight = await send(baseUrl, busy, 'POST', '/storm_api/v1/sessions', {
      text: JSON.stringify({ mobile: '13800000000', code: '0000' }),
      between: async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        server?.child.kill('SIGTERM');
        await waitFor(() => server?.output().includes('shutting down') ?? false, 60_000);
      },
    });
    expect(inFlight.reusedSocket).toBe(true);
    expect(inFlight.status).toBeGreaterThanOrEqual(400); // answered, not dropped: a wrong code
    expect(inFlight.headers.connection).toBe('close');

    // It exits as soon as the in-flight request is answered, not when the grace period cuts connections
    // (told by its log line, not by a clock, so a busy machine does not fail the test).
    const code = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(server.output()).not.toContain('requests still running after the grace period');
    expect(idleClosed).toBe(true);
    expect(server.output()).toContain('database closed');
    busy.destroy();
    idle.destroy();
  });
});
