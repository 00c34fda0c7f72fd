/**
 * Importing models from a spreadsheet (docs/product.md "Models", docs/decisions.md): every row is read
 * and checked with the contract's own schema and the service's own rules, so a cell's message is the
 * form's; duplicates of a mobile or national ID (in the team, or earlier in the file) are errors of
 * their cell. A dry run answers that preview; otherwise the valid rows are created through the service's
 * own creation, in one transaction with their log entries.
 */

import type { Readable } from 'node:stream';
import { businessDate } from '@trackit/contract/business-time';
import { ERROR_CATALOGUE } from '@trackit/contract/error-codes';
import {
  MODEL_MESSAGES,
  type ModelCreate,
  type ModelUpdate,
  modelCreateSchema,
} from '@trackit/contract/model.schema';
import {
  MODEL_SHEET_LIMITS,
  MODEL_SHEET_MESSAGES,
  type ModelImportResult,
  XLSX_CONTENT_TYPE,
} from '@trackit/contract/model-sheet.schema';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import type { AuthContext, RequestOrigin } from '../../../http/auth-context';
import { readLimitedBody, throwIfAborted } from '../../../http/raw-body';
import { findModelsWithAny } from '../model.repository';
import { canManage, type ModelDeps } from '../model.service';
import {
  insertNewModels,
  modelRuleIssues,
  sensitiveIssues,
  withDuplicateGuard,
  withIdentityDefaults,
} from '../model-write.service';
import { cellLimit, IMPORT_COLUMNS, type ImportColumn, templateColumns } from './model-sheet';
import { buildTemplate, readModelSheet, type SheetRow } from './model-workbook';
import { newReadProgress } from './xlsx-zip';

/** A row once checked: what the preview shows, and the model to create when nothing is wrong. */
export interface CheckedRow {
  row: number;
  values: Record<string, string>;
  errors: Record<string, string>;
  input: ModelCreate | undefined;
}

export interface RowContext {
  /** Whether the member may write national IDs and archive. */
  manage: boolean;
  /** YYYY-MM-DD in China: no birthday after it. */
  today: string;
}

/**
 * Checks one row: each cell read by its column (a label to its value, a date to YYYY-MM-DD) and checked
 * by its field of `modelCreateSchema`, then the rules beyond the schema that the form's model passes
 * too (the national ID and archiving need manage, no birthday in the future, …); each message on its cell.
 */
export function checkRow(
  sheetRow: SheetRow,
  columns: readonly ImportColumn[],
  context: RowContext,
): CheckedRow {
  const errors: Record<string, string> = {};
  const given: Record<string, unknown> = {};
  const checked: ModelUpdate = {};
  const byField = new Map<string, ImportColumn>(columns.map((column) => [column.import.field, column]));
  const fail = (field: string, message: string, { replace = false } = {}) => {
    const column = byField.get(field);
    if (column && (replace || errors[column.key] === undefined)) errors[column.key] = message;
  };
  for (const column of columns) {
    const { field, options } = column.import;
    const text = sheetRow.cells.get(column.key);
    const reading = text === undefined ? { value: undefined } : column.import.read(text);
    if ('error' in reading) {
      fail(field, reading.error);
    } else {
      if (reading.value !== undefined) given[field] = reading.value;
      const parsed = modelCreateSchema.shape[field].safeParse(reading.value);
      // An option column's own message would name the wire values (female, male): name the labels.
      if (!parsed.success)
        fail(field, options ? MODEL_SHEET_MESSAGES.notAnOption(options) : firstMessage(parsed.error));
      else if (parsed.data !== undefined) Object.assign(checked, { [field]: parsed.data });
    }
    // Past its column's length a cell is refused even when what was kept of it reads well (000…178,
    // 时装、时装、…, a text cut while read); the field's own message first, when it has one.
    if (sheetRow.overlong?.has(column.key)) fail(field, MODEL_SHEET_MESSAGES.tooLong(cellLimit(column)));
  }
  // Below manage a filled ID cell is refused whatever it holds: the permission comes before the format.
  const idCell = typeof given.id_number === 'string' ? given.id_number : undefined;
  for (const issue of sensitiveIssues(context.manage, { ...checked, id_number: idCell }, undefined)) {
    fail(issue.field, issue.message, { replace: true });
  }
  // The column holds 居民身份证 numbers (model-sheet.ts): a number is one, its holder a resident.
  for (const issue of modelRuleIssues(withIdentityDefaults(checked, undefined), undefined, context.today)) {
    fail(issue.field, issue.message);
  }
  let input: ModelCreate | undefined;
  if (Object.keys(errors).length === 0) {
    const whole = modelCreateSchema.safeParse(given);
    if (whole.success) input = withIdentityDefaults(whole.data, undefined);
    else for (const issue of whole.error.issues) fail(String(issue.path[0]), issue.message);
  }
  return { row: sheetRow.row, values: shownValues(sheetRow, columns), errors, input };
}

/** The cells as the preview shows them: a cell past its column's length cut to it, ending with …. */
function shownValues(sheetRow: SheetRow, columns: readonly ImportColumn[]): Record<string, string> {
  const limits = new Map(columns.map((column) => [column.key, cellLimit(column)]));
  return Object.fromEntries(
    [...sheetRow.cells].map(([key, text]) => {
      const limit = limits.get(key);
      if (limit === undefined || !sheetRow.overlong?.has(key)) return [key, text];
      return [
        key,
        `${Array.from(text)
          .slice(0, limit - 1)
          .join('')}…`,
      ];
    }),
  );
}

