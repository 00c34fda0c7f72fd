import type { RecordStatus } from '@trackit/contract/enums';
import type { PermissionKey } from '@trackit/contract/permissions';
import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useCan } from '../layouts/use-permission-level';

export interface RecordActionsProps {
  /** The permission key whose edit level edits and manage level archives. */
  permission: PermissionKey;
  status: RecordStatus;
  /** 归档该公司？ and the like. */
  archiveQuestion: string;
  archiveDescription?: string;
  busy: boolean;
  onEdit: () => void;
  onStatus: (status: RecordStatus) => void;
  /** 删除 of a record created by mistake (a RecordDeleteButton), beside 归档 at manage. */
  deleteAction?: ReactNode;
  /** Prefix of the buttons' test ids: `{testId}-edit`, `-archive`, `-restore`. */
  testId: string;
}

/**
 * The actions of a record's detail card, as the member's level allows: 编辑 (edit), and 归档 with a
 * confirmation or 恢复, and 删除 (manage). Nothing is shown that the level cannot do.
 */
export function RecordActions({
  permission,
  status,
  archiveQuestion,
  archiveDescription,
  busy,
  onEdit,
  onStatus,
  deleteAction,
  testId,
}: RecordActionsProps) {
  const canEdit = useCan(permission, 'edit');
  const canManage = useCan(permission, 'manage');
  return (
    <Space>
      {canEdit && (
        <Button onClick={onEdit} data-testid={`${testId}-edit`}>
          编辑
        </Button>
      )}
      {canManage &&
        (status === 'archived' ? (
          <Button onClick={() => onStatus('active')} loading={busy} data-testid={`${testId}-restore`}>
            恢复
          </Button>
        ) : (
          <Popconfirm
            title={archiveQuestion}
            description={archiveDescription}
            onConfirm={() => onStatus('archived')}
          >
            <Button danger loading={busy} data-testid={`${testId}-archive`}>
              归档
            </Button>
          </Popconfirm>
        ))}
      {canManage && deleteAction}
    </Space>
  );
}
