import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import dayjs from 'dayjs';

/**
 * Until when a link works, as the package's top bar says it: `有效期至 2025年07月01日 18:00 · 还剩 12 天`.
 * Days are counted by the calendar, so a link ending tomorrow morning says 明天到期, not 0 days.
 */
export function expiryText(expiresAt: string, now: dayjs.Dayjs = dayjs()): string {
  const until = `有效期至 ${formatDate(expiresAt, `${DATE_FORMATS.dateZh} ${DATE_FORMATS.time}`)}`;
  const end = dayjs(expiresAt);
  if (!end.isValid()) return until;
  const days = end.startOf('day').diff(now.startOf('day'), 'day');
  if (days <= 0) return `${until} · 今天到期`;
  if (days === 1) return `${until} · 明天到期`;
  return `${until} · 还剩 ${days} 天`;
}
