/**
 * Upload figures (issues 5 and 9):
 *  1. MD5 throughput of the admin's checksum code in headless Chromium, beside Node's native MD5 on the
 *     same bytes, in the same run;
 *  2. 200 files of 5 MB uploaded through the browser (admin folder page, disk driver), total time,
 *     beside the time of the raw PUTs alone (the same files PUT from Node, 3 at a time like the page),
 *     and the ratio of the two; with where the time goes: the CPU each process used (from /proc), and
 *     the page's own requests (Resource Timing): when the first PUT started, how long the PUTs kept
 *     3 connections busy, the tail after the last PUT.
 *
 *   npm run build && npm run bench:upload        (FILES=50 SIZE_MB=5 to change the batch)
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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
      `  admin checksum code (Web Worker)${String(mbps(browserRun.milliseconds)).padStart(5)} MB/s (8 MB reads, 2 MB hasher chunks)`,
    );
    console.log(
      `  the same with 2 MB reads        ${String(mbps(browserRun.smallReadMilliseconds)).padStart(5)} MB/s`,
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

/** CPU time (seconds) of the machine and of this process's descendants, from /proc. */
interface CpuSample {
  /** Busy core-seconds of the whole machine (every process, other people's work included). */
  machine: number;
  /** By kind: server, chromium (browser, renderer, network, gpu…), other. */
  byKind: Map<string, number>;
  /** This bench's own Node process. */
  bench: number;
}

const CLOCK_TICKS = 100;

async function sampleCpu(): Promise<CpuSample> {
  const stat =
    (await readFile('/proc/stat', 'utf8')).split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = stat;
  const machine = (user + nice + system + irq + softirq + steal) / CLOCK_TICKS;
  const processes = new Map<number, { ppid: number; seconds: number }>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const text = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    if (fields.length < 13) continue;
    processes.set(Number(name), {
      ppid: Number(fields[1]),
      seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
    });
  }
  const byKind = new Map<string, number>();
  for (const [pid, info] of processes) {
    let ancestor = info.ppid;
    while (ancestor > 1 && ancestor !== process.pid) ancestor = processes.get(ancestor)?.ppid ?? 0;
    if (ancestor !== process.pid) continue;
    const command = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split(/[\0 ]/);
    let kind = 'other';
    if (command.some((part) => part.endsWith('apps/server/dist/main.js'))) kind = 'server';
    else if (command[0]?.includes('chrom')) {
      const type = command.find((part) => part.startsWith('--type='))?.slice(7);
      const sub = command.find((part) => part.startsWith('--utility-sub-type='));
      kind = `chromium ${type === 'utility' && sub?.includes('network') ? 'network' : (type ?? 'browser')}`;
    }
    byKind.set(kind, (byKind.get(kind) ?? 0) + info.seconds);
    // The page's process by thread: its main thread (React, the queue, XHR events) apart from the
    // checksum workers.
    if (kind === 'chromium renderer') {
      for (const task of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
        const text = await readFile(`/proc/${pid}/task/${task}/stat`, 'utf8').catch(() => '');
        const thread = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
        if (!thread || Number.isNaN(seconds)) continue;
        const name = `chromium renderer · thread ${thread.startsWith('DedicatedWorker') ? 'DedicatedWorker (checksums)' : thread}`;
        byKind.set(name, (byKind.get(name) ?? 0) + seconds);
      }
    }
  }
  const own = process.cpuUsage();
  return { machine, byKind, bench: (own.user + own.system) / 1e6 };
}

/** The CPU used between two samples, as lines to print. */
function cpuReport(before: CpuSample, after: CpuSample, wallSeconds: number): string[] {
  const busy = after.machine - before.machine;
  const lines = [
    `    machine busy ${busy.toFixed(1)} core-s of ${(wallSeconds * os.cpus().length).toFixed(1)} (${os.cpus().length} cores, ${Math.round((100 * busy) / (wallSeconds * os.cpus().length))} %)`,
    `    bench (Node: sending the raw PUTs, driving the browser) ${(after.bench - before.bench).toFixed(1)} core-s`,
  ];
  let ours = after.bench - before.bench;
  for (const [kind, seconds] of [...after.byKind].sort()) {
    const used = seconds - (before.byKind.get(kind) ?? 0);
    if (!kind.includes(' · ')) ours += used;
    if (used >= 0.05) lines.push(`    ${kind.includes(' · ') ? '  ' : ''}${kind} ${used.toFixed(1)} core-s`);
  }
  lines.push(`    other work on the machine (not this bench) ${Math.max(0, busy - ours).toFixed(1)} core-s`);
  return lines;
}

interface RequestTiming {
  name: string;
  startTime: number;
  responseEnd: number;
}

