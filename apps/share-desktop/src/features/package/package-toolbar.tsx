import { HeartFilled } from '@ant-design/icons';
import { Segmented } from 'antd';
import styles from './package-page.module.css';

export type PackageFilter = 'all' | 'picked';

export interface PackageToolbarProps {
  total: number;
  pickedCount: number;
  filter: PackageFilter;
  onFilterChange: (filter: PackageFilter) => void;
}

/** Above the grid, kept in view while scrolling: how many models, how many picked, and 只看已选. */
export function PackageToolbar({ total, pickedCount, filter, onFilterChange }: PackageToolbarProps) {
  return (
    <div className={styles.toolbar}>
      <span className={styles.toolbarCount}>共 {total} 位模特</span>
      <div className={styles.toolbarEnd}>
        <span
          className={pickedCount > 0 ? styles.pickedCountActive : styles.pickedCount}
          data-testid="picked-count"
        >
          <HeartFilled />
          已选 {pickedCount} 位
        </span>
        <Segmented<PackageFilter>
          value={filter}
          onChange={onFilterChange}
          options={[
            { label: '全部', value: 'all' },
            { label: '只看已选', value: 'picked' },
          ]}
          data-testid="package-filter"
        />
      </div>
    </div>
  );
}
