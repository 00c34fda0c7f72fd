import { Skeleton } from 'antd';
import { CoverSkeleton } from '../../components/cover-skeleton';
import { SharePage } from '../../components/share-frame';
import styles from './package-page.module.css';

/** The package's shape while it loads: bar, title, message, and a grid of empty covers. */
export function PackageSkeleton() {
  return (
    <SharePage testId="package-loading">
      <div className={styles.skeletonBar}>
        <Skeleton.Input active size="small" style={{ width: 160 }} />
        <Skeleton.Input active size="small" style={{ width: 240 }} />
      </div>
      <div className={styles.hero}>
        <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 2, width: ['70%', '50%'] }} />
      </div>
      <div className={styles.grid} style={{ marginTop: 40 }}>
        {Array.from({ length: 10 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <div key={index}>
            <CoverSkeleton />
            <Skeleton
              active
              title={{ width: '50%' }}
              paragraph={{ rows: 1, width: '80%' }}
              style={{ marginTop: 14 }}
            />
          </div>
        ))}
      </div>
    </SharePage>
  );
}
