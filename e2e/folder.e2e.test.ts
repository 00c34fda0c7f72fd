import type { Folder } from '@trackit/contract/folder.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

/** GET from the API with the session's token, answering the envelope's data. */
async function getApi<T>(path: string, token: TokenPair): Promise<T> {
  const res = await fetch(`${inject('e2eBaseUrl')}/storm_api${path}`, {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  const body = (await res.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

describe('the demo agency’s folders', () => {
  let browser: Browser;
  let token: TokenPair;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await signInByApi(E2E_USERS.demoOwner);
  });
  afterAll(() => browser.close());

  it('lists folders with kind, model and first thumbnails, filtered by kind', async () => {
    const page = await openSignedIn(browser, token, '/admin/information/folder?kind=book');
    const errors = watchErrors(page);
    await page.getByTestId('folder-list').waitFor();
    const firstPreview = page.locator('[data-testid^="folder-previews-"] img').first();
    await firstPreview.waitFor();
    await expect
      .poll(() => firstPreview.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const kinds = await page.getByTestId('folder-kind').allTextContents();
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['画册']));
    await screenshot(page, 'folder-list-demo');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens a model’s book, moves a picture later, and keeps the order after a reload', async () => {
    const books = await getApi<Folder[]>('/v1/folders?kind=book&sort=name&per_page=100', token);
    const book = books.find((folder) => folder.model_id && folder.file_count === 4);
    if (!book) throw new Error('no demo book with pictures');
    const page = await openSignedIn(browser, token, `/admin/information/folder/${book.id}`);
    const errors = watchErrors(page);
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toContain(book.name);
    await page.getByTestId('folder-model').waitFor();
    const tiles = page.locator('[data-testid^="folder-file-"]');
    await expect.poll(() => tiles.count()).toBe(4);
    await expect
      .poll(() =>
        page
          .locator('[data-thumbnail="ready"] img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'folder-detail-demo');

    const before = await tiles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
    const first = before[0]?.replace('folder-file-', '');
    await page.getByTestId(`file-later-${first}`).click();
    const expected = [before[1], before[0], before[2], before[3]];
    await expect
      .poll(() => tiles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid'))))
      .toEqual(expected);
    // What the server kept: the page after a reload shows the same order.
    await expect
      .poll(async () =>
        (await getApi<{ id: number }[]>(`/v1/folders/${book.id}/files`, token)).map(
          (file) => `folder-file-${file.id}`,
        ),
      )
      .toEqual(expected);
    await page.reload();
    await expect.poll(() => tiles.count()).toBe(4);
    expect(await tiles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')))).toEqual(
      expected,
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
