/** Model resource folders and their files (docs/product.md §10 "Folder"). */
import { z } from 'zod';
import { endpoint, json, page, requires } from './endpoint';
import { idParamsSchema, pageQuerySchema } from './envelope';
import {
  fileMoveSchema,
  fileOrderSchema,
  folderCreateSchema,
  folderQuerySchema,
  folderSchema,
  folderUpdateSchema,
} from './folder.schema';
import { folderShareSchema } from './package.schema';
import { recordDeleteEndpoint, recordDeletionEndpoint } from './record-deletion';
import { fileCreateSchema, fileSchema } from './upload.schema';

export const folderEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v1/folders',
    summary: '新建资源夹',
    access: requires('data_management', 'edit'),
    body: folderCreateSchema,
    answer: json(folderSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/folders',
    summary: '团队的资源夹，可按名称搜索、按模特和类型筛选、排序；每个资源夹带前几个文件的缩略图',
    access: requires('data_management', 'read'),
    query: folderQuerySchema,
    answer: page(folderSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/folders/:id',
    summary: '一个资源夹',
    access: requires('data_management', 'read'),
    params: idParamsSchema,
    answer: json(folderSchema),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/v1/folders/:id',
    summary: '修改资源夹的名称或类型',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    body: folderUpdateSchema,
    answer: json(folderSchema),
  }),
  deletion: recordDeletionEndpoint(
    '/v1/folders/:id/deletion',
    '能否删除资源夹：没有文件时可以删除，否则给出原因',
  ),
  delete: recordDeleteEndpoint(
    '/v1/folders/:id',
    '删除没有文件的资源夹（连同其分享链接；套餐中不再显示），否则 409 并说明原因',
  ),
  share: endpoint({
    method: 'POST',
    path: '/v1/folders/:id/share',
    summary: '分享资源夹：返回分享链接（已分享时返回现有链接）',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    answer: json(folderShareSchema),
  }),
  revokeShare: endpoint({
    method: 'POST',
    path: '/v1/folders/:id/share/revoke',
    summary: '取消资源夹的分享：链接立即失效；再次分享会生成新链接',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    answer: json(z.null()),
  }),
  files: endpoint({
    method: 'GET',
    path: '/v1/folders/:id/files',
    summary: '资源夹中的文件，按排列顺序（位置，其次名称）',
    access: requires('data_management', 'read'),
    params: idParamsSchema,
    query: pageQuerySchema,
    answer: page(fileSchema),
  }),
  addFile: endpoint({
    method: 'POST',
    path: '/v1/files',
    summary: '把已上传的文件（signed_id）加入资源夹',
    access: requires('data_management', 'edit'),
    body: fileCreateSchema,
    answer: json(fileSchema),
  }),
  orderFiles: endpoint({
    method: 'PATCH',
    path: '/v1/folders/:id/files/order',
    summary: '调整资源夹中文件的顺序：按新顺序列出该资源夹的全部文件',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    body: fileOrderSchema,
    answer: json(z.null()),
  }),
  moveFiles: endpoint({
    method: 'POST',
    path: '/v1/files/move',
    summary: '把同一资源夹中的文件移到同一模特的另一个资源夹（排在最后）',
    access: requires('data_management', 'edit'),
    body: fileMoveSchema,
    answer: json(z.null()),
  }),
  deleteFile: endpoint({
    method: 'DELETE',
    path: '/v1/files/:id',
    summary: '删除文件；不再被引用的文件内容和缩略图随后从存储中删除',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    answer: json(z.null()),
  }),
} as const;
