/**
 * The zip and XML beneath the .xlsx reader (./xlsx-reader, docs/decisions.md "Reading an uploaded workbook
 * within bounds"): the limits and progress of a reading, yauzl's entries unzipped as streams against one
 * budget, sax parsing with bounded depth and attributes, and texts kept within their limit.
 */
import type { Readable } from 'node:stream';
import {
  EXCEL_CELL_MAX_CHARS,
  MODEL_SHEET_LIMITS,
  MODEL_SHEET_MESSAGES,
} from '@trackit/contract/model-sheet.schema';
import type { CellValue } from 'exceljs';
import sax from 'sax';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../../http/app-error';
import { throwIfAborted } from '../../../http/raw-body';

export interface XlsxLimits {
  /** Bytes all the parts read may unzip to, together. */
  inflatedBytes: number;
  /** Entries of the shared-strings table, and their characters kept in all. */
  sharedStrings: number;
  sharedStringChars: number;
  /** Characters kept of one text (a cell's, a shared string's): past them only "too long" is kept. */
  cellChars: number;
  /** The last row number read; a row past it refuses the file. */
  sheetRows: number;
}

export const MODEL_XLSX_LIMITS: XlsxLimits = {
  inflatedBytes: MODEL_SHEET_LIMITS.inflatedBytes,
  sharedStrings: MODEL_SHEET_LIMITS.sharedStrings,
  sharedStringChars: MODEL_SHEET_LIMITS.sharedStringChars,
  cellChars: MODEL_SHEET_LIMITS.cellChars,
  sheetRows: MODEL_SHEET_LIMITS.sheetRows + 1,
};

/** One cell as exceljs would give it (a shared string resolved), within `cellChars`. */
export interface SheetCell {
  /** 1-based column number (A is 1). */
  column: number;
  value: CellValue;
  /** The cell's number format (`0.00%`, `yyyy-mm-dd`), when its style has one. */
  numFmt?: string;
  /** The text went on past `cellChars` characters (besides white space): `value` holds its start only. */
  tooLong: boolean;
}

/** How far a reading went: for the log of a stopped import, and the tests' bounds. */
export interface ReadProgress {
  /** Bytes unzipped so far. */
  inflatedBytes: number;
  /** Row elements of the sheet read. */
  rows: number;
  /** The longest text held at once, in UTF-16 units: a piece sax handed over, or a text kept. */
  longestText: number;
}

export const newReadProgress = (): ReadProgress => ({ inflatedBytes: 0, rows: 0, longestText: 0 });

export interface FirstSheetReading {
  limits: XlsxLimits;
  signal?: AbortSignal;
  progress?: ReadProgress;
  /** Whether this cell is wanted: the text of any other is never kept. */
  wants(row: number, column: number): boolean;
  /** Each row element of the sheet in turn, with its wanted cells that hold something. */
  onRow(row: number, cells: SheetCell[]): void;
}
/** Structural bounds no spreadsheet comes near: each refuses a crafted file before sax's memory grows. */
const MAX_ENTRIES = 10_000;
const MAX_DEPTH = 64;
const MAX_ATTRIBUTES = 64;

export const refuse = (message: string) => new AppError('badRequest', { message });
export const notXlsx = () => refuse(MODEL_SHEET_MESSAGES.notXlsx);

// --- The zip ------------------------------------------------------------------------------------------------

export interface PartContext {
  zip: ZipFile | undefined;
  /** Entries by lower-case name (part names are case-insensitive). */
  entries: Map<string, Entry>;
  reading: FirstSheetReading;
  progress: ReadProgress;
}

export function openZip(file: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // validateEntrySizes: an entry yields exactly the size its header declares, or fails.
    yauzl.fromBuffer(file, { lazyEntries: true, validateEntrySizes: true }, (error, zip) =>
      error || !zip ? reject(error ?? notXlsx()) : resolve(zip),
    );
  });
}

export function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  if (zip.entryCount > MAX_ENTRIES) return Promise.reject(notXlsx());
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName.toLowerCase(), entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    // Kept after the listing too: an 'error' event without a listener would throw out of the server.
    zip.on('error', reject);
    zip.readEntry();
  });
}

function openStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

/**
 * A part's text as it unzips, chunk by chunk. Its declared size is checked against what is left of the
 * budget before a byte is unzipped (yauzl holds each entry to its declared size), and every chunk counts.
 */
