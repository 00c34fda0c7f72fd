/** Model resource folders and their files (docs/product.md §10 "Folder"). */
import { endpoint, json, page, requires } from './endpoint';
import { idParamsSchema, pageQuerySchema } from './envelope';
import { folderCreateSchema, folderQuerySchema, folderSchema } from './folder.schema';
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
    summary: '团队的资源夹，可按名称搜索和排序',
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
  files: endpoint({
    method: 'GET',
    path: '/v1/folders/:id/files',
    summary: '资源夹中的文件，按添加顺序',
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
} as const;
