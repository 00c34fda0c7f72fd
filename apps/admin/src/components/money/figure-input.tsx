import { InputNumber, type InputNumberProps } from 'antd';
import { useMemo, useState } from 'react';

/** The props a figure's input leaves to its page: everything but what the reading decides. */
export type FigureInputProps = Omit<
  InputNumberProps<string>,
  'value' | 'defaultValue' | 'onChange' | 'stringMode' | 'formatter' | 'parser' | 'min' | 'max' | 'precision'
> & {
  /**
   * The whole number held (fen, basis points), null when empty, or NaN while the text typed is not one
   * this input takes: a form rule says so beside the field.
   */
  value?: number | null;
  onChange?: (value: number | null) => void;
};

/** How a figure is typed and shown: read from its digits (never through a float), and written back. */
export interface FigureReading {
  /** What a person typed → the whole number, or undefined when it is not one. */
  parse: (text: string) => number | undefined;
  /** Whether a number read is one this input takes (its bounds). */
  takes: (value: number) => boolean;
  /** The number as the input holds its text while editing (`1500.50`, `4.35`). */
  edit: (value: number) => string;
  /** The number as it shows once left (`1,500.50`). */
  show: (value: number) => string;
  /** The text with what a person may type around the digits taken out (¥, %, separators). */
  plain: (text: string) => string;
}

/**
 * antd's InputNumber in string mode holding a whole number read by text (docs/decisions.md "Money on
 * screen", "Rates typed in percent"): `MoneyInput` (fen typed in yuan) and `RateInput` (basis points typed
 * in percent). While the text is not a figure it takes, the form holds NaN and the text stays on screen:
 * refusing keystrokes would leave the form holding the last valid figure while the screen showed another.
 */
export function FigureInput({
  value,
  onChange,
  reading,
  ...props
}: FigureInputProps & { reading: FigureReading } & Pick<InputNumberProps<string>, 'min' | 'precision'>) {
  // The text last typed, kept on screen while it is not a figure (the form then holds NaN).
  const [typed, setTyped] = useState<string | null>(null);
  const held =
    value === null || value === undefined ? null : Number.isNaN(value) ? typed : reading.edit(value);
  const handleChange = (text: string | null) => {
    if (text === null || text === '') {
      setTyped(null);
      onChange?.(null);
      return;
    }
    setTyped(text);
    const read = reading.parse(text);
    onChange?.(read !== undefined && reading.takes(read) ? read : Number.NaN);
  };
  // One formatter for every render, so antd's InputNumber keeps its memoised formatting between renders:
  // what is typed stays as typed; once left, the figure as `show` writes it.
  const { parse, show, plain } = reading;
  const formatter = useMemo<NonNullable<InputNumberProps<string>['formatter']>>(
    () => (text, info) => {
      if (info.userTyping) return info.input;
      const read = parse(text ?? '');
      return read === undefined ? (text ?? '') : show(read);
    },
    [parse, show],
  );
  const parser = useMemo(() => (text: string | undefined) => plain(text ?? ''), [plain]);
  return (
    <InputNumber<string>
      stringMode
      controls={false}
      inputMode="decimal"
      {...props}
      value={held}
      onChange={handleChange}
      parser={parser}
      formatter={formatter}
    />
  );
}
