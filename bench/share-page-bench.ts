/**
 * The mobile share page as a client on a phone gets it: the demo agency's package of 12 models, opened
 * at /h5/s/{id} in Debian's chromium with mobile emulation (390×844, DPR 3, touch, an iPhone's WeChat
 * user agent) and DevTools' "Fast 4G" network throttle (9 Mbps down, 1.5 Mbps up, 165 ms latency), each
 * run with a cold cache. Prints, per run and as medians: largest contentful paint, first contentful
 * paint, the JavaScript that crossed the wire (compressed bytes, as transferred), all bytes,
 * and requests. A second pass adds a 4× CPU slowdown (Lighthouse's mobile setting). Asserts nothing.
 *
 *   npm run build && npm run bench:share-page              # BENCH_RUNS=5 by default
 *
 * The server runs as production does (its own process, PGlite in a scratch folder, the built apps).
 */

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BUSINESS_TIME_ZONE } from '@trackit/contract/business-time';
import type { Model } from '@trackit/contract/model.schema';
import type { Package } from '@trackit/contract/package.schema';
import type { PublicPackage } from '@trackit/contract/share.schema';
import { chromium } from 'playwright-core';
import { loadConfig } from '../apps/server/src/config';
import { runMigrations } from '../apps/server/src/db/migrate';
import { DEMO_MOBILES, demoStorage, seedDemo } from '../apps/server/src/seed/demo-seed';
import { openScratchDatabase, startServerProcess } from './bench-kit';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MODELS_IN_PACKAGE = 12;
/** Chrome DevTools' "Fast 4G" preset (front_end/core/sdk/NetworkManager.ts). */
const FAST_4G = {
  offline: false,
  downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
  latency: 60 * 2.75,
};
const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003129) NetType/4G Language/zh_CN';

interface RunFigures {
  lcpMs: number;
  fcpMs: number;
  lcpElement: string;
  jsBytes: number;
  allBytes: number;
  requests: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function api<T>(
  base: string,
  headers: Record<string, string>,
  method: string,
  url: string,
  body?: unknown,
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${url}: ${envelope.message}`);
  return envelope.data;
}

async function measure(url: string, cpuSlowdown: number): Promise<RunFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      userAgent: IPHONE_WECHAT,
      locale: 'zh-CN',
      timezoneId: BUSINESS_TIME_ZONE,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_4G);
    if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const types = new Map<string, string>();
    const finished: { type: string; bytes: number }[] = [];
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) =>
      finished.push({ type: types.get(event.requestId) ?? 'Other', bytes: event.encodedDataLength }),
    );
    await page.addInitScript(() => {
      const store = globalThis as unknown as { __lcp: { time: number; element: string } };
      store.__lcp = { time: 0, element: '' };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
          store.__lcp = { time: entry.startTime, element: entry.element?.tagName.toLowerCase() ?? '' };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    // LCP settles once the first screen's images are in; input would stop it, so nothing is clicked.
    await page.waitForTimeout(1500);
    const { lcp, fcp } = await page.evaluate(() => ({
      lcp: (globalThis as unknown as { __lcp: { time: number; element: string } }).__lcp,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    // Every script the page loaded by then: the first render's, and any chunk it fetched at once.
    const scripts = finished.filter((entry) => entry.type === 'Script');
    return {
      lcpMs: Math.round(lcp.time),
      fcpMs: Math.round(fcp),
      lcpElement: lcp.element,
      jsBytes: scripts.reduce((sum, entry) => sum + entry.bytes, 0),
      allBytes: finished.reduce((sum, entry) => sum + entry.bytes, 0),
      requests: finished.length,
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  const root = path.resolve(import.meta.dirname, '..');
  if (!existsSync(path.join(root, 'apps/share-mobile/dist/index.html'))) {
    throw new Error('the /h5 app is not built: run `npm run build` first');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-share-bench-'));
  const scratch = await openScratchDatabase({ dataDir });
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    await runMigrations(scratch.handle);
    await seedDemo(scratch.handle.db, demoStorage(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })));
    await scratch.release();
    server = await startServerProcess(scratch.serverEnv, DEMO_MOBILES.owner);
    const { base, headers } = server;
    const models = await api<Model[]>(base, headers, 'GET', '/models?per_page=100');
    const withCovers = models.filter((model) => model.cover_file_id !== null).slice(0, MODELS_IN_PACKAGE);
    const pkg = await api<Package>(base, headers, 'POST', '/packages', {
      title: '春季新品 Lookbook 拍摄',
      message: '您好，这是为本次拍摄挑选的模特，请点击爱心选出心仪人选。',
      models: withCovers.map((model) => ({ model_id: model.id })),
    });
    // The server makes thumbnails after start-up: wait until every cover has its own.
    for (let tries = 0; ; tries += 1) {
      const shown = await api<PublicPackage>(base, {}, 'GET', `/public/packages/${pkg.share_id}`);
      if (shown.models.every((model) => model.cover?.thumb_url)) break;
      if (tries > 300) throw new Error('thumbnails were not made in time');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const url = `${base.replace('/storm_api/v1', '')}${pkg.mobile_url}`;
    console.log(
      `/h5/s/{id} with ${withCovers.length} models, ${RUNS} cold runs each, Fast 4G, 390×844 DPR 3`,
    );
    for (const cpuSlowdown of [1, 4]) {
      const runs: RunFigures[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measure(url, cpuSlowdown));
      const label = cpuSlowdown > 1 ? `CPU ${cpuSlowdown}× slower` : 'CPU as is';
      for (const [index, run] of runs.entries()) {
        console.log(
          `  ${label} run ${index + 1}: LCP ${run.lcpMs} ms (${run.lcpElement}), FCP ${run.fcpMs} ms, JS ${kb(run.jsBytes)}, all ${kb(run.allBytes)} in ${run.requests} requests`,
        );
      }
      console.log(
        `${label}: median LCP ${median(runs.map((r) => r.lcpMs))} ms, FCP ${median(runs.map((r) => r.fcpMs))} ms, JS over the wire ${kb(median(runs.map((r) => r.jsBytes)))}, all ${kb(median(runs.map((r) => r.allBytes)))}`,
      );
    }
  } finally {
    await server?.stop();
    await scratch.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
