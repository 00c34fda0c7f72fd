/**
 * 扣缴明细 as an .xlsx (GET /v1/finance/withholding/export): one row per individual paid in the month as
 * the list answers it (the ID whole or masked as the caller may see it), and the month's totals, by the
 * shared workbook writer (documents/workbook.ts); amounts in yuan from the answer's fen.
 */
import type { Withholding, WithholdingRow } from '@trackit/contract/settlement.schema';
import { excelYuan, type WorkbookColumn, workbookBuffer } from '../../documents/workbook';

/** A row of the sheet: a model's, or the totals (no model). */
type SheetRow = Pick<WithholdingRow, 'income' | 'taxable' | 'tax'> & {
  row: WithholdingRow | null;
};

const money = (header: string, figure: 'income' | 'taxable' | 'tax'): WorkbookColumn<SheetRow> => ({
  header,
  width: 16,
  format: 'money',
  write: (row) => excelYuan(row[figure]),
});

const COLUMNS: readonly WorkbookColumn<SheetRow>[] = [
  { header: '姓名', width: 14, write: ({ row }) => (row ? row.model.name : '合计') },
  { header: '证件类型', width: 12, write: ({ row }) => (row ? '居民身份证' : '') },
  { header: '证件号码', width: 22, format: 'text', write: ({ row }) => row?.id_number ?? '' },
  { header: '所得项目', width: 12, write: ({ row }) => (row ? '劳务报酬' : '') },
  money('收入额', 'income'),
  money('应纳税所得额', 'taxable'),
  money('已预扣税额', 'tax'),
  { header: '结算单', width: 32, write: ({ row }) => row?.settlements.join('、') ?? '' },
];

/** The month's list as a workbook, its sheet named after the month. */
export function buildWithholdingWorkbook(list: Withholding, exportedAt: Date): Promise<Buffer> {
  const rows: SheetRow[] = [
    ...list.rows.map((row) => ({ row, income: row.income, taxable: row.taxable, tax: row.tax })),
    { row: null, ...list.totals },
  ];
  return workbookBuffer([{ name: `扣缴明细（${list.month}）`, columns: COLUMNS, rows }], {
    createdAt: exportedAt,
  });
}