const firstMessage = (error: z.ZodError) =>
  error.issues[0]?.message ?? ERROR_CATALOGUE.validationFailed.message;

const UNIQUE_FIELDS = [
  { key: 'mobile', column: 'mobile', taken: MODEL_MESSAGES.mobileTaken },
  { key: 'id_number', column: 'idNumber', taken: MODEL_MESSAGES.idNumberTaken },
] as const;

/**
 * Marks the rows whose mobile or national ID another model of the team already has, or an earlier row
 * of the file, as errors of that cell; such a row is no longer imported.
 */
async function markDuplicates(db: Database, teamId: number, rows: CheckedRow[], columns: ImportColumn[]) {
  const checkable = rows.flatMap((row) => (row.input ? [{ row, input: row.input }] : []));
  for (const unique of UNIQUE_FIELDS) {
    const column = columns.find((candidate) => candidate.key === unique.key);
    if (!column) continue;
    const holders = checkable.flatMap(({ row, input }) => {
      const value = input[unique.key];
      return value ? [{ row, value }] : [];
    });
    const taken = await findModelsWithAny(
      db,
      teamId,
      unique.column,
      holders.map(({ value }) => value),
    );
    const owners = new Map(taken.map((model) => [model.value, model.name]));
    const firstRows = new Map<string, number>();
    for (const { row, value } of holders) {
      const owner = owners.get(value);
      const earlier = firstRows.get(value);
      if (owner !== undefined) row.errors[unique.key] = unique.taken(owner);
      else if (earlier !== undefined)
        row.errors[unique.key] = MODEL_SHEET_MESSAGES.repeatedInFile(column.header, earlier);
      else firstRows.set(value, row.row);
    }
  }
  for (const { row } of checkable) if (Object.keys(row.errors).length > 0) row.input = undefined;
}

/** The answer: the rows, and the columns worth showing (a template's untouched columns are left out). */
function result(columns: ImportColumn[], rows: CheckedRow[], imported: number): ModelImportResult {
  const valid = rows.filter((row) => row.input !== undefined).length;
  const filled = columns.filter(
    (column) =>
      column.import.required || rows.some((row) => column.key in row.values || column.key in row.errors),
  );
  return {
    columns: filled.map((column) => ({ key: column.key, header: column.header })),
    rows: rows.map(({ row, values, errors }) => ({ row, values, errors })),
    total: rows.length,
    valid,
    invalid: rows.length - valid,
    imported,
  };
}

/** GET /v1/models/import_template: the columns the member may fill in (the national ID only at manage). */
export async function modelImportTemplate(deps: ModelDeps, auth: AuthContext) {
  const manage = await canManage(deps, auth);
  return {
    contentType: XLSX_CONTENT_TYPE,
    fileName: '模特导入模板.xlsx',
    content: await buildTemplate(templateColumns(manage)),
  };
}

/**
 * POST /v1/models/import: reads the uploaded .xlsx (at most MODEL_SHEET_LIMITS), checks every row; a dry
 * run answers the preview, otherwise the valid rows are created, all in one transaction (duplicates are
 * checked again inside it), and the same preview answers with the count imported. Once `signal` fires
 * (the client has gone) the upload, the reading and the checking stop, and nothing is written.
 */
export async function importModels(
  deps: ModelDeps,
  auth: AuthContext,
  upload: { file: Readable; dryRun: boolean; signal?: AbortSignal },
  origin: RequestOrigin,
): Promise<ModelImportResult> {
  const { signal } = upload;
  const now = deps.clock();
  const progress = newReadProgress();
  const readAndCheck = async () => {
    const file = await readLimitedBody(upload.file, {
      limit: MODEL_SHEET_LIMITS.bytes,
      tooLarge: MODEL_SHEET_MESSAGES.tooLarge,
      signal,
    });
    deps.log.debug({ bytes: file.length }, 'model import: reading the file');
    const sheet = await readModelSheet(file, IMPORT_COLUMNS, { signal, progress });
    const context = { manage: await canManage(deps, auth), today: businessDate(now) };
    throwIfAborted(signal);
    return { sheet, rows: sheet.rows.map((row) => checkRow(row, sheet.columns, context)) };
  };
  const { sheet, rows } = await readAndCheck().catch((error: unknown) => {
    if (signal?.aborted) deps.log.info(progress, 'model import stopped: the client has gone');
    throw error;
  });
  throwIfAborted(signal);
  if (upload.dryRun) {
    await markDuplicates(deps.db, auth.teamId, rows, sheet.columns);
    return result(sheet.columns, rows, 0);
  }
  return withDuplicateGuard(() =>
    deps.db.transaction(async (tx) => {
      await markDuplicates(tx, auth.teamId, rows, sheet.columns);
      const inputs = rows.flatMap((row) => (row.input ? [row.input] : []));
      const created = await insertNewModels(tx, auth, inputs, origin, { now, imported: true });
      return result(sheet.columns, rows, created.length);
    }),
  );
}
