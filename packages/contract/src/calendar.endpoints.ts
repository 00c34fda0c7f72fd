/** The models' calendar (日历, docs/product.md "Calendar"). */

import { calendarHoldSchema, calendarQuerySchema, calendarSchema } from './calendar.schema';
import { endpoint, json, requires } from './endpoint';
import { idParamsSchema } from './envelope';
import { orderCreatedSchema, orderEntrySchema } from './order.schema';

export const calendarEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/calendar',
    summary: '日期范围内模特的档期（含排位与过期）及行程；可按模特、状态、工作类型和负责人筛选',
    access: requires('calendar', 'read'),
    query: calendarQuerySchema,
    answer: json(calendarSchema),
  }),
  hold: endpoint({
    method: 'POST',
    path: '/v1/calendar/holds',
    summary: '在日历上预留档期：新建一个草稿订单，为每位模特的每一天预留',
    access: requires('calendar', 'edit'),
    body: calendarHoldSchema,
    answer: json(orderCreatedSchema),
  }),
  release: endpoint({
    method: 'POST',
    path: '/v1/calendar/entries/:id/release',
    summary: '释放一个预留的档期；排在其后的选择随即上升',
    access: requires('calendar', 'edit'),
    params: idParamsSchema,
    answer: json(orderEntrySchema),
  }),
} as const;
