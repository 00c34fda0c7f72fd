import { CloseOutlined } from '@ant-design/icons';
import { Button, Checkbox, Drawer, Flex } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import styles from './list-view.module.css';
import type { ListSelection } from './use-list-selection';

/** A button of the selection bar, run on the selected rows (their keys, and the rows themselves). */
export interface BulkAction<K extends Key, T = unknown> {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  /** A returned promise shows the button busy; once it resolves the selection is cleared. */
  onRun: (keys: K[], rows: T[]) => unknown;
}

export interface SelectAllControl {
  checked: boolean;
  indeterminate: boolean;
  onChange: (selected: boolean) => void;
}

export interface SelectionBarProps<T, K extends Key> {
  selection: ListSelection<T, K>;
  actions: readonly BulkAction<K, T>[];
  /** A 全选 box for layouts without a table header (the card list); the bar then always shows. */
  selectAll?: SelectAllControl;
  /**
   * How a selected row reads in the 查看已选 drawer, for a selection kept across searches and pages:
   * the drawer lists them all, each with 移除.
   */
  renderSelected?: (row: T) => ReactNode;
}

/** The kept selection, one row each with 移除, and 清空 at the foot. */
function SelectionReview<T, K extends Key>({
  selection,
  renderSelected,
  onClose,
}: {
  selection: ListSelection<T, K>;
  renderSelected: (row: T) => ReactNode;
  onClose: () => void;
}) {
  const { keys, rows } = selection;
  return (
    <Drawer
      open
      onClose={onClose}
      size={400}
      title={`已选 ${keys.length} 项`}
      destroyOnHidden
      footer={
        <Flex justify="flex-end">
          <Button
            onClick={() => {
              selection.clear();
              onClose();
            }}
            disabled={keys.length === 0}
          >
            清空选择
          </Button>
        </Flex>
      }
      data-testid="list-selection-review"
    >
      <ul className={styles.reviewList}>
        {rows.map((row, index) => {
          const key = keys[index] as K;
          return (
            <li key={key} className={styles.reviewRow} data-testid={`list-selected-${key}`}>
              <div className={styles.reviewBody}>{renderSelected(row)}</div>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label="移除"
                title="移除"
                onClick={() => {
                  selection.remove(key);
                  if (keys.length === 1) onClose();
                }}
                data-testid={`list-selected-remove-${key}`}
              />
            </li>
          );
        })}
      </ul>
    </Drawer>
  );
}

/** 已选 N 项 (with 查看已选 when the selection spans pages), the page's bulk actions and 取消选择. */
export function SelectionBar<T, K extends Key>({
  selection,
  actions,
  selectAll,
  renderSelected,
}: SelectionBarProps<T, K>) {
  const [running, setRunning] = useState<string>();
  const [reviewing, setReviewing] = useState(false);
  const count = selection.keys.length;
  if (count === 0 && !selectAll) return null;

  const run = (action: BulkAction<K, T>) => {
    const result = action.onRun([...selection.keys], [...selection.rows]);
    if (!(result instanceof Promise)) return selection.clear();
    setRunning(action.key);
    // A failure keeps the selection for another try; the API client has shown the message.
    result.then(selection.clear, () => undefined).finally(() => setRunning(undefined));
  };

  return (
    <div className={styles.selectionBar} data-testid="list-selection-bar">
      {selectAll && (
        <Checkbox
          checked={selectAll.checked}
          indeterminate={selectAll.indeterminate}
          onChange={(event) => selectAll.onChange(event.target.checked)}
          aria-label="全选本页"
        >
          {count === 0 && '全选'}
        </Checkbox>
      )}
      {count > 0 && (
        <>
          <span className={styles.selectionCount}>已选 {count} 项</span>
          {renderSelected && (
            <Button
              type="link"
              size="small"
              onClick={() => setReviewing(true)}
              data-testid="list-selection-review-open"
            >
              查看已选
            </Button>
          )}
          {actions.map((action) => (
            <Button
              key={action.key}
              size="small"
              icon={action.icon}
              danger={action.danger}
              loading={running === action.key}
              disabled={running !== undefined && running !== action.key}
              onClick={() => run(action)}
            >
              {action.label}
            </Button>
          ))}
          <Button type="link" size="small" onClick={selection.clear}>
            取消选择
          </Button>
        </>
      )}
      {reviewing && renderSelected && (
        <SelectionReview
          selection={selection}
          renderSelected={renderSelected}
          onClose={() => setReviewing(false)}
        />
      )}
    </div>
  );
}
