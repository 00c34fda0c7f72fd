import { textLength } from '@trackit/contract/patterns';
import type { InputProps } from 'antd';

/**
 * An antd input's character limit, counted as the contract counts (code points, `textLength`), instead
 * of the HTML `maxlength`, which counts UTF-16 units: 26 emoji are 26 characters here and on the server.
 * Typing or pasting past the limit is clipped at a whole character.
 */
export const textCount = (max: number, show = true): NonNullable<InputProps['count']> => ({
  show,
  max,
  strategy: textLength,
  exceedFormatter: (text, { max: limit }) => Array.from(text).slice(0, limit).join(''),
});
