import { Skeleton } from 'antd';
import { CoverSkeleton } from '../../components/cover-skeleton';
import { SharePage } from '../../components/share-frame';
import styles from './model-page.module.css';
import packageStyles from './package-page.module.css';

/** A model's page while it loads: the bar, the name and facts on the left, photo tiles on the right. */
export function ModelSkeleton() {
  return (
    <SharePage testId="model-loading">
      <div className={packageStyles.skeletonBar}>
        <Skeleton.Input active size="small" style={{ width: 200 }} />
        <Skeleton.Input active size="small" style={{ width: 180 }} />
      </div>
      <div className={styles.layout}>
        <div>
          <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 6 }} />
          <Skeleton.Button active block size="large" style={{ marginTop: 36 }} />
        </div>
        <div className={styles.skeletonGrid}>
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <CoverSkeleton key={index} />
          ))}
        </div>
      </div>
    </SharePage>
  );
}
