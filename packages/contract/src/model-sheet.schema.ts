/**
 * Models in spreadsheets (docs/product.md "Models"): the export of the filtered list, the import template
 * and the import of a filled one. The columns themselves (header, how a value is written and read) are
 * the server's (`domains/model/sheet/model-sheet.ts`); what the apps need to agree on is here.
 */
import { z } from 'zod';

export const MODEL_SHEET_LIMITS = {
  /** Data rows of one import (the header row not counted). */
  rows: 5000,
  /** Size of the uploaded file: 5,000 filled rows take well under 1 MB. */
  bytes: 5 * 1024 * 1024,
} as const;

/** The Excel MIME type of every file these endpoints send and take. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const MODEL_SHEET_MESSAGES = {
  notXlsx: '无法读取该文件，请上传 Excel 文件（.xlsx）',
  legacyXls: '暂不支持 .xls 格式，请在 Excel 中另存为 .xlsx 后上传',
  empty: '文件中没有模特数据，请从第 2 行开始填写',
  tooLarge: `文件不能超过 ${MODEL_SHEET_LIMITS.bytes / 1024 / 1024} MB`,
  tooManyRows: (rows: number) =>
    `一次最多导入 ${MODEL_SHEET_LIMITS.rows} 行，该文件有 ${rows} 行以上，请分批导入`,
  missingColumns: (headers: string[]) => `缺少必填列：${headers.join('、')}，请使用导入模板`,
  required: (header: string) => `*请填写${header}`,
  notAnOption: (options: readonly string[]) => `*请从下拉选项中选择：${options.join('、')}`,
  pickFromList: '*请从下拉选项中选择',
  percentInvalid: '*请输入0-100之间的百分比，如 20 或 20%',
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

/** One data row: its row number in the sheet, the cells as read, and a Chinese message per bad cell. */
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
