/**
 * Model spreadsheets as .xlsx files: the export streamed row by row and the import template, both written
 * by the shared workbook writer (`documents/workbook.ts`), and the reading of an uploaded file, bounded
 * whatever the file says (`xlsx-reader.ts`), so a large or crafted file never sits whole in memory nor
 * makes the server walk through more than a sheet can hold.
 */

import type { Writable } from 'node:stream';
import { spreadsheetDateText } from '@trackit/contract/business-time';
import type { Model } from '@trackit/contract/model.schema';
import { MODEL_SHEET_LIMITS, MODEL_SHEET_MESSAGES } from '@trackit/contract/model-sheet.schema';
import { textLength } from '@trackit/contract/patterns';
import type { CellValue } from 'exceljs';
import { addSheet, addValues, newWorkbook, streamWorkbook, workbookBytes } from '../../../documents/workbook';
import { AppError } from '../../../http/app-error';
import { cellLimit, headerKey, type ImportColumn, type SheetColumn } from './model-sheet';
import { readFirstSheet } from './xlsx-reader';
import { MODEL_XLSX_LIMITS, type ReadProgress, type SheetCell } from './xlsx-zip';

declare module 'exceljs' {
  interface Worksheet {
    /** Present but untyped in exceljs 4.4: validations by address, a range (`C2:C5001`) included. */
    dataValidations: { add(address: string, validation: DataValidation): void };
  }
}

const DATA_SHEET = '模特';
const GUIDE_SHEET = '填写说明';
const OPTIONS_SHEET = '选项';

/**
 * Writes the models into `output` as an .xlsx, one batch at a time as the batches come (only the current
 * batch is held). Resolves once the file is complete.
 */
export function writeModelsWorkbook(
  output: Writable,
  columns: readonly SheetColumn[],
  batches: AsyncIterable<readonly Model[]>,
  exportedAt: Date,
): Promise<void> {
  return streamWorkbook(output, { name: DATA_SHEET, columns, batches }, { createdAt: exportedAt });
}

/** `A`, `B`, … `AA`: a column's letters from its 1-based number. */
const columnLetters = (index: number): string =>
  index <= 0
    ? ''
    : columnLetters(Math.floor((index - 1) / 26)) + String.fromCharCode(65 + ((index - 1) % 26));

/**
 * The import template: the data sheet with its headers (required ones marked) and a dropdown on every
 * column with options (the lists sit on a hidden sheet, so long ones such as the countries fit), and a
 * sheet of instructions with an example per column.
 */
export async function buildTemplate(columns: readonly ImportColumn[]): Promise<Buffer> {
  const workbook = newWorkbook();
  const data = addSheet(workbook, DATA_SHEET, columns);
  const guide = addSheet(
    workbook,
    GUIDE_SHEET,
    [
      { header: '列名', width: 16 },
      { header: '必填', width: 6 },
      { header: '填写说明', width: 56 },
      { header: '示例', width: 22 },
    ],
    { frozen: false },
  );
  const lists = workbook.addWorksheet(OPTIONS_SHEET, { state: 'hidden' });
  const lastRow = MODEL_SHEET_LIMITS.rows + 1;
  let listIndex = 0;
  columns.forEach((column, index) => {
    const rule = column.import;
    addValues(guide, [column.header, rule.required ? '是' : '', rule.hint, rule.example]);
    if (rule.required) data.getCell(1, index + 1).font = { bold: true, color: { argb: 'FFCF1322' } };
    if (!rule.options) return;
    listIndex += 1;
    const listColumn = columnLetters(listIndex);
    rule.options.forEach((option, row) => {
      lists.getCell(`${listColumn}${row + 1}`).value = option;
    });
    const dataColumn = columnLetters(index + 1);
    data.dataValidations.add(`${dataColumn}2:${dataColumn}${lastRow}`, {
      type: 'list',
      // A required cell left empty is reported by the import, not by Excel while one types.
      allowBlank: true,
      formulae: [`'${OPTIONS_SHEET}'!$${listColumn}$1:$${listColumn}$${rule.options.length}`],
      showErrorMessage: true,
      errorTitle: column.header,
      // Excel's message box: the short lists named, the long ones (countries, letters) only pointed at.
      error: (rule.options.length <= 8
        ? MODEL_SHEET_MESSAGES.notAnOption(rule.options)
        : MODEL_SHEET_MESSAGES.pickFromList
      ).replace(/^\*/, ''),
    });
  });
  addValues(guide, []);
  for (const line of [
    `在「${DATA_SHEET}」表中从第 2 行起每行填写一位模特，第 1 行的表头请勿修改；一次最多 ${MODEL_SHEET_LIMITS.rows} 行。`,
    '带下拉箭头的列请从选项中选择；列的顺序可以调整，不需要的选填列可以删除。',
    '上传后会先逐行预览，有错误的行不会导入，改正后可再次上传。',
  ]) {
    addValues(guide, [line]);
  }
  return workbookBytes(workbook);
}

