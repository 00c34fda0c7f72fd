import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BUSINESS_TIME_ZONE } from '@trackit/contract/business-time';
import type { Order } from '@trackit/contract/order.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import lighthouse, { desktopConfig } from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './api';
import { CHROMIUM, CHROMIUM_FLAGS } from './browser';
import { E2E_USERS } from './fixtures';
import { freePort } from './product-server';
import { signInByApi, storeToken } from './session';

const baseUrl = inject('e2eBaseUrl');

/** The score the product promises on its busiest pages (docs/product.md §2.3 "Accessibility"). */
const MIN_SCORE = 95;

/**
 * Lighthouse's accessibility audit (axe-core inside) on the model list, the order editor and the
 * package page of the demo agency, signed in: Debian's chromium with a debugging port, shared by
 * Playwright (which stores the session in the profile) and Lighthouse (which opens each page in a tab
 * of that profile, its storage kept). Prints each page's score and what it failed.
 */
describe('accessibility (Lighthouse) of the admin pages staff use most', () => {
  let context: BrowserContext;
  let port: number;
  let profileDir: string;
  let draftId: number;

  beforeAll(async () => {
    const token: TokenPair = await signInByApi(E2E_USERS.a11yOwner);
    const drafts = await callApi<Order[]>('GET', '/v1/orders?page=1&per_page=50&status=draft', token);
    // An owner edits every draft.
    const draft = drafts[0];
    if (!draft) throw new Error('the demo agency has no draft order to edit');
    draftId = draft.id;
    port = await freePort();
    profileDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-lighthouse-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      timezoneId: BUSINESS_TIME_ZONE,
    });
    await storeToken(await context.newPage(), token);
  });

  afterAll(async () => {
    await context?.close();
    if (profileDir) await rm(profileDir, { recursive: true, force: true });
  });

  const pages = [
    ['the model list', () => '/admin/information/model', '模特'],
    ['the order editor', () => `/admin/order/new/${draftId}`, '订单'],
    ['the package page', () => '/admin/information/packages', '套餐'],
  ] as const;

  it.each(pages)(
    'scores at least 95 on %s',
    async (_name, pathOf) => {
      const url = `${baseUrl}${pathOf()}`;
      const result = await lighthouse(
        url,
        { port, onlyCategories: ['accessibility'], disableStorageReset: true, logLevel: 'error' },
        desktopConfig,
      );
      if (!result) throw new Error('Lighthouse gave no result');
      const { lhr } = result;
      // Signed in: the page itself was audited, not the sign-in screen it would send a stranger to.
      expect(new URL(lhr.finalDisplayedUrl).pathname).toBe(pathOf());
      const category = lhr.categories.accessibility;
      const score = Math.round((category?.score ?? 0) * 100);
      const failed = (category?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit && audit.score !== null && audit.score < 1)
        .map((audit) => `${audit?.id}: ${audit?.title}`);
      console.log(
        `Lighthouse accessibility ${score} on ${pathOf()}${failed.length ? `; failed: ${failed.join('; ')}` : ''}`,
      );
      expect(score, failed.join('\n')).toBeGreaterThanOrEqual(MIN_SCORE);
    },
    180_000,
  );
});
