/** Brief text of an operation-log line's record and details, for the log table. */
import { MESSAGES } from '@trackit/contract/messages';
import type { OperationLog } from '@trackit/contract/operation-log.schema';

/** Names of the detail fields the server writes; an unknown field shows its own key. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  nickname: '昵称',
  team: '团队',
  avatar: '头像',
  mobile: '手机号',
  reason: '原因',
  failures_in_24h: '24小时内失败次数',
  ended: '下线设备数',
  session_ids: '设备',
  membership_id: '成员编号',
  updated: '标记条数',
  ids: '编号',
  all: '全部',
};

const TARGET_LABELS: Readonly<Record<string, string>> = {
  membership: '成员',
  session: '登录会话',
  notification: '通知',
  team: '团队',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const labelOf = (key: string): string => FIELD_LABELS[key] ?? key;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A session id says nothing to a reader beyond telling rows apart: its first block is enough. */
const shortId = (id: string): string => (UUID.test(id) ? id.slice(0, 8) : id);

export const formatDetailValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return MESSAGES.empty;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'string') return shortId(value);
  if (Array.isArray(value)) return value.length ? value.map(formatDetailValue).join('、') : MESSAGES.empty;
  if (isRecord(value)) return JSON.stringify(value);
  return String(value);
};

/**
 * One line per change or field: `昵称：旧 → 新` for each field of a before/after pair (profile_update),
 * `label：value` for anything else. Empty when there is nothing to say.
 */
export const formatOperationDetail = (detail: OperationLog['detail']): string[] => {
  if (!detail) return [];
  const lines: string[] = [];
  const { before, after, ...rest } = detail;
  const changes = isRecord(before) || isRecord(after);
  if (changes) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
      lines.push(`${labelOf(key)}：${formatDetailValue(was[key])} → ${formatDetailValue(now[key])}`);
    }
  }
  const fields = changes ? rest : detail;
  // `from_x` and `to_x` (a team switch) read as one change; the database keeps no key order to rely on.
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith('to_') && `from_${key.slice(3)}` in fields) continue;
    if (key.startsWith('from_') && `to_${key.slice(5)}` in fields) {
      const name = key.slice(5);
      lines.push(
        `${labelOf(name)}：${formatDetailValue(value)} → ${formatDetailValue(fields[`to_${name}`])}`,
      );
      continue;
    }
    lines.push(`${labelOf(key)}：${formatDetailValue(value)}`);
  }
  return lines;
};

/** `成员 #12`; `--` when the line concerns no record. */
export const formatTarget = (type: string | null, id: string | null): string => {
  if (!type && !id) return MESSAGES.empty;
  const label = type ? (TARGET_LABELS[type] ?? type) : '';
  return id ? `${label} #${shortId(id)}`.trim() : label;
};
