import { MESSAGES } from '@trackit/contract/messages';
import { formatYuan } from '@trackit/contract/money';
import styles from './money.module.css';

export interface MoneyCellProps {
  /** Integer fen; null or undefined shows `--` (an amount this member may not see, or none yet). */
  fen: number | null | undefined;
  testId?: string;
}

/**
 * An amount as every admin screen shows it (docs/decisions.md "Money on screen"): `¥1,234.50` in
 * tabular figures on one line; a negative amount `-¥1,234.50` in red. The text is the contract's
 * `formatYuan`, the one the documents and the share pages use too.
 */
export function MoneyCell({ fen, testId }: MoneyCellProps) {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) {
    return <span data-testid={testId}>{MESSAGES.empty}</span>;
  }
  const className = fen < 0 ? `${styles.amount} ${styles.negative}` : styles.amount;
  return (
    <span className={className} data-testid={testId}>
      {formatYuan(fen)}
    </span>
  );
}
