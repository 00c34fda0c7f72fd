/** Contacts of client companies (docs/product.md "Companies and contacts"). */
import { z } from 'zod';
import {
  contactCreateSchema,
  contactDuplicateQuerySchema,
  contactQuerySchema,
  contactSchema,
  contactUpdateSchema,
} from './contact.schema';
import { endpoint, json, page, requires } from './endpoint';
import { idParamsSchema } from './envelope';
import { recordHistoryEndpoint } from './operation-log.endpoints';
import { recordDeleteEndpoint, recordDeletionEndpoint } from './record-deletion';

export const contactEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v1/contacts',
    summary: '新建联系人',
    access: requires('data_management', 'edit'),
    body: contactCreateSchema,
    answer: json(contactSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/contacts',
    summary: '团队的联系人，可按公司、关键词、状态筛选',
    access: requires('data_management', 'read'),
    query: contactQuerySchema,
    answer: page(contactSchema),
  }),
  duplicates: endpoint({
    method: 'GET',
    path: '/v1/contacts/duplicates',
    summary: '团队中手机号相同的联系人（新建前提醒，可确认后继续创建）',
    access: requires('data_management', 'edit'),
    query: contactDuplicateQuerySchema,
    answer: json(z.array(contactSchema)),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/contacts/:id',
    summary: '一个联系人',
    access: requires('data_management', 'read'),
    params: idParamsSchema,
    answer: json(contactSchema),
  }),
  history: recordHistoryEndpoint('/v1/contacts/:id/history', '联系人的操作记录，最新在前', 'data_management'),
  update: endpoint({
    method: 'PATCH',
    path: '/v1/contacts/:id',
    summary: '修改联系人（只改所传字段；归档或恢复即改 status，需管理权限）',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    body: contactUpdateSchema,
    answer: json(contactSchema),
  }),
  deletion: recordDeletionEndpoint(
    '/v1/contacts/:id/deletion',
    '能否删除联系人：没有订单和套餐时可以删除，否则给出原因',
  ),
  delete: recordDeleteEndpoint('/v1/contacts/:id', '删除误建的联系人（没有订单和套餐），否则 409 并说明原因'),
} as const;
