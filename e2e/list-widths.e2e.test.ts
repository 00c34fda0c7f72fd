import { businessDate } from '@trackit/contract/business-time';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './api';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

interface ListPage {
  name: string;
  path: string;
  /** The tables the list kit lays out (apps/admin/src/components/list/column-width.ts), by test id. */
  tables: readonly string[];
  /** The tables with a column of the row's buttons (the demo's reader owns the agency: all are offered). */
  actions: readonly string[];
  /** Rows of the page's own design (DataList, cards), by test id. */
  rows?: string;
  /** Makes through the API the rows the demo seed does not hold (idempotent: the test may run twice). */
  prepare?: (token: TokenPair) => Promise<void>;
}

/** Two receipts (one with a reference and notes) when the demo agency has none. */
async function someReceipts(token: TokenPair) {
  if ((await callApi<unknown[]>('GET', '/v1/receipts?per_page=1', token)).length > 0) return;
  const [entity] = await callApi<TeamRecipient[]>('GET', '/v1/team_recipients?status=active', token);
  if (!entity) throw new Error('the demo agency has a payee entity');
  const received_on = businessDate(new Date());
  for (const receipt of [
    {
      amount: 1_250_000,
      payer_name: '北京光年广告有限公司',
      reference: 'ICBC2026112700315',
      notes: '预付定金',
    },
    { amount: 88_000, payer_name: '上海某某服饰有限公司' },
  ])
    await callApi('POST', '/v1/receipts', token, { ...receipt, received_on, team_recipient_id: entity.id });
}

/** Every list page of the admin app on the demo agency. */
const LIST_PAGES: readonly ListPage[] = [
  { name: 'models', path: '/admin/information/model?view=table', tables: ['model-list'], actions: [] },
  { name: 'model-cards', path: '/admin/information/model', tables: [], actions: [], rows: 'model-list' },
  { name: 'companies', path: '/admin/information/company', tables: ['company-list'], actions: [] },
  { name: 'contacts', path: '/admin/information/contacts', tables: ['contact-list'], actions: [] },
  { name: 'folders', path: '/admin/information/folder', tables: ['folder-list'], actions: [] },
  {
    name: 'packages',
    path: '/admin/information/packages',
    tables: ['package-list'],
    actions: ['package-list'],
  },
  { name: 'orders', path: '/admin/order/order', tables: ['order-list'], actions: ['order-list'] },
  {
    name: 'ready-to-bill',
    path: '/admin/order/ready_to_bill',
    tables: ['ready-to-bill-list', 'ready-to-bill-approval-list'],
    actions: ['ready-to-bill-list', 'ready-to-bill-approval-list'],
  },
  // The demo seed holds a paid, a submitted and a draft settlement, and models with money to settle.
  { name: 'settlements', path: '/admin/finance/settlements', tables: ['settlement-list'], actions: [] },
  {
    name: 'ready-to-settle',
    path: '/admin/finance/settlements?tab=ready',
    tables: ['ready-to-settle'],
    actions: ['ready-to-settle'],
  },
  {
    name: 'receipts',
    path: '/admin/finance/receipts',
    tables: ['receipt-list'],
    actions: ['receipt-list'],
    prepare: someReceipts,
  },
  { name: 'members', path: '/admin/organization/member', tables: ['member-list'], actions: ['member-list'] },
  { name: 'operation-log', path: '/admin/operate', tables: ['operate-table'], actions: [] },
  { name: 'notifications', path: '/admin/notify', tables: [], actions: [], rows: 'notify-list' },
];

