import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { spreadsheetDate, spreadsheetTime } from '@trackit/contract/business-time';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../test/spreadsheets';
import { excelYuan, streamWorkbook, type WorkbookColumn, workbookBuffer } from './workbook';

interface Line {
  text: string;
  fen: number | null;
  day: string | null;
  at: string;
  count: number;
}

const COLUMNS: readonly WorkbookColumn<Line>[] = [
  { header: '内容', width: 20, write: (line) => line.text },
  { header: '金额', width: 12, format: 'money', write: (line) => excelYuan(line.fen) },
  { header: '日期', width: 12, format: 'date', write: (line) => spreadsheetDate(line.day) },
  { header: '时间', width: 17, format: 'dateTime', write: (line) => spreadsheetTime(line.at) },
  { header: '数量', width: 6, write: (line) => line.count },
];

/** Every start a spreadsheet would run, and texts it would not. */
const HOSTILE = ['=HYPERLINK("http://x","y")', '+1', '-1+2', '@SUM(A1)', '\t=1', '\r=1'];
const PLAIN = ['平常的文字', 'a=b', ' =1'];

const lines: Line[] = [...HOSTILE, ...PLAIN].map((text, index) => ({
  text,
  fen: index === 0 ? null : 123_456 * index,
  day: index === 0 ? null : '2026-11-24',
  // 16:30:15 UTC is 00:30:15 the next day in China.
  at: '2026-10-20T16:30:15.000Z',
  count: index - 3,
}));

async function check(bytes: Buffer) {
  const sheet = (await readWorkbook(bytes)).getWorksheet('明细');
  if (!sheet) throw new Error('sheet expected');
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(sheet.getRow(1).font?.bold).toBe(true);
  expect(sheet.getRow(1).values).toEqual([undefined, '内容', '金额', '日期', '时间', '数量']);
  lines.forEach((line, index) => {
    const row = sheet.getRow(index + 2);
    const text = row.getCell(1);
    expect(text.type).toBe(ExcelJS.ValueType.String);
    // XML reads a raw carriage return as a line feed (exceljs writes it unescaped): still a string.
    expect(text.value).toBe(line.text.replace('\r', '\n'));
    expect(text.numFmt === '@').toBe(HOSTILE.includes(line.text));
    expect(row.getCell(2).value).toBe(line.fen === null ? null : line.fen / 100);
    expect(row.getCell(2).numFmt).toBe('#,##0.00');
    expect(row.getCell(3).value).toEqual(line.day ? new Date('2026-11-24T00:00:00Z') : null);
    expect(row.getCell(3).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(4).value).toEqual(new Date('2026-10-21T00:30:15Z'));
    expect(row.getCell(4).numFmt).toBe('yyyy-mm-dd hh:mm');
    // A negative number is a number, not a text to guard.
    expect(row.getCell(5).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(5).value).toBe(index - 3);
  });
}

describe('workbook writer', () => {
  it('writes typed columns under a frozen header, texts a spreadsheet would run kept as text', async () => {
    await check(
      await workbookBuffer([{ name: '明细', columns: COLUMNS, rows: lines }], { createdAt: new Date() }),
    );
  });

  it('streams the same workbook batch by batch', async () => {
    const output = new PassThrough();
    const bytes = buffer(output);
    async function* batches() {
      yield lines.slice(0, 4);
      yield lines.slice(4);
    }
    await streamWorkbook(
      output,
      { name: '明细', columns: COLUMNS, batches: batches() },
      { createdAt: new Date() },
    );
    await check(await bytes);
  });

  it('writes an instant on the China clock whatever its form', () => {
    expect(spreadsheetTime(new Date('2026-12-31T16:00:00.250Z'))).toEqual(
      new Date('2027-01-01T00:00:00.250Z'),
    );
    expect(spreadsheetTime('1969-12-31T23:59:59.500Z')).toEqual(new Date('1970-01-01T07:59:59.500Z'));
    expect(spreadsheetTime(null)).toBeNull();
    expect(excelYuan(undefined)).toBeNull();
    expect(excelYuan(5)).toBe(0.05);
  });
});
