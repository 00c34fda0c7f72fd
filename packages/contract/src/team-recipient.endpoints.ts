/**
 * Payee entities (收款主体, docs/product.md "Payee entities"). Record-level rule (bank details and the
 * default need manage): the server's team-recipient.policy.ts, which also fills each answer's `can`.
 */
import { approvalDecisionSchema } from './approval.schema';
import { endpoint, json, page, requires } from './endpoint';
import { idParamsSchema } from './envelope';
import {
  teamRecipientCreateSchema,
  teamRecipientQuerySchema,
  teamRecipientSchema,
  teamRecipientUpdateSchema,
} from './team-recipient.schema';

export const teamRecipientEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v1/team_recipients',
    summary: '新建收款主体（名称、统一社会信用代码在团队内不可重复；设为默认需管理权限）',
    access: requires('team_recipient', 'edit'),
    body: teamRecipientCreateSchema,
    answer: json(teamRecipientSchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/team_recipients',
    summary: '团队的收款主体，默认主体在前，可按关键词、状态筛选',
    access: requires('team_recipient', 'read'),
    query: teamRecipientQuerySchema,
    answer: page(teamRecipientSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/team_recipients/:id',
    summary: '一个收款主体',
    access: requires('team_recipient', 'read'),
    params: idParamsSchema,
    answer: json(teamRecipientSchema),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/v1/team_recipients/:id',
    summary:
      '修改收款主体（只改所传字段；开户银行、支行、账号与默认主体需管理权限，银行信息的修改通知财务管理者）',
    access: requires('team_recipient', 'edit'),
    params: idParamsSchema,
    body: teamRecipientUpdateSchema,
    answer: json(teamRecipientSchema),
  }),
  decideBankChange: endpoint({
    method: 'POST',
    path: '/v1/team_recipient_bank_changes/:id/approval',
    summary: '确认或拒绝收款主体的银行账户修改（财务管理权限；提交人本人不能确认），确认后生效',
    access: requires('accounting', 'manage'),
    params: idParamsSchema,
    body: approvalDecisionSchema,
    answer: json(teamRecipientSchema),
  }),
  withdrawBankChange: endpoint({
    method: 'POST',
    path: '/v1/team_recipient_bank_changes/:id/withdraw',
    summary: '撤回本人提交的、尚未确认的收款主体银行账户修改',
    access: requires('team_recipient', 'manage'),
    params: idParamsSchema,
    answer: json(teamRecipientSchema),
  }),
} as const;
