/**
 * Models in spreadsheets (docs/product.md "Models"): the export of the filtered list, the import template
 * and the import of a filled one. The columns themselves (header, how a value is written and read) are
 * the server's (`domains/model/sheet/model-sheet.ts`); what the apps need to agree on is here.
 */
import { z } from 'zod';
import { MODEL_LIMITS } from './model.schema';

/** Excel's own maximum of characters in one cell: no file Excel writes holds a longer text. */
export const EXCEL_CELL_MAX_CHARS = 32_767;

export const MODEL_SHEET_LIMITS = {
  /** Data rows of one import (the header row not counted). */
  rows: 5000,
  /** Size of the uploaded file: 5,000 filled rows take well under 1 MB. */
  bytes: 5 * 1024 * 1024,
  /**
   * Rows below the header a sheet may run to, empty ones included: twice the data rows, so that rows
   * emptied below the data (their formatting left) still import, while no file can make the server walk
   * through millions of empty rows.
   */
  sheetRows: 10_000,
  /** Columns read: a header past the 100th column is not looked at. */
  columns: 100,
  /** Characters kept of any cell: the longest field's (备注); a longer cell is refused, never kept whole. */
  cellChars: MODEL_LIMITS.notes,
  /** Characters of a cell of a number, date or option column (a longer one is refused). */
  valueChars: 50,
  /** Distinct texts of a workbook (Excel keeps them once, in its shared strings). */
  sharedStrings: 200_000,
  /** Characters of those texts in all: 5,000 rows of the longest field. */
  sharedStringChars: 5000 * MODEL_LIMITS.notes,
  /** Bytes the parts read (workbook, styles, texts, the sheet) may unzip to, together. */
  inflatedBytes: 32 * 1024 * 1024,
} as const;

/** The Excel MIME type of every file these endpoints send and take. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The header of the sheets' ID column: it holds 居民身份证 numbers only (other documents are set in the form). */
export const MODEL_SHEET_ID_HEADER = '身份证号';

export const MODEL_SHEET_MESSAGES = {
  notXlsx: '无法读取该文件，请上传 Excel 文件（.xlsx）',
  legacyXls: '暂不支持 .xls 格式，请在 Excel 中另存为 .xlsx 后上传',
  empty: '文件中没有模特数据，请从第 2 行开始填写',
  tooLarge: `文件不能超过 ${MODEL_SHEET_LIMITS.bytes / 1024 / 1024} MB`,
  tooManyRows: (rows: number) =>
    `一次最多导入 ${MODEL_SHEET_LIMITS.rows} 行，该文件有 ${rows} 行以上，请分批导入`,
  sheetTooLong: `表格超过 ${MODEL_SHEET_LIMITS.sheetRows + 1} 行（空行也计算在内），请删除多余的行后重新上传`,
  tooMuchData: `文件解压后超过 ${MODEL_SHEET_LIMITS.inflatedBytes / 1024 / 1024} MB，请删除多余的工作表和内容后重新上传`,
  tooManyTexts: `文件中的文字过多（超过 ${MODEL_SHEET_LIMITS.sharedStrings / 10_000} 万段或 ${MODEL_SHEET_LIMITS.sharedStringChars / 10_000} 万字），请删除多余的工作表和内容后重新上传`,
  cellBeyondExcel: `文件中有单元格超过 ${EXCEL_CELL_MAX_CHARS} 个字符（Excel 的上限），无法读取`,
  missingColumns: (headers: string[]) => `缺少必填列：${headers.join('、')}，请使用导入模板`,
  required: (header: string) => `*请填写${header}`,
  notAnOption: (options: readonly string[]) => `*请从下拉选项中选择：${options.join('、')}`,
  pickFromList: '*请从下拉选项中选择',
  percentInvalid: '*请输入0-100之间的百分比，如 20 或 20%',
  /** A cell longer than its column takes (worded as the contract's text fields word it). */
  tooLong: (chars: number) => `*最多${chars}个字符`,
  repeatedInFile: (header: string, row: number) => `${header}与第 ${row} 行重复`,
} as const;

/** POST /v1/models/import: `dry_run=true` previews (nothing is written); without it, the valid rows are imported. */
export const modelImportQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type ModelImportQuery = z.infer<typeof modelImportQuerySchema>;

/** A column of the uploaded sheet that the import reads and some row fills in: its field and header. */
export const modelImportColumnSchema = z.object({ key: z.string(), header: z.string() });
export type ModelImportColumn = z.infer<typeof modelImportColumnSchema>;

/**
 * One data row: its row number in the sheet, the cells as read (each at most its column's length: a
 * longer one is cut, ending with …, and has its message), and a Chinese message per bad cell.
 */
export const modelImportRowSchema = z.object({
  row: z.number().int(),
  values: z.record(z.string(), z.string()),
  errors: z.record(z.string(), z.string()),
});
export type ModelImportRow = z.infer<typeof modelImportRowSchema>;

/** The preview (dry run) or the outcome of an import: every row with its errors, and the counts. */
export const modelImportResultSchema = z.object({
  columns: z.array(modelImportColumnSchema),
  rows: z.array(modelImportRowSchema),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Models created: 0 on a dry run. */
  imported: z.number().int(),
});
export type ModelImportResult = z.infer<typeof modelImportResultSchema>;
