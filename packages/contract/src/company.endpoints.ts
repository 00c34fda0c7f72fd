/** Client companies (docs/product.md "Companies and contacts"). */

import {
  companyCreateSchema,
  companyQuerySchema,
  companySchema,
  companyUpdateSchema,
} from './company.schema';
import { endpoint, json, page, requires } from './endpoint';
import { idParamsSchema } from './envelope';
import { recordHistoryEndpoint } from './operation-log.endpoints';
import { recordDeleteEndpoint, recordDeletionEndpoint } from './record-deletion';

export const companyEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v1/companies',
    summary: '新建公司（名称、统一社会信用代码在团队内不可重复）',
    access: requires('data_management', 'edit'),
    body: companyCreateSchema,
    answer: json(companySchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/companies',
    summary: '团队的公司，可按关键词、行业、等级、负责人、状态筛选，每行带联系人数',
    access: requires('data_management', 'read'),
    query: companyQuerySchema,
    answer: page(companySchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/companies/:id',
    summary: '一个公司',
    access: requires('data_management', 'read'),
    params: idParamsSchema,
    answer: json(companySchema),
  }),
  history: recordHistoryEndpoint(
    '/v1/companies/:id/history',
    '公司的操作记录（含其联系人），最新在前',
    'data_management',
  ),
  update: endpoint({
    method: 'PATCH',
    path: '/v1/companies/:id',
    summary: '修改公司（只改所传字段；归档或恢复即改 status，需管理权限）',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    body: companyUpdateSchema,
    answer: json(companySchema),
  }),
  deletion: recordDeletionEndpoint(
    '/v1/companies/:id/deletion',
    '能否删除公司：没有订单、套餐和联系人时可以删除，否则给出原因',
  ),
  delete: recordDeleteEndpoint(
    '/v1/companies/:id',
    '删除误建的公司（没有订单、套餐和联系人），否则 409 并说明原因',
  ),
} as const;
