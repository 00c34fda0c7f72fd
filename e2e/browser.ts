import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { BUSINESS_TIME_ZONE } from '@trackit/contract/business-time';
import { type Browser, chromium, type Download, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's chromium: never a downloaded browser (it cannot be fetched on these machines). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and nothing of its own on the network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
}

/** A page as an agency's staff sees it: China's time zone and Chinese locale. */
export function openPage(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  return browser.newPage({ viewport, timezoneId: BUSINESS_TIME_ZONE, locale: 'zh-CN' });
}

/**
 * Saves a screenshot under e2e/screenshots/ for a person to look at: the full page, or with
 * `{ fullPage: false }` the window as the person sees it (a floating card, a popover where it stands).
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: options.fullPage ?? true });
}

/** Collects uncaught page errors and console errors, so a test can assert a page ran cleanly. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Keeps a downloaded document under e2e/screenshots/ beside the screenshots, for a person to look at. */
export async function keepDownload(download: Download, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, name);
  await download.saveAs(file);
  return file;
}

/** Waits for the drawers' sliding in to end: a screenshot half-way shows the page through them. */
export const drawersStill = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return (
              animation.playState === 'running' &&
              target?.matches('.ant-drawer-content-wrapper, .ant-drawer-mask')
            );
          }).length,
      ),
    )
    .toBe(0);
