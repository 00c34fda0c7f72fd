import { readFile } from 'node:fs/promises';
import type { TokenPair } from '@trackit/contract/session.schema';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

/** Ten models, the 4th with an impossible height and the 8th with a gender not in the list. */
const ROWS: [name: string, gender: string, height: number, city: string, mobile: string][] = [
  ['林一诺', '女', 172, '上海', '13900000101'],
  ['周子涵', '女', 175, '杭州', '13900000102'],
  ['陈思远', '男', 186, '上海', '13900000103'],
  ['身高有误', '女', 300, '北京', '13900000104'],
  ['吴可欣', '女', 169, '杭州', '13900000105'],
  ['赵一鸣', '男', 183, '成都', '13900000106'],
  ['孙雨桐', '女', 177, '上海', '13900000107'],
  ['性别有误', '未知', 170, '北京', '13900000108'],
  ['郑安然', '女', 174, '杭州', '13900000109'],
  ['王嘉禾', '男', 188, '北京', '13900000110'],
];

/** Clicks and waits for the download it starts. */
async function downloadBy(page: Page, testId: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return download;
}

/** A downloaded file as a workbook, after checking it is a zip (every .xlsx is). */
async function workbookOf(download: Download): Promise<ExcelJS.Workbook> {
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
  );
  return workbook;
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1).map(String);

describe('model import and export', () => {
  let browser: Browser;
  let importer: TokenPair;
  beforeAll(async () => {
    browser = await launchBrowser();
    importer = await signInByApi(E2E_USERS.modelImporter);
  });
  afterAll(() => browser.close());

  it('fills in the template, previews two bad rows in red, imports eight models and exports them', async () => {
    const page = await openSignedIn(browser, importer, '/admin/information/model');
    const errors = watchErrors(page);
    await page.getByText('还没有模特').waitFor();
    await page.getByTestId('model-import').click();
    await page.waitForURL(/\/admin\/information\/model\/import$/);
    await page.getByTestId('model-import-file').waitFor();
    await screenshot(page, 'model-import-start');

    // The template: an .xlsx with the Chinese headers, filled in as an agency would.
    const template = await downloadBy(page, 'model-import-template');
    expect(template.suggestedFilename()).toBe('模特导入模板.xlsx');
    const workbook = await workbookOf(template);
    const sheet = workbook.getWorksheet('模特') as ExcelJS.Worksheet;
    const header = headerOf(sheet);
    expect(header.slice(0, 3)).toEqual(['姓名', '英文名', '性别']);
    const at = (title: string) => header.indexOf(title) + 1;
    ROWS.forEach(([name, gender, height, city, mobile], index) => {
      const row = sheet.getRow(index + 2);
      row.getCell(at('姓名')).value = name;
      row.getCell(at('性别')).value = gender;
      row.getCell(at('身高（厘米）')).value = height;
      row.getCell(at('城市')).value = city;
      row.getCell(at('手机号')).value = mobile;
    });
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());

    await page
      .locator('input[type="file"]')
      .setInputFiles([{ name: '新签模特.xlsx', mimeType: 'application/octet-stream', buffer: filled }]);
    const summary = page.getByTestId('model-import-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toBe('共 10 行：8 行可导入，2 行有错误');
    const invalid = page.locator('[data-invalid="true"]');
    expect(await invalid.count()).toBe(2);
    expect(await page.getByTestId('import-error-5-height').innerText()).toContain(
      '*请输入50-250之间的整数（厘米）',
    );
    expect(await page.getByTestId('import-error-9-gender').innerText()).toContain(
      '*请从下拉选项中选择：女、男',
    );
    await screenshot(page, 'model-import-preview');

    await page.getByTestId('model-import-submit').click();
    await page.getByText('已导入 8 位模特').waitFor();
    await screenshot(page, 'model-import-result');
    await page.getByTestId('model-import-back').click();
    await page.waitForURL(/\/admin\/information\/model$/);
    await page.getByText('共 8 位模特').waitFor();
    expect(await page.locator('[data-testid^="model-card-"]').count()).toBe(8);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'model-import-list');

    // 导出 saves what the address's filters find: the three of 杭州.
    await page.getByTestId('model-city-filter').fill('杭州');
    await page.waitForURL(/city=/);
    await page.getByText('共 3 位模特').waitFor();
    const exported = await downloadBy(page, 'model-export');
    expect(exported.suggestedFilename()).toMatch(/^模特-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const exportSheet = (await workbookOf(exported)).worksheets[0] as ExcelJS.Worksheet;
    expect(headerOf(exportSheet)).toContain('身高（厘米）');
    const names: string[] = [];
    exportSheet.eachRow((row, number) => {
      if (number > 1) names.push(String(row.getCell(2).value));
    });
    expect(names.sort()).toEqual(['吴可欣', '周子涵', '郑安然'].sort());
    expect(errors).toEqual([]);
    await page.close();
  });
});
