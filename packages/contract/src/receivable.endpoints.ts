/**
 * Receivables (应收, issue 23), key `accounting`: 费用 (the finance order list), 财务详情 of an order and the
 * finance dashboard (看板).
 */
import { endpoint, json, page, raw, requires } from './endpoint';
import { idParamsSchema, pageQuerySchema } from './envelope';
import { financeDashboardSchema } from './finance-dashboard.schema';
import { XLSX_CONTENT_TYPE } from './model-sheet.schema';
import { recordHistoryEntrySchema } from './operation-log.schema';
import {
  feeFilterSchema,
  feeQuerySchema,
  feeRowSchema,
  feeTotalsSchema,
  financeOrderSchema,
} from './receivable.schema';

export const receivableEndpoints = {
  fees: endpoint({
    method: 'GET',
    path: '/v1/finance/fees',
    summary:
      '费用：已出账订单的应收（已开票、已收、未收、到期日、逾期天数、账龄），可按客户、收款主体、收款状态、账龄、出账日期、负责人、关键词筛选，可指定截至日期',
    access: requires('accounting', 'read'),
    query: feeQuerySchema,
    answer: page(feeRowSchema),
  }),
  feeTotals: endpoint({
    method: 'GET',
    path: '/v1/finance/fees/totals',
    summary: '费用列表筛选结果（全部页）的合计与各账龄未收',
    access: requires('accounting', 'read'),
    query: feeFilterSchema,
    answer: json(feeTotalsSchema),
  }),
  feeExport: endpoint({
    method: 'GET',
    path: '/v1/finance/fees/export',
    summary: '按费用列表的筛选导出（Excel）',
    access: requires('accounting', 'read'),
    query: feeFilterSchema,
    answer: raw(200, XLSX_CONTENT_TYPE, 'Excel 文件（.xlsx）'),
  }),
  order: endpoint({
    method: 'GET',
    path: '/v1/finance/orders/:id',
    summary: '财务详情：订单的费用（已开票、已收）、应收、到期日与账龄、发票与核销记录',
    access: requires('accounting', 'read'),
    params: idParamsSchema,
    answer: json(financeOrderSchema),
  }),
  dashboard: endpoint({
    method: 'GET',
    path: '/v1/finance/dashboard',
    summary:
      '财务看板（截至今天）：应收与各账龄未收、本月与上月收款、已开票未收款、未来 8 周预计收款、近 12 个月开票收入、欠款最多的 10 个客户、预收款',
    access: requires('accounting', 'read'),
    answer: json(financeDashboardSchema),
  }),
  orderHistory: endpoint({
    method: 'GET',
    path: '/v1/finance/orders/:id/history',
    summary:
      '财务详情的资金记录：订单的发票（申请、开具、红冲）与收款（登记、核销、撤销、作废）的操作记录，最新在前',
    access: requires('accounting', 'read'),
    params: idParamsSchema,
    query: pageQuerySchema,
    answer: page(recordHistoryEntrySchema),
  }),
} as const;
