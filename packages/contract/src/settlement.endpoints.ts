/**
 * Model settlements (模特结算, docs/product.md "Model settlements"), key `accounting`: read sees what is
 * ready, the settlements and the month's withholding list; edit drafts settlements, submits them for
 * approval, deletes drafts and rejected ones and drafts corrections; manage decides them (the approvers of
 * the approval kind `settlement`), records their payment, pays models ahead of clients (advances) and
 * sets a fee line's commission rate by hand before it is settled.
 */
import { z } from 'zod';
import { approvalDecisionSchema } from './approval.schema';
import { endpoint, json, page, raw, requires } from './endpoint';
import { idParamsSchema } from './envelope';
import { XLSX_CONTENT_TYPE } from './model-sheet.schema';
import {
  commissionOverrideAnswerSchema,
  commissionOverrideSchema,
  feeLineParamsSchema,
  readyToSettleQuerySchema,
  readyToSettleSchema,
  settlementCorrectSchema,
  settlementCreateSchema,
  settlementDetailSchema,
  settlementPaymentPreviewQuerySchema,
  settlementPaymentPreviewSchema,
  settlementPaySchema,
  settlementQuerySchema,
  settlementSchema,
  withholdingQuerySchema,
  withholdingSchema,
} from './settlement.schema';
import {
  readyTotalsSchema,
  settlementSummaryQuerySchema,
  settlementSummarySchema,
} from './settlement-summary.schema';

export const settlementEndpoints = {
  ready: endpoint({
    method: 'GET',
    path: '/v1/settlements/ready',
    summary:
      '待结算：每位模特按客户已付款可结算的金额与待回款金额（佣金、母公司分成、收入、预扣个税、扣款、实付）及其费用明细',
    access: requires('accounting', 'read'),
    query: readyToSettleQuerySchema,
    answer: page(readyToSettleSchema),
  }),
  readyTotals: endpoint({
    method: 'GET',
    path: '/v1/settlements/ready/totals',
    summary: '应付模特：待结算的模特数、当前可结算的实付合计与待回款的实付合计',
    access: requires('accounting', 'read'),
    answer: json(readyTotalsSchema),
  }),
  summary: endpoint({
    method: 'GET',
    path: '/v1/settlements/summary',
    summary: '模特结算汇总：当前可结算、待回款、本年已付、本年代扣个税与本年税前金额，结算单数量与最新一张',
    access: requires('accounting', 'read'),
    query: settlementSummaryQuerySchema,
    answer: json(settlementSummarySchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/settlements',
    summary: '结算单列表（按模特、状态、计税月份、生成日期、编号或模特姓名筛选），最新在前',
    access: requires('accounting', 'read'),
    query: settlementQuerySchema,
    answer: page(settlementSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/settlements',
    summary:
      '生成结算单（草稿）：模特当前可结算的全部金额，或所选费用、所选期间的费用；预付（advance，财务管理权限）不等客户付款',
    access: requires('accounting', 'edit'),
    body: settlementCreateSchema,
    answer: json(settlementDetailSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/settlements/:id',
    summary: '一张结算单：费用明细、按订单的预扣个税、合计、扣款、审批记录与冲正',
    access: requires('accounting', 'read'),
    params: idParamsSchema,
    answer: json(settlementDetailSchema),
  }),
  submit: endpoint({
    method: 'POST',
    path: '/v1/settlements/:id/submit',
    summary: '提交审批：通知有财务管理权限的成员；仅草稿',
    access: requires('accounting', 'edit'),
    params: idParamsSchema,
    answer: json(settlementDetailSchema),
  }),
  decide: endpoint({
    method: 'POST',
    path: '/v1/settlements/:id/approval',
    summary: '审批结算单：同意或驳回（须填写原因）；驳回后其金额退回待结算',
    access: requires('accounting', 'manage'),
    params: idParamsSchema,
    body: approvalDecisionSchema,
    answer: json(settlementDetailSchema),
  }),
  paymentPreview: endpoint({
    method: 'GET',
    path: '/v1/settlements/:id/payment_preview',
    summary:
      '付款预览：按付款日期所在月份及该月已付款的结算单重新计算个税、扣款和实付，不写入；仅已通过审批的结算单',
    access: requires('accounting', 'manage'),
    params: idParamsSchema,
    query: settlementPaymentPreviewQuerySchema,
    answer: json(settlementPaymentPreviewSchema),
  }),
  pay: endpoint({
    method: 'POST',
    path: '/v1/settlements/:id/pay',
    summary:
      '登记付款：付款日期（不晚于今天）、银行流水号、付款的收款主体；个税按付款月份重新计算；个人须纳税身份完整；仅已通过审批的结算单',
    access: requires('accounting', 'manage'),
    params: idParamsSchema,
    body: settlementPaySchema,
    answer: json(settlementDetailSchema),
  }),
  correct: endpoint({
    method: 'POST',
    path: '/v1/settlements/:id/correct',
    summary: '冲正：为已付款的结算单生成负数的冲正结算单（全部或所选费用），已付款的结算单从不修改',
    access: requires('accounting', 'edit'),
    params: idParamsSchema,
    body: settlementCorrectSchema,
    answer: json(settlementDetailSchema),
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/settlements/:id',
    summary: '删除草稿或已驳回的结算单：其金额与扣款退回待结算，编号不再使用',
    access: requires('accounting', 'edit'),
    params: idParamsSchema,
    answer: json(z.null()),
  }),
  setCommissionOverride: endpoint({
    method: 'PUT',
    path: '/v1/settlements/commission_overrides/:fee_line_id',
    summary:
      '调整一条费用的佣金比例（万分比，须填写原因，记入操作日志）：优先于模特按订单首日适用的佣金比例；已有结算单（未驳回）的费用不能调整',
    access: requires('accounting', 'manage'),
    params: feeLineParamsSchema,
    body: commissionOverrideSchema,
    answer: json(commissionOverrideAnswerSchema),
  }),
  removeCommissionOverride: endpoint({
    method: 'DELETE',
    path: '/v1/settlements/commission_overrides/:fee_line_id',
    summary: '取消一条费用的佣金比例调整（记入操作日志）；已有结算单（未驳回）的费用不能取消',
    access: requires('accounting', 'manage'),
    params: feeLineParamsSchema,
    answer: json(z.null()),
  }),
  withholding: endpoint({
    method: 'GET',
    path: '/v1/finance/withholding',
    summary:
      '扣缴明细：当月付款的个人模特（姓名、身份证号、收入、应纳税所得额、已预扣税额），供次月 15 日前申报',
    access: requires('accounting', 'read'),
    query: withholdingQuerySchema,
    answer: json(withholdingSchema),
  }),
  withholdingExport: endpoint({
    method: 'GET',
    path: '/v1/finance/withholding/export',
    summary: '导出当月扣缴明细（Excel）',
    access: requires('accounting', 'read'),
    query: withholdingQuerySchema,
    answer: raw(200, XLSX_CONTENT_TYPE, 'Excel 文件（.xlsx）'),
  }),
} as const;
