/** How names sort for people reading Chinese: dictionary (pinyin) order, digits by value. */
import { LOCALE } from './constants';

const collator = new Intl.Collator(LOCALE, { numeric: true });

/** Names in Chinese dictionary order (pinyin where the runtime has full ICU: Node and browsers do). */
export const compareNames = (a: string, b: string): number => collator.compare(a, b);
