/**
 * Reading a bank's statement export (docs/product.md "Bank statement import"): an .xlsx through the bounded
 * workbook reader the model import uses (model/sheet/xlsx-reader.ts), or a CSV in UTF-8 or GB18030 (the
 * Chinese banks' exports are GBK), into rows of texts; then the header row found (banks put the account
 * and the period above it), the bank recognised by its headers or the columns read by a person's mapping,
 * and each credit read as a line. Bounded whatever the file says: the bytes by the upload, the rows and
 * columns read, and every cell's characters.
 */
import {
  BANK_COLUMN_ROLES,
  BANK_PROFILES,
  BANK_STATEMENT_LIMITS,
  BANK_STATEMENT_MESSAGES,
  type BankColumnRole,
  type BankFormat,
  headerKey,
} from '@trackit/contract/bank-statement.schema';
import { MAX_AMOUNT_FEN, parseYuan } from '@trackit/contract/money';
import { AppError } from '../../../http/app-error';
import { cellText } from '../../model/sheet/model-workbook';
import { readFirstSheet } from '../../model/sheet/xlsx-reader';
import type { XlsxLimits } from '../../model/sheet/xlsx-zip';

const refuse = (message: string) => new AppError('badRequest', { message });

/** Rows read at most: those above the header a bank may write, and the data rows. */
const MAX_ROWS = BANK_STATEMENT_LIMITS.headerSearchRows + BANK_STATEMENT_LIMITS.rows + 1;

const XLSX_LIMITS: XlsxLimits = {
  inflatedBytes: 32 * 1024 * 1024,
  sharedStrings: 100_000,
  sharedStringChars: 5_000_000,
  cellChars: BANK_STATEMENT_LIMITS.cellChars,
  sheetRows: MAX_ROWS,
};

const cut = (text: string) => Array.from(text.trim()).slice(0, BANK_STATEMENT_LIMITS.cellChars).join('');

