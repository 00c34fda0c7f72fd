import {
  describeOperation,
  type OperationLog,
  type RecordHistoryEntry,
} from '@trackit/contract/operation-log.schema';
import type { OperationLogRow } from './operation-log.repository';

/** An entry as the log page reads it: a Chinese sentence, the changed fields, and a link to the record. */
export function presentOperationLog(row: OperationLogRow): OperationLog {
  const { label, sentence, changes, link } = describeOperation({
    action: row.action,
    targetId: row.targetId,
    detail: row.detail,
  });
  return {
    id: row.id,
    action: row.action,
    action_label: label,
    member:
      row.membershipId !== null && row.nickname !== null
        ? { id: row.membershipId, nickname: row.nickname }
        : null,
    sentence,
    changes,
    link,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
}

/** An entry in a record's history: as the log shows it, without the member's address. */
export function presentHistoryEntry(row: OperationLogRow): RecordHistoryEntry {
  const { ip: _ip, ...entry } = presentOperationLog(row);
  return entry;
}

/** A page of a record's history, as the history endpoints answer it. */
export const presentHistoryPage = ({ rows, total }: { rows: OperationLogRow[]; total: number }) => ({
  items: rows.map(presentHistoryEntry),
  total,
});
