import { z } from 'zod';

/** What the operation log records, with the label the operation-log page shows. */
export const OPERATION_ACTION_LABELS = {
  sign_in: '登录',
  sign_out: '退出登录',
  team_switch: '切换团队',
  profile_update: '修改个人资料',
  sign_out_devices: '下线指定设备',
  sign_out_other_devices: '下线其他设备',
  session_ended_refresh_reuse: '登录凭证异常，会话已终止',
} as const;
export type OperationAction = keyof typeof OPERATION_ACTION_LABELS;
export const OPERATION_ACTIONS = Object.keys(OPERATION_ACTION_LABELS) as OperationAction[];

/** GET /v1/operation_logs item. */
export const operationLogSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  action_label: z.string(),
  member: z.object({ id: z.number().int(), nickname: z.string() }).nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type OperationLog = z.infer<typeof operationLogSchema>;

/** GET /v1/operation_logs query (plus page and per_page); dates are YYYY-MM-DD, inclusive, China time. */
export const operationLogFilterSchema = z.object({
  action: z.string().max(64).optional(),
  membership_id: z.coerce.number().int().positive().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
