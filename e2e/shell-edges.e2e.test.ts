import { MESSAGES, PRODUCT_NAME_ZH, UPLOAD_MESSAGES } from '@trackit/contract/messages';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { createFolderByApi, openSignedIn, signInByApi, storeToken } from './session';

/**
 * The rough edges a user meets in the admin app (issue 9): why the login page opened, the 404 page
 * inside the shell, videos and PDFs in the gallery, spinners, titles, labels and pop-ups that stay in
 * the window.
 */

const baseUrl = inject('e2eBaseUrl');
/** Holds data_management: can make a folder and upload into it. */
const MOBILE = E2E_USERS.edges;

/** A one-page PDF drawn by hand (a title and a navy block), offsets computed. */
function makePdf(title: string): Buffer {
  const content = `BT /F1 32 Tf 72 740 Td (${title}) Tj ET\n0.11 0.23 0.54 rg 72 420 451 260 re f`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A short WebM clip recorded in the page itself (a moving block on a canvas), so no encoder is needed. */
async function recordClip(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const stream = canvas.captureStream(25);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    let frame = 0;
    const timer = setInterval(() => {
      frame += 1;
      context.fillStyle = '#1d3a8a';
      context.fillRect(0, 0, 640, 360);
      context.fillStyle = '#f5b400';
      context.fillRect((frame * 12) % 640, 130, 100, 100);
    }, 40);
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  return Buffer.from(bytes);
}

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not on the page`);
  return found;
};

/** The large spinner sits in the middle of the part of the shell's content area on screen. */
async function expectCentredSpinner(page: Page, variant: 'inline' | 'overlay') {
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  const content = await box(page, '.ant-layout-content');
  const spin = await box(page, `[data-testid="page-loading"][data-variant="${variant}"] .ant-spin-lg`);
  const visibleBottom = Math.min(content.y + content.height, viewport.height);
  expect(spin.y).toBeGreaterThan(content.y);
  expect(Math.abs(spin.x + spin.width / 2 - (content.x + content.width / 2))).toBeLessThan(4);
  expect(Math.abs(spin.y + spin.height / 2 - (content.y + visibleBottom) / 2)).toBeLessThan(60);
}

describe('rough edges of the admin app', () => {
  let browser: Browser;
  let token: TokenPair;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await signInByApi(MOBILE);
  });
  afterAll(() => browser.close());

  it('says why the login page opened when the session could not be refreshed, once', async () => {
    const page = await openPage(browser, { width: 1280, height: 720 });
    await storeToken(page, { access_token: 'forged', refresh_token: 'forged' });
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.waitForURL(/\/admin\/login/);
    await page.getByText(MESSAGES.sessionExpired).waitFor();
    // The flag is gone from the address: a reload (or a bookmark) does not say it again.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await page.title()).toBe(PRODUCT_NAME_ZH);
    await screenshot(page, 'edges-login-expired');
    await page.reload();
    await page.getByTestId('login-phone').waitFor();
    expect(await page.getByText(MESSAGES.sessionExpired).count()).toBe(0);
    await page.close();
  });

  it('checks the phone when it loses focus, empty too', async () => {
    const page = await openPage(browser, { width: 1280, height: 720 });
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByTestId('login-phone').click();
    await page.getByTestId('login-code').click();
    await page.getByText(MESSAGES.phoneInvalid).waitFor();
    await screenshot(page, 'edges-login-empty-phone');
    await page.close();
  });

  it("centres the spinner inside the shell while the member's keys load", async () => {
    const page = await openPage(browser);
    await storeToken(page, token);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/storm_api/v1/permissions/my*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/admin`);
    await page.getByTestId('page-loading').waitFor();
    await expectCentredSpinner(page, 'inline');
    await screenshot(page, 'edges-shell-spinner');
    release();
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.close();
  });

  it("centres the large spinner of the root path while the first page's code loads", async () => {
    const page = await openPage(browser);
    await storeToken(page, token);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The code of the page /admin lands on (数据看板) takes its time.
    await page.route('**/assets/dashboard-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/admin`);
    await page.getByTestId('side-menu').waitFor();
    // The shell shows its own (inline) spinner while the member's keys load; the one measured here is
    // the overlay over the content, which appears after a short delay: wait for it by its variant.
    await page.locator('[data-testid="page-loading"][data-variant="overlay"] .ant-spin-lg').waitFor();
    await expectCentredSpinner(page, 'overlay');
    await screenshot(page, 'edges-root-spinner');
    release();
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('page-loading').count()).toBe(0);
    await page.close();
  });

  it('shows an unknown address inside the shell, with our own picture', async () => {
    const page = await openSignedIn(browser, token, '/admin/no/such/page');
    const errors = watchErrors(page);
    await page.getByText(MESSAGES.notFoundPage).waitFor();
    await page.getByTestId('side-menu').waitFor();
    await page.getByTestId('header-avatar').waitFor();
    await page.getByTestId('not-found-illustration').waitFor();
    expect(await page.locator('.ant-result-404 .ant-result-image').count()).toBe(0);
    expect(await page.getByTestId('breadcrumb').count()).toBe(0);
    await screenshot(page, 'edges-not-found-shell');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a visitor without a session the 404 page over the window', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/admin/no/such/page`);
    await page.getByText(MESSAGES.notFoundPage).waitFor();
    await page.getByTestId('not-found-illustration').waitFor();
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    expect(page.url()).toContain('/admin/no/such/page');
    expect(await page.title()).toBe(PRODUCT_NAME_ZH);
    await screenshot(page, 'edges-not-found-visitor');
    await page.close();
  });

  it('names a missing folder in the breadcrumb instead of its id', async () => {
    const page = await openSignedIn(browser, token, '/admin/information/folder/987654');
    await page.getByText(UPLOAD_MESSAGES.folderNotFound).first().waitFor();
    await expect
      .poll(() => page.getByTestId('breadcrumb').textContent())
      .toContain(UPLOAD_MESSAGES.folderNotFound);
    expect(await page.getByTestId('breadcrumb').textContent()).not.toContain('987654');
    await screenshot(page, 'edges-folder-missing');
    await page.close();
  });

  it('plays a video and shows a PDF inside the gallery, with the name and a download button', async () => {
    const folderId = await createFolderByApi(token, '试镜视频');
    const page = await openSignedIn(browser, token, `/admin/information/folder/${folderId}`);
    const errors = watchErrors(page);
    await page.getByTestId('folder-drop-zone').waitFor();
    const clip = await recordClip(page);
    const photo = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#c2410c' } })
      .jpeg()
      .toBuffer();
    await page.getByTestId('folder-upload-input').setInputFiles([
      { name: 'a-定妆照.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'b-试镜.webm', mimeType: 'video/webm', buffer: clip },
      { name: 'c-合同.pdf', mimeType: 'application/pdf', buffer: makePdf('Contract 2025') },
    ]);
    await expect
      .poll(() => page.locator('[data-testid^="folder-file-"]').count(), { timeout: 30_000 })
      .toBe(3);
    const video = page.locator('[data-kind="video"]');
    await video.getByTestId('video-badge').waitFor();
    // Thumbnails and the video's poster are made after the upload.
    await expect.poll(() => page.locator('[data-thumbnail="pending"]').count(), { timeout: 30_000 }).toBe(0);
    await page.getByTestId('upload-card-close').click({ timeout: 30_000 });
    await screenshot(page, 'edges-folder-tiles');

    // A video opens in the gallery (not a new tab) and plays there.
    const pages = browser.contexts().flatMap((context) => context.pages()).length;
    await video.getByTestId('file-open').click();
    const player = page.getByTestId('gallery-video');
    await player.waitFor();
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await player.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
    expect(await player.getAttribute('controls')).not.toBeNull();
    expect(browser.contexts().flatMap((context) => context.pages()).length).toBe(pages);
    await expect.poll(() => page.getByTestId('gallery-name').textContent()).toBe('b-试镜.webm');
    expect(await page.getByTestId('gallery-download').getAttribute('href')).toContain('/storm_api/v1/blobs/');

    // The page behind recedes; the arrows stay clear of the side menu.
    const maskAlpha = await page
      .locator('.ant-image-preview-mask')
      .evaluate((element) => Number(getComputedStyle(element).backgroundColor.match(/[\d.]+(?=\))/)?.[0]));
    expect(maskAlpha).toBeGreaterThanOrEqual(0.8);
    const menu = await box(page, '.ant-layout-sider');
    const prev = await box(page, '.ant-image-preview-switch-prev');
    expect(prev.x).toBeGreaterThan(menu.x + menu.width);
    await page.waitForTimeout(600);
    await screenshot(page, 'edges-gallery-video');

    // The next file is the PDF.
    await page.locator('.ant-image-preview-switch-next').click();
    await expect.poll(() => page.getByTestId('gallery-name').textContent()).toBe('c-合同.pdf');
    await page.getByTestId('gallery-pdf').waitFor();
    await page.waitForTimeout(1500);
    await screenshot(page, 'edges-gallery-pdf');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('gallery-video').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a PDF in a frame of the gallery, served inline by the server', async () => {
    const folderId = await createFolderByApi(token, '合同');
    const page = await openSignedIn(browser, token, `/admin/information/folder/${folderId}`);
    await page.getByTestId('folder-drop-zone').waitFor();
    await page
      .getByTestId('folder-upload-input')
      .setInputFiles([{ name: '合同.pdf', mimeType: 'application/pdf', buffer: makePdf('Contract 2025') }]);
    await expect
      .poll(() => page.locator('[data-testid^="folder-file-"]').count(), { timeout: 30_000 })
      .toBe(1);
    await page.locator('[data-testid^="folder-file-"] button').first().click();
    const frame = page.getByTestId('gallery-pdf');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^\/storm_api\/v1\/blobs\/.+type=application%2Fpdf/);
    // The frame holds the PDF viewer, not a refusal: the server lets our own pages frame it.
    const response = await page.request.get(`${baseUrl}${await frame.getAttribute('src')}`);
    expect(response.headers()['x-frame-options']).toBe('SAMEORIGIN');
    await page.waitForTimeout(1500);
    await screenshot(page, 'edges-gallery-pdf-inline');
    await page.close();
  });

  it('keeps the settings labels even and the 下线 confirmation inside the window', async () => {
    const page = await openSignedIn(browser, token, '/admin/setting');
    // Another signed-in device of this person, so the row has a 下线 button.
    await page.route('**/storm_api/v1/user_sessions', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown>[] };
      const [current] = body.data;
      body.data.push({ ...current, id: 'other-device', current: false, browser: 'Safari 17', os: 'iOS 17' });
      return route.fulfill({ response, json: body });
    });
    await page.reload();
    await page.getByTestId('setting-nickname-input').waitFor();
    const labels = await page
      .locator('[data-testid="setting-profile"] .ant-form-item-label label')
      .allTextContents();
    expect(labels).toEqual(['昵称：', '团队：', '手机号：']);
    await page.getByTestId('device-signout-other-device').click();
    const popover = page.locator('.ant-popconfirm').filter({ hasText: '确定下线该设备吗？' });
    await popover.waitFor();
    await page.waitForTimeout(400);
    const inside = await popover.boundingBox();
    expect(inside && inside.x + inside.width).toBeLessThanOrEqual(1440);
    await screenshot(page, 'edges-setting');
    await page.close();
  });

  it('has no grey scrollbar in the side menu', async () => {
    // Low enough that the menu (with 信息管理 open) scrolls.
    const page = await openSignedIn(browser, token, '/admin/information/folder', {
      width: 1280,
      height: 360,
    });
    await page.getByTestId('side-menu').waitFor();
    const scroller = page.locator('.ant-layout-sider-children');
    // The open submenu unfolds after the page loads.
    await expect
      .poll(() => scroller.evaluate((element) => element.scrollHeight > element.clientHeight))
      .toBe(true);
    // Headless chromium draws no scrollbars at all: what is checked is what a desktop browser is told.
    const style = await scroller.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { width: computed.scrollbarWidth, color: computed.scrollbarColor };
    });
    expect(['thin', 'none']).toContain(style.width);
    if (style.width === 'thin')
      expect(style.color).toMatch(/^(transparent|rgba\(0, 0, 0, 0\)) (transparent|rgba\(0, 0, 0, 0\))$/);
    await screenshot(page, 'edges-side-menu');
    await page.close();
  });

  it('titles the tab with the product name once signed out', async () => {
    const page = await openSignedIn(browser, token, '/admin/dashboard');
    await expect.poll(() => page.title()).not.toBe(PRODUCT_NAME_ZH);
    await page.getByTestId('header-avatar').hover();
    await page.getByTestId('menu-logout').click();
    await page.waitForURL(/\/admin\/login$/);
    await expect.poll(() => page.title()).toBe(PRODUCT_NAME_ZH);
    await page.close();
  });
});
