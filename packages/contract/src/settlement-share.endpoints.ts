/**
 * A settlement as the model's statement (docs/product.md "Model settlements"): its PDF, its share link to
 * the model (share kind `settlement`), and the team's finance settings, key `accounting`; and the model's
 * page through the share pages' public API (rate-limited per address; an unknown, revoked or expired share
 * id is "not found" like any share's).
 */
import { endpoint, json, publicAccess, raw, requires } from './endpoint';
import { idParamsSchema } from './envelope';
import {
  financeSettingsSchema,
  financeSettingsUpdateSchema,
  publicSettlementSchema,
  settlementShareSchema,
} from './settlement-share.schema';
import { shareIdParamsSchema } from './share.schema';

export const settlementShareEndpoints = {
  pdf: endpoint({
    method: 'GET',
    path: '/v1/settlements/:id/pdf',
    summary: '结算单 PDF（A4）：明细、扣款、合计、付款信息',
    access: requires('accounting', 'read'),
    params: idParamsSchema,
    answer: raw(200, 'application/pdf', '结算单 PDF'),
  }),
  getShare: endpoint({
    method: 'GET',
    path: '/v1/settlements/:id/share',
    summary: '结算单给模特的分享链接（最近一个；从未分享时为 null）',
    access: requires('accounting', 'read'),
    params: idParamsSchema,
    answer: json(settlementShareSchema.nullable()),
  }),
  share: endpoint({
    method: 'POST',
    path: '/v1/settlements/:id/share',
    summary: '分享结算单给模特：已有未过期的链接时答复它，否则生成新链接（30 天后过期）',
    access: requires('accounting', 'edit'),
    params: idParamsSchema,
    answer: json(settlementShareSchema),
  }),
  revokeShare: endpoint({
    method: 'POST',
    path: '/v1/settlements/:id/share/revoke',
    summary: '撤销结算单的分享链接（永久失效）',
    access: requires('accounting', 'edit'),
    params: idParamsSchema,
    answer: json(settlementShareSchema.nullable()),
  }),
  settings: endpoint({
    method: 'GET',
    path: '/v1/finance/settings',
    summary: '团队的财务设置：是否向模特显示客户费用',
    access: requires('accounting', 'read'),
    answer: json(financeSettingsSchema),
  }),
  updateSettings: endpoint({
    method: 'PATCH',
    path: '/v1/finance/settings',
    summary: '修改财务设置（记入操作日志）',
    access: requires('accounting', 'manage'),
    body: financeSettingsUpdateSchema,
    answer: json(financeSettingsSchema),
  }),
} as const;

export const settlementPublicEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/v1/public/settlements/:share_id',
    summary:
      '分享给模特的结算单：该模特本结算单的明细与合计（收入、个税、扣款、实付）；团队设置开启时含每条费用的客户费用',
    access: publicAccess,
    params: shareIdParamsSchema,
    answer: json(publicSettlementSchema),
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/v1/public/settlements/:share_id/pdf',
    summary: '分享的结算单 PDF（A4）',
    access: publicAccess,
    params: shareIdParamsSchema,
    answer: raw(200, 'application/pdf', '结算单 PDF'),
  }),
} as const;
