import { isRateBp, parsePercent, percentText, RATE_MAX_BP, RATE_MESSAGES } from '@trackit/contract/rates';
import type { FormRule } from 'antd';
import { FigureInput, type FigureInputProps, type FigureReading } from './figure-input';

export interface RateInputProps extends FigureInputProps {
  /** The largest rate it takes, in basis points (default 100 %). */
  max?: number;
}

/** A percent typed (`4.35`, `4.35 %`, a Chinese full stop) as basis points; `4.35` once left. */
const PERCENT: Omit<FigureReading, 'takes'> = {
  parse: parsePercent,
  edit: percentText,
  show: percentText,
  plain: (text) => text.replace(/[\s%％]/g, '').replace(/。/g, '.'),
};

/**
 * A rate typed in percent that holds basis points (docs/decisions.md "Rates typed in percent"): a model's
 * commission, a mother agency's share, a fee line's commission override. The text is read by the
 * contract's `parsePercent`, digit by digit: `4.35` is 435 and `0.29` is 29, which
 * `Math.round(value * 100) !== value * 100` refused (4.35 × 100 is 434.99999999999994). Beyond `max`, or
 * with three decimals, the form holds NaN and `rateRule` says so.
 */
export function RateInput({ max = RATE_MAX_BP, ...props }: RateInputProps) {
  const reading = { ...PERCENT, takes: (bp: number) => isRateBp(bp, max) };
  return <FigureInput suffix="%" style={{ width: '100%' }} {...props} reading={reading} />;
}

/** The rule beside a RateInput: a text it does not take (NaN) is refused with the contract's message. */
export const rateRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (value !== null && value !== undefined && !isRateBp(value)) throw new Error(RATE_MESSAGES.invalid);
  },
};