const SMALL = { width: 1280, height: 720 };
const LARGE = { width: 1440, height: 900 };
/** Below most lists' minimum with the side menu open: those tables scroll, their ends pinned. */
const NARROW = { width: 1100, height: 720 };

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
        // The heading text's line boxes (the sort arrows aside): one distinct top per line, and how far
        // right the text reaches against the cell's content box (a pinned cell's shadow lies outside it,
        // so the cell's own scrollWidth would not say).
        const tops = new Set<number>();
        let textRight = 0;
        const texts = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) {
            if (rect.width === 0) continue;
            tops.add(Math.round(rect.top));
            textRight = Math.max(textRight, rect.right);
          }
        }
        const box = th.getBoundingClientRect();
        const contentRight = box.right - Number.parseFloat(getComputedStyle(th).paddingRight);
        return {
          text: th.textContent?.trim() ?? '',
          width: box.width,
          // What the column declares (kit/column-width.ts); none declared reads as 0 and fails below.
          minWidth: Number(th.dataset.minWidth ?? 0),
          lines: tops.size,
          overflows: textRight > contentRight + 1,
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

/** The box that scrolls sideways: a table's body (antd's), or the list itself for rows of their own. */
const SCROLLER = '.ant-table-content, .ant-table-body';

/**
 * A window's classic scrollbar (Windows): headless Chromium draws none, so at 1280 px a list must also fit
 * with this much less room, as it would on a Windows desktop.
 */
const CLASSIC_SCROLLBAR = 17;

/** How much narrower a table's room is than the narrowest it may be (its declared minimum), by test id. */
const roomToSpare = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((list, selector) => {
    const scroller = list.querySelector<HTMLElement>(selector);
    const table = scroller?.querySelector<HTMLElement>('table');
    if (!scroller || !table) return 0;
    return scroller.clientWidth - Number.parseFloat(table.style.width);
  }, SCROLLER);

/** How much a list is wider than the room it has (0 when it fits), by its test id. */
const sidewaysOverflow = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((list, selector) => {
    const scroller = list.querySelector<HTMLElement>(selector) ?? list;
    return Math.max(0, scroller.scrollWidth - scroller.clientWidth);
  }, SCROLLER);

/**
 * Where a table's actions column stands against what one sees of it: the window and the table's
 * scrolling box; null when the table has no column declared as its actions.
 */
const actionsPlacement = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((list, selector) => {
    const heading = list.querySelector<HTMLElement>('.ant-table-thead th[data-kind="actions"]');
    const scroller = list.querySelector<HTMLElement>(selector);
    if (!heading || !scroller) return null;
    const cell = heading.getBoundingClientRect();
    const box = scroller.getBoundingClientRect();
    return {
      text: heading.textContent?.trim() ?? '',
      visible:
        cell.width > 0 &&
        cell.left >= Math.max(0, box.left) - 1 &&
        cell.right <= Math.min(window.innerWidth, box.right) + 1,
    };
  }, SCROLLER);

/**
 * Where the first row's cells stand in a table's scrolling box: its title's and its actions' (by the
 * kind their headings declare), and the left edge of the first column that is not pinned.
 */
const pinnedCells = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((table, selector) => {
    const scroller = table.querySelector<HTMLElement>(selector);
    const row = table.querySelector<HTMLElement>('.ant-table-tbody tr.ant-table-row');
    if (!scroller || !row) return null;
    const box = scroller.getBoundingClientRect();
    const cells = [...row.children] as HTMLElement[];
    const headings = [...table.querySelectorAll<HTMLElement>('.ant-table-thead th')];
    const placed = (cell: HTMLElement | undefined) => {
      const rect = cell?.getBoundingClientRect();
      return rect && { left: rect.left - box.left, right: rect.right - box.left };
    };
    const byKind = (kind: string) => placed(cells[headings.findIndex((th) => th.dataset.kind === kind)]);
    return {
      width: box.width,
      title: byKind('title'),
      actions: byKind('actions'),
      middle: placed(cells.find((cell) => !cell.classList.contains('ant-table-cell-fix')))?.left,
    };
  }, SCROLLER);

/** Waits for a page's lists to show their first rows. */
const waitForRows = async (page: Page, listPage: ListPage) => {
  for (const testId of listPage.tables) {
    await page.getByTestId(testId).locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  }
  if (listPage.rows) {
    await page.locator('[data-testid^="model-card-"], [data-testid^="list-row-"]').first().waitFor();
  }
};

/** Every problem of a page's lists at the window's size: squeezed columns, sideways scroll, hidden actions. */
const listProblems = async (page: Page, listPage: ListPage): Promise<string[]> => {
  const problems: string[] = [];
  for (const testId of listPage.tables) {
    const headings = await readHeadings(page, testId);
    if (headings.length <= 2) problems.push(`${testId}: ${headings.length} headings`);
    problems.push(...headings.flatMap(problemsOf).map((problem) => `${testId} ${problem}`));
  }
  for (const testId of [...listPage.tables, ...(listPage.rows ? [listPage.rows] : [])]) {
    const overflow = await sidewaysOverflow(page, testId);
    if (overflow > 1) problems.push(`${testId}: ${overflow} px wider than its card`);
  }
  for (const testId of listPage.tables) {
    const spare = await roomToSpare(page, testId);
    if (spare < CLASSIC_SCROLLBAR) problems.push(`${testId}: ${spare} px to spare, no room for a scrollbar`);
  }
  for (const testId of listPage.actions) {
    const actions = await actionsPlacement(page, testId);
    if (!actions) problems.push(`${testId}: no actions column declared`);
    else if (!actions.visible) problems.push(`${testId}: ${actions.text} not fully on screen`);
  }
  if (await pageOverflows(page)) problems.push('the page scrolls sideways');
  return problems;
};

describe('every list page, from 1280 px up and below', () => {
  let browser: Browser;
  let token: TokenPair;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await signInByApi(E2E_USERS.listReader);
    for (const listPage of LIST_PAGES) await listPage.prepare?.(token);
  });
  afterAll(() => browser.close());

  for (const listPage of LIST_PAGES) {
    it(`${listPage.name}: fits with the side menu open, no column below its minimum, headings on one line, actions on screen`, async () => {
      const page = await openSignedIn(browser, token, listPage.path, SMALL);
      const errors = watchErrors(page);
      await waitForRows(page, listPage);
      expect(await listProblems(page, listPage), listPage.name).toEqual([]);
      await screenshot(page, `lists-${listPage.name}-1280`);
      await page.setViewportSize(LARGE);
      await expect.poll(() => listProblems(page, listPage)).toEqual([]);
      await screenshot(page, `lists-${listPage.name}-1440`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  for (const listPage of LIST_PAGES.filter((candidate) => candidate.tables.length > 0)) {
    it(`${listPage.name} at 1100 px: a table wider than its card scrolls inside it, its title and actions pinned`, async () => {
      const page = await openSignedIn(browser, token, listPage.path, NARROW);
      const errors = watchErrors(page);
      await waitForRows(page, listPage);
      let scrolled = 0;
      for (const testId of listPage.tables) {
        const overflow = await sidewaysOverflow(page, testId);
        if (overflow <= 1) continue;
        scrolled += 1;
        // Columns keep their minimums: nothing is squeezed to fit.
        expect((await readHeadings(page, testId)).flatMap(problemsOf), testId).toEqual([]);
        const before = await pinnedCells(page, testId);
        await page
          .getByTestId(testId)
          .locator(SCROLLER)
          .first()
          .evaluate((box) => {
            box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
          });
        await expect
          .poll(async () => (await pinnedCells(page, testId))?.middle, { message: testId })
          .toBeLessThan((before?.middle ?? 0) - overflow / 4);
        const middle = await pinnedCells(page, testId);
        // The middle moved; the record's title stayed where it was, its actions at the right edge.
        expect(middle?.title?.left, `${testId} title`).toBeCloseTo(before?.title?.left ?? Number.NaN, 0);
        expect(middle?.title?.left, `${testId} title`).toBeGreaterThanOrEqual(0);
        if (listPage.actions.includes(testId)) {
          expect(middle?.actions?.right, `${testId} actions`).toBeLessThanOrEqual((middle?.width ?? 0) + 1);
          expect(middle?.actions?.left, `${testId} actions`).toBeGreaterThan((middle?.title?.right ?? 0) - 1);
        }
      }
      // The order list is wider than its card here, so this journey always sees the pins at work.
      if (listPage.name === 'orders') expect(scrolled).toBe(1);
      await screenshot(page, `lists-${listPage.name}-1100`, { fullPage: false });
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
