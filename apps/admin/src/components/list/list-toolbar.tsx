import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { CLEAR_FILTERS_TEXT } from './list-empty';
import styles from './list-view.module.css';
import type { ListSearch } from './use-list-search';

export interface ListToolbarProps {
  /** The filters. */
  children: ReactNode;
  /** Page actions on the right (全部标为已读). */
  extra?: ReactNode;
  /** Given, a 清除筛选 button shows while filters are set (for pages with several filters). */
  search?: Pick<ListSearch, 'isFiltered' | 'clear'>;
}

/** The row above a list: filters on the left, page actions on the right, the same spacing on every page. */
export function ListToolbar({ children, extra, search }: ListToolbarProps) {
  return (
    <Flex className={styles.toolbar} justify="space-between" align="center" wrap gap={12}>
      <Flex gap={12} wrap align="center">
        {children}
        {search?.isFiltered && (
          <Button type="link" onClick={search.clear} data-testid="list-clear-filters">
            {CLEAR_FILTERS_TEXT}
          </Button>
        )}
      </Flex>
      {extra}
    </Flex>
  );
}
