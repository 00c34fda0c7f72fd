import { DeleteOutlined } from '@ant-design/icons';
import {
  type QueryKey,
  type UndefinedInitialDataOptions,
  type UseMutationResult,
  useQuery,
} from '@tanstack/react-query';
import type { RecordDeletion } from '@trackit/contract/record-deletion';
import { App, Button, Popconfirm, Tooltip } from 'antd';
import styles from './record-delete-button.module.css';

export interface RecordDeleteButtonProps<K extends QueryKey> {
  /** Whether the record can be deleted now, and why not (GET …/{id}/deletion). */
  deletion: UndefinedInitialDataOptions<RecordDeletion, Error, RecordDeletion, K>;
  /** The deletion itself (DELETE …/{id}). */
  remove: UseMutationResult<null, Error, void>;
  /** 删除模特「刘晓阳」？ and the like. */
  question: string;
  /** After 已删除: the page leaves for its list. */
  onDeleted: () => void;
  /** Test ids: `{testId}-delete`, `{testId}-delete-confirm`. */
  testId: string;
}

/**
 * 删除 of a record created by mistake (docs/product.md "Deleting and archiving"), for a member holding the
 * record's key at manage (the caller shows it only then). The server says whether nothing refers to the
 * record: if something does, the button is disabled and its tooltip gives the server's reason (该模特已有
 * 3 个订单…，可以归档); otherwise it asks for a confirmation, deletes, and says 已删除.
 */
export function RecordDeleteButton<K extends QueryKey>({
  deletion,
  remove,
  question,
  onDeleted,
  testId,
}: RecordDeleteButtonProps<K>) {
  const { message } = App.useApp();
  const check = useQuery(deletion);
  const reason = check.data && !check.data.can ? check.data.reason : null;
  const ready = check.data?.can === true;
  const button = (
    <Button
      danger
      icon={<DeleteOutlined />}
      disabled={!ready}
      loading={check.isPending || remove.isPending}
      // A disabled button gets no pointer events: its wrapper takes the hover that shows the reason.
      style={ready ? undefined : { pointerEvents: 'none' }}
      data-testid={`${testId}-delete`}
      data-reason={reason ?? undefined}
    >
      删除
    </Button>
  );
  if (!ready) {
    return (
      <Tooltip title={reason}>
        <span className={styles.blocked} data-testid={`${testId}-delete-blocked`}>
          {button}
        </span>
      </Tooltip>
    );
  }
  return (
    <Popconfirm
      title={question}
      description="删除后不能恢复"
      okText="删除"
      okButtonProps={{ danger: true, 'data-testid': `${testId}-delete-confirm` }}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            void message.success('已删除');
            onDeleted();
          },
        })
      }
    >
      {button}
    </Popconfirm>
  );
}