async function* partText(context: PartContext, path: string): AsyncGenerator<string> {
  const { zip, entries, reading, progress } = context;
  const entry = entries.get(path.toLowerCase());
  if (!zip || !entry) throw notXlsx();
  const budget = reading.limits.inflatedBytes;
  if (progress.inflatedBytes + entry.uncompressedSize > budget)
    throw refuse(MODEL_SHEET_MESSAGES.tooMuchData);
  const stream = await openStream(zip, entry);
  const decoder = new TextDecoder();
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      throwIfAborted(reading.signal);
      progress.inflatedBytes += chunk.length;
      if (progress.inflatedBytes > budget) throw refuse(MODEL_SHEET_MESSAGES.tooMuchData);
      yield decoder.decode(chunk, { stream: true });
    }
    yield decoder.decode();
  } finally {
    stream.destroy();
  }
}

// --- XML ------------------------------------------------------------------------------------------------

interface XmlHandlers {
  /** A start tag, by its local name (`x:row` is `row`). */
  open(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(piece: string): void;
  /** True once the part has given what is needed: the rest is not unzipped. */
  done?(): boolean;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The value of an attribute by its local name (`r:id` is `id`). */
export const attribute = (attributes: Record<string, string>, name: string): string | undefined => {
  if (name in attributes) return attributes[name];
  const key = Object.keys(attributes).find((candidate) => localName(candidate) === name);
  return key === undefined ? undefined : attributes[key];
};

/**
 * Parses a part with sax in strict mode (only XML's own entities, none a document declares). sax checks
 * its buffers as it counts positions (left on: with `position: false` it never would) and emits a long
 * text in pieces; what sax keeps besides (open tags, a tag's attributes) is bounded here.
 */
export async function parsePart(context: PartContext, path: string, handlers: XmlHandlers): Promise<void> {
  const { progress } = context;
  const options: sax.SAXOptions & { strictEntities: boolean } = { strictEntities: true, position: true };
  const parser = sax.parser(true, options);
  let depth = 0;
  let attributes = 0;
  parser.onattribute = () => {
    attributes += 1;
    if (attributes > MAX_ATTRIBUTES) throw notXlsx();
  };
  parser.onopentag = (tag) => {
    attributes = 0;
    depth += 1;
    if (depth > MAX_DEPTH) throw notXlsx();
    handlers.open(localName(tag.name), tag.attributes as Record<string, string>);
  };
  parser.onclosetag = (name) => {
    depth -= 1;
    handlers.close?.(localName(name));
  };
  parser.ontext = (piece) => {
    if (piece.length > progress.longestText) progress.longestText = piece.length;
    handlers.text?.(piece);
  };
  parser.oncdata = parser.ontext;
  for await (const chunk of partText(context, path)) {
    parser.write(chunk);
    if (handlers.done?.()) return;
  }
  parser.close();
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * A copy of a text that does not keep alive the larger string it was cut from (V8 keeps the whole of a
 * string a slice was taken from, here a chunk of the part), so that what is kept is what is counted.
 */
const detached = (text: string) => (text.length < 13 ? text : `${text} `.slice(0, -1));

/**
 * A text kept as a person reads it, within `limit` characters (code points, as the contract counts
 * them): white space before it is dropped and, past the limit, nothing is kept but whether anything other
 * than white space follows (the text is then too long). A text longer than Excel allows refuses the file.
 */
export class BoundedText {
  private readonly parts: string[] = [];
  private kept = 0;
  private units = 0;
  private seen = 0;
  private started = false;
  tooLong = false;

  constructor(
    private readonly limit: number,
    private readonly progress?: ReadProgress,
  ) {}

  add(piece: string) {
    this.seen += piece.length;
    if (this.seen > EXCEL_CELL_MAX_CHARS) throw refuse(MODEL_SHEET_MESSAGES.cellBeyondExcel);
    let start = 0;
    if (!this.started) {
      start = piece.search(/\S/);
      if (start < 0) return;
      this.started = true;
    }
    let end = start;
    while (end < piece.length) {
      const low = isLowSurrogate(piece.charCodeAt(end));
      if (!low && this.kept === this.limit) break;
      if (!low) this.kept += 1;
      end += 1;
    }
    if (end > start) {
      this.parts.push(piece.slice(start, end));
      this.units += end - start;
      if (this.progress && this.units > this.progress.longestText) this.progress.longestText = this.units;
    }
    if (!this.tooLong && end < piece.length && /\S/.test(piece.slice(end))) this.tooLong = true;
  }

  /** The text kept, white space after it cut. */
  get text(): string {
    return detached(this.parts.join('').trimEnd());
  }
}
