import type { ReactNode } from 'react';
import styles from './share-frame.module.css';

/** The centred column every share page sits in: wide margins, room to breathe. */
export function SharePage({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <main className={styles.page} data-testid={testId}>
      {children}
    </main>
  );
}

/** The thin bar on top: the agency's name on the left, the page's own links or notes on the right. */
export function ShareTopBar({ start, end }: { start: ReactNode; end?: ReactNode }) {
  return (
    <header className={styles.topBar}>
      <div className={styles.topBarSide}>{start}</div>
      {end && <div className={styles.topBarSide}>{end}</div>}
    </header>
  );
}

/** The agency's name as the bar shows it. */
export function TeamName({ name }: { name: string }) {
  return (
    <span className={styles.brand} title={name} data-testid="team-name">
      {name}
    </span>
  );
}

/** A section's small heading with its count: `照片 12`. */
export function SectionTitle({ title, count }: { title: string; count?: number }) {
  return (
    <h2 className={styles.sectionTitle}>
      {title}
      {count !== undefined && <span className={styles.sectionCount}>{count}</span>}
    </h2>
  );
}
