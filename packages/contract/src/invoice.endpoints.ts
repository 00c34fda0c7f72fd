/**
 * Invoices (发票, docs/product.md "Invoices"), key `accounting`: read lists and opens them; edit requests
 * invoices and asks for red-letter corrections; manage records the number (issues) and decides the
 * corrections, as the approvers of the approval kind `invoice_correction`.
 */
import { approvalDecisionSchema } from './approval.schema';
import { endpoint, json, page, raw, requires } from './endpoint';
import { idParamsSchema } from './envelope';
import {
  correctionIssueSchema,
  invoiceCreateSchema,
  invoiceDetailSchema,
  invoiceFilterSchema,
  invoiceIssueSchema,
  invoiceQuerySchema,
  invoiceReverseSchema,
  invoiceSchema,
  invoiceTotalsSchema,
} from './invoice.schema';
import { XLSX_CONTENT_TYPE } from './model-sheet.schema';

export const invoiceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/invoices',
    summary: '发票列表（按状态、类型、客户、收款主体、开票或申请日期、号码或购方名称筛选），最新申请在前',
    access: requires('accounting', 'read'),
    query: invoiceQuerySchema,
    answer: page(invoiceSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/invoices',
    summary: '申请开票：同一客户、同一收款主体的已出账订单费用，各按未开票金额；超开（含并发）返回 409',
    access: requires('accounting', 'edit'),
    body: invoiceCreateSchema,
    answer: json(invoiceDetailSchema),
  }),
  totals: endpoint({
    method: 'GET',
    path: '/v1/invoices/totals',
    summary: '发票登记簿筛选结果（全部页）的合计：张数、价税合计、已红冲、已核销、未收',
    access: requires('accounting', 'read'),
    query: invoiceFilterSchema,
    answer: json(invoiceTotalsSchema),
  }),
  export: endpoint({
    method: 'GET',
    path: '/v1/invoices/export',
    summary: '按发票登记簿的筛选导出（Excel，末行合计）',
    access: requires('accounting', 'read'),
    query: invoiceFilterSchema,
    answer: raw(200, XLSX_CONTENT_TYPE, 'Excel 文件（.xlsx）'),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/invoices/:id',
    summary: '一张发票：费用明细、按项目与税率的合计、红冲记录与审批历史',
    access: requires('accounting', 'read'),
    params: idParamsSchema,
    answer: json(invoiceDetailSchema),
  }),
  issue: endpoint({
    method: 'POST',
    path: '/v1/invoices/:id/issue',
    summary: '登记开票：20 位数电发票号码、开票日期、可选发票文件；仅待开具的发票',
    access: requires('accounting', 'manage'),
    params: idParamsSchema,
    body: invoiceIssueSchema,
    answer: json(invoiceDetailSchema),
  }),
  reverse: endpoint({
    method: 'POST',
    path: '/v1/invoices/:id/reverse',
    summary: '按行申请红冲（每行全额或部分，含税金额），提交财务管理者审批；仅已开具的发票',
    access: requires('accounting', 'edit'),
    params: idParamsSchema,
    body: invoiceReverseSchema,
    answer: json(invoiceDetailSchema),
  }),
  decideCorrection: endpoint({
    method: 'POST',
    path: '/v1/invoice_corrections/:id/approval',
    summary: '审批红冲申请：同意则费用退回待开票，拒绝须填写原因',
    access: requires('accounting', 'manage'),
    params: idParamsSchema,
    body: approvalDecisionSchema,
    answer: json(invoiceDetailSchema),
  }),
  issueCorrection: endpoint({
    method: 'POST',
    path: '/v1/invoice_corrections/:id/issue',
    summary: '登记红字发票：20 位红字发票号码、开票日期、红字发票信息确认单编号；仅已同意的红冲',
    access: requires('accounting', 'manage'),
    params: idParamsSchema,
    body: correctionIssueSchema,
    answer: json(invoiceDetailSchema),
  }),
} as const;
