/**
 * The first sheet of an uploaded .xlsx, read within limits that hold whatever the file says
 * (docs/decisions.md "Reading an uploaded workbook within bounds"). yauzl opens the zip by its central
 * directory, so each part is found by name and unzipped as a stream, every part's bytes counted against
 * one budget; sax parses each part as it comes and hands a text over in pieces (it never buffers more than
 * `sax.MAX_BUFFER_LENGTH` characters of one), and no text is kept past its limit. The workbook's own
 * order names the first sheet: `xl/workbook.xml` and its relationships, not the order of the zip. This file
 * reads the workbook's parts (relationships, styles, shared strings, the sheet); the zip, the XML parsing,
 * the limits and the bounded texts are in ./xlsx-zip.
 */
import { posix } from 'node:path';
import { MODEL_SHEET_MESSAGES } from '@trackit/contract/model-sheet.schema';
import type { CellValue } from 'exceljs';
import { AppError } from '../../../http/app-error';
import { throwIfAborted } from '../../../http/raw-body';
import {
  attribute,
  BoundedText,
  type FirstSheetReading,
  listEntries,
  newReadProgress,
  notXlsx,
  openZip,
  type PartContext,
  parsePart,
  refuse,
  type SheetCell,
} from './xlsx-zip';

/** Excel's largest column (XFD): a cell past it is no cell of a sheet. */
const EXCEL_COLUMNS = 16_384;
/** Number formats and cell styles kept (Excel itself allows about 250 and 64,000); later ones are ignored. */
const MAX_NUMBER_FORMATS = 1_000;
const MAX_CELL_STYLES = 64_000;
const MAX_FORMAT_CHARS = 255;

/**
 * Reads the workbook's first sheet, row by row, into `reading.onRow`. Refuses (a 400 in Chinese) a file
 * that is not a workbook, that unzips past the budget, whose shared strings are too many, that has a text
 * longer than Excel allows or a row past `sheetRows`; stops (`requestAborted`) once `signal` fires.
 */
export async function readFirstSheet(file: Buffer, reading: FirstSheetReading): Promise<void> {
  const progress = reading.progress ?? newReadProgress();
  const context: PartContext = { zip: undefined, entries: new Map(), reading, progress };
  try {
    context.zip = await openZip(file);
    context.entries = await listEntries(context.zip);
    const workbookPath = await findRelationship(context, '_rels/.rels', 'officeDocument');
    if (!workbookPath) throw notXlsx();
    const workbook = await readWorkbook(context, workbookPath);
    const parts = await readWorkbookRelationships(context, relationshipsOf(workbookPath), workbook.sheetId);
    if (!parts.sheet) throw notXlsx();
    const styles = parts.styles ? await readStyles(context, parts.styles) : { formats: [] };
    const strings = parts.sharedStrings ? await readSharedStrings(context, parts.sharedStrings) : undefined;
    await readSheet(context, parts.sheet, { ...styles, date1904: workbook.date1904, strings });
  } catch (error) {
    throwIfAborted(reading.signal);
    if (error instanceof AppError) throw error;
    throw notXlsx();
  } finally {
    context.zip?.close();
  }
}

// --- The package's parts ---------------------------------------------------------------------------------

/** `xl/workbook.xml` → `xl/_rels/workbook.xml.rels`. */
const relationshipsOf = (part: string) =>
  posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);

/** A relationship's target as a part name: relative to the folder of the part it belongs to. */
const targetPath = (relationshipsPart: string, target: string) => {
  const owner = posix.dirname(posix.dirname(relationshipsPart));
  return (target.startsWith('/') ? posix.normalize(target) : posix.join(owner, target)).replace(/^\/+/, '');
};

/** Relationship types by the last segment of their URI (`…/relationships/worksheet`). */
const relationshipKind = (type: string) => type.slice(type.lastIndexOf('/') + 1);

/** The target of the package's first relationship of `type`, as a part name; only it is kept. */
async function findRelationship(
  context: PartContext,
  path: string,
  type: string,
): Promise<string | undefined> {
  let found: string | undefined;
  await parsePart(context, path, {
    open(name, attributes) {
      if (name !== 'Relationship' || attributes.TargetMode === 'External' || !attributes.Target) return;
      if (relationshipKind(attributes.Type ?? '') === type) found ??= targetPath(path, attributes.Target);
    },
    done: () => found !== undefined,
  });
  return found;
}

/** The workbook's first sheet (by the workbook's order) and its date system; the rest is not read. */
async function readWorkbook(context: PartContext, path: string) {
  let date1904 = false;
  let sheetId: string | undefined;
  await parsePart(context, path, {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
      if (name === 'sheet' && sheetId === undefined) sheetId = attribute(attributes, 'id') ?? '';
    },
    done: () => sheetId !== undefined,
  });
  if (!sheetId) throw notXlsx();
  return { date1904, sheetId };
}

