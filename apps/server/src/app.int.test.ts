import { createHash } from 'node:crypto';
import net from 'node:net';
import type { DirectUploadResponse } from '@trackit/contract/upload.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { bearer, createMember, signIn } from './test/factories';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a request over a raw socket: the head at once, then the body in pieces with a pause before
 * each. Answers what the server did: answered (and what), or dropped the connection, and when.
 */
function trickle(
  baseUrl: string,
  head: string,
  pieces: { pauseMs: number; bytes: Buffer }[],
): Promise<{ dropped: boolean; answer: string; afterMs: number; sentAll: boolean }> {
  const { hostname, port } = new URL(baseUrl);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    let sentAll = false;
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined); // a reset is one way of being dropped
    socket.on('close', () => resolve({ dropped: !answer, answer, afterMs: Date.now() - started, sentAll }));
    socket.write(head);
    void (async () => {
      for (const piece of pieces) {
        await sleep(piece.pauseMs);
        if (socket.destroyed || answer) return;
        socket.write(piece.bytes);
      }
      sentAll = true;
    })();
  });
}

const headOf = (method: string, url: string, headers: Record<string, string>) =>
  `${method} ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

describe('slow request bodies', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp({ BODY_TIMEOUT_MS: '600', IDLE_TIMEOUT_MS: '1000' });
    headers = bearer((await signIn(t, (await createMember(t.database.db)).mobile)).token);
  });
  afterAll(() => t.close());

  it('drops a JSON body trickled a byte at a time once the body time-out has passed', async () => {
    const body = Buffer.from(JSON.stringify({ mobile: '13800000000', code: '0000' }));
    const result = await trickle(
      t.baseUrl,
      headOf('POST', '/storm_api/v1/sessions', {
        'content-type': 'application/json',
        'content-length': String(body.length),
      }),
      [...body].map((byte) => ({ pauseMs: 100, bytes: Buffer.from([byte]) })),
    );
    expect(result.sentAll).toBe(false);
    expect(result.dropped).toBe(true);
    expect(result.afterMs).toBeLessThan(1500);
  });

  // Node's own behaviour, which the time-out above relies on for refusals: kept here as a guard.
  it('answers a request refused before its body is in, and closes instead of reading the rest', async () => {
    const forged = headOf(
      'PUT',
      '/storm_api/v1/blobs/teams/1/x.pdf?expires=9999999999&size=1000000&signature=x',
      {
        'content-type': 'application/pdf',
        'content-md5': 'AAAAAAAAAAAAAAAAAAAAAA==',
        'content-length': '1000000',
      },
    );
    const signedOut = headOf('POST', '/storm_api/v1/folders', {
      'content-type': 'application/json',
      'content-length': '1000',
    });
    for (const head of [forged, signedOut]) {
      const result = await trickle(
        t.baseUrl,
        head,
        Array.from({ length: 30 }, () => ({ pauseMs: 100, bytes: Buffer.from('x') })),
      );
      expect(result.answer).toMatch(/^HTTP\/1\.1 40[13]/);
      expect(result.answer.toLowerCase()).toContain('connection: close');
      expect(result.sentAll).toBe(false);
      expect(result.afterMs).toBeLessThan(1000);
    }
  });

  async function announce(size: number) {
    const bytes = Buffer.alloc(size, 7);
    const announced = await t.request<DirectUploadResponse>('POST', '/storm_api/v1/direct_uploads', {
      body: {
        checksum: createHash('md5').update(bytes).digest('base64'),
        content_type: 'application/pdf',
        byte_size: size,
        filename: '合同.pdf',
      },
      headers,
    });
    expect(announced.body.code, announced.body.message).toBe(0);
    const { url, headers: putHeaders } = announced.body.data.direct_upload;
    return { bytes, head: headOf('PUT', url, { ...putHeaders, 'content-length': String(size) }) };
  }

  it('lets an upload take longer than the body time-out while its bytes keep coming', async () => {
    const { bytes, head } = await announce(12);
    const pieces = Array.from({ length: 12 }, (_, i) => ({ pauseMs: 150, bytes: bytes.subarray(i, i + 1) }));
    const result = await trickle(t.baseUrl, head, pieces);
    expect(result.afterMs).toBeGreaterThan(1500);
    expect(result.answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it('drops an upload whose bytes stop coming for longer than the idle time-out', async () => {
    const { bytes, head } = await announce(4);
    const result = await trickle(t.baseUrl, head, [
      { pauseMs: 100, bytes: bytes.subarray(0, 2) },
      { pauseMs: 3000, bytes: bytes.subarray(2) },
    ]);
    expect(result.sentAll).toBe(false);
    expect(result.dropped).toBe(true);
    expect(result.afterMs).toBeLessThan(2500);
  });
});

describe('closing the app', () => {
  it('closes a kept-alive connection whose answer began before closing, once it is done', async () => {
    const t = await buildTestApp();
    const headers = bearer((await signIn(t, (await createMember(t.database.db)).mobile)).token);
    // Large enough that the answer cannot all sit in socket buffers while the client does not read.
    const bytes = Buffer.alloc(32 * 1024 * 1024, 3);
    const announced = await t.request<DirectUploadResponse>('POST', '/storm_api/v1/direct_uploads', {
      body: {
        checksum: createHash('md5').update(bytes).digest('base64'),
        content_type: 'application/pdf',
        byte_size: bytes.length,
        filename: '大文件.pdf',
      },
      headers,
    });
    const { url, headers: putHeaders, preview_url } = announced.body.data.direct_upload;
    expect(
      (await fetch(`${t.baseUrl}${url}`, { method: 'PUT', headers: putHeaders, body: bytes })).status,
    ).toBe(200);

    const { port } = new URL(t.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    let bodyBytes = 0;
    socket.on('data', (chunk) => {
      if (!received.includes('\r\n\r\n')) received += chunk.toString('latin1');
      bodyBytes += chunk.length;
    });
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    socket.write(`GET ${preview_url} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
    while (!received.includes('\r\n\r\n')) await sleep(20);
    socket.pause(); // the download is under way, its headers said keep-alive
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received.toLowerCase()).toContain('connection: keep-alive');

    const started = Date.now();
    const closed = t.close();
    await sleep(200);
    socket.resume();
    await Promise.race([
      Promise.all([closed, socketClosed]),
      sleep(5000).then(() => {
        throw new Error('the connection held the close');
      }),
    ]);
    expect(bodyBytes).toBeGreaterThan(bytes.length);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
