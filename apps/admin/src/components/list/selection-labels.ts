import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * A table's selection checkboxes named in Chinese for screen readers (issue 35 item 13): antd names them
 * "Select all" and "Select row n"; the header box becomes 全选 and each row's 选择 and what the row is. Spread
 * into a Table's `rowSelection` beside its keys and onChange.
 */
export function chineseSelection<Row>(label: (row: Row) => string) {
  return {
    columnTitle: (node: ReactNode): ReactNode =>
      isValidElement(node)
        ? cloneElement(node as ReactElement<{ 'aria-label'?: string }>, { 'aria-label': '全选' })
        : node,
    getCheckboxProps: (row: Row) => ({ 'aria-label': `选择 ${label(row)}` }),
  };
}
