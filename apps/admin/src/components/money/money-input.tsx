import { formatFen, isFenAmount, MAX_FEE_FEN, parseYuan } from '@trackit/contract/money';
import { InputNumber, type InputNumberProps } from 'antd';
import { useState } from 'react';

export interface MoneyInputProps
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
   * Integer fen, null when empty, or NaN while the text typed is not an amount this input takes (more than
   * two decimals, or beyond `max`): a form rule says so beside the field (the contract's `isFenAmount`).
   */
  value?: number | null;
  onChange?: (fen: number | null) => void;
  /** The largest amount it takes, in fen: the contract's bound of the figure (default MAX_FEE_FEN). */
  max?: number;
}

/** The text between the ¥ and the digits a person may type: separators, spaces, a Chinese full stop. */
const plainDigits = (text: string | undefined): string =>
  (text ?? '').replace(/[¥,，\s]/g, '').replace(/。/g, '.');

/** `1,234.50` as the input shows an amount once typed; the text as it is when it is not one. */
const shown = (text: string | undefined): string => {
  const fen = parseYuan(text ?? '');
  return fen === undefined ? (text ?? '') : formatFen(fen);
};

/** What is typed stays as typed; once left, the amount as `formatFen` writes it. */
const formatter: NonNullable<InputNumberProps<string>['formatter']> = (text, info) =>
  info.userTyping ? info.input : shown(text);

/**
 * An amount in yuan that holds integer fen (docs/decisions.md "Money on screen"): antd's InputNumber in
 * string mode, so no amount ever passes through a floating-point yuan. What is typed (`1500`, `1,500.5`,
 * `¥ 8,000`) is read by the contract's `parseYuan`; once left it shows `1,500.50` (`formatFen`), rounded
 * to the fen.
 */
export function MoneyInput({ value, onChange, max = MAX_FEE_FEN, ...props }: MoneyInputProps) {
  // The text last typed, kept on screen while it is not an amount (the form then holds NaN).
  const [typed, setTyped] = useState<string | null>(null);
  const held =
    value === null || value === undefined
      ? null
      : Number.isNaN(value)
        ? typed
        : formatFen(value).replaceAll(',', '');
  const handleChange = (text: string | null) => {
    if (text === null || text === '') {
      setTyped(null);
      onChange?.(null);
      return;
    }
    setTyped(text);
    const fen = parseYuan(text);
    onChange?.(isFenAmount(fen, max) ? fen : Number.NaN);
  };
  return (
    <InputNumber<string>
      stringMode
      min="0"
      precision={2}
      controls={false}
      prefix="¥"
      placeholder="0.00"
      inputMode="decimal"
      {...props}
      value={held}
      onChange={handleChange}
      parser={plainDigits}
      formatter={formatter}
    />
  );
}
