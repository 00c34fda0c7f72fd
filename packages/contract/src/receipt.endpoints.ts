/**
 * Payments received (收款, docs/product.md "Payments received"), key `accounting`: read lists and opens
 * receipts; edit records receipts and allocations and undoes allocations; manage voids receipts.
 */
import { z } from 'zod';
import { payerCompanyQuerySchema, payerCompanySchema } from './bank-statement.schema';
import { companyAccountSchema } from './company-account.schema';
import { endpoint, json, page, requires } from './endpoint';
import { idParamsSchema } from './envelope';
import {
  allocationsCreateSchema,
  receiptCreateSchema,
  receiptDetailSchema,
  receiptQuerySchema,
  receiptSchema,
  receiptVoidSchema,
} from './receipt.schema';

export const receiptEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/receipts',
    summary: '收款列表（按收款主体、收款日期、付款方或流水号、是否有未核销金额筛选），最新收款在前',
    access: requires('accounting', 'read'),
    query: receiptQuerySchema,
    answer: page(receiptSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/receipts',
    summary: '登记收款：收款日期、金额（分）、付款方、流水号、收款主体、备注',
    access: requires('accounting', 'edit'),
    body: receiptCreateSchema,
    answer: json(receiptDetailSchema),
  }),
  payerCompanies: endpoint({
    method: 'GET',
    path: '/v1/receipts/payer_companies',
    summary:
      '按付款方名称建议客户公司（此前的收款、名称或开票抬头一致、发票购方一致、名称相近），最可能的在前',
    access: requires('accounting', 'read'),
    query: payerCompanyQuerySchema,
    answer: json(z.array(payerCompanySchema)),
  }),
  companyAccount: endpoint({
    method: 'GET',
    path: '/v1/companies/:id/account',
    summary: '客户往来：已出账、已开票、已收、未收与账龄（截至今天），收款与预收款（未核销）',
    access: requires('accounting', 'read'),
    params: idParamsSchema,
    answer: json(companyAccountSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/receipts/:id',
    summary: '一笔收款：核销记录（含已撤销）、已核销与未核销金额、三流不一致的提示',
    access: requires('accounting', 'read'),
    params: idParamsSchema,
    answer: json(receiptDetailSchema),
  }),
  allocate: endpoint({
    method: 'POST',
    path: '/v1/receipts/:id/allocations',
    summary:
      '核销：JSON 数组，每条指定一张发票或一条费用及金额；超过收款、发票或费用未收金额（含并发）返回 409',
    access: requires('accounting', 'edit'),
    params: idParamsSchema,
    body: allocationsCreateSchema,
    answer: json(receiptDetailSchema),
  }),
  undoAllocation: endpoint({
    method: 'DELETE',
    path: '/v1/allocations/:id',
    summary: '撤销一条核销（保留记录与撤销时间），金额回到收款的未核销余额',
    access: requires('accounting', 'edit'),
    params: idParamsSchema,
    answer: json(receiptDetailSchema),
  }),
  void: endpoint({
    method: 'POST',
    path: '/v1/receipts/:id/void',
    summary: '作废收款（须填写原因）；仅在没有有效核销时',
    access: requires('accounting', 'manage'),
    params: idParamsSchema,
    body: receiptVoidSchema,
    answer: json(receiptDetailSchema),
  }),
} as const;
