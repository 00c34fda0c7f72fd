/**
 * What a page shows while its code or its data comes: grey blocks where the content will be, the same
 * sizes, so nothing jumps when it arrives.
 */
import page from './page.module.css';
import styles from './skeletons.module.css';

const Line = ({ width, height = 14 }: { width: string; height?: number }) => (
  <span className={styles.block} style={{ width, height }} />
);

function CardSkeleton() {
  return (
    <li>
      <span className={`${page.slot} ${styles.block}`} />
      <span className={styles.caption}>
        <Line width="55%" height={16} />
        <Line width="80%" height={12} />
      </span>
    </li>
  );
}

/** The package page: header, then the grid. */
export function PackageSkeleton() {
  return (
    <div className={page.page} aria-busy="true">
      <div className={styles.header}>
        <Line width="30%" height={11} />
        <Line width="72%" height={30} />
        <Line width="92%" />
        <Line width="60%" />
        <span className={styles.meta}>
          <Line width="40%" height={12} />
        </span>
      </div>
      <ul className={page.grid}>
        <CardSkeleton />
        <CardSkeleton />
        <CardSkeleton />
        <CardSkeleton />
      </ul>
    </div>
  );
}

/** A model's page: bar, name, facts, photos. */
export function ModelSkeleton() {
  return (
    <div className={page.page} aria-busy="true">
      <div className={page.bar} />
      <div className={styles.modelHeader}>
        <Line width="45%" height={30} />
        <Line width="28%" height={14} />
      </div>
      <div className={styles.facts}>
        {[0, 1, 2, 3].map((index) => (
          <Line key={index} width="70%" height={34} />
        ))}
      </div>
      <div className={`${page.photoGrid} ${styles.photos}`}>
        {[0, 1, 2, 3].map((index) => (
          <span key={index} className={`${page.slot} ${styles.block}`} />
        ))}
      </div>
    </div>
  );
}

/** Videos and documents: a video frame, then rows. */
export function FilesSkeleton() {
  return (
    <div className={page.page} aria-busy="true">
      <div className={page.bar} />
      <div className={styles.modelHeader}>
        <Line width="40%" height={30} />
      </div>
      <span className={`${styles.block} ${styles.video}`} />
      <Line width="50%" />
      <div className={styles.rows}>
        <Line width="100%" height={56} />
        <Line width="100%" height={56} />
      </div>
    </div>
  );
}

/** The full-screen gallery before its code arrives: a dark screen, as the gallery will be. */
export function GallerySkeleton() {
  return <div className={styles.gallery} aria-busy="true" />;
}
