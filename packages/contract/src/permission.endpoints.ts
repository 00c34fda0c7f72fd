import { z } from 'zod';
import { endpoint, json, sessionAccess } from './endpoint';
import { permissionCatalogueSchema, permissionItemSchema } from './permission.schema';

export const permissionEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/v1/permissions/my',
    summary: '本人在当前团队持有的权限，按菜单顺序',
    access: sessionAccess,
    answer: json(z.array(permissionItemSchema)),
  }),
  catalogue: endpoint({
    method: 'GET',
    path: '/v1/permissions',
    summary: '全部权限及级别（含中文名称）',
    access: sessionAccess,
    answer: json(permissionCatalogueSchema),
  }),
} as const;
