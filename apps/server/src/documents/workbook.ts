/**
 * The one way the server writes a spreadsheet (.xlsx, exceljs): sheets of typed columns under a frozen,
 * bold header row; money as yuan with two decimals, days and China-time instants as Excel dates, digits
 * that are text (mobiles, IDs) as text. A text cell that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is written as a string in the Text format (`@`), so a spreadsheet shows exactly that
 * text and never runs it as a formula, even once the cell is edited (docs/decisions.md "Documents").
 * Built in memory (`workbookBuffer`) or streamed row by row (`streamWorkbook`) for the large exports.
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** What a cell holds: a text, a number, a date (shown in its column's format), or nothing. */
export type CellValue = string | number | Date | null;

/** Excel's number format of each kind of column. */
export const CELL_FORMATS = {
  /** Digits kept as text, leading zeros and all. */
  text: '@',
  money: '#,##0.00',
  percent: '0.00%',
  date: 'yyyy-mm-dd',
  dateTime: 'yyyy-mm-dd hh:mm',
} as const;
export type CellFormat = keyof typeof CELL_FORMATS;

/** What each format's cells hold; a column without a format holds text or numbers as they are. */
interface FormatValues {
  text: string | null;
  /** Yuan (`excelYuan`). */
  money: number | null;
  /** A fraction: 20 % is 0.2. */
  percent: number | null;
  /** `spreadsheetDate` (packages/contract/src/business-time.ts). */
  date: Date | null;
  /** `spreadsheetTime` (packages/contract/src/business-time.ts). */
  dateTime: Date | null;
}

interface ColumnBase {
  header: string;
  /** Width in characters. */
  width: number;
}

/** A column: its header, width, format, and how a row's value is written into its cell. */
export type WorkbookColumn<Row> =
  | (ColumnBase & { format?: undefined; write(row: Row): string | number | null })
  | {
      [F in CellFormat]: ColumnBase & { format: F; write(row: Row): FormatValues[F] };
    }[CellFormat];

/** Fen as the yuan Excel sums and formats; the two-decimal format shows exactly the fen. */
export const excelYuan = (fen: number | null | undefined): number | null =>
  fen === null || fen === undefined ? null : fen / 100;

/** What a spreadsheet would take for the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** True for a text a spreadsheet could run: it must be written as text. */
export const looksLikeFormula = (value: CellValue): value is string =>
  typeof value === 'string' && FORMULA_START.test(value);

const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F5FF' } } as const;

/**
 * A row's values set into its cells: each a plain value (a string stays a string, never a formula), a
 * text that looks like a formula in the Text format.
 */
function fill(row: ExcelJS.Row, values: readonly CellValue[]) {
  values.forEach((value, index) => {
    const cell = row.getCell(index + 1);
    cell.value = value;
    if (looksLikeFormula(value)) cell.numFmt = CELL_FORMATS.text;
  });
  return row;
}

/** Adds a row of values to `sheet`, texts that look like formulas kept as text. */
export const addValues = (sheet: ExcelJS.Worksheet, values: readonly CellValue[]): ExcelJS.Row =>
  fill(sheet.addRow([]), values);

/**
 * A sheet with the columns' headers in a bold, tinted first row, frozen unless `frozen` is false (an
 * instructions sheet), and each column's width and format.
 */
export function addSheet<Row>(
  workbook: ExcelJS.Workbook | ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: readonly Pick<WorkbookColumn<Row>, 'header' | 'width' | 'format'>[],
  { frozen = true }: { frozen?: boolean } = {},
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, frozen ? { views: [{ state: 'frozen', ySplit: 1 }] } : {});
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width,
    style: column.format ? { numFmt: CELL_FORMATS[column.format] } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = HEADER_FILL;
  return sheet;
}

/** A sheet of rows of one kind. */
export interface SheetSpec<Row> {
  name: string;
  columns: readonly WorkbookColumn<Row>[];
  rows: Iterable<Row>;
  /** A last row in bold under the rows: 合计 and the sums, one value per column (issue 35). */
  totals?: readonly CellValue[];
}

/** Who made the workbook and when (its document properties). */
export interface WorkbookInfo {
  createdAt: Date;
}

/** The cells of `row` under `columns`. */
const rowValues = <Row>(columns: readonly WorkbookColumn<Row>[], row: Row): CellValue[] =>
  columns.map((column) => column.write(row));

/** An empty workbook made by TrackIt (at `info.createdAt` when given: a template has no date). */
export function newWorkbook(info?: WorkbookInfo): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'TrackIt';
  if (info) workbook.created = info.createdAt;
  return workbook;
}

/** The workbook's bytes. */
export const workbookBytes = async (workbook: ExcelJS.Workbook): Promise<Buffer> =>
  Buffer.from(await workbook.xlsx.writeBuffer());

/** A workbook of the given sheets, built in memory (for exports bounded in size). */
export async function workbookBuffer<Row>(
  sheets: readonly SheetSpec<Row>[],
  info: WorkbookInfo,
): Promise<Buffer> {
  const workbook = newWorkbook(info);
  for (const spec of sheets) {
    const sheet = addSheet(workbook, spec.name, spec.columns);
    for (const row of spec.rows) addValues(sheet, rowValues(spec.columns, row));
    if (spec.totals) addValues(sheet, spec.totals).font = { bold: true };
  }
  return workbookBytes(workbook);
}

/**
 * Streams one sheet into `output` as an .xlsx, one batch of rows at a time as the batches come (each row
 * is committed, so only the current batch is held). Resolves once the file is complete.
 */
export async function streamWorkbook<Row>(
  output: Writable,
  sheet: { name: string; columns: readonly WorkbookColumn<Row>[]; batches: AsyncIterable<readonly Row[]> },
  info: WorkbookInfo,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  workbook.creator = 'TrackIt';
  workbook.created = info.createdAt;
  const target = addSheet(workbook, sheet.name, sheet.columns);
  for await (const rows of sheet.batches) {
    for (const row of rows) addValues(target, rowValues(sheet.columns, row)).commit();
  }
  target.commit();
  await workbook.commit();
}
