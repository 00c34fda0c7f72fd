/** The data dashboard (数据看板, docs/product.md "Dashboard"). */

import { dashboardSchema } from './dashboard.schema';
import { endpoint, json, requires } from './endpoint';

export const dashboardEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/v1/dashboard',
    summary:
      '数据看板：今日与本周工作、模特档期占用、即将过期的预留、待审批、套餐浏览与选中、本月与上月订单额、即将到期的肖像授权',
    access: requires('dashboard', 'read'),
    answer: json(dashboardSchema),
  }),
} as const;
