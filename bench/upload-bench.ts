/**
 * Upload figures (issue 5):
 *  1. MD5 throughput of the admin's checksum code in headless Chromium, beside Node's native MD5 on the
 *     same bytes, in the same run;
 *  2. 200 files of 5 MB uploaded through the browser (admin folder page, disk driver), total time,
 *     beside the time of the raw PUTs alone (the same files PUT from Node, 3 at a time like the page).
 *
 *   npm run build && npm run bench:upload        (FILES=50 SIZE_MB=5 to change the batch)
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { launchBrowser } from '../e2e/browser';
import { startProductServer } from '../e2e/product-server';
import { fillPseudoRandom } from './pseudo-random';

const FILES = Number(process.env.FILES ?? 200);
const SIZE_MB = Number(process.env.SIZE_MB ?? 5);
const MD5_MB = 128;
const MOBILE = '13800000000';

async function md5InBrowser(): Promise<void> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-md5-page-'));
  await build({
    root: path.join(import.meta.dirname, 'md5-page'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const server = createServer((request, response) => {
    const file = path.join(outDir, request.url === '/' ? 'index.html' : (request.url ?? ''));
    response.setHeader(
      'content-type',
      file.endsWith('.js') ? 'text/javascript' : file.endsWith('.wasm') ? 'application/wasm' : 'text/html',
    );
    createReadStream(file)
      .on('error', () => response.writeHead(404).end())
      .pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => typeof window.runMd5 === 'function');
    // Warm-up in the same worker: the admin reuses its workers, so later files run on optimised code.
    for (let i = 0; i < 3; i += 1) await page.evaluate(() => window.runMd5(32));
    const browserRun = await page.evaluate((mb) => window.runMd5(mb), MD5_MB);

    const bytes = new Uint8Array(MD5_MB * 1024 * 1024);
    fillPseudoRandom(bytes);
    const started = performance.now();
    const native = createHash('md5').update(bytes).digest('base64');
    const nativeMs = performance.now() - started;
    if (native !== browserRun.checksum) throw new Error('browser and Node checksums differ');
    const mbps = (ms: number) => Math.round(MD5_MB / (ms / 1000));
    console.log(`MD5 of ${MD5_MB} MB (same bytes, checksums equal)`);
    console.log(
      `  admin checksum code (Web Worker)${String(mbps(browserRun.milliseconds)).padStart(5)} MB/s`,
    );
    console.log(
      `  the hasher alone on bytes in memory ${String(mbps(browserRun.hasherMilliseconds)).padStart(2)} MB/s (no Blob reads)`,
    );
    console.log(`  Node native (OpenSSL)            ${String(mbps(nativeMs)).padStart(5)} MB/s`);
    console.log(
      `  ratio                            ${(nativeMs / browserRun.milliseconds).toFixed(2)} of native`,
    );
  } finally {
    await browser.close();
    server.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

async function api<T>(
  baseUrl: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${baseUrl}/storm_api${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 0) throw new Error(`${url}: ${envelope.message}`);
  return envelope.data;
}

async function signIn(baseUrl: string, logFile: string) {
  await api(baseUrl, 'POST', '/v1/mobile_codes', { mobile: MOBILE });
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i += 1) {
    code = /\[sms\] mobile=\d+ code=(\d{4})/.exec(await readFile(logFile, 'utf8'))?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const session = await api<{ token: { access_token: string; refresh_token: string } }>(
    baseUrl,
    'POST',
    '/v1/sessions',
    {
      mobile: MOBILE,
      code,
    },
  );
  return session.token;
}

async function uploads(): Promise<void> {
  const product = await startProductServer();
  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-upload-bench-'));
  const browser = await launchBrowser();
  try {
    const token = await signIn(product.baseUrl, product.logFile);
    const paths: string[] = [];
    for (let i = 0; i < FILES; i += 1) {
      const bytes = new Uint8Array(SIZE_MB * 1024 * 1024);
      fillPseudoRandom(bytes, 1000 + i);
      const file = path.join(filesDir, `clip-${String(i).padStart(3, '0')}.pdf`);
      await writeFile(file, bytes);
      paths.push(file);
    }

    // Raw PUTs: announce each file first (not timed), then PUT them 3 at a time.
    const rawFolder = await api<{ id: number }>(
      product.baseUrl,
      'POST',
      '/v1/folders',
      { name: '基准-直传' },
      token.access_token,
    );
    const announced: {
      bytes: Buffer;
      direct: { direct_upload: { url: string; headers: Record<string, string> } };
    }[] = [];
    for (const file of paths) {
      const bytes = await readFile(file);
      announced.push({
        bytes,
        direct: await api<{ direct_upload: { url: string; headers: Record<string, string> } }>(
          product.baseUrl,
          'POST',
          '/v1/direct_uploads',
          {
            checksum: createHash('md5').update(bytes).digest('base64'),
            content_type: 'application/pdf',
            byte_size: bytes.length,
            filename: path.basename(file),
          },
          token.access_token,
        ),
      });
    }
    let next = 0;
    const putStarted = performance.now();
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        while (next < announced.length) {
          const item = announced[next++];
          if (!item) break;
          const res = await fetch(`${product.baseUrl}${item.direct.direct_upload.url}`, {
            method: 'PUT',
            headers: item.direct.direct_upload.headers,
            body: new Uint8Array(item.bytes),
          });
          if (!res.ok) throw new Error(`PUT ${res.status}`);
        }
      }),
    );
    const putSeconds = (performance.now() - putStarted) / 1000;
    void rawFolder;

    // Through the browser: the folder page's upload input, until the card says all are done.
    const folder = await api<{ id: number }>(
      product.baseUrl,
      'POST',
      '/v1/folders',
      { name: '基准-浏览器' },
      token.access_token,
    );
    const page = await browser.newPage();
    await page.goto(`${product.baseUrl}/admin/login`);
    await page.evaluate((record) => {
      localStorage.setItem('TRACK_IT_TOKEN', JSON.stringify({ value: record, time: Date.now(), expire: -1 }));
    }, token);
    await page.goto(`${product.baseUrl}/admin/information/folder/${folder.id}`);
    await page.getByTestId('folder-upload-input').waitFor({ state: 'attached' });
    const started = performance.now();
    await page.getByTestId('folder-upload-input').setInputFiles(paths);
    await page
      .getByTestId('upload-card-summary')
      .filter({ hasText: `${FILES}/${FILES}` })
      .waitFor({ timeout: 900_000 });
    const browserSeconds = (performance.now() - started) / 1000;

    const totalMb = FILES * SIZE_MB;
    console.log(`${FILES} files of ${SIZE_MB} MB (${totalMb} MB) to the disk driver`);
    console.log(
      `  through the browser (checksum, announce, PUT, record)  ${browserSeconds.toFixed(1)} s  ${Math.round(totalMb / browserSeconds)} MB/s`,
    );
    console.log(
      `  raw PUTs alone from Node, 3 at a time                  ${putSeconds.toFixed(1)} s  ${Math.round(totalMb / putSeconds)} MB/s`,
    );
  } finally {
    await browser.close();
    await product.stop();
    await rm(filesDir, { recursive: true, force: true });
  }
}

await md5InBrowser();
await uploads();
