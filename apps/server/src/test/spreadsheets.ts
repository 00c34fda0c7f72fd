import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Envelope } from '@trackit/contract/envelope';
import { XLSX_CONTENT_TYPE } from '@trackit/contract/model-sheet.schema';
import ExcelJS, { type CellValue } from 'exceljs';
import yauzl from 'yauzl';
import yazl from 'yazl';
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

// --- Hand-made workbooks: hostile ones stay small on disk, their large parts never whole in memory ---------

/** A part's content: a text, or its pieces one after another (a generator: never whole in memory). */
export type PartText = string | Iterable<string>;

/** A zip of the entries, deflated, in the order given. */
export async function zipOf(entries: { name: string; text: PartText }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const { name, text } of entries) {
    if (typeof text === 'string') zip.addBuffer(Buffer.from(text), name);
    else
      zip.addReadStream(
        Readable.from(
          (function* () {
            for (const piece of text) yield Buffer.from(piece);
          })(),
        ),
        name,
      );
  }
  zip.end();
  return buffer(zip.outputStream);
}

/** The entries of a zip, in their stored order (small test files only: each is read whole). */
export async function zipEntries(file: Buffer): Promise<{ name: string; text: Buffer }[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(file, { lazyEntries: true }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const entries: { name: string; text: Buffer }[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        entries.push({ name: entry.fileName, text: await buffer(stream) });
        zip.readEntry();
      });
    });
    zip.once('end', resolve);
    zip.once('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** The same zip with the entries named in `first` stored first, in that order. */
export async function withEntriesFirst(file: Buffer, first: string[]): Promise<Buffer> {
  const entries = await zipEntries(file);
  const rank = (name: string) => (first.includes(name) ? first.indexOf(name) : first.length);
  const files = entries.filter(({ name }) => !name.endsWith('/'));
  const sorted = [...files].sort((a, b) => rank(a.name) - rank(b.name));
  return zipOf(sorted.map(({ name, text }) => ({ name, text: text.toString('utf8') })));
}

const SPREADSHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const RELATIONSHIP_TYPES = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Escapes a text for XML content. */
export const xmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A row of inline-string cells (A, B, …), as Excel's own `<row>`; a null cell is left out. */
export const inlineRow = (row: number, cells: (string | null)[]) =>
  `<row r="${row}">${cells
    .map((cell, index) =>
      cell === null
        ? ''
        : `<c r="${String.fromCharCode(65 + index)}${row}" t="inlineStr"><is><t>${xmlText(cell)}</t></is></c>`,
    )
    .join('')}</row>`;

/** A worksheet part around the given `<row>`s (pieces: they may be millions). */
export function* sheetXml(rows: Iterable<string>): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${SPREADSHEET_NS}"><sheetData>`;
  yield* rows;
  yield '</sheetData></worksheet>';
}

/**
 * A minimal .xlsx written by hand: one sheet (the first by the workbook) from `sheet`, shared strings
 * from `sharedStrings` when given; for the files Excel would never write.
 */
export function handMadeXlsx({ sheet, sharedStrings }: { sheet: PartText; sharedStrings?: PartText }) {
  const relationships = [
    `<Relationship Id="rId1" Type="${RELATIONSHIP_TYPES}/worksheet" Target="worksheets/sheet1.xml"/>`,
    sharedStrings === undefined
      ? ''
      : `<Relationship Id="rId2" Type="${RELATIONSHIP_TYPES}/sharedStrings" Target="sharedStrings.xml"/>`,
  ].join('');
  return zipOf([
    {
      name: '[Content_Types].xml',
      text: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${sharedStrings === undefined ? '' : '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'}</Types>`,
    },
    {
      name: '_rels/.rels',
      text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIP_TYPES}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      text: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SPREADSHEET_NS}" xmlns:r="${RELATIONSHIPS_NS}"><sheets><sheet name="模特" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships}</Relationships>`,
    },
    ...(sharedStrings === undefined ? [] : [{ name: 'xl/sharedStrings.xml', text: sharedStrings }]),
    { name: 'xl/worksheets/sheet1.xml', text: sheet },
  ]);
}

/** `count` pieces of `piece`, `per` at a time: a long text made of pieces. */
export function* repeated(piece: string, count: number, per = 65_536): Generator<string> {
  const block = piece.repeat(per);
  let left = count;
  for (; left >= per; left -= per) yield block;
  if (left > 0) yield piece.repeat(left);
}
