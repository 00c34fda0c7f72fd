/** Finance (财务, docs/product.md "Invoices"), key `accounting`. */
import { endpoint, page, requires } from './endpoint';
import { readyGroupSchema, readyToInvoiceQuerySchema } from './invoice.schema';

export const financeEndpoints = {
  readyToInvoice: endpoint({
    method: 'GET',
    path: '/v1/finance/ready_to_invoice',
    summary: '待开票：已出账订单中未全部开票的费用，按客户与收款主体分组（分页按组），含未开票金额',
    access: requires('accounting', 'read'),
    query: readyToInvoiceQuerySchema,
    answer: page(readyGroupSchema),
  }),
} as const;
