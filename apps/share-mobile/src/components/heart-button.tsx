import { TEXTS } from '../texts';
import styles from './heart-button.module.css';

interface HeartButtonProps {
  picked: boolean;
  /** Whose heart, for screen readers. */
  name: string;
  onToggle: () => void;
  disabled?: boolean;
  /** `overlay`: a round button on a photo; `pill`: a labelled button on a model's page. */
  variant?: 'overlay' | 'pill';
}

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 20.3s-7.6-4.6-9.1-9.3C1.8 7.6 3.9 4.5 7.1 4.5c2 0 3.5 1.1 4.9 3 1.4-1.9 2.9-3 4.9-3 3.2 0 5.3 3.1 4.2 6.5-1.5 4.7-9.1 9.3-9.1 9.3z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The client's pick of a model. */
export function HeartButton({ picked, name, onToggle, disabled, variant = 'overlay' }: HeartButtonProps) {
  return (
    <button
      type="button"
      className={`${styles[variant]} ${picked ? styles.picked : ''}`}
      aria-pressed={picked}
      aria-label={picked ? TEXTS.unpick(name) : TEXTS.pick(name)}
      disabled={disabled}
      onClick={onToggle}
    >
      <HeartIcon filled={picked} />
      {variant === 'pill' && <span>{picked ? TEXTS.picked : TEXTS.notPicked}</span>}
    </button>
  );
}
