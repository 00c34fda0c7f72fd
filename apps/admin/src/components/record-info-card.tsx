import type { RecordStatus } from '@trackit/contract/enums';
import { App, Card, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { RecordActions, type RecordActionsProps } from './record-actions';

/** What the edit form of a record's card is handed: close it, or say 保存成功 and close it. */
export interface RecordEditing {
  close: () => void;
  saved: () => void;
}

export interface RecordInfoCardProps
  extends Pick<
    RecordActionsProps,
    'permission' | 'status' | 'archiveQuestion' | 'archiveDescription' | 'busy' | 'deleteAction' | 'testId'
  > {
  /** Tags shown after 基本信息 (tier, status…). */
  tags: ReactNode;
  /** Archives or restores; `done` says 已归档 / 已恢复. */
  onStatus: (status: RecordStatus, done: () => void) => void;
  /** The record's form, shown in place of the details while editing. */
  editForm: (editing: RecordEditing) => ReactNode;
  /** The details. */
  children: ReactNode;
}

/**
 * The 基本信息 card of a record's page: its details, or its form after 编辑, with 归档/恢复 as the member's
 * level allows (RecordActions) and the messages that confirm each change.
 */
export function RecordInfoCard({ tags, onStatus, editForm, children, ...actions }: RecordInfoCardProps) {
  const [editing, setEditing] = useState(false);
  const { message } = App.useApp();
  const close = () => setEditing(false);
  return (
    <Card
      title={
        <Space>
          基本信息
          {tags}
        </Space>
      }
      extra={
        !editing && (
          <RecordActions
            {...actions}
            onEdit={() => setEditing(true)}
            onStatus={(status) =>
              onStatus(status, () => void message.success(status === 'archived' ? '已归档' : '已恢复'))
            }
          />
        )
      }
    >
      {editing
        ? editForm({
            close,
            saved: () => {
              void message.success('保存成功');
              close();
            },
          })
        : children}
    </Card>
  );
}
