/**
 * Order numbers (docs/product.md "Orders"): the team's prefix, the business date and the day's sequence,
 * e.g. HF20261124001. The sequence comes from order_counters inside the creating transaction, never from
 * the orders there are: a removed draft's number (abandoned-drafts.service.ts) is never handed out again.
 */
import { businessDate } from '@trackit/contract/business-time';
import { namePinyin } from '../model/model-pinyin';

/** When a team's name gives no letter (digits only, say). */
export const DEFAULT_ORDER_PREFIX = 'TK';

/** The uppercase pinyin initials of the team's name, its first two letters: 华帆模特 → HF. */
export function orderPrefix(teamName: string): string {
  const letters = namePinyin(teamName)
    .initials.replace(/[^a-z]/g, '')
    .slice(0, 2);
  return letters ? letters.toUpperCase() : DEFAULT_ORDER_PREFIX;
}

/** `${prefix}${YYYYMMDD}${sequence padded to 3}`, the date being the business date of `at`. */
export function formatOrderNumber(prefix: string, at: Date, sequence: number): string {
  return `${prefix}${businessDate(at).replaceAll('-', '')}${String(sequence).padStart(3, '0')}`;
}
