/**
 * The models' calendar (日历 / 档期, docs/product.md "Calendar"): one entry per model and working day of
 * an order, ranked options on a shared day, and the models' trips.
 */

import { z } from 'zod';
import { daysBetween } from './business-time';
import { memberRefSchema } from './company.schema';
import { calendarBookingDisplayStatusSchema, jobTypeSchema, modelTripKindSchema } from './enums';
import { dateSchema, queryList } from './envelope';
import { orderDaySchema, withinModelDays } from './order.schema';
import { ORDER_LIMITS, orderStatusSchema } from './order-constants';
import { ORDER_MESSAGES } from './order-messages';
import { textSchema } from './patterns';

/** The longest range one calendar call answers: a quarter and a bit, for the month view's edges. */
export const CALENDAR_MAX_RANGE_DAYS = 100;
/** Most models one call filters by (the resource view asks for a page of models at a time). */
export const CALENDAR_MAX_MODELS = 500;

/** GET /v1/calendar. `from` and `to` are business dates, both included. */
export const calendarQuerySchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    model_id: queryList(z.coerce.number<number>().int().positive(), CALENDAR_MAX_MODELS).optional(),
    status: queryList(calendarBookingDisplayStatusSchema).optional(),
    job_type: queryList(jobTypeSchema, 30).optional(),
    owner_member_id: z.coerce.number<number>().int().positive().optional(),
  })
  .refine((query) => query.to >= query.from, { message: '*结束日期不能早于开始日期', path: ['to'] })
  .refine((query) => daysBetween(query.from, query.to) < CALENDAR_MAX_RANGE_DAYS, {
    message: `*一次最多查询 ${CALENDAR_MAX_RANGE_DAYS} 天`,
    path: ['to'],
  });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;
export type CalendarQueryInput = z.input<typeof calendarQuerySchema>;

/**
 * An entry: a model's working day on an order. `rank` orders the live options (reserved and pending,
 * not expired) of one model on one day by when they were placed: 1 is the first choice. Null otherwise.
 */
export const calendarEntrySchema = z.object({
  id: z.number().int(),
  model_id: z.number().int(),
  order_id: z.number().int(),
  date: z.string(),
  /** ISO instants. */
  start: z.string(),
  end: z.string(),
  status: calendarBookingDisplayStatusSchema,
  rank: z.number().int().nullable(),
  expires_at: z.string().nullable(),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

/** The orders the entries belong to, once each. */
export const calendarOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  status: orderStatusSchema,
  job_type: jobTypeSchema.nullable(),
  company_name: z.string().nullable(),
  owner: memberRefSchema.nullable(),
});
export type CalendarOrder = z.infer<typeof calendarOrderSchema>;

export const calendarTripSchema = z.object({
  id: z.number().int(),
  model_id: z.number().int(),
  kind: modelTripKindSchema,
  start_date: z.string(),
  end_date: z.string(),
  place: z.string().nullable(),
});
export type CalendarTrip = z.infer<typeof calendarTripSchema>;

export const calendarModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  english_name: z.string().nullable(),
});
export type CalendarModel = z.infer<typeof calendarModelSchema>;

export const calendarSchema = z.object({
  entries: z.array(calendarEntrySchema),
  orders: z.array(calendarOrderSchema),
  /** Trips overlapping the range: of the filter's models, or of every model of the team. */
  trips: z.array(calendarTripSchema),
  /** The models that have an entry or a trip in the answer. */
  models: z.array(calendarModelSchema),
});
export type Calendar = z.infer<typeof calendarSchema>;

/**
 * POST /v1/calendar/holds: hold models' days from the calendar (drag on empty space). Makes a draft order
 * owned by the caller, with a reserved option per model and day.
 */
export const calendarHoldSchema = z
  .object({
    model_ids: z
      .array(z.number().int().positive())
      .min(1, '*请选择模特')
      .max(ORDER_LIMITS.models, ORDER_MESSAGES.tooManyModels)
      .refine((ids) => new Set(ids).size === ids.length, { message: ORDER_MESSAGES.modelsRepeated }),
    days: z.array(orderDaySchema).min(1, '*请选择日期').max(ORDER_LIMITS.days, ORDER_MESSAGES.tooManyDays),
    title: textSchema({ max: ORDER_LIMITS.titleLength }).optional(),
  })
  .refine((hold) => withinModelDays(hold.model_ids.length, hold.days.length), {
    message: ORDER_MESSAGES.tooManyModelDays,
    path: ['days'],
  });
export type CalendarHold = z.infer<typeof calendarHoldSchema>;
export type CalendarHoldInput = z.input<typeof calendarHoldSchema>;
