import { isRateBp, parsePercent, percentText, RATE_MAX_BP, RATE_MESSAGES } from '@trackit/contract/rates';
import { type FormRule, InputNumber, type InputNumberProps } from 'antd';
import { useState } from 'react';

export interface RateInputProps
  extends Omit<
    InputNumberProps<string>,
    | 'value'
    | 'defaultValue'
    | 'onChange'
    | 'stringMode'
    | 'formatter'
    | 'parser'
    | 'min'
    | 'max'
    | 'precision'
  > {
  /**
   * Basis points (435 is 4.35 %), null when empty, or NaN while the text typed is not a rate this input
   * takes (more than two decimals, beyond `max`): `rateRule` says so beside the field.
   */
  value?: number | null;
  onChange?: (bp: number | null) => void;
  /** The largest rate it takes, in basis points (default 100 %). */
  max?: number;
}

/** What a person may type around the digits: spaces, a percent sign, a Chinese full stop. */
const plainDigits = (text: string | undefined): string =>
  (text ?? '').replace(/[\s%％]/g, '').replace(/。/g, '.');

/** The rate as it shows once left (`4.35`); the text as it is when it is not one. */
const shown = (text: string | undefined): string => {
  const bp = parsePercent(text ?? '');
  return bp === undefined ? (text ?? '') : percentText(bp);
};

const formatter: NonNullable<InputNumberProps<string>['formatter']> = (text, info) =>
  info.userTyping ? info.input : shown(text);

/**
 * A rate typed in percent that holds basis points (docs/decisions.md "Rates typed in percent"): a model's
 * commission, a mother agency's share, a fee line's commission override. antd's InputNumber in string
 * mode, the text read by the contract's `parsePercent`, digit by digit: `4.35` is 435 and `0.29` is 29,
 * which `Math.round(value * 100) !== value * 100` refused (4.35 × 100 is 434.99999999999994).
 */
export function RateInput({ value, onChange, max = RATE_MAX_BP, ...props }: RateInputProps) {
  // The text last typed, kept on screen while it is not a rate (the form then holds NaN).
  const [typed, setTyped] = useState<string | null>(null);
  const held =
    value === null || value === undefined ? null : Number.isNaN(value) ? typed : percentText(value);
  const handleChange = (text: string | null) => {
    if (text === null || text === '') {
      setTyped(null);
      onChange?.(null);
      return;
    }
    setTyped(text);
    const bp = parsePercent(text);
    onChange?.(isRateBp(bp, max) ? bp : Number.NaN);
  };
  return (
    <InputNumber<string>
      stringMode
      controls={false}
      suffix="%"
      inputMode="decimal"
      style={{ width: '100%' }}
      {...props}
      value={held}
      onChange={handleChange}
      parser={plainDigits}
      formatter={formatter}
    />
  );
}

/** The rule beside a RateInput: a text it does not take (NaN) is refused with the contract's message. */
export const rateRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (value !== null && value !== undefined && !isRateBp(value)) throw new Error(RATE_MESSAGES.invalid);
  },
};
