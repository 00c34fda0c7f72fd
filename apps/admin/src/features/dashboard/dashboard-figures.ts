/** What the dashboard's cards say beside the raw counts: changes between months and the scope note. */
import type { Dashboard } from '@trackit/contract/dashboard.schema';

/** The value covers only the caller's own orders (`value_scope` 'mine'). */
export const MINE_SCOPE_NOTE = '仅含我负责的订单';

/** Change from `previous` to `current` in percent, one decimal; null when there was nothing before. */
export const changePercent = (current: number, previous: number): number | null =>
  previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10;

/** `+12.5%`, `-3%`, `0%`; `--` when there is no base to compare with. */
export const changeText = (change: number | null): string =>
  change === null ? '--' : `${change > 0 ? '+' : ''}${change}%`;

/** `11月24日`: a business date, short. */
export const shortDate = (date: string): string =>
  `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

/** `11月23日 – 11月29日`. */
export const rangeText = (range: Dashboard['week']): string =>
  `${shortDate(range.from)} – ${shortDate(range.to)}`;

export const scopeNote = (answer: Pick<Dashboard, 'value_scope'>): string | null =>
  answer.value_scope === 'mine' ? MINE_SCOPE_NOTE : null;
