/**
 * Fee statements (对账单, issue 23, docs/product.md "Fee statements"): staff share them under key
 * `accounting`; the client opens and answers them without an account, through the share pages' public API
 * (rate-limited per address; an unknown, revoked or expired share id is "not found" like any share's).
 */

import { endpoint, json, page, publicAccess, raw, requires } from './endpoint';
import { idParamsSchema } from './envelope';
import {
  confirmRequestSchema,
  feeStatementCreateSchema,
  feeStatementPreviewQuerySchema,
  feeStatementPreviewSchema,
  feeStatementQuerySchema,
  feeStatementSchema,
  invoiceInfoRequestSchema,
  latestInvoiceInfoQuerySchema,
  latestInvoiceInfoSchema,
  openQueriesSchema,
  publicFeeStatementSchema,
  queryAnswerRequestSchema,
  queryRequestSchema,
} from './fee-statement.schema';
import { shareIdParamsSchema } from './share.schema';

export const feeStatementEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v1/fee_statements',
    summary: '分享对账单：已出账订单的，或客户公司某期间的（最长 366 天）；答复分享链接，30 天后过期',
    access: requires('accounting', 'edit'),
    body: feeStatementCreateSchema,
    answer: json(feeStatementSchema),
  }),
  preview: endpoint({
    method: 'GET',
    path: '/v1/fee_statements/preview',
    summary:
      '客户公司期间对账单的预览（分享前）：客户订单所用的收款主体（未付多的在前）、默认其中未付最多的，以及客户将看到的金额；不生成链接',
    access: requires('accounting', 'edit'),
    query: feeStatementPreviewQuerySchema,
    answer: json(feeStatementPreviewSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/fee_statements',
    summary: '对账单（新的在前），可按订单或客户公司筛选；含客户的确认、疑问与开票信息',
    access: requires('accounting', 'read'),
    query: feeStatementQuerySchema,
    answer: page(feeStatementSchema),
  }),
  latestInvoiceInfo: endpoint({
    method: 'GET',
    path: '/v1/fee_statements/invoice_info',
    summary: '客户公司在对账单上最近一次提交的开票信息（没有时为 null），申请开票时预填购方',
    access: requires('accounting', 'read'),
    query: latestInvoiceInfoQuerySchema,
    answer: json(latestInvoiceInfoSchema),
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/v1/fee_statements/:id/revoke',
    summary: '撤销对账单的分享链接（永久失效）',
    access: requires('accounting', 'edit'),
    params: idParamsSchema,
    answer: json(feeStatementSchema),
  }),
  answerQuery: endpoint({
    method: 'POST',
    path: '/v1/fee_statement_queries/:id/answer',
    summary: '回复客户对对账单的疑问（客户在对账单页面看到回复），和/或标记为已解决',
    access: requires('accounting', 'edit'),
    params: idParamsSchema,
    body: queryAnswerRequestSchema,
    answer: json(feeStatementSchema),
  }),
  openQueries: endpoint({
    method: 'GET',
    path: '/v1/fee_statement_queries/open',
    summary: '未解决的对账单疑问：数量，及最早的几条（财务看板）',
    access: requires('accounting', 'read'),
    answer: json(openQueriesSchema),
  }),
} as const;

export const feeStatementPublicEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/v1/public/fee_statements/:share_id',
    summary: '分享的对账单：收款账户、费用明细（模特艺名）、合计与大写、已付与未付、到期日；按打开当日计算',
    access: publicAccess,
    params: shareIdParamsSchema,
    answer: json(publicFeeStatementSchema),
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/v1/public/fee_statements/:share_id/pdf',
    summary: '对账单 PDF（A4）',
    access: publicAccess,
    params: shareIdParamsSchema,
    answer: raw(200, 'application/pdf', '对账单 PDF'),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/v1/public/fee_statements/:share_id/confirm',
    summary: '客户确认对账单（姓名）；已确认的保留第一次确认',
    access: publicAccess,
    params: shareIdParamsSchema,
    body: confirmRequestSchema,
    answer: json(publicFeeStatementSchema),
  }),
  query: endpoint({
    method: 'POST',
    path: '/v1/public/fee_statements/:share_id/queries',
    summary: '客户对对账单（或其中一条费用）提出疑问',
    access: publicAccess,
    params: shareIdParamsSchema,
    body: queryRequestSchema,
    answer: json(publicFeeStatementSchema),
  }),
  invoiceInfo: endpoint({
    method: 'POST',
    path: '/v1/public/fee_statements/:share_id/invoice_info',
    summary: '客户提交开票信息（购方名称、税号、地址电话、开户行及账号、专票或普票）',
    access: publicAccess,
    params: shareIdParamsSchema,
    body: invoiceInfoRequestSchema,
    answer: json(publicFeeStatementSchema),
  }),
} as const;
