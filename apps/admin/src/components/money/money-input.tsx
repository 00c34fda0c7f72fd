import { formatFen, isFenAmount, MAX_FEE_FEN, parseYuan } from '@trackit/contract/money';
import { FigureInput, type FigureInputProps, type FigureReading } from './figure-input';

export interface MoneyInputProps extends FigureInputProps {
  /** The largest amount it takes, in fen: the contract's bound of the figure (default MAX_FEE_FEN). */
  max?: number;
}

/** Yuan typed (`1500`, `1,500.5`, `¥ 8,000`, a Chinese full stop) as fen; `1,500.50` once left. */
const YUAN: Omit<FigureReading, 'takes'> = {
  parse: parseYuan,
  edit: (fen) => formatFen(fen).replaceAll(',', ''),
  show: formatFen,
  plain: (text) => text.replace(/[¥,，\s]/g, '').replace(/。/g, '.'),
};

/**
 * An amount in yuan that holds integer fen (docs/decisions.md "Money on screen"): a FigureInput, so no
 * amount ever passes through a floating-point yuan. What is typed is read by the contract's `parseYuan`;
 * once left it shows `1,500.50` (`formatFen`), rounded to the fen. Beyond `max`, or with three decimals,
 * the form holds NaN and its rule (`isFenAmount`) says so.
 */
export function MoneyInput({ max = MAX_FEE_FEN, ...props }: MoneyInputProps) {
  const reading = { ...YUAN, takes: (fen: number) => isFenAmount(fen, max) };
  return <FigureInput min="0" precision={2} prefix="¥" placeholder="0.00" {...props} reading={reading} />;
}
