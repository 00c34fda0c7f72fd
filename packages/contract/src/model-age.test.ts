import { describe, expect, it } from 'vitest';
import { businessDate } from './business-time';
import { ageOn, birthdayBounds, yearsBefore } from './model-age';

/** Every birthday from `from` for `days` days. */
const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );

describe('model age', () => {
  it('counts whole years, a year more on the birthday itself', () => {
    expect(ageOn('2000-05-10', '2026-05-09')).toBe(25);
    expect(ageOn('2000-05-10', '2026-05-10')).toBe(26);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
  });

  it('takes the day in China: 16:00 UTC is already tomorrow', () => {
    expect(businessDate(new Date('2026-05-09T16:00:00Z'))).toBe('2026-05-10');
    expect(businessDate(new Date('2026-05-09T15:59:59Z'))).toBe('2026-05-09');
  });

  it('moves 29 February to the 28th in a year without it', () => {
    expect(yearsBefore('2028-02-29', 1)).toBe('2027-02-28');
    expect(yearsBefore('2028-02-29', 4)).toBe('2024-02-29');
  });

  it.each(['2026-05-10', '2028-02-29', '2027-02-28', '2027-03-01', '2026-12-31'])(
    'a birthday is within the bounds of an age range exactly when its age is in the range (today %s)',
    (today) => {
      for (const range of [{ min: 18, max: 21 }, { max: 17 }, { min: 38 }]) {
        const { latest, after } = birthdayBounds(today, range);
        for (const birthday of [
          ...days('1986-01-01', 40),
          ...days('2004-02-20', 20),
          ...days('2008-02-25', 10),
        ]) {
          const age = ageOn(birthday, today);
          const inRange =
            (range.min === undefined || age >= range.min) && (range.max === undefined || age <= range.max);
          const inBounds =
            (latest === undefined || birthday <= latest) && (after === undefined || birthday > after);
          expect(inBounds, `${birthday} age ${age}`).toBe(inRange);
        }
      }
    },
  );
});
