import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

/**
 * Every list page of the admin app on the demo agency: the lists the list kit lays out
 * (apps/admin/src/components/list/column-width.ts) and the notifications, whose rows are their own design.
 */
const LIST_PAGES = [
  { name: 'models', path: '/admin/information/model?view=table', lists: ['model-list'] },
  { name: 'model-cards', path: '/admin/information/model', lists: [] },
  { name: 'companies', path: '/admin/information/company', lists: ['company-list'] },
  { name: 'contacts', path: '/admin/information/contacts', lists: ['contact-list'] },
  { name: 'folders', path: '/admin/information/folder', lists: ['folder-list'] },
  { name: 'packages', path: '/admin/information/packages', lists: ['package-list'] },
  { name: 'orders', path: '/admin/order/order', lists: ['order-list'] },
  {
    name: 'ready-to-bill',
    path: '/admin/order/ready_to_bill',
    lists: ['ready-to-bill-list', 'ready-to-bill-approval-list'],
  },
  { name: 'members', path: '/admin/organization/member', lists: ['member-list'] },
  { name: 'operation-log', path: '/admin/operate', lists: ['operate-table'] },
  { name: 'notifications', path: '/admin/notify', lists: [] },
] as const;

const SMALL = { width: 1280, height: 720 };
const LARGE = { width: 1440, height: 900 };

interface HeadingReport {
  text: string;
  width: number;
  minWidth: number;
  lines: number;
  overflows: boolean;
}

/** Each heading of a list's table as laid out on screen: its width, its declared minimum, its lines. */
const readHeadings = (page: Page, testId: string): Promise<HeadingReport[]> =>
  page.getByTestId(testId).evaluate((list) =>
    [...list.querySelectorAll<HTMLElement>('.ant-table-thead th:not(.ant-table-selection-column)')].map(
      (th) => {
        // The heading text's line boxes (the sort arrows aside): one distinct top per line.
        const tops = new Set<number>();
        const texts = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
        }
        return {
          text: th.textContent?.trim() ?? '',
          width: th.getBoundingClientRect().width,
          // What the column declares (kit/column-width.ts); none declared reads as 0 and fails below.
          minWidth: Number(th.dataset.minWidth ?? 0),
          lines: tops.size,
          overflows: th.scrollWidth > th.clientWidth + 1,
        };
      },
    ),
  );

/** What is wrong with a heading's column on screen, if anything. */
const problemsOf = (heading: HeadingReport): string[] => [
  ...(heading.lines > 1 ? [`${heading.text}: heading on ${heading.lines} lines`] : []),
  ...(heading.overflows ? [`${heading.text}: heading overflows its cell`] : []),
  ...(heading.minWidth > 0 ? [] : [`${heading.text}: declares no width`]),
  ...(heading.width < heading.minWidth - 1
    ? [`${heading.text}: ${Math.round(heading.width)} px, below its ${heading.minWidth} px`]
    : []),
];

/** Whether the page itself scrolls sideways (a list too wide for the window must scroll inside its card). */
const pageOverflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

describe('every list at 1280×720', () => {
  let browser: Browser;
  let token: TokenPair;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await signInByApi(E2E_USERS.listReader);
  });
  afterAll(() => browser.close());

  for (const listPage of LIST_PAGES) {
    it(`${listPage.name}: no column narrower than its minimum, every heading on one line`, async () => {
      const page = await openSignedIn(browser, token, listPage.path, SMALL);
      const errors = watchErrors(page);
      if (listPage.lists.length === 0) {
        await page.locator('[data-testid^="model-card-"], [data-testid^="list-row-"]').first().waitFor();
      }
      for (const testId of listPage.lists) {
        await page.getByTestId(testId).locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
        const headings = await readHeadings(page, testId);
        expect(headings.length, `${testId} headings`).toBeGreaterThan(2);
        expect(headings.flatMap(problemsOf), testId).toEqual([]);
      }
      expect(await pageOverflows(page)).toBe(false);
      await screenshot(page, `lists-${listPage.name}-1280`);
      await page.setViewportSize(LARGE);
      for (const testId of listPage.lists) {
        await expect.poll(async () => (await readHeadings(page, testId)).flatMap(problemsOf)).toEqual([]);
      }
      await screenshot(page, `lists-${listPage.name}-1440`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
