import { Button, Checkbox } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import styles from './list-view.module.css';
import type { ListSelection } from './use-list-selection';

/** A button of the selection bar, run on the selected rows' keys. */
export interface BulkAction<K extends Key> {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  /** A returned promise shows the button busy; once it resolves the selection is cleared. */
  onRun: (keys: K[]) => unknown;
}

export interface SelectAllControl {
  checked: boolean;
  indeterminate: boolean;
  onChange: (selected: boolean) => void;
}

export interface SelectionBarProps<K extends Key> {
  selection: ListSelection<K>;
  actions: readonly BulkAction<K>[];
  /** A 全选 box for layouts without a table header (the card list); the bar then always shows. */
  selectAll?: SelectAllControl;
}

/** 已选 N 项, the page's bulk actions and 取消选择; shown while rows are selected. */
export function SelectionBar<K extends Key>({ selection, actions, selectAll }: SelectionBarProps<K>) {
  const [running, setRunning] = useState<string>();
  const count = selection.keys.length;
  if (count === 0 && !selectAll) return null;

  const run = (action: BulkAction<K>) => {
    const result = action.onRun([...selection.keys]);
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
    </div>
  );
}
