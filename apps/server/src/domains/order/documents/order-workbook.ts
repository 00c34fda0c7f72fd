/**
 * The order list as an .xlsx (GET /v1/orders/export, docs/product.md "Orders"): one row per order as the
 * list shows it. Amounts are yuan with two decimals, worked out from the answer's fen; an order whose fees
 * the caller may not see (`totals` null) leaves them empty. At most ORDER_EXPORT_MAX_ROWS rows, so the
 * workbook is built in memory.
 */
import { spreadsheetDate, spreadsheetTime } from '@trackit/contract/business-time';
import { APPROVAL_STATUS_LABELS, JOB_TYPE_LABELS } from '@trackit/contract/enums';
import { ORDER_STATUS_LABELS, type OrderListItem } from '@trackit/contract/order.schema';
import ExcelJS from 'exceljs';

type Cell = string | number | Date | null;

interface OrderColumn {
  header: string;
  /** Width in characters. */
  width: number;
  numFmt?: string;
  write(order: OrderListItem): Cell;
}

const SHEET = '订单';
const DATE_FORMAT = 'yyyy-mm-dd';
const TIME_FORMAT = 'yyyy-mm-dd hh:mm';
const YUAN_FORMAT = '#,##0.00';

/** Fen as the yuan Excel sums and formats; the two-decimal format shows exactly the fen. */
const yuan = (fen: number | undefined): number | null => (fen === undefined ? null : fen / 100);

const money = (header: string, figure: 'subtotal' | 'tax' | 'total'): OrderColumn => ({
  header,
  width: 14,
  numFmt: YUAN_FORMAT,
  write: (order) => yuan(order.totals?.[figure]),
});

const ORDER_COLUMNS: readonly OrderColumn[] = [
  { header: '编号', width: 17, write: (order) => order.number },
  { header: '状态', width: 8, write: (order) => ORDER_STATUS_LABELS[order.status] },
  {
    header: '审批',
    width: 8,
    write: (order) => (order.approval_status ? APPROVAL_STATUS_LABELS[order.approval_status] : ''),
  },
  { header: '公司', width: 26, write: (order) => order.company?.name ?? '' },
  { header: '标题', width: 30, write: (order) => order.title },
  { header: '品牌', width: 14, write: (order) => order.brand },
  {
    header: '工作类型',
    width: 10,
    write: (order) => (order.job_type ? JOB_TYPE_LABELS[order.job_type] : ''),
  },
  { header: '首日', width: 12, numFmt: DATE_FORMAT, write: (order) => spreadsheetDate(order.first_date) },
  { header: '末日', width: 12, numFmt: DATE_FORMAT, write: (order) => spreadsheetDate(order.last_date) },
  { header: '天数', width: 6, write: (order) => order.day_count },
  { header: '模特', width: 30, write: (order) => order.models.map((model) => model.name).join('、') },
  { header: '负责人', width: 10, write: (order) => order.owner?.nickname ?? '' },
  money('不含税金额', 'subtotal'),
  money('税额', 'tax'),
  money('合计', 'total'),
  { header: '创建时间', width: 17, numFmt: TIME_FORMAT, write: (order) => spreadsheetTime(order.created_at) },
];

/** The orders as an .xlsx workbook, a frozen header row over one row per order. */
export async function buildOrderWorkbook(items: OrderListItem[], exportedAt: Date): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'TrackIt';
  workbook.created = exportedAt;
  const sheet = workbook.addWorksheet(SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = ORDER_COLUMNS.map((column) => ({
    header: column.header,
    width: column.width,
    style: column.numFmt ? { numFmt: column.numFmt } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F5FF' } };
  for (const order of items) sheet.addRow(ORDER_COLUMNS.map((column) => column.write(order)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
