import { MESSAGES } from '@trackit/contract/messages';
import {
  EXCEL_CELL_MAX_CHARS,
  MODEL_SHEET_LIMITS,
  MODEL_SHEET_MESSAGES,
} from '@trackit/contract/model-sheet.schema';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { handMadeXlsx, inlineRow, repeated, sheetXml, xmlText, zipOf } from '../../../test/spreadsheets';
import { cellText } from './model-workbook';
import { readFirstSheet } from './xlsx-reader';
import { BoundedText, MODEL_XLSX_LIMITS, newReadProgress, type SheetCell, type XlsxLimits } from './xlsx-zip';

/** Building a file of millions of elements takes seconds on a busy machine: the tests that do get a minute. */
const HEAVY = 60_000;

/** Every row the reader hands over, each cell as the text a person sees (too long ones marked). */
async function readAll(file: Buffer, limits: XlsxLimits = MODEL_XLSX_LIMITS) {
  const rows: { row: number; texts: string[] }[] = [];
  const progress = newReadProgress();
  await readFirstSheet(file, {
    limits,
    progress,
    wants: () => true,
    onRow: (row, cells: SheetCell[]) =>
      rows.push({
        row,
        texts: cells.map((cell) => cellText(cell.value, cell.numFmt) + (cell.tooLong ? '…' : '')),
      }),
  });
  return { rows, progress };
}

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toMatchObject({ status: 400 });
  return (error as Error).message;
};

describe('a text kept within bounds', () => {
  it('keeps at most its limit, in characters, without the white space around it', () => {
    const text = new BoundedText(5);
    for (const piece of ['  \n ', ' 刘晓', '阳😀b', '    ', '   ']) text.add(piece);
    // 😀 is one character (two UTF-16 units), as the contract counts.
    expect(text.text).toBe('刘晓阳😀b');
    expect(text.tooLong).toBe(false);
    text.add(' d');
    expect(text.tooLong).toBe(true);
    expect(text.text).toBe('刘晓阳😀b');
  });

  it('holds no more than its limit however much comes, and refuses past Excel’s own maximum', () => {
    const progress = newReadProgress();
    const text = new BoundedText(2000, progress);
    for (let sent = 0; sent + 8192 <= EXCEL_CELL_MAX_CHARS; sent += 8192) text.add('备'.repeat(8192));
    expect(text.text).toHaveLength(2000);
    expect(text.tooLong).toBe(true);
    expect(progress.longestText).toBe(2000);
    expect(() => text.add('备'.repeat(8192))).toThrow(MODEL_SHEET_MESSAGES.cellBeyondExcel);
  });
});

