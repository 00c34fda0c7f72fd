/**
 * The share pages' public API (docs/product.md "Packages and share pages"): no account, rate-limited per
 * address, answered with public shapes only. An unknown, revoked or expired share id is "not found",
 * the same answer whichever it is.
 */
import { z } from 'zod';
import { endpoint, json, publicAccess } from './endpoint';
import {
  pickRequestSchema,
  publicFolderSchema,
  publicModelDetailSchema,
  publicPackageQuerySchema,
  publicPackageSchema,
  publicPickSchema,
  shareIdParamsSchema,
  shareModelParamsSchema,
  viewRequestSchema,
} from './share.schema';

export const shareEndpoints = {
  package: endpoint({
    method: 'GET',
    path: '/v1/public/packages/:share_id',
    summary: '分享的套餐：团队名称、留言和模特（封面与可见字段）；带 visitor_id 时含该设备的选中',
    access: publicAccess,
    params: shareIdParamsSchema,
    query: publicPackageQuerySchema,
    answer: json(publicPackageSchema),
  }),
  packageModel: endpoint({
    method: 'GET',
    path: '/v1/public/packages/:share_id/models/:model_id',
    summary: '套餐中的一位模特：可见字段、照片、视频与文件（不在套餐中的模特为不存在）',
    access: publicAccess,
    params: shareModelParamsSchema,
    answer: json(publicModelDetailSchema),
  }),
  pick: endpoint({
    method: 'POST',
    path: '/v1/public/packages/:share_id/picks',
    summary: '客户选中（或取消选中）一位模特并留言，无需登录；同一设备对同一模特只保留最新一次',
    access: publicAccess,
    params: shareIdParamsSchema,
    body: pickRequestSchema,
    answer: json(publicPickSchema),
  }),
  view: endpoint({
    method: 'POST',
    path: '/v1/public/packages/:share_id/views',
    summary: '记录一次页面打开；同一 view_id 再次提交时更新页面可见的时长',
    access: publicAccess,
    params: shareIdParamsSchema,
    body: viewRequestSchema,
    answer: json(z.null()),
  }),
  folder: endpoint({
    method: 'GET',
    path: '/v1/public/folders/:share_id',
    summary: '单独分享的资源夹：照片、视频与文件',
    access: publicAccess,
    params: shareIdParamsSchema,
    answer: json(publicFolderSchema),
  }),
} as const;
