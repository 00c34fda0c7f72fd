import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Model } from '@trackit/contract/model.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawPortrait } from '../apps/server/src/seed/demo-models';
import { callApi, uploadPicture } from './api';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

const NAME = '刘晓阳';

/** A model with a book of five drawn photos (the first its cover) and two polaroids. */
async function createModelWithPhotos(token: TokenPair) {
  const model = await callApi<Model>('POST', '/v1/models', token, {
    name: NAME,
    english_name: 'Sunny Liu',
    gender: 'female',
    height: 178,
    bust: 84,
    waist: 60,
    hips: 88,
    shoe_size: 39,
    clothing_size: 's',
    hair_color: '黑色',
    eye_color: '棕色',
  });
  const folder = (name: string, kind: string) =>
    callApi<{ id: number }>('POST', '/v1/folders', token, { name, kind, model_id: model.id });
  const book = await folder(`${NAME} 画册`, 'book');
  const bookIds: number[] = [];
  for (let number = 1; number <= 5; number += 1) {
    bookIds.push(
      await uploadPicture(token, book.id, await drawPortrait(NAME, number, 4), `画册-${number}.jpg`),
    );
  }
  const polaroids = await folder(`${NAME} 拍立得`, 'polaroid');
  const polaroidIds: number[] = [];
  for (let number = 1; number <= 2; number += 1) {
    polaroidIds.push(
      await uploadPicture(
        token,
        polaroids.id,
        await drawPortrait(NAME, number + 5, 9),
        `拍立得-${number}.jpg`,
      ),
    );
  }
  await callApi('PATCH', `/v1/models/${model.id}`, token, { cover_file_id: bookIds[0] });
  return { model, bookIds, polaroidIds };
}

/** Waits for the dialog's opening animation to end: a screenshot half-way shows it faded. */
async function dialogOpened(page: Page) {
  await expect
    .poll(() => page.locator('.ant-modal').evaluate((node) => getComputedStyle(node).opacity))
    .toBe('1');
}

/** Waits until every picture of the dialog has loaded (a screenshot of grey tiles shows nothing). */
async function picturesLoaded(page: Page) {
  const images = page.locator('[data-testid^="comp-card-photo-"] img');
  await images.first().waitFor();
  await expect
    .poll(() =>
      images.evaluateAll((nodes) => nodes.every((node) => (node as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
}

describe('the comp card', () => {
  let browser: Browser;
  let token: TokenPair;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await signInByApi(E2E_USERS.compCardOwner);
  });
  afterAll(() => browser.close());

  it('picks photos on the model’s page and downloads an A4 PDF named after her', async () => {
    const { model, bookIds, polaroidIds } = await createModelWithPhotos(token);
    const page = await openSignedIn(browser, token, `/admin/information/model/${model.id}`);
    const errors = watchErrors(page);
    await page.getByTestId('model-comp-card').click();
    const dialog = page.getByTestId('comp-card-modal');
    await dialog.waitFor();
    await dialogOpened(page);
    await picturesLoaded(page);
    // The cover is the front; the book's next four are ticked to start with.
    expect(await page.getByTestId(`comp-card-photo-${bookIds[0]}`).isDisabled()).toBe(true);
    expect(await page.getByTestId('comp-card-count').textContent()).toBe('已选 4/4');
    expect(await page.getByTestId('comp-card-figures').textContent()).toBe(
      '身高 178 · 胸围 84 · 腰围 60 · 臀围 88 · 鞋码 39 · 尺码 S · 发色 黑色 · 瞳色 棕色',
    );
    // A polaroid instead of the book's last photo.
    await page.getByTestId(`comp-card-photo-${bookIds[4]}`).click();
    await page.getByTestId(`comp-card-photo-${polaroidIds[0]}`).click();
    expect(await page.getByTestId(`comp-card-photo-${polaroidIds[0]}`).textContent()).toBe('4');
    await screenshot(page, 'comp-card-modal');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('comp-card-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`模卡-${NAME}.pdf`);
    const saved = await download.path();
    const pdf = await readFile(saved);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text.match(/\/MediaBox \[0 0 595\.28 841\.89\]/g)).toHaveLength(2);
    expect(text).toContain('NotoSansSC');
    // Kept beside the screenshots for a person to look at.
    const screenshots = path.resolve(import.meta.dirname, 'screenshots');
    await mkdir(screenshots, { recursive: true });
    await copyFile(saved, path.join(screenshots, 'comp-card.pdf'));
    await page.getByText('模卡已下载').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks for photos first for a model who has none', async () => {
    const model = await callApi<Model>('POST', '/v1/models', token, { name: '王珊', gender: 'female' });
    const page = await openSignedIn(browser, token, `/admin/information/model/${model.id}`);
    const errors = watchErrors(page);
    await page.getByTestId('model-comp-card').click();
    await page.getByTestId('comp-card-empty').waitFor();
    await dialogOpened(page);
    expect(await page.getByTestId('comp-card-download').isDisabled()).toBe(true);
    await screenshot(page, 'comp-card-empty');
    expect(errors).toEqual([]);
    await page.close();
  });
});