/** The parts the workbook's relationships name: its first sheet, its styles and its shared strings. */
async function readWorkbookRelationships(context: PartContext, path: string, sheetId: string) {
  const parts: { sheet?: string; styles?: string; sharedStrings?: string } = {};
  await parsePart(context, path, {
    open(name, attributes) {
      if (name !== 'Relationship' || attributes.TargetMode === 'External' || !attributes.Target) return;
      const target = targetPath(path, attributes.Target);
      const kind = relationshipKind(attributes.Type ?? '');
      if (attributes.Id === sheetId) parts.sheet ??= target;
      else if (kind === 'styles') parts.styles ??= target;
      else if (kind === 'sharedStrings') parts.sharedStrings ??= target;
    },
  });
  return parts;
}

/** Number formats Excel has built in, by id: what matters of them is a date and a percentage. */
const BUILT_IN_FORMATS: Record<number, string> = { 9: '0%', 10: '0.00%' };
// 14–22 and 45–47 are dates and times everywhere, 27–36 and 50–58 dates and times of the Chinese
// (and other East Asian) Excel (ECMA-376 Part 1, 18.8.30).
for (const [from, to] of [
  [14, 22],
  [27, 36],
  [45, 47],
  [50, 58],
]) {
  for (let id = from ?? 0; id <= (to ?? 0); id += 1) BUILT_IN_FORMATS[id] = 'yyyy-mm-dd';
}

interface Styles {
  /** The number format of each cell style (`s` of a cell), by index. */
  formats: (string | undefined)[];
}

async function readStyles(context: PartContext, path: string): Promise<Styles> {
  const custom = new Map<number, string>();
  const formats: (string | undefined)[] = [];
  let inCellStyles = false;
  await parsePart(context, path, {
    open(name, attributes) {
      if (name === 'numFmt' && custom.size < MAX_NUMBER_FORMATS) {
        const code = attributes.formatCode ?? '';
        if (code.length <= MAX_FORMAT_CHARS) custom.set(Number(attributes.numFmtId), code);
      } else if (name === 'cellXfs') inCellStyles = true;
      else if (name === 'xf' && inCellStyles && formats.length < MAX_CELL_STYLES) {
        const id = Number(attributes.numFmtId ?? 0);
        formats.push(custom.get(id) ?? BUILT_IN_FORMATS[id]);
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellStyles = false;
    },
  });
  return { formats };
}

interface SharedStrings {
  texts: string[];
  /** Indexes of the texts that went on past `cellChars`. */
  tooLong: Set<number>;
}

/**
 * The shared-strings table: each entry's text (its runs joined, phonetic guides left out) within
 * `cellChars`; more entries, or more characters in all, than the limits refuse the file.
 */
async function readSharedStrings(context: PartContext, path: string): Promise<SharedStrings> {
  const { limits } = context.reading;
  const strings: SharedStrings = { texts: [], tooLong: new Set() };
  let chars = 0;
  let entry: BoundedText | undefined;
  let inText = false;
  let phonetic = 0;
  await parsePart(context, path, {
    open(name) {
      if (name === 'si') {
        if (strings.texts.length === limits.sharedStrings) throw refuse(MODEL_SHEET_MESSAGES.tooManyTexts);
        entry = new BoundedText(limits.cellChars, context.progress);
      } else if (name === 'rPh') phonetic += 1;
      else if (name === 't') inText = entry !== undefined && phonetic === 0;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si' && entry) {
        const text = entry.text;
        chars += text.length;
        if (chars > limits.sharedStringChars) throw refuse(MODEL_SHEET_MESSAGES.tooManyTexts);
        if (entry.tooLong) strings.tooLong.add(strings.texts.length);
        strings.texts.push(text);
        entry = undefined;
      }
    },
    text(piece) {
      if (inText) entry?.add(piece);
    },
  });
  return strings;
}

