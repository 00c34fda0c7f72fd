import { pinyin } from 'pinyin-pro';

const searchable = (parts: string[]) =>
  parts
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * The name's pinyin for the keyword search, without tones or spaces: in full (刘晓阳 → liuxiaoyang) and
 * as initials (lxy). Surname readings first (单 → shan); letters and digits are kept as they are.
 */
export function namePinyin(name: string): { full: string; initials: string } {
  const options = { toneType: 'none', type: 'array', mode: 'surname', v: true } as const;
  return {
    full: searchable(pinyin(name, options)),
    initials: searchable(pinyin(name, { ...options, pattern: 'first' })),
  };
}
