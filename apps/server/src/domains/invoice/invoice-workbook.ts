/**
 * The 发票 register as an .xlsx (GET /v1/invoices/export, issue 35): one row per invoice as the register
 * shows it, then a totals row of every row the filters keep (GET /v1/invoices/totals' figures), by the
 * shared workbook writer (documents/workbook.ts); amounts in yuan from the answer's fen.
 */

import { spreadsheetDate } from '@trackit/contract/business-time';
import { RECEIVABLE_WORDS } from '@trackit/contract/finance-dashboard-lists';
import {
  INVOICE_STATUS_LABELS,
  INVOICE_TYPE_LABELS,
  RED_LETTER_STATE_LABELS,
} from '@trackit/contract/finance-enums';
import type { Invoice, InvoiceTotals } from '@trackit/contract/invoice.schema';
import { type CellValue, excelYuan, type WorkbookColumn, workbookBuffer } from '../../documents/workbook';

type Figure = 'total' | 'reversed' | 'allocated' | 'outstanding';

const money = (header: string, figure: Figure): WorkbookColumn<Invoice> => ({
  header,
  width: 14,
  format: 'money',
  write: (row) => excelYuan(row[figure]),
});

const MONEY_COLUMNS: readonly [string, Figure][] = [
  ['价税合计', 'total'],
  ['已红冲', 'reversed'],
  // One word means one thing on every page and export (RECEIVABLE_WORDS).
  [RECEIVABLE_WORDS.received, 'allocated'],
  [RECEIVABLE_WORDS.outstanding, 'outstanding'],
];

const INVOICE_COLUMNS: readonly WorkbookColumn<Invoice>[] = [
  { header: '发票号码', width: 24, format: 'text', write: (row) => row.number ?? '' },
  { header: '发票类型', width: 10, write: (row) => INVOICE_TYPE_LABELS[row.type] },
  { header: '客户', width: 26, write: (row) => row.company.name },
  { header: '购方名称', width: 26, write: (row) => row.buyer.name },
  { header: '收款主体', width: 14, write: (row) => row.team_recipient.short_name },
  { header: '开票日期', width: 12, format: 'date', write: (row) => spreadsheetDate(row.issued_on) },
  { header: '到期日', width: 12, format: 'date', write: (row) => spreadsheetDate(row.due_on) },
  ...MONEY_COLUMNS.map(([header, figure]) => money(header, figure)),
  { header: '状态', width: 10, write: (row) => INVOICE_STATUS_LABELS[row.status] },
  {
    header: '红冲状态',
    width: 10,
    write: (row) => (row.red_letter === 'none' ? '' : RED_LETTER_STATE_LABELS[row.red_letter]),
  },
];

const totalsRow = (totals: InvoiceTotals): CellValue[] =>
  INVOICE_COLUMNS.map((column, index) => {
    if (index === 0) return '合计';
    if (index === 1) return `${totals.count} 张`;
    const money = MONEY_COLUMNS.find(([header]) => header === column.header);
    return money ? excelYuan(totals[money[1]]) : null;
  });

/** The register's rows and their totals as an .xlsx workbook, the sheet named after the day exported. */
export function buildInvoiceWorkbook(
  rows: readonly Invoice[],
  totals: InvoiceTotals,
  today: string,
  exportedAt: Date,
): Promise<Buffer> {
  return workbookBuffer(
    [{ name: `发票（${today}）`, columns: INVOICE_COLUMNS, rows, totals: totalsRow(totals) }],
    { createdAt: exportedAt },
  );
}
