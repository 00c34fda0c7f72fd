/**
 * 费用 as an .xlsx (GET /v1/finance/fees/export): one row per order as the list shows it, as of the list's
 * date, by the shared workbook writer (documents/workbook.ts); amounts in yuan from the answer's fen.
 */
import { spreadsheetDate } from '@trackit/contract/business-time';
import { AGING_BUCKET_LABELS, ORDER_PAYMENT_STATE_LABELS } from '@trackit/contract/finance-enums';
import { cappedSum } from '@trackit/contract/money';
import type { FeeRow } from '@trackit/contract/receivable.schema';
import { type CellValue, excelYuan, type WorkbookColumn, workbookBuffer } from '../../documents/workbook';

const money = (
  header: string,
  figure: 'billed' | 'invoiced' | 'received' | 'outstanding',
): WorkbookColumn<FeeRow> => ({
  header,
  width: 14,
  format: 'money',
  write: (row) => excelYuan(row[figure]),
});

/** The money columns by header, for the totals row. */
const FEE_MONEY_HEADERS: Readonly<Record<string, 'billed' | 'invoiced' | 'received' | 'outstanding'>> = {
  应收金额: 'billed',
  已开票: 'invoiced',
  已收款: 'received',
  未收金额: 'outstanding',
};

const FEE_COLUMNS: readonly WorkbookColumn<FeeRow>[] = [
  { header: '订单编号', width: 17, write: (row) => row.number },
  { header: '标题', width: 28, write: (row) => row.title },
  { header: '客户', width: 26, write: (row) => row.company?.name ?? '' },
  { header: '收款主体', width: 14, write: (row) => row.team_recipient?.short_name ?? '' },
  { header: '负责人', width: 10, write: (row) => row.owner?.nickname ?? '' },
  { header: '出账日期', width: 12, format: 'date', write: (row) => spreadsheetDate(row.billed_on) },
  { header: '到期日', width: 12, format: 'date', write: (row) => spreadsheetDate(row.due_on) },
  money('应收金额', 'billed'),
  money('已开票', 'invoiced'),
  money('已收款', 'received'),
  money('未收金额', 'outstanding'),
  { header: '收款状态', width: 10, write: (row) => ORDER_PAYMENT_STATE_LABELS[row.payment_state] },
  { header: '逾期天数', width: 9, write: (row) => row.days_overdue },
  {
    header: '账龄',
    width: 10,
    write: (row) => (row.aging_bucket ? AGING_BUCKET_LABELS[row.aging_bucket] : ''),
  },
];

/** The totals row (issue 35): 合计 with the number of orders, and the sums of the money columns. */
const feeTotalsRow = (rows: readonly FeeRow[]): CellValue[] => {
  const sum = (figure: 'billed' | 'invoiced' | 'received' | 'outstanding') =>
    excelYuan(cappedSum(rows.map((row) => row[figure])));
  return FEE_COLUMNS.map((column, index) => {
    if (index === 0) return '合计';
    if (index === 1) return `${rows.length} 个订单`;
    const figure = FEE_MONEY_HEADERS[column.header];
    return figure ? sum(figure) : null;
  });
};

/** The rows as an .xlsx workbook, with a totals row; the sheet is named after the date the figures are as of. */
export function buildFeeWorkbook(rows: FeeRow[], asOf: string, exportedAt: Date): Promise<Buffer> {
  return workbookBuffer(
    [{ name: `费用（截至${asOf}）`, columns: FEE_COLUMNS, rows, totals: feeTotalsRow(rows) }],
    { createdAt: exportedAt },
  );
}
