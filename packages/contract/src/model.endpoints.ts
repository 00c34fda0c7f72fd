/**
 * Models, their measurement history, trips and deductions (docs/product.md "Models"). The deductions
 * (扣款) are finance's: key `accounting`, read to list them, edit to record and void them.
 */

import { z } from 'zod';
import { approvalDecisionSchema } from './approval.schema';
import { compCardQuerySchema } from './comp-card';
import { endpoint, json, page, raw, requires } from './endpoint';
import { idParamsSchema, pageQuerySchema } from './envelope';
import {
  measurementSchema,
  modelCreateSchema,
  modelDuplicateQuerySchema,
  modelFilterSchema,
  modelPendingChangesSchema,
  modelQuerySchema,
  modelSchema,
  modelUpdateSchema,
  tripCreateSchema,
  tripSchema,
  tripUpdateSchema,
} from './model.schema';
import {
  modelDeductionCreateSchema,
  modelDeductionParamsSchema,
  modelDeductionQuerySchema,
  modelDeductionSchema,
} from './model-deduction.schema';
import { modelImportQuerySchema, modelImportResultSchema, XLSX_CONTENT_TYPE } from './model-sheet.schema';
import { recordHistoryEndpoint } from './operation-log.endpoints';
import { recordDeleteEndpoint, recordDeletionEndpoint } from './record-deletion';

