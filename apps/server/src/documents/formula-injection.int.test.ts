/**
 * Formula injection (issue 22, "Done when"): a text a person typed that a spreadsheet would run as a
 * formula comes out of every export as that exact text, a string cell, never a formula. (The API trims
 * a leading tab or carriage return from what it stores; `workbook.test.ts` writes those directly.)
 */
import type { Model } from '@trackit/contract/model.schema';
import type { OrderCreated } from '@trackit/contract/order.schema';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../test/api-answers';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signInTeamByLevel } from '../test/factories';
import { download, readWorkbook } from '../test/spreadsheets';

type Headers = Record<string, string>;

/** The cells under `header` of the first sheet of an exported workbook, by row. */
async function column(bytes: Buffer, header: string): Promise<ExcelJS.Cell[]> {
  const sheet = (await readWorkbook(bytes)).worksheets[0];
  if (!sheet) throw new Error('sheet expected');
  const titles = sheet.getRow(1).values as ExcelJS.CellValue[];
  const index = titles.indexOf(header);
  expect(index, header).toBeGreaterThan(0);
  const cells: ExcelJS.Cell[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) cells.push(row.getCell(index));
  });
  return cells;
}

/** A string cell showing exactly `text`, in the Text format so that editing it keeps it text. */
function expectLiteral(cell: ExcelJS.Cell | undefined, text: string) {
  expect(cell?.type).toBe(ExcelJS.ValueType.String);
  expect(cell?.formula).toBeUndefined();
  expect(cell?.value).toBe(text);
  expect(cell?.text).toBe(text);
  expect(cell?.numFmt).toBe('@');
}

describe('formula injection in exported workbooks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('exports a model named =HYPERLINK("http://x","y") as that literal text', async () => {
    const { owner } = await signInTeamByLevel(t, 'data_management');
    const hostile = {
      name: '=HYPERLINK("http://x","y")',
      english_name: '+SUM(1,2)',
      city: '-2+3',
      wechat: '@cmd',
      notes: '=1+1',
    };
    const api = <T>(method: string, path: string, body: unknown, headers: Headers) =>
      t.request<T>(method, `/storm_api${path}`, { headers, body });
    await ok(api<Model>('POST', '/v1/models', { ...hostile, gender: 'female' }, owner.headers));
    await ok(api<Model>('POST', '/v1/models', { name: '平常', gender: 'male' }, owner.headers));
    const res = await download(t, '/v1/models/export?sort=name', owner.headers);
    expect(res.status).toBe(200);
    const names = await column(res.bytes, '姓名');
    const hostileRow = names.findIndex((cell) => cell.value === hostile.name);
    expect(hostileRow).toBeGreaterThanOrEqual(0);
    expectLiteral(names[hostileRow], hostile.name);
    const labels = { english_name: '英文名', city: '城市', wechat: '微信', notes: '备注' } as const;
    for (const [field, header] of Object.entries(labels)) {
      const cells = await column(res.bytes, header);
      expectLiteral(cells[hostileRow], hostile[field as keyof typeof labels]);
    }
    // Text a spreadsheet would not run keeps the general format.
    const plain = names.find((cell) => cell.value === '平常');
    expect(plain?.type).toBe(ExcelJS.ValueType.String);
    expect(plain?.numFmt).not.toBe('@');
  });

  it('exports orders titled =, +, -, @ as those literal titles', async () => {
    const { levels } = await signInTeamByLevel(t, 'my_bill');
    const titles = ['=1+2', "+CMD|' /C calc'!A0", '-2+3', '@SUM(A1:A2)'];
    for (const title of titles) {
      await ok(
        t.request<OrderCreated>('POST', '/storm_api/v1/orders', {
          headers: levels.edit.headers,
          body: { title },
        }),
      );
    }
    const res = await download(t, '/v1/orders/export', levels.read.headers);
    expect(res.status).toBe(200);
    const cells = await column(res.bytes, '标题');
    expect(cells).toHaveLength(titles.length);
    for (const title of titles)
      expectLiteral(
        cells.find((cell) => cell.value === title),
        title,
      );
  });
});