/** `AB12` → 28; undefined when the reference names no column. */
function columnOf(reference: string | undefined): number | undefined {
  if (!reference) return undefined;
  let column = 0;
  let index = 0;
  for (; index < reference.length && index < 4; index += 1) {
    const code = reference.charCodeAt(index) & ~0x20; // upper case
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return index > 0 && index < 4 ? column : undefined;
}

/** exceljs's rule (lib/utils/utils.js `isDateFmt`): a date or time code, once quoted and bracketed parts are removed. */
const isDateFormat = (format: string | undefined) =>
  format !== undefined && /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** exceljs's `excelToDate`: days since 1899-12-30 (or 1904-01-01) to an instant. */
const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

interface CellBeingRead {
  column: number;
  type: string;
  style: number;
  text: BoundedText | undefined;
  /** The shared string's index or the value, as the `<v>` element holds it. */
  value: BoundedText | undefined;
}

type Book = Styles & { date1904: boolean; strings: SharedStrings | undefined };

/** A cell's value as exceljs would give it (a shared string resolved, a date by its format). */
function cellValue(read: CellBeingRead, book: Book): Omit<SheetCell, 'column'> | undefined {
  const numFmt = book.formats[read.style];
  const text = read.type === 'inlineStr' ? (read.text ?? read.value) : read.value;
  if (!text) return undefined;
  const raw = text.text;
  const tooLong = text.tooLong;
  switch (read.type) {
    case 's': {
      const index = Number(raw);
      const strings = book.strings;
      if (!strings || !Number.isInteger(index)) return undefined;
      return { value: strings.texts[index] ?? null, tooLong: strings.tooLong.has(index) };
    }
    case 'inlineStr':
    case 'str':
      return { value: raw, tooLong };
    case 'b':
      return { value: Number.parseInt(raw, 10) !== 0, tooLong };
    case 'e':
      return { value: { error: raw } as CellValue, tooLong };
    case 'd': {
      const date = new Date(raw);
      return { value: Number.isNaN(date.getTime()) ? raw : date, tooLong };
    }
    default: {
      if (raw === '' || tooLong) return { value: raw, tooLong };
      const number = Number.parseFloat(raw);
      const value = isDateFormat(numFmt) ? excelDate(number, book.date1904) : number;
      return { value, ...(numFmt ? { numFmt } : {}), tooLong };
    }
  }
}

/**
 * The sheet, row by row. Row and column numbers come from the `r` attributes, each at least one past
 * the previous (a file repeating a row number cannot make the reader walk in place), so no more row
 * elements are read than `sheetRows`, and no more cells in a row than Excel has columns.
 */
async function readSheet(context: PartContext, path: string, book: Book) {
  const { reading, progress } = context;
  const { limits } = reading;
  let inSheetData = false;
  let inRow = false;
  let rowNumber = 0;
  let cells: SheetCell[] = [];
  let previousColumn = 0;
  let cell: CellBeingRead | undefined;
  let target: BoundedText | undefined;
  let inInline = false;
  let phonetic = 0;

  await parsePart(context, path, {
    open(name, attributes) {
      if (name === 'sheetData') inSheetData = true;
      if (!inSheetData) return;
      switch (name) {
        case 'row': {
          throwIfAborted(reading.signal);
          const given = Number.parseInt(attributes.r ?? '', 10);
          rowNumber = Math.max(Number.isNaN(given) ? 0 : given, rowNumber + 1);
          if (rowNumber > limits.sheetRows) throw refuse(MODEL_SHEET_MESSAGES.sheetTooLong);
          progress.rows += 1;
          inRow = true;
          cells = [];
          previousColumn = 0;
          break;
        }
        case 'c': {
          if (!inRow) break; // a cell outside any row belongs to none
          const column = Math.max(columnOf(attributes.r) ?? 0, previousColumn + 1);
          if (column > EXCEL_COLUMNS) throw notXlsx();
          previousColumn = column;
          cell = reading.wants(rowNumber, column)
            ? {
                column,
                type: attributes.t ?? 'n',
                style: Number(attributes.s ?? 0),
                text: undefined,
                value: undefined,
              }
            : undefined;
          break;
        }
        case 'v':
          if (cell) target = cell.value = new BoundedText(limits.cellChars, progress);
          break;
        case 'is':
          inInline = true;
          if (cell) cell.text = new BoundedText(limits.cellChars, progress);
          break;
        case 'rPh':
          phonetic += 1;
          break;
        case 't':
          if (cell && inInline && phonetic === 0) target = cell.text;
          break;
      }
    },
    close(name) {
      if (!inSheetData) return;
      switch (name) {
        case 'v':
        case 't':
          target = undefined;
          break;
        case 'is':
          inInline = false;
          break;
        case 'rPh':
          phonetic -= 1;
          break;
        case 'c': {
          const read = cell && cellValue(cell, book);
          if (cell && read) cells.push({ column: cell.column, ...read });
          cell = undefined;
          break;
        }
        case 'row':
          inRow = false;
          reading.onRow(rowNumber, cells);
          cells = [];
          break;
        case 'sheetData':
          inSheetData = false;
          break;
      }
    },
    text(piece) {
      target?.add(piece);
    },
    done: () => !inSheetData && rowNumber > 0,
  });
}