/** What the page's requests say of the batch (times from the moment the files were picked). */
function pageReport(entries: RequestTiming[], pickedAt: number, slots: number): string[] {
  const puts = entries.filter((entry) => entry.name.includes('/v1/blobs/'));
  const announces = entries.filter((entry) => entry.name.endsWith('/v1/direct_uploads'));
  const records = entries.filter((entry) => entry.name.endsWith('/storm_api/v1/files'));
  const from = (ms: number) => `${((ms - pickedAt) / 1000).toFixed(2)} s`;
  const first = (list: RequestTiming[]) => Math.min(...list.map((entry) => entry.startTime));
  const last = (list: RequestTiming[]) => Math.max(...list.map((entry) => entry.responseEnd));
  // Time with at least one PUT in flight, and with all the places in use.
  const edges = puts
    .flatMap((entry) => [
      [entry.startTime, 1],
      [entry.responseEnd, -1],
    ])
    .sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number)) as [
    number,
    number,
  ][];
  let inFlight = 0;
  let previous = 0;
  let any = 0;
  let full = 0;
  for (const [time, delta] of edges) {
    if (inFlight > 0) any += time - previous;
    if (inFlight >= slots) full += time - previous;
    inFlight += delta;
    previous = time;
  }
  const mean = (list: RequestTiming[]) =>
    list.reduce((sum, entry) => sum + entry.responseEnd - entry.startTime, 0) / Math.max(1, list.length);
  return [
    `    first announce ${from(first(announces))}, first PUT ${from(first(puts))}, last PUT done ${from(last(puts))}, last record done ${from(last(records))}`,
    `    PUTs in flight: ≥ 1 during ${(any / 1000).toFixed(2)} s, ${slots} during ${(full / 1000).toFixed(2)} s; a PUT takes ${Math.round(mean(puts))} ms on average`,
    `    announce ${Math.round(mean(announces))} ms, record ${Math.round(mean(records))} ms on average (${announces.length} and ${records.length} seen)`,
  ];
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
    const putDurations: number[] = [];
    const rawCpu = await sampleCpu();
    const putStarted = performance.now();
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        while (next < announced.length) {
          const item = announced[next++];
          if (!item) break;
          const sent = performance.now();
          const res = await fetch(`${product.baseUrl}${item.direct.direct_upload.url}`, {
            method: 'PUT',
            headers: item.direct.direct_upload.headers,
            body: new Uint8Array(item.bytes),
          });
          if (!res.ok) throw new Error(`PUT ${res.status}`);
          putDurations.push(performance.now() - sent);
        }
      }),
    );
    const putSeconds = (performance.now() - putStarted) / 1000;
    const rawCpuAfter = await sampleCpu();
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
    // Room for every request's timing (the default keeps 250).
    await page.addInitScript(() => performance.setResourceTimingBufferSize(100_000));
    await page.goto(`${product.baseUrl}/admin/login`);
    await page.evaluate((record) => {
      localStorage.setItem('TRACK_IT_TOKEN', JSON.stringify({ value: record, time: Date.now(), expire: -1 }));
    }, token);
    await page.goto(`${product.baseUrl}/admin/information/folder/${folder.id}`);
    await page.getByTestId('folder-upload-input').waitFor({ state: 'attached' });
    const browserCpu = await sampleCpu();
    const pickedAt = await page.evaluate(() => performance.now());
    const started = performance.now();
    await page.getByTestId('folder-upload-input').setInputFiles(paths);
    await page
      .getByTestId('upload-card-summary')
      .filter({ hasText: `${FILES}/${FILES}` })
      .waitFor({ timeout: 900_000 });
    const browserSeconds = (performance.now() - started) / 1000;
    const browserCpuAfter = await sampleCpu();
    const timings = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        ({ name, startTime, responseEnd }) => ({ name, startTime, responseEnd }),
      ),
    );

    const totalMb = FILES * SIZE_MB;
    console.log(`${FILES} files of ${SIZE_MB} MB (${totalMb} MB) to the disk driver`);
    console.log(
      `  through the browser (checksum, announce, PUT, record)  ${browserSeconds.toFixed(1)} s  ${Math.round(totalMb / browserSeconds)} MB/s`,
    );
    for (const line of cpuReport(browserCpu, browserCpuAfter, browserSeconds)) console.log(line);
    for (const line of pageReport(timings, pickedAt, 3)) console.log(line);
    console.log(
      `  raw PUTs alone from Node, 3 at a time                  ${putSeconds.toFixed(1)} s  ${Math.round(totalMb / putSeconds)} MB/s`,
    );
    for (const line of cpuReport(rawCpu, rawCpuAfter, putSeconds)) console.log(line);
    console.log(
      `    a PUT takes ${Math.round(putDurations.reduce((sum, ms) => sum + ms, 0) / putDurations.length)} ms on average`,
    );
    console.log(
      `  ratio browser batch / raw PUTs                         ${(browserSeconds / putSeconds).toFixed(2)}`,
    );
  } finally {
    await browser.close();
    await product.stop();
    await rm(filesDir, { recursive: true, force: true });
  }
}

await md5InBrowser();
await uploads();
