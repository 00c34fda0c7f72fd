import { fenInChineseCapitals, type LineTotals } from '@trackit/contract/money';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import styles from './money.module.css';
import { MoneyCell } from './money-cell';

export interface MoneyTotalsProps {
  /** Subtotal before tax, tax and total, in fen (the contract's `lineTotals`/`sumTotals`). */
  totals: Pick<LineTotals, 'subtotal' | 'tax' | 'total'>;
  /** The total's label: `合计`, `订单合计`, `小计`. */
  label?: ReactNode;
  /** Figures shown before the subtotal, such as an order's split by kind (`费用`, `肖像授权`). */
  parts?: readonly { label: string; fen: number }[];
  /** Also the total in Chinese capitals (大写), as a document prints it; non-negative totals only. */
  capitals?: boolean;
  className?: string;
  testId?: string;
}

/**
 * A totals block (docs/decisions.md "Money on screen"): `不含税 ¥… · 税额 ¥…`, then the total in bold
 * and, where a document shows it, `大写：人民币…` from the contract's `fenInChineseCapitals`.
 */
export function MoneyTotals({
  totals,
  label = '合计',
  parts = [],
  capitals = false,
  className,
  testId,
}: MoneyTotalsProps) {
  return (
    <Flex
      justify="flex-end"
      align="baseline"
      gap={16}
      wrap
      className={className ? `${styles.totals} ${className}` : styles.totals}
      data-testid={testId}
    >
      {parts.map((part) => (
        <span key={part.label}>
          {part.label} <MoneyCell fen={part.fen} />
        </span>
      ))}
      <span>
        不含税 <MoneyCell fen={totals.subtotal} />
      </span>
      <span>
        税额 <MoneyCell fen={totals.tax} />
      </span>
      <span className={styles.total}>
        {label} <MoneyCell fen={totals.total} />
      </span>
      {capitals && totals.total >= 0 && (
        <span className={styles.capitals} data-testid={testId && `${testId}-capitals`}>
          大写：人民币{fenInChineseCapitals(totals.total)}
        </span>
      )}
    </Flex>
  );
}
