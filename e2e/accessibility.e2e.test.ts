import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BUSINESS_TIME_ZONE } from '@trackit/contract/business-time';
import type { FeeStatement } from '@trackit/contract/fee-statement.schema';
import type { Order } from '@trackit/contract/order.schema';
import type { FolderShare, Package } from '@trackit/contract/package.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { SettlementShare } from '@trackit/contract/settlement-share.schema';
import lighthouse, { desktopConfig } from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './api';
import { CHROMIUM, CHROMIUM_FLAGS } from './browser';
import { E2E_USERS } from './fixtures';
import { freePort } from './product-server';
import { signInByApi, storeToken } from './session';

const baseUrl = inject('e2eBaseUrl');

/** One sign-in for both suites of this file: a second code for the number within a minute is refused (429). */
let signedIn: Promise<TokenPair> | undefined;
const ownerToken = (): Promise<TokenPair> => {
  signedIn ??= signInByApi(E2E_USERS.a11yOwner);
  return signedIn;
};

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
    const token: TokenPair = await ownerToken();
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
      const { score, failed, finalPath } = await audit(port, pathOf(), 'desktop');
      // Signed in: the page itself was audited, not the sign-in screen it would send a stranger to.
      expect(finalPath).toBe(pathOf());
      expect(score, failed.join('\n')).toBeGreaterThanOrEqual(MIN_SCORE);
    },
    180_000,
  );
});

/**
 * Lighthouse's accessibility audit of one page in the browser on `port`: its score, what it failed (with
 * the elements, so a contrast finding names its text) and the path it ended on. `mobile` is Lighthouse's
 * default phone emulation (the /h5 pages), `desktop` its desktop configuration (1350 px).
 */
async function audit(port: number, pagePath: string, form: 'desktop' | 'mobile') {
  const result = await lighthouse(
    `${baseUrl}${pagePath}`,
    { port, onlyCategories: ['accessibility'], disableStorageReset: true, logLevel: 'error' },
    form === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse gave no result');
  const { lhr } = result;
  const category = lhr.categories.accessibility;
  const score = Math.round((category?.score ?? 0) * 100);
  const failed = (category?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((found) => found && found.score !== null && found.score < 1)
    .map((found) => {
      const items = (found?.details as { items?: { node?: { snippet?: string; explanation?: string } }[] })
        ?.items;
      const nodes = (items ?? [])
        .slice(0, 8)
        .map((item) => `    ${item.node?.snippet ?? ''} ${item.node?.explanation ?? ''}`);
      return [`${found?.id}: ${found?.title}`, ...nodes].join('\n');
    });
  console.log(
    `Lighthouse accessibility ${score} on ${pagePath}${failed.length ? `; failed:\n${failed.join('\n')}` : ''}`,
  );
  return { score, failed, finalPath: new URL(lhr.finalDisplayedUrl).pathname };
}

/**
 * Every public page (what clients and models open from a link) and the admin sign-in score 100
 * (issue 35): no stranger needs a session, so a fresh profile audits them. The links are the demo
 * agency's: a fee statement, a package and a model in it, a shared folder.
 */
describe('accessibility (Lighthouse) of the public pages and the sign-in', () => {
  let context: BrowserContext;
  let port: number;
  let profileDir: string;
  const links = {
    statement: '',
    packageDesktop: '',
    packageMobile: '',
    modelDesktop: '',
    modelMobile: '',
    folderDesktop: '',
    folderMobile: '',
    settlement: '',
  };
  const linkPath = (url: string) => (url.startsWith('/') ? url : new URL(url).pathname);

  beforeAll(async () => {
    const token: TokenPair = await ownerToken();
    const [statement] = await callApi<FeeStatement[]>('GET', '/v1/fee_statements?page=1&per_page=1', token);
    if (!statement) throw new Error('the demo agency has no fee statement');
    links.statement = linkPath(statement.url);
    const [pkg] = await callApi<Package[]>('GET', '/v1/packages?page=1&per_page=1', token);
    if (!pkg) throw new Error('the demo agency has no package');
    const detail = await callApi<Package>('GET', `/v1/packages/${pkg.id}`, token);
    links.packageDesktop = linkPath(detail.desktop_url);
    links.packageMobile = linkPath(detail.mobile_url);
    const modelId = detail.models[0]?.model_id;
    links.modelDesktop = `${links.packageDesktop}/${modelId}`;
    links.modelMobile = `${links.packageMobile}/${modelId}`;
    const [folder] = await callApi<{ id: number }[]>('GET', '/v1/folders?page=1&per_page=1', token);
    if (!folder) throw new Error('the demo agency has no folder');
    const share = await callApi<FolderShare>('POST', `/v1/folders/${folder.id}/share`, token, {});
    links.folderDesktop = linkPath(share.desktop_url);
    links.folderMobile = linkPath(share.mobile_url);
    // The model's settlement statement: any settlement of the demo can be shared, a draft too.
    const [settlement] = await callApi<{ id: number }[]>('GET', '/v1/settlements?page=1&per_page=1', token);
    if (!settlement) throw new Error('the demo agency has no settlement');
    const settlementShare = await callApi<SettlementShare>(
      'POST',
      `/v1/settlements/${settlement.id}/share`,
      token,
      {},
    );
    links.settlement = linkPath(settlementShare.url);
    port = await freePort();
    profileDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-lighthouse-public-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
      locale: 'zh-CN',
      timezoneId: BUSINESS_TIME_ZONE,
    });
  });

  afterAll(async () => {
    await context?.close();
    if (profileDir) await rm(profileDir, { recursive: true, force: true });
  });

  const publicPages = [
    ['the fee statement (/web)', () => links.statement, 'desktop'],
    ['the fee statement on a phone', () => links.statement, 'mobile'],
    ['the package page (/web)', () => links.packageDesktop, 'desktop'],
    ['the package page (/h5)', () => links.packageMobile, 'mobile'],
    ['a model of the package (/web)', () => links.modelDesktop, 'desktop'],
    ['a model of the package (/h5)', () => links.modelMobile, 'mobile'],
    ['the shared folder (/web)', () => links.folderDesktop, 'desktop'],
    ['the shared folder (/h5)', () => links.folderMobile, 'mobile'],
    ["the model's settlement (/web)", () => links.settlement, 'desktop'],
    ["the model's settlement on a phone", () => links.settlement, 'mobile'],
    ['the admin sign-in', () => '/admin/login', 'desktop'],
  ] as const;

  it.each(publicPages)(
    'scores 100 on %s',
    async (_name, pathOf, form) => {
      const { score, failed } = await audit(port, pathOf(), form);
      expect(score, failed.join('\n')).toBe(100);
    },
    180_000,
  );
});
