/** Packages (套餐) in the admin app (docs/product.md "Packages and share pages"). */
import { endpoint, json, page, requires } from './endpoint';
import { idParamsSchema } from './envelope';
import {
  packageActivitySchema,
  packageCreateSchema,
  packageQuerySchema,
  packageSchema,
  packageUpdateSchema,
} from './package.schema';

export const packageEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v1/packages',
    summary: '新建套餐：选中的模特及其展示的资源夹或照片、客户可见的字段和有效期；返回分享链接',
    access: requires('data_management', 'edit'),
    body: packageCreateSchema,
    answer: json(packageSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/packages',
    summary: '团队的套餐，可按标题搜索、按公司、创建人、状态和模特筛选；带浏览和选中次数',
    access: requires('data_management', 'read'),
    query: packageQuerySchema,
    answer: page(packageSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/packages/:id',
    summary: '一个套餐',
    access: requires('data_management', 'read'),
    params: idParamsSchema,
    answer: json(packageSchema),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/v1/packages/:id',
    summary: '修改套餐（标题、留言、客户、有效期、可见字段、模特）；延长有效期即重新开放已过期的套餐',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    body: packageUpdateSchema,
    answer: json(packageSchema),
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/v1/packages/:id/revoke',
    summary: '撤销套餐：分享链接立即失效，不可恢复',
    access: requires('data_management', 'edit'),
    params: idParamsSchema,
    answer: json(packageSchema),
  }),
  activity: endpoint({
    method: 'GET',
    path: '/v1/packages/:id/activity',
    summary: '客户的浏览与选中：谁在何时打开了哪些页面、看了多久，选中了哪些模特及留言',
    access: requires('data_management', 'read'),
    params: idParamsSchema,
    answer: json(packageActivitySchema),
  }),
} as const;
