/**
 * A model's age from the birthday, and the birthday bounds of an age range, on the calendar of China
 * (the agencies' time zone: `businessDate` in business-time.ts gives today). A birthday on 29 February counts a year on 1 March in other years, the same
 * way in both directions, so the list's age filter and the age shown always agree.
 */

const parts = (date: string) => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
  day: Number(date.slice(8, 10)),
});

/** Whole years from `birthday` to `today` (both YYYY-MM-DD). */
export const ageOn = (birthday: string, today: string): number => {
  const born = parts(birthday);
  const now = parts(today);
  const beforeBirthday = now.month < born.month || (now.month === born.month && now.day < born.day);
  return now.year - born.year - (beforeBirthday ? 1 : 0);
};

/** The date `years` before `today`; 29 February becomes 28 February in a year without it. */
export const yearsBefore = (today: string, years: number): string => {
  const { year, month, day } = parts(today);
  const target = year - years;
  const leap = (target % 4 === 0 && target % 100 !== 0) || target % 400 === 0;
  const safeDay = month === 2 && day === 29 && !leap ? 28 : day;
  return `${String(target).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(safeDay).padStart(2, '0')}`;
};

/**
 * Birthdays of the ages `min`..`max` (inclusive, either open) on `today`: born on or before `latest`
 * (age ≥ min) and after `after` (age ≤ max). A birthday range, so an index on the birthday serves it.
 */
export const birthdayBounds = (
  today: string,
  range: { min?: number | undefined; max?: number | undefined },
): { latest?: string; after?: string } => ({
  ...(range.min !== undefined ? { latest: yearsBefore(today, range.min) } : {}),
  ...(range.max !== undefined ? { after: yearsBefore(today, range.max + 1) } : {}),
});
