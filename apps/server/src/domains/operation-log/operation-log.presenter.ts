import { OPERATION_ACTION_LABELS, type OperationLog } from '@trackit/contract/operation-log.schema';

export function presentOperationLog(row: {
  id: number;
  action: string;
  membershipId: number | null;
  nickname: string | null;
  targetType: string | null;
  targetId: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  createdAt: Date;
}): OperationLog {
  return {
    id: row.id,
    action: row.action,
    action_label: OPERATION_ACTION_LABELS[row.action as keyof typeof OPERATION_ACTION_LABELS] ?? row.action,
    member:
      row.membershipId !== null && row.nickname !== null
        ? { id: row.membershipId, nickname: row.nickname }
        : null,
    target_type: row.targetType,
    target_id: row.targetId,
    detail: row.detail,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
}
