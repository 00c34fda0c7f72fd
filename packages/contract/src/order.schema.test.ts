import { describe, expect, it } from 'vitest';
import { calendarHoldSchema } from './calendar.schema';
import { orderCreateSchema, orderRoom } from './order.schema';
import { ORDER_LIMITS } from './order-constants';
import { ORDER_MESSAGES } from './order-messages';

const day = (index: number) => ({
  date: `2027-${String(1 + Math.floor(index / 28)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
  start_time: '09:00',
  end_time: '18:00',
});
const days = (count: number) => Array.from({ length: count }, (_, index) => day(index));
const fee = { kind: 'ModelFee', amount: 100_000, unit: 'day', quantity: 1, tax_rate: 6 } as const;
const models = (count: number, fees = 0) =>
  Array.from({ length: count }, (_, index) => ({ model_id: index + 1, fees: Array(fees).fill(fee) }));

/** The first message the schema gives, and where. */
function refusal(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) {
  expect(result.success).toBe(false);
  const issue = result.error?.issues[0];
  return { message: issue?.message, path: issue?.path.join('.') };
}

describe('what one order may hold', () => {
  it('leaves room for models × days up to the model-days, each within its own limit', () => {
    expect(orderRoom({ models: 0, days: 0 })).toEqual({
      days: ORDER_LIMITS.days,
      models: ORDER_LIMITS.models,
    });
    expect(orderRoom({ models: 50, days: 1 })).toEqual({ days: 12, models: 50 });
    expect(orderRoom({ models: 10, days: 60 })).toEqual({ days: 60, models: 10 });
    expect(orderRoom({ models: 13, days: 13 })).toEqual({ days: 46, models: 46 });
  });

  it('takes the largest order and refuses one day, model or fee line more, in Chinese', () => {
    expect(orderCreateSchema.safeParse({ models: models(50, 4), days: days(12) }).success).toBe(true);
    expect(orderCreateSchema.safeParse({ models: models(10, 20), days: days(60) }).success).toBe(true);
    expect(refusal(orderCreateSchema.safeParse({ models: models(50), days: days(13) }))).toEqual({
      message: ORDER_MESSAGES.tooManyModelDays,
      path: 'days',
    });
    expect(refusal(orderCreateSchema.safeParse({ days: days(61) }))).toEqual({
      message: ORDER_MESSAGES.tooManyDays,
      path: 'days',
    });
    expect(refusal(orderCreateSchema.safeParse({ models: models(51) }))).toEqual({
      message: ORDER_MESSAGES.tooManyModels,
      path: 'models',
    });
    expect(refusal(orderCreateSchema.safeParse({ models: models(11, 20) }))).toEqual({
      message: ORDER_MESSAGES.tooManyFeeLines,
      path: 'models',
    });
    expect(refusal(orderCreateSchema.safeParse({ models: models(1, 21) }))).toEqual({
      message: ORDER_MESSAGES.tooManyFeesOfModel,
      path: 'models.0.fees',
    });
  });

  it('holds days from the calendar within the same bounds', () => {
    const ids = models(50).map((model) => model.model_id);
    expect(calendarHoldSchema.safeParse({ model_ids: ids, days: days(12) }).success).toBe(true);
    expect(refusal(calendarHoldSchema.safeParse({ model_ids: ids, days: days(13) }))).toEqual({
      message: ORDER_MESSAGES.tooManyModelDays,
      path: 'days',
    });
  });
});