describe('reading a workbook’s first sheet', () => {
  it('reads each kind of cell as exceljs gives it: dates, percentages, rich text, formulas, booleans', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('模特');
    const row = sheet.getRow(1);
    row.getCell(1).value = new Date('2001-02-03T00:00:00Z');
    row.getCell(2).value = 36925;
    row.getCell(2).numFmt = 'yyyy"年"m"月"d"日"';
    row.getCell(3).value = 0.145;
    row.getCell(3).numFmt = '0.00%';
    row.getCell(4).value = { richText: [{ text: ' 刘' }, { font: { bold: true }, text: '晓阳 ' }] };
    row.getCell(5).value = { formula: 'A1&"x"', result: '结果' };
    row.getCell(6).value = { formula: '1+1', result: 2 };
    row.getCell(7).value = true;
    row.getCell(8).value = { error: '#N/A' };
    row.getCell(9).value = { text: 'Sunny', hyperlink: 'mailto:a@b.c' };
    row.getCell(10).value = 178;
    row.getCell(12).value = ' 13812345678 ';
    row.commit();
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await readAll(file)).rows).toEqual([
      {
        row: 1,
        texts: [
          '2001-02-03',
          '2001-02-03',
          '14.5%',
          '刘晓阳',
          '结果',
          '2',
          'TRUE',
          '#N/A',
          'Sunny',
          '178',
          '13812345678',
        ],
      },
    ]);
  });

  it('reads inline strings and their runs, leaving phonetic guides out', async () => {
    const file = await handMadeXlsx({
      sheet: sheetXml([
        '<row r="1"><c r="A1" t="inlineStr"><is><r><t>刘</t></r><r><t xml:space="preserve">晓阳</t></r><rPh sb="0" eb="1"><t>リュウ</t></rPh></is></c>',
        '<c r="C1" t="b"><v>0</v></c><c r="D1" t="e"><v>#DIV/0!</v></c><c r="E1" t="d"><v>2001-02-03T00:00:00Z</v></c></row>',
      ]),
    });
    expect((await readAll(file)).rows).toEqual([
      { row: 1, texts: ['刘晓阳', 'FALSE', '#DIV/0!', '2001-02-03'] },
    ]);
  });

  it('takes the first sheet by the workbook’s order, through its relationships, whatever the prefixes', async () => {
    const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const sheet = (text: string) =>
      `<x:worksheet xmlns:x="${ns}"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>${xmlText(text)}</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`;
    const file = await zipOf([
      { name: 'xl/worksheets/sheet1.xml', text: sheet('第二张') },
      { name: 'xl/worksheets/sheet2.xml', text: sheet('第一张') },
      {
        name: '_rels/.rels',
        text: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${rel}/officeDocument" Target="/xl/workbook.xml"/></Relationships>`,
      },
      {
        name: 'xl/workbook.xml',
        text: `<x:workbook xmlns:x="${ns}" xmlns:rel="${rel}"><x:workbookPr date1904="1"/><x:sheets><x:sheet name="第一张" sheetId="2" rel:id="rId2"/><x:sheet name="第二张" sheetId="1" rel:id="rId1"/></x:sheets></x:workbook>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        text: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>`,
      },
    ]);
    expect((await readAll(file)).rows).toEqual([{ row: 1, texts: ['第一张'] }]);
  });

  it('keeps no text of a cell it does not want', async () => {
    const file = await handMadeXlsx({ sheet: sheetXml([inlineRow(1, ['姓名', '性别', '备注'])]) });
    const seen: number[] = [];
    await readFirstSheet(file, {
      limits: MODEL_XLSX_LIMITS,
      wants: (_row, column) => column !== 2,
      onRow: (_row, cells) => seen.push(...cells.map((cell) => cell.column)),
    });
    expect(seen).toEqual([1, 3]);
  });
});

