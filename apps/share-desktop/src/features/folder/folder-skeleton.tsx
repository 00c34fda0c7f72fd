import { Skeleton } from 'antd';
import { CoverSkeleton } from '../../components/cover-skeleton';
import { SharePage } from '../../components/share-frame';
import styles from './folder-page.module.css';

/** A shared folder while it loads: the bar, the title and rows of tiles. */
export function FolderSkeleton() {
  return (
    <SharePage testId="folder-loading">
      <div className={styles.skeletonBar}>
        <Skeleton.Input active size="small" style={{ width: 160 }} />
      </div>
      <div className={styles.hero}>
        <Skeleton active title={{ width: '30%' }} paragraph={{ rows: 1, width: '20%' }} />
      </div>
      <div className={styles.skeletonGrid}>
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <CoverSkeleton key={index} />
        ))}
      </div>
    </SharePage>
  );
}
