import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, BIRTHDAY_RANGE, BUSINESS_DATE_RANGE, businessDate } from './business-time';
import { calendarDateSchema, dateSchema, fenSchema, instantSchema, monthSchema } from './envelope';
import { INPUT_BOUND_MESSAGES } from './messages';
import { MAX_AMOUNT_FEN, MAX_FEE_FEN } from './money';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/** Every calendar day of years 1–9999, as `YYYY-MM-DD`. */
const anyDay = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((day) => day.toISOString().slice(0, 10));

describe('the business range of dates, months and instants', () => {
  it('takes exactly the dates within the range, and says which range otherwise', () => {
    fc.assert(
      fc.property(anyDay, (day) => {
        const inside = BUSINESS_DATE_RANGE.from <= day && day <= BUSINESS_DATE_RANGE.to;
        expect(messageOf(dateSchema.safeParse(day))).toBe(
          inside ? undefined : INPUT_BOUND_MESSAGES.dateOutOfRange,
        );
      }),
    );
    expect(messageOf(dateSchema.safeParse('0000-01-01'))).toBe(INPUT_BOUND_MESSAGES.dateOutOfRange);
    expect(messageOf(dateSchema.safeParse('2026-02-29'))).toBe(INPUT_BOUND_MESSAGES.dateInvalid);
    expect(messageOf(dateSchema.safeParse('2028-02-29'))).toBeUndefined();
    expect(INPUT_BOUND_MESSAGES.dateOutOfRange).toBe('*日期须在 2000-01-01 至 2099-12-31 之间');
  });

  it('takes birthdays from 1900 on', () => {
    const birthday = calendarDateSchema(BIRTHDAY_RANGE, {
      outOfRange: INPUT_BOUND_MESSAGES.birthdayOutOfRange,
    });
    expect(messageOf(birthday.safeParse('1900-01-01'))).toBeUndefined();
    expect(messageOf(birthday.safeParse('1899-12-31'))).toBe(INPUT_BOUND_MESSAGES.birthdayOutOfRange);
    expect(messageOf(birthday.safeParse('0000-01-01'))).toBe(INPUT_BOUND_MESSAGES.birthdayOutOfRange);
  });

  it('takes the months of the range only', () => {
    fc.assert(
      fc.property(anyDay, (day) => {
        const month = day.slice(0, 7);
        const inside =
          BUSINESS_DATE_RANGE.from.slice(0, 7) <= month && month <= BUSINESS_DATE_RANGE.to.slice(0, 7);
        expect(messageOf(monthSchema.safeParse(month))).toBe(
          inside ? undefined : INPUT_BOUND_MESSAGES.monthOutOfRange,
        );
      }),
    );
    expect(messageOf(monthSchema.safeParse('2026-13'))).toBe(INPUT_BOUND_MESSAGES.monthInvalid);
    expect(messageOf(monthSchema.safeParse(undefined))).toBe(INPUT_BOUND_MESSAGES.monthInvalid);
  });

  it('takes an instant whose business date is within the range, whatever its zone', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2110-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (at) => {
          const date = businessDate(at);
          const inside = BUSINESS_DATE_RANGE.from <= date && date <= BUSINESS_DATE_RANGE.to;
          expect(messageOf(instantSchema.safeParse(at.toISOString()))).toBe(
            inside ? undefined : INPUT_BOUND_MESSAGES.instantOutOfRange,
          );
        },
      ),
    );
    // 1999-12-31 16:00 UTC is already 2000-01-01 in business time.
    expect(messageOf(instantSchema.safeParse('1999-12-31T16:00:00Z'))).toBeUndefined();
    expect(messageOf(instantSchema.safeParse('1999-12-31T15:59:59Z'))).toBe(
      INPUT_BOUND_MESSAGES.instantOutOfRange,
    );
    expect(messageOf(instantSchema.safeParse('not a time'))).toBe(INPUT_BOUND_MESSAGES.instantInvalid);
    expect(addDays(BUSINESS_DATE_RANGE.to, 1)).toBe('2100-01-01');
  });
});

describe('amounts in fen', () => {
  it('takes whole fen from 1 to the limit, and names the limit otherwise', () => {
    const amount = fenSchema();
    const outOfRange = INPUT_BOUND_MESSAGES.amountOutOfRange(MAX_AMOUNT_FEN);
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), (fen) => {
        const inside = fen >= 1 && fen <= MAX_AMOUNT_FEN;
        expect(messageOf(amount.safeParse(fen))).toBe(inside ? undefined : outOfRange);
      }),
    );
    expect(outOfRange).toBe('*金额须大于 0 且不超过 ¥10,000,000,000.00');
    expect(messageOf(amount.safeParse(MAX_AMOUNT_FEN + 1))).toBe(outOfRange);
    expect(messageOf(amount.safeParse(Number.MAX_SAFE_INTEGER))).toBe(outOfRange);
    expect(messageOf(amount.safeParse(1.5))).toBe(INPUT_BOUND_MESSAGES.amountNotFen);
    // Nothing typed asks for the amount; a text the admin's MoneyInput cannot take (NaN) is out of range.
    expect(messageOf(amount.safeParse(undefined))).toBe(INPUT_BOUND_MESSAGES.amountMissing);
    expect(messageOf(amount.safeParse(''))).toBe(INPUT_BOUND_MESSAGES.amountMissing);
    expect(messageOf(amount.safeParse(Number.NaN))).toBe(outOfRange);
  });

  it('holds a record to its own limit, with its own message when it has one', () => {
    const deduction = fenSchema({ max: MAX_FEE_FEN });
    expect(messageOf(deduction.safeParse(MAX_FEE_FEN))).toBeUndefined();
    expect(messageOf(deduction.safeParse(MAX_FEE_FEN + 1))).toBe(
      INPUT_BOUND_MESSAGES.amountOutOfRange(MAX_FEE_FEN),
    );
    const feeLine = fenSchema({ max: MAX_FEE_FEN, zero: true, message: '*金额不对' });
    expect(messageOf(feeLine.safeParse(0))).toBeUndefined();
    for (const wrong of [-1, 0.5, MAX_FEE_FEN + 1, undefined]) {
      expect(messageOf(feeLine.safeParse(wrong))).toBe('*金额不对');
    }
  });
});
