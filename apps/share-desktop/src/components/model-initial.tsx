import { initials } from '@trackit/client/format';
import styles from './model-initial.module.css';

/** Where a model has no cover: the first character of their name on warm paper, like an empty frame. */
export function ModelInitial({ name }: { name: string }) {
  return (
    <div className={styles.initial} aria-hidden="true" data-testid="cover-placeholder">
      <span>{initials(name) || '·'}</span>
    </div>
  );
}