// --- Reading ------------------------------------------------------------------------------------------------

/** One data row of an uploaded sheet: its row number and the text of each known column's cell. */
export interface SheetRow {
  row: number;
  cells: Map<string, string>;
  /** The cells longer than their column takes (`cellLimit`), by column key; absent when none is. */
  overlong?: Set<string>;
}

export interface ReadSheet {
  /** The known columns the file has, in its order. */
  columns: ImportColumn[];
  rows: SheetRow[];
}

const badFile = (message: string) => new AppError('badRequest', { message });

/** A number without the float noise of a percentage (0.145 × 100 = 14.499999…). */
const tidy = (value: number) => String(Number(value.toPrecision(12)));

/**
 * A cell as the text a person sees in it: a date as YYYY-MM-DD, a percentage as `20%`, a formula as its
 * result, rich text and links as their text.
 */
export function cellText(value: CellValue, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return spreadsheetDateText(value);
  if (typeof value === 'number') return numFmt?.includes('%') ? `${tidy(value * 100)}%` : tidy(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('hyperlink' in value) return cellText(value.text, numFmt);
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result ?? null, numFmt);
  return value.error;
}

/** Refuses what is not an .xlsx before it is read: a zip starts with `PK\x03\x04`, an old .xls with D0 CF 11 E0. */
function checkSignature(file: Buffer) {
  if (file.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return;
  if (file.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) {
    throw badFile(MODEL_SHEET_MESSAGES.legacyXls);
  }
  throw badFile(MODEL_SHEET_MESSAGES.notXlsx);
}

/** The known columns of a header row, by position; the first of two equal headers wins. */
function matchHeaders(header: SheetCell[], known: readonly ImportColumn[]): Map<number, ImportColumn> {
  const byKey = new Map(known.map((column) => [headerKey(column.header), column]));
  const found = new Map<number, ImportColumn>();
  for (const cell of header) {
    const column = cell.tooLong ? undefined : byKey.get(headerKey(cellText(cell.value, cell.numFmt)));
    if (column && ![...found.values()].includes(column)) found.set(cell.column, column);
  }
  return found;
}

/**
 * Reads the first sheet of an uploaded .xlsx (by the workbook's order): the header row names the
 * columns (by their Chinese headers, in any order; unknown ones are ignored), each following non-empty
 * row is a model. Reading is bounded whatever the file says (`xlsx-reader.ts`): no cell is kept past the
 * longest field's limit, a cell past its own column's is marked `overlong`. A file that is not an .xlsx,
 * lacks a required column, has no data, more rows than allowed, or goes past a limit of the reader is a
 * 400 in Chinese; `signal` stops the reading (the client has gone).
 */
export async function readModelSheet(
  file: Buffer,
  known: readonly ImportColumn[],
  { signal, progress }: { signal?: AbortSignal; progress?: ReadProgress } = {},
): Promise<ReadSheet> {
  checkSignature(file);
  const rows: SheetRow[] = [];
  let columns = new Map<number, ImportColumn>();
  await readFirstSheet(file, {
    limits: MODEL_XLSX_LIMITS,
    signal,
    progress,
    wants: (row, column) => (row === 1 ? column <= MODEL_SHEET_LIMITS.columns : columns.has(column)),
    onRow(number, cells) {
      // Row numbers only grow, so row 1, the header, can only come first.
      if (number === 1) {
        columns = matchHeaders(cells, known);
        return;
      }
      const texts = new Map<string, string>();
      const overlong = new Set<string>();
      for (const cell of cells) {
        const column = columns.get(cell.column);
        const text = cellText(cell.value, cell.numFmt);
        if (!column || text === '') continue;
        texts.set(column.key, text);
        if (cell.tooLong || textLength(text) > cellLimit(column)) overlong.add(column.key);
      }
      if (texts.size === 0) return;
      if (rows.length === MODEL_SHEET_LIMITS.rows)
        throw badFile(MODEL_SHEET_MESSAGES.tooManyRows(rows.length));
      rows.push(overlong.size > 0 ? { row: number, cells: texts, overlong } : { row: number, cells: texts });
    },
  });
  const missing = known.filter((column) => column.import.required && ![...columns.values()].includes(column));
  if (missing.length > 0) throw badFile(MODEL_SHEET_MESSAGES.missingColumns(missing.map((c) => c.header)));
  if (rows.length === 0) throw badFile(MODEL_SHEET_MESSAGES.empty);
  return { columns: [...columns.values()], rows };
}
