/** How an order's parts read in words, the same on the order pages, the printed sheet and the PDF. */
import { RENEWAL_OPTION_LABELS } from './enums';
import { formatYuan } from './money';
import type { FeeLine } from './order.schema';
import { FEE_UNIT_LABELS } from './order-constants';

/**
 * A fee line in words: `¥5,000.00 × 2 天（含妆发）`, or a licence's terms
 * `线上、户外，中国大陆，2026-12-01 至 2027-11-30，自动续约`.
 */
export function feeDescription(
  fee: Pick<
    FeeLine,
    | 'kind'
    | 'amount'
    | 'unit'
    | 'quantity'
    | 'note'
    | 'media'
    | 'territory'
    | 'start_date'
    | 'end_date'
    | 'renewal'
  >,
): string {
  const note = fee.note ? `（${fee.note}）` : '';
  if (fee.kind === 'UsageFee') {
    const terms = [
      fee.media,
      fee.territory,
      fee.start_date && fee.end_date ? `${fee.start_date} 至 ${fee.end_date}` : null,
      fee.renewal ? RENEWAL_OPTION_LABELS[fee.renewal] : null,
    ].filter((part): part is string => Boolean(part));
    return `${terms.join('，')}${note}`;
  }
  const unit = fee.unit ? FEE_UNIT_LABELS[fee.unit] : '';
  return `${formatYuan(fee.amount)} × ${fee.quantity ?? 1} ${unit}${note}`.trim();
}
