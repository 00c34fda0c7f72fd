/** Display formatters shared by the three apps (docs/product.md §9). Empty or unusable input shows `--`. */
import { DATE_FORMATS, SIZE_UNIT_BASE, SIZE_UNITS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';

/** 1024-based, at most two decimals without trailing zeros: 0 → `0B`, 1536 → `1.5K`. */
export const formatFileSize = (bytes: number | null | undefined): string => {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return MESSAGES.empty;
  let value = bytes;
  let unit = 0;
  while (value >= SIZE_UNIT_BASE && unit < SIZE_UNITS.length - 1) {
    value /= SIZE_UNIT_BASE;
    unit += 1;
  }
  // Rounding can reach the next step (1023.999K): show it as 1M rather than 1024K.
  let rounded = Number(value.toFixed(unit === 0 ? 0 : 2));
  if (rounded >= SIZE_UNIT_BASE && unit < SIZE_UNITS.length - 1) {
    rounded = 1;
    unit += 1;
  }
  return `${rounded}${SIZE_UNITS[unit]}`;
};

export type DateInput = string | number | Date | Dayjs | null | undefined;

/**
 * Formats with Day.js in the Chinese locale (`dddd` → 星期一). A number is milliseconds since the epoch.
 * Empty, null or invalid → `--`.
 */
export const formatDate = (value: DateInput, format: string = DATE_FORMATS.date): string => {
  if (value === null || value === undefined || value === '') return MESSAGES.empty;
  const date = dayjs(value);
  return date.isValid() ? date.locale('zh-cn').format(format) : MESSAGES.empty;
};

const HAN = /\p{Script=Han}/u;

/**
 * Avatar fallback: the first character of a Chinese name (王小明 → 王), else the first letters of up
 * to two words, upper-cased (anna lee → AL). Empty → ''.
 */
export const initials = (nickname: string | null | undefined): string => {
  const name = (nickname ?? '').trim();
  const first = Array.from(name)[0];
  if (first === undefined) return '';
  if (HAN.test(first)) return first;
  return name
    .split(/[\s._-]+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
};
