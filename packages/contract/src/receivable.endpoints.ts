/** Receivables (应收, issue 23), key `accounting`: 财务详情 of an order. */
import { endpoint, json, requires } from './endpoint';
import { idParamsSchema } from './envelope';
import { financeOrderSchema } from './receivable.schema';

export const receivableEndpoints = {
  order: endpoint({
    method: 'GET',
    path: '/v1/finance/orders/:id',
    summary: '财务详情：订单的费用（已开票、已收）、应收、到期日与账龄、发票与核销记录',
    access: requires('accounting', 'read'),
    params: idParamsSchema,
    answer: json(financeOrderSchema),
  }),
} as const;
