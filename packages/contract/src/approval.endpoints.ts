import {
  approvalSettingsSchema,
  approvalSettingsUpdateSchema,
  waitingApprovalQuerySchema,
  waitingApprovalSchema,
} from './approval.schema';
import { endpoint, json, page, requires, sessionAccess } from './endpoint';

export const approvalEndpoints = {
  /**
   * Every signed-in member may ask; each sees only the kinds they approve (APPROVAL_KINDS' key and
   * level), so a member who approves nothing gets an empty list.
   */
  waiting: endpoint({
    method: 'GET',
    path: '/v1/approvals',
    summary: '待我审批：本人可审批的、尚未处理的审批请求，最早的在前',
    access: sessionAccess,
    query: waitingApprovalQuerySchema,
    answer: page(waitingApprovalSchema),
  }),
  /** Every member may read them: a form says beforehand whether a change will wait for approval. */
  settings: endpoint({
    method: 'GET',
    path: '/v1/approval_settings',
    summary: '团队的审批与复核设置：佣金修改如何处理、银行账户修改是否需复核、是否禁止审批本人的申请',
    access: sessionAccess,
    answer: json(approvalSettingsSchema),
  }),
  updateSettings: endpoint({
    method: 'PATCH',
    path: '/v1/approval_settings',
    summary: '修改团队的审批与复核设置（财务管理权限）',
    access: requires('accounting', 'manage'),
    body: approvalSettingsUpdateSchema,
    answer: json(approvalSettingsSchema),
  }),
} as const;
