/**
 * The order list as an .xlsx (GET /v1/orders/export, docs/product.md "Orders"): one row per order as the
 * list shows it, written by the shared workbook writer (`documents/workbook.ts`). Amounts are yuan with two
 * decimals, worked out from the answer's fen; an order whose fees the caller may not see (`totals` null)
 * leaves them empty. At most ORDER_EXPORT_MAX_ROWS rows, so the workbook is built in memory.
 */
import { spreadsheetDate, spreadsheetTime } from '@trackit/contract/business-time';
import { APPROVAL_STATUS_LABELS, JOB_TYPE_LABELS } from '@trackit/contract/enums';
import type { OrderListItem } from '@trackit/contract/order.schema';
import { ORDER_STATUS_LABELS } from '@trackit/contract/order-constants';
import { excelYuan, type WorkbookColumn, workbookBuffer } from '../../../documents/workbook';

const SHEET = '订单';

const money = (header: string, figure: 'subtotal' | 'tax' | 'total'): WorkbookColumn<OrderListItem> => ({
  header,
  width: 14,
  format: 'money',
  write: (order) => excelYuan(order.totals?.[figure]),
});

const ORDER_COLUMNS: readonly WorkbookColumn<OrderListItem>[] = [
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
  { header: '首日', width: 12, format: 'date', write: (order) => spreadsheetDate(order.first_date) },
  { header: '末日', width: 12, format: 'date', write: (order) => spreadsheetDate(order.last_date) },
  { header: '天数', width: 6, write: (order) => order.day_count },
  { header: '模特', width: 30, write: (order) => order.models.map((model) => model.name).join('、') },
  { header: '负责人', width: 10, write: (order) => order.owner?.nickname ?? '' },
  money('不含税金额', 'subtotal'),
  money('税额', 'tax'),
  money('合计', 'total'),
  { header: '创建时间', width: 17, format: 'dateTime', write: (order) => spreadsheetTime(order.created_at) },
];

/** The orders as an .xlsx workbook, a frozen header row over one row per order. */
export function buildOrderWorkbook(items: OrderListItem[], exportedAt: Date): Promise<Buffer> {
  return workbookBuffer([{ name: SHEET, columns: ORDER_COLUMNS, rows: items }], { createdAt: exportedAt });
}
