/**
 * Bank statement import (银行流水导入, docs/product.md "Bank statement import"), key `accounting`: read
 * lists the imports and their lines; edit uploads a statement, records a credit as a receipt with its
 * allocations, and ignores a credit that is no client's payment.
 */
import { z } from 'zod';
import {
  bankImportQuerySchema,
  bankImportResultSchema,
  bankImportSchema,
  bankLineIgnoreSchema,
  bankLineInvoicesQuerySchema,
  bankLineQuerySchema,
  bankLineRecordSchema,
  bankLineSchema,
  suggestedInvoiceSchema,
} from './bank-statement.schema';
import { endpoint, json, page, requires } from './endpoint';
import { idParamsSchema, pageQuerySchema } from './envelope';

export const bankStatementEndpoints = {
  import: endpoint({
    method: 'POST',
    path: '/v1/bank_statements',
    summary:
      '导入银行流水（CSV 或 .xlsx，工商、招商、建设银行的导出按表头识别，其他银行按列对应）：保存贷方流水，已导入过的流水（同一账户的流水号，或日期、金额、对方、摘要相同）不重复保存',
    access: requires('accounting', 'edit'),
    query: bankImportQuerySchema,
    rawBody: true,
    answer: json(bankImportResultSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/bank_statements',
    summary: '导入过的银行流水文件，最新在前',
    access: requires('accounting', 'read'),
    query: pageQuerySchema,
    answer: page(bankImportSchema),
  }),
  lines: endpoint({
    method: 'GET',
    path: '/v1/bank_statement_lines',
    summary: '银行流水中的收入（可按状态、导入筛选），未登记的带建议的客户与发票',
    access: requires('accounting', 'read'),
    query: bankLineQuerySchema,
    answer: page(bankLineSchema),
  }),
  lineInvoices: endpoint({
    method: 'GET',
    path: '/v1/bank_statement_lines/:id/invoices',
    summary: '一笔流水按所选客户建议的未收发票与核销金额',
    access: requires('accounting', 'read'),
    params: idParamsSchema,
    query: bankLineInvoicesQuerySchema,
    answer: json(z.array(suggestedInvoiceSchema)),
  }),
  record: endpoint({
    method: 'POST',
    path: '/v1/bank_statement_lines/:id/record',
    summary: '登记一笔流水：按所选客户生成收款并核销所选发票，一步完成；已登记或已忽略的返回 409',
    access: requires('accounting', 'edit'),
    params: idParamsSchema,
    body: bankLineRecordSchema,
    answer: json(bankLineSchema),
  }),
  ignore: endpoint({
    method: 'POST',
    path: '/v1/bank_statement_lines/:id/ignore',
    summary: '忽略一笔不是客户付款的流水（如利息、内部转账），须填写原因',
    access: requires('accounting', 'edit'),
    params: idParamsSchema,
    body: bankLineIgnoreSchema,
    answer: json(bankLineSchema),
  }),
} as const;