/** The file's rows as texts (trailing empty cells dropped), at most MAX_ROWS rows of `columns` cells. */
export async function readBankRows(file: Buffer, signal?: AbortSignal): Promise<string[][]> {
  if (file.length === 0) throw refuse(BANK_STATEMENT_MESSAGES.empty);
  const head = file.subarray(0, 4);
  if (head.equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) throw refuse(BANK_STATEMENT_MESSAGES.unreadable);
  if (head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return readXlsxRows(file, signal);
  return readCsvRows(decodeText(file));
}

async function readXlsxRows(file: Buffer, signal?: AbortSignal): Promise<string[][]> {
  const rows: string[][] = [];
  try {
    await readFirstSheet(file, {
      limits: XLSX_LIMITS,
      signal,
      wants: (_row, column) => column <= BANK_STATEMENT_LIMITS.columns,
      onRow(number, cells) {
        // Empty rows between are kept as empty, so a row's number is the one Excel shows.
        while (rows.length < number - 1) rows.push([]);
        const texts: string[] = [];
        for (const cell of cells) texts[cell.column - 1] = cut(cellText(cell.value, cell.numFmt));
        rows.push(Array.from(texts, (text) => text ?? ''));
      },
    });
  } catch (error) {
    // The reader's own refusals name a model sheet's limits: a statement says what it is.
    if (error instanceof AppError && error.key === 'badRequest' && !signal?.aborted)
      throw refuse(
        rows.length >= MAX_ROWS ? BANK_STATEMENT_MESSAGES.tooManyRows : BANK_STATEMENT_MESSAGES.unreadable,
      );
    throw error;
  }
  return rows;
}

/** UTF-8 (a BOM dropped) when the bytes are valid UTF-8, else GB18030 (GBK's superset). */
export function decodeText(file: Buffer): string {
  const bytes = file[0] === 0xef && file[1] === 0xbb && file[2] === 0xbf ? file.subarray(3) : file;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/**
 * RFC 4180 CSV (quoted cells, doubled quotes, line breaks inside quotes), comma- or tab-separated as the
 * first line shows; a cell is kept to BANK_STATEMENT_LIMITS.cellChars, a row to its columns, the rows to
 * MAX_ROWS (more refuses the file). A text with a NUL or other control byte is no CSV.
 */
export function readCsvRows(text: string): string[][] {
  if (/(?![\t\n\r])\p{Cc}/u.test(text.slice(0, 4096))) throw refuse(BANK_STATEMENT_MESSAGES.unreadable);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = (firstLine.match(/\t/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    if (row.length < BANK_STATEMENT_LIMITS.columns) row.push(cut(cell));
    cell = '';
  };
  const endRow = () => {
    endCell();
    if (rows.length === MAX_ROWS) throw refuse(BANK_STATEMENT_MESSAGES.tooManyRows);
    rows.push(row);
    row = [];
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else if (cell.length <= BANK_STATEMENT_LIMITS.cellChars * 2) cell += char;
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === separator) endCell();
    else if (char === '\n') endRow();
    else if (char !== '\r' && cell.length <= BANK_STATEMENT_LIMITS.cellChars * 2) cell += char;
  }
  if (cell !== '' || row.length > 0) endRow();
  // Excel's ="0123" keeps a number's leading zeros in a CSV: read as the text.
  return rows.map((cells) => cells.map((value) => value.replace(/^="(.*)"$/, '$1')));
}

/** Which column (0-based) each role is read from. */
export type ColumnMap = Partial<Record<BankColumnRole, number>>;

export interface StatementLayout {
  format: BankFormat;
  /** The header row's index in the rows. */
  headerIndex: number;
  columns: ColumnMap;
}

const keysOf = (row: readonly string[]) => row.map((cell) => headerKey(cell));

/** The first of `headers` the row has, as its index. */
const indexOf = (keys: readonly string[], headers: readonly string[]) => {
  for (const header of headers) {
    const index = keys.indexOf(headerKey(header));
    if (index >= 0) return index;
  }
  return undefined;
};

/** The bank whose headers a row within the first rows has (BANK_PROFILES), or undefined. */
export function recogniseBank(rows: readonly string[][]): StatementLayout | undefined {
  const searched = Math.min(rows.length, BANK_STATEMENT_LIMITS.headerSearchRows);
  for (let headerIndex = 0; headerIndex < searched; headerIndex += 1) {
    const keys = keysOf(rows[headerIndex] ?? []);
    for (const profile of BANK_PROFILES) {
      if (!profile.identify.every((header) => keys.includes(headerKey(header)))) continue;
      const columns: ColumnMap = {};
      for (const role of BANK_COLUMN_ROLES) {
        const headers = profile.columns[role];
        const index = headers ? indexOf(keys, headers) : undefined;
        if (index !== undefined) columns[role] = index;
      }
      return { format: profile.format, headerIndex, columns };
    }
  }
  return undefined;
}

/**
 * The layout a person's mapping names (role → header as the file writes it): the header row is the first
 * within the first rows that has every mapped header. Refused in Chinese when a required role is not
 * mapped or a header is not in the file.
 */
export function mappedLayout(
  rows: readonly string[][],
  mapping: Partial<Record<BankColumnRole, string>>,
): StatementLayout {
  const named = Object.entries(mapping).filter(([, header]) => header) as [BankColumnRole, string][];
  const has = (role: BankColumnRole) => named.some(([named]) => named === role);
  if (!has('date') || !has('payer_name') || !(has('credit') || has('amount')))
    throw refuse(BANK_STATEMENT_MESSAGES.mappingIncomplete);
  const searched = Math.min(rows.length, BANK_STATEMENT_LIMITS.headerSearchRows);
  for (let headerIndex = 0; headerIndex < searched; headerIndex += 1) {
    const keys = keysOf(rows[headerIndex] ?? []);
    if (!named.every(([, header]) => keys.includes(headerKey(header)))) continue;
    const columns: ColumnMap = {};
    for (const [role, header] of named) columns[role] = keys.indexOf(headerKey(header));
    return { format: 'mapped', headerIndex, columns };
  }
  const missing = named.find(
    ([, header]) => !rows.slice(0, searched).some((row) => keysOf(row).includes(headerKey(header))),
  );
  throw refuse(
    missing ? BANK_STATEMENT_MESSAGES.mappingUnknown(missing[1]) : BANK_STATEMENT_MESSAGES.noHeader,
  );
}

/** The row a person maps from: the first within the first rows with the most filled cells. */
export function likelyHeader(rows: readonly string[][]): { index: number; headers: string[] } {
  let best = { index: 0, filled: -1 };
  const searched = Math.min(rows.length, BANK_STATEMENT_LIMITS.headerSearchRows);
  for (let index = 0; index < searched; index += 1) {
    const filled = (rows[index] ?? []).filter((cell) => cell !== '').length;
    if (filled > best.filled) best = { index, filled };
  }
  return { index: best.index, headers: (rows[best.index] ?? []).filter((cell) => cell !== '') };
}

/** A credit of the statement, as kept. */
export interface StatementCredit {
  /** The row's number in the file (1-based). */
  row: number;
  transactedOn: string;
  amount: number;
  payerName: string;
  payerAccount: string;
  summary: string;
  serial: string;
}

/** `2026-12-03`, `2026/12/3`, `20261203`, `2026年12月3日`, each with a time after it or not. */
export function readStatementDate(text: string): string | undefined {
  const match = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})日?(?:$|[\sT])/.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day] = match;
  const date = `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? undefined : date;
}

/**
 * An amount as banks write it (`12,000.00`, `+1200`, `-35.5`, `¥1,200.00`, blank or `0.00` for none), in
 * signed fen; undefined when it is no amount.
 */
export function readStatementAmount(text: string): number | undefined {
  const cleaned = text.replace(/[¥￥\s]|元$|CNY|RMB/g, '');
  if (cleaned === '' || cleaned === '-' || cleaned === '--') return 0;
  const negative = cleaned.startsWith('-') || (cleaned.startsWith('(') && cleaned.endsWith(')'));
  const fen = parseYuan(cleaned.replace(/^[-+(]|\)$/g, ''));
  if (fen === undefined) return undefined;
  return negative ? -fen : fen;
}

const CREDIT_MARKS = new Set(['贷', '贷方', '收', '收入', '来账', 'C', 'CR', '2']);
const DEBIT_MARKS = new Set(['借', '借方', '付', '支出', '往账', 'D', 'DR', '1']);

/**
 * The credits of the rows below the header, read by the layout; debits, blank rows and rows that are no
 * transaction (a 合计 row, a footnote: no date) are counted as skipped. A row with a date whose amount
 * cannot be read refuses the file with its row number, as does a credit past the largest amount.
 */
export function readCredits(
  rows: readonly string[][],
  layout: StatementLayout,
): { credits: StatementCredit[]; skipped: number } {
  const credits: StatementCredit[] = [];
  let skipped = 0;
  const data = rows.slice(layout.headerIndex + 1);
  if (data.length > BANK_STATEMENT_LIMITS.rows) throw refuse(BANK_STATEMENT_MESSAGES.tooManyRows);
  const { columns } = layout;
  data.forEach((cells, offset) => {
    const row = layout.headerIndex + 2 + offset;
    const at = (role: BankColumnRole) => {
      const index = columns[role];
      return index === undefined ? '' : (cells[index] ?? '').trim();
    };
    const dateText = at('date');
    const transactedOn = readStatementDate(dateText);
    if (transactedOn === undefined) {
      if (cells.some((cell) => cell.trim() !== '')) skipped += 1;
      return;
    }
    let amount: number | undefined;
    if (columns.credit !== undefined) {
      amount = readStatementAmount(at('credit'));
      if (amount === undefined) throw refuse(BANK_STATEMENT_MESSAGES.badAmount(row, at('credit')));
    } else {
      amount = readStatementAmount(at('amount'));
      if (amount === undefined) throw refuse(BANK_STATEMENT_MESSAGES.badAmount(row, at('amount')));
      const mark = at('direction').toUpperCase();
      if (CREDIT_MARKS.has(mark)) amount = Math.abs(amount);
      else if (DEBIT_MARKS.has(mark)) amount = -Math.abs(amount);
    }
    if (amount <= 0) {
      skipped += 1;
      return;
    }
    if (amount > MAX_AMOUNT_FEN)
      throw refuse(BANK_STATEMENT_MESSAGES.badAmount(row, at('credit') || at('amount')));
    const limited = (text: string, max: number) => Array.from(text).slice(0, max).join('');
    const summary = [at('summary'), at('remark')].filter((text) => text !== '').join(' ');
    credits.push({
      row,
      transactedOn,
      amount,
      payerName: limited(at('payer_name'), BANK_STATEMENT_LIMITS.payerName),
      payerAccount: limited(at('payer_account').replace(/\s+/g, ''), BANK_STATEMENT_LIMITS.payerAccount),
      summary: limited(summary, BANK_STATEMENT_LIMITS.summary),
      serial: limited(at('serial'), BANK_STATEMENT_LIMITS.serial),
    });
  });
  return { credits, skipped };
}

/**
 * Each credit's key within its account (docs/decisions.md "A bank line imported twice"): the bank's serial
 * (with its date and amount) when the export has one; else its date, amount, payer's account or name and summary, with how many such
 * came before it in the file (two equal payments on one day stay two lines, and the same file read again
 * gives the same keys).
 */
export function dedupeKeys(credits: readonly StatementCredit[]): string[] {
  const seen = new Map<string, number>();
  return credits.map((credit) => {
    // A serial with its date and amount: a bank that reuses a 凭证号 across days still gives distinct keys.
    if (credit.serial !== '') return `serial:${credit.serial}|${credit.transactedOn}|${credit.amount}`;
    const base = [
      credit.transactedOn,
      credit.amount,
      credit.payerAccount || credit.payerName,
      credit.summary,
    ].join('|');
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return Array.from(`line:${base}#${occurrence}`).slice(0, 400).join('');
  });
}
