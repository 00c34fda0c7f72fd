import type { Envelope } from '@trackit/contract/envelope';
import { XLSX_CONTENT_TYPE } from '@trackit/contract/model-sheet.schema';
import ExcelJS, { type CellValue } from 'exceljs';
import type { TestApp } from './build-test-app';

type Cell = string | number | Date | null;

/** An .xlsx whose first sheet holds the header row and the data rows as given. */
export async function xlsxOf(header: string[], rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('模特');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** GETs a file of the API: its status, headers and bytes (a JSON error envelope when it failed). */
export async function download(t: TestApp, path: string, headers: Record<string, string>) {
  const response = await fetch(`${t.baseUrl}/storm_api${path}`, { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

/** A downloaded workbook, read whole (tests only: the server itself never loads a file whole). */
export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer.
  await workbook.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  return workbook;
}

/** The rows of a sheet as arrays of cell values, the header row first. */
export function sheetRows(sheet: ExcelJS.Worksheet): CellValue[][] {
  const rows: CellValue[][] = [];
  sheet.eachRow((row) => {
    const values: CellValue[] = [];
    for (let column = 1; column <= sheet.columnCount; column += 1) values.push(row.getCell(column).value);
    rows.push(values);
  });
  return rows;
}

/** POSTs a file's raw bytes to an API path, answering the envelope. */
export async function postFile<T>(
  t: TestApp,
  path: string,
  bytes: Buffer | string,
  headers: Record<string, string>,
  contentType = XLSX_CONTENT_TYPE,
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(`${t.baseUrl}/storm_api${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}