describe('the limits, whatever the file says', () => {
  it(
    'refuses one 150-million-character cell, having held no more than sax’s own buffer of it',
    async () => {
      const file = await handMadeXlsx({
        sheet: sheetXml([
          inlineRow(1, ['姓名']),
          '<row r="2"><c r="A2" t="inlineStr"><is><t>',
          ...repeated('a', 150_000_000, 1 << 20),
          '</t></is></c></row>',
        ]),
      });
      expect(file.length).toBeLessThan(300_000);
      // As it is, the sheet unzips past the budget: refused before a byte of it is unzipped.
      expect(await refusal(readAll(file))).toBe(MODEL_SHEET_MESSAGES.tooMuchData);
      // With room to unzip it all, Excel's limit on a cell stops it at the 32,768th character.
      const roomy = { ...MODEL_XLSX_LIMITS, inflatedBytes: 256 * 1024 * 1024 };
      const progress = newReadProgress();
      const reading = readFirstSheet(file, { limits: roomy, progress, wants: () => true, onRow: () => {} });
      expect(await refusal(reading)).toBe(MODEL_SHEET_MESSAGES.cellBeyondExcel);
      // sax hands a text over by 64 K characters at most (plus the chunk it was in); the reader keeps 2,000.
      expect(progress.longestText).toBeLessThan(100_000);
      expect(progress.inflatedBytes).toBeLessThan(1_000_000);
    },
    HEAVY,
  );

  it(
    'counts empty rows: six million are stopped by the row rule after the sheet’s rows',
    async () => {
      const sixMillion = sheetXml([inlineRow(1, ['姓名']), ...repeated('<row/>', 6_000_000)]);
      const file = await handMadeXlsx({ sheet: sixMillion });
      expect(file.length).toBeLessThan(200_000);
      // As it is, the file unzips past the budget: refused before a byte of the sheet is unzipped.
      const declared = readAll(file);
      expect(await refusal(declared)).toBe(MODEL_SHEET_MESSAGES.tooMuchData);
      // With room to unzip it all, the row rule stops it after the sheet's last row.
      const roomy = { ...MODEL_XLSX_LIMITS, inflatedBytes: 64 * 1024 * 1024 };
      const progress = newReadProgress();
      const reading = readFirstSheet(file, { limits: roomy, progress, wants: () => true, onRow: () => {} });
      expect(await refusal(reading)).toBe(MODEL_SHEET_MESSAGES.sheetTooLong);
      expect(progress.rows).toBe(MODEL_SHEET_LIMITS.sheetRows + 1);
      expect(progress.inflatedBytes).toBeLessThan(1_000_000);
    },
    HEAVY,
  );

  it('numbers a row one past the last whatever it claims: a repeated row number walks no further', async () => {
    const file = await handMadeXlsx({
      sheet: sheetXml([inlineRow(1, ['姓名']), ...repeated('<row r="2"/>', 20_000, 1000)]),
    });
    const progress = newReadProgress();
    const reading = readFirstSheet(file, {
      limits: MODEL_XLSX_LIMITS,
      progress,
      wants: () => true,
      onRow: () => {},
    });
    expect(await refusal(reading)).toBe(MODEL_SHEET_MESSAGES.sheetTooLong);
    expect(progress.rows).toBe(MODEL_SHEET_LIMITS.sheetRows + 1);
  });

  it(
    'refuses four million shared strings, keeping no more than the limit of them',
    async () => {
      const strings = function* () {
        yield '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
        yield* repeated('<si><t>x</t></si>', 4_000_000, 10_000);
        yield '</sst>';
      };
      const file = await handMadeXlsx({ sharedStrings: strings(), sheet: sheetXml([]) });
      expect(file.length).toBeLessThan(500_000);
      expect(await refusal(readAll(file))).toBe(MODEL_SHEET_MESSAGES.tooMuchData);
      const roomy = { ...MODEL_XLSX_LIMITS, inflatedBytes: 128 * 1024 * 1024 };
      const progress = newReadProgress();
      const reading = readFirstSheet(file, { limits: roomy, progress, wants: () => true, onRow: () => {} });
      expect(await refusal(reading)).toBe(MODEL_SHEET_MESSAGES.tooManyTexts);
      // Stopped at the 200,001st entry: a twentieth of the table unzipped.
      expect(progress.inflatedBytes).toBeLessThan(4_000_000 * 17 * 0.1);
    },
    HEAVY,
  );

  it('refuses markup no spreadsheet has: deep nesting, a tag of countless attributes', async () => {
    const deep = await handMadeXlsx({ sheet: sheetXml([...repeated('<a>', 100_000)]) });
    expect(await refusal(readAll(deep))).toBe(MODEL_SHEET_MESSAGES.notXlsx);
    const attributes = Array.from({ length: 100_000 }, (_, i) => ` a${i}="1"`).join('');
    const wide = await handMadeXlsx({ sheet: sheetXml([`<row r="1"${attributes}/>`]) });
    expect(await refusal(readAll(wide))).toBe(MODEL_SHEET_MESSAGES.notXlsx);
  });

  it('stops once its signal fires, at the next row', async () => {
    const controller = new AbortController();
    const rows = function* () {
      for (let row = 1; row <= 5000; row += 1) yield inlineRow(row, [`模特${row}`, '女']);
    };
    const file = await handMadeXlsx({ sheet: sheetXml(rows()) });
    const progress = newReadProgress();
    const reading = readFirstSheet(file, {
      limits: MODEL_XLSX_LIMITS,
      signal: controller.signal,
      progress,
      wants: () => true,
      onRow: (row) => row === 100 && controller.abort(),
    });
    expect(await refusal(reading)).toBe(MESSAGES.requestAborted);
    expect(progress.rows).toBe(100);
  });
});