export const modelEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v1/models',
    summary: '新建模特（身份证号需管理权限；收款账户需信息管理或财务的管理权限）',
    access: requires('data_management', 'edit'),
    body: modelCreateSchema,
    answer: json(modelSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/models',
    summary: '团队的模特，可按关键词（含拼音）、身高、体重、年龄等筛选和排序',
    access: requires('data_management', 'read'),
    query: modelQuerySchema,
    answer: page(modelSchema),
  }),
  // Static paths: they win over `/v1/models/:id` whatever the order of registration.
  export: endpoint({
    method: 'GET',
    path: '/v1/models/export',
    summary: '按列表的筛选和排序导出模特（Excel；身份证号列仅管理权限）',
    access: requires('data_management', 'read'),
    query: modelFilterSchema,
    answer: raw(200, XLSX_CONTENT_TYPE, 'Excel 文件（.xlsx）'),
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: '/v1/models/import_template',
    summary: '模特导入模板（Excel：表头、填写说明和下拉选项）',
    access: requires('data_management', 'edit'),
    answer: raw(200, XLSX_CONTENT_TYPE, 'Excel 文件（.xlsx）'),
  }),
  import: endpoint({
    method: 'POST',
    path: '/v1/models/import',
    summary: '从 Excel 导入模特：dry_run=true 逐行预览错误，否则在一个事务中导入全部无误的行',
    access: requires('data_management', 'edit'),
    query: modelImportQuerySchema,
    rawBody: true,
    answer: json(modelImportResultSchema),
  }),
  duplicates: endpoint({
    method: 'GET',
    path: '/v1/models/duplicates',
    summary: '团队中同名且出生日期相同的模特（新建前提醒，可确认后继续创建）',
    access: requires('data_management', 'edit'),
    query: modelDuplicateQuerySchema,
    answer: json(z.array(modelSchema)),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/models/:id',
    summary: '一位模特',
    access: requires('data_management', 'read'),
    params: idParamsSchema,
    answer: json(modelSchema),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/v1/models/:id',
    summary:
      '修改模特（解约、恢复合作和身份证号需管理权限；收款账户需信息管理或财务的管理权限，修改后通知财务管理者）',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    body: modelUpdateSchema,
    answer: json(modelSchema),
  }),
  deletion: recordDeletionEndpoint(
    '/v1/models/:id/deletion',
    '能否删除模特：没有订单、套餐和资源夹时可以删除，否则给出原因',
  ),
  delete: recordDeleteEndpoint(
    '/v1/models/:id',
    '删除误建的模特（没有订单、套餐和资源夹；连同其行程和身材记录），否则 409 并说明原因',
  ),
  measurements: endpoint({
    method: 'GET',
    path: '/v1/models/:id/measurements',
    summary: '模特的身材数据历史，最新在前',
    access: requires('data_management', 'read'),
    params: idParamsSchema,
    query: pageQuerySchema,
    answer: page(measurementSchema),
  }),
  history: recordHistoryEndpoint(
    '/v1/models/:id/history',
    '模特的操作记录（含其行程和资源夹），最新在前',
    'data_management',
  ),
  compCard: endpoint({
    method: 'GET',
    path: '/v1/models/:id/comp_card',
    summary: '下载模特的模卡（A4 PDF：封面、最多 4 张所选照片、身材数据和团队名称）',
    access: requires('data_management', 'read'),
    params: idParamsSchema,
    query: compCardQuerySchema,
    answer: raw(200, 'application/pdf', '模卡 PDF（Content-Disposition: attachment）'),
  }),
  trips: endpoint({
    method: 'GET',
    path: '/v1/models/:id/trips',
    summary: '模特的行程，按开始日期倒序',
    access: requires('data_management', 'read'),
    params: idParamsSchema,
    query: pageQuerySchema,
    answer: page(tripSchema),
  }),
  createTrip: endpoint({
    method: 'POST',
    path: '/v1/models/:id/trips',
    summary: '为模特添加行程',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    body: tripCreateSchema,
    answer: json(tripSchema),
  }),
  deductions: endpoint({
    method: 'GET',
    path: '/v1/models/:id/deductions',
    summary: '模特的扣款（预支、代垫费用），按发生日期倒序，可按状态（未结算、已结算、已作废）筛选',
    access: requires('accounting', 'read'),
    params: idParamsSchema,
    query: modelDeductionQuerySchema,
    answer: page(modelDeductionSchema),
  }),
  createDeduction: endpoint({
    method: 'POST',
    path: '/v1/models/:id/deductions',
    summary: '登记模特扣款：类型、发生日期、金额（分）、备注，可附票据（先经 POST /v1/direct_uploads 上传）',
    access: requires('accounting', 'edit'),
    params: idParamsSchema,
    body: modelDeductionCreateSchema,
    answer: json(modelDeductionSchema),
  }),
  voidDeduction: endpoint({
    method: 'POST',
    path: '/v1/models/:id/deductions/:deduction_id/void',
    summary: '作废模特的一笔扣款（保留记录）；已结算或已作废的返回 409',
    access: requires('accounting', 'edit'),
    params: modelDeductionParamsSchema,
    answer: json(modelDeductionSchema),
  }),
  pendingChanges: endpoint({
    method: 'GET',
    path: '/v1/models/:id/pending_changes',
    summary:
      '模特待审批的修改：佣金条款（佣金、母公司分成）和收款账户（账号隐去中间位，仅收款账户的查看者可见）',
    access: requires('data_management', 'read'),
    params: idParamsSchema,
    answer: json(modelPendingChangesSchema),
  }),
  decideChange: endpoint({
    method: 'POST',
    path: '/v1/model_changes/:id/approval',
    summary: '审批模特的修改申请：通过后佣金条款或收款账户生效，拒绝须填写原因；银行账户不能由提交人本人确认',
    access: requires('accounting', 'manage'),
    params: idParamsSchema,
    body: approvalDecisionSchema,
    answer: json(modelPendingChangesSchema),
  }),
  withdrawChange: endpoint({
    method: 'POST',
    path: '/v1/model_changes/:id/withdraw',
    summary: '撤回本人提交的、尚未审批的模特修改申请',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    answer: json(modelPendingChangesSchema),
  }),
  updateTrip: endpoint({
    method: 'PATCH',
    path: '/v1/trips/:id',
    summary: '修改行程',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    body: tripUpdateSchema,
    answer: json(tripSchema),
  }),
  deleteTrip: endpoint({
    method: 'DELETE',
    path: '/v1/trips/:id',
    summary: '删除行程',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    answer: json(tripSchema),
  }),
} as const;
