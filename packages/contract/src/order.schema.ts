/**
 * Orders (订单, bookings) as staff see them (docs/product.md "Orders"): the job, its days, the models on
 * it with their fee lines, and the lifecycle draft → submitted (approval) → confirmed → completed → billed,
 * or cancelled. Money is integer fen (./money); totals come from `orderTotals` there. This file holds the
 * schemas of the order endpoints; the statuses, labels and limits are in ./order-constants, the messages in
 * ./order-messages.
 */
import { z } from 'zod';
import { approvalStepSchema } from './approval.schema';
import { memberRefSchema } from './company.schema';
import { TAX_RATES, taxRateSchema } from './constants';
import {
  approvalStatusSchema,
  calendarBookingDisplayStatusSchema,
  feeKindSchema,
  jobTypeSchema,
  paymentStatusSchema,
  renewalOptionSchema,
} from './enums';
import {
  dateSchema,
  fenSchema,
  idQuerySchema,
  instantSchema,
  pageQuerySchema,
  queryList,
  sortSchema,
} from './envelope';
import { orderPaymentStateSchema } from './finance-enums';
import {
  type FeeFigures,
  hasTwoDecimalsAtMost,
  lineExceedsLimit,
  MAX_FEE_FEN,
  MAX_FEE_QUANTITY,
  orderExceedsLimit,
} from './money';
import { feeUnitSchema, ORDER_LIMITS, orderStatusSchema } from './order-constants';
import { ORDER_MESSAGES } from './order-messages';
import { textSchema } from './patterns';
import { taxpayerTypeSchema } from './team-recipient.schema';
import { fileCreateSchema } from './upload.schema';

// --- Input -------------------------------------------------------------------------------------------------

const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '*时间格式为 HH:mm');
const feeAmountSchema = fenSchema({ max: MAX_FEE_FEN, zero: true, message: ORDER_MESSAGES.amountInvalid });

/** One working day of the job, with its hours. */
export const orderDaySchema = z
  .object({ date: dateSchema, start_time: timeSchema, end_time: timeSchema })
  .refine((day) => day.end_time > day.start_time, {
    message: ORDER_MESSAGES.dayEndBeforeStart,
    path: ['end_time'],
  });
export type OrderDay = z.infer<typeof orderDaySchema>;

/** A line beyond MAX_LINE_FEN is refused on its amount (the field the editor shows it beside). */
const lineWithinLimit = (fee: FeeFigures, context: z.RefinementCtx) => {
  if (lineExceedsLimit(fee)) {
    context.addIssue({ code: 'custom', message: ORDER_MESSAGES.lineTooLarge, path: ['amount'] });
  }
};

/** 费用: `amount` fen per `unit`, × `quantity`. */
export const modelFeeInputSchema = z
  .object({
    kind: z.literal('ModelFee'),
    amount: feeAmountSchema,
    unit: feeUnitSchema,
    quantity: z
      .number({ error: ORDER_MESSAGES.quantityPositive })
      .positive(ORDER_MESSAGES.quantityPositive)
      .max(MAX_FEE_QUANTITY, ORDER_MESSAGES.quantityTooLarge)
      .refine(hasTwoDecimalsAtMost, ORDER_MESSAGES.quantityDecimals),
    tax_rate: taxRateSchema,
    note: textSchema({ max: 100 }).optional().default(''),
  })
  .superRefine(lineWithinLimit);

/** 肖像授权: a lump sum for using the photos in `media`, in `territory`, from `start_date` to `end_date`. */
export const usageFeeInputSchema = z
  .object({
    kind: z.literal('UsageFee'),
    amount: feeAmountSchema,
    tax_rate: taxRateSchema,
    media: textSchema({ min: 1, max: 100, message: '*请填写授权媒介' }),
    territory: textSchema({ min: 1, max: 50, message: '*请填写授权地区' }),
    start_date: dateSchema,
    end_date: dateSchema,
    renewal: renewalOptionSchema.optional().default('pending'),
    note: textSchema({ max: 100 }).optional().default(''),
  })
  .refine((fee) => fee.end_date >= fee.start_date, {
    message: ORDER_MESSAGES.usageEndBeforeStart,
    path: ['end_date'],
  })
  .superRefine(lineWithinLimit);

export const feeLineInputSchema = z.discriminatedUnion('kind', [modelFeeInputSchema, usageFeeInputSchema]);
export type FeeLineInput = z.infer<typeof feeLineInputSchema>;
export type FeeLineFormInput = z.input<typeof feeLineInputSchema>;

export const orderModelInputSchema = z.object({
  model_id: z.number().int().positive(),
  fees: z
    .array(feeLineInputSchema)
    .max(ORDER_LIMITS.feesPerModel, ORDER_MESSAGES.tooManyFeesOfModel)
    .optional()
    .default([]),
});
export type OrderModelInput = z.infer<typeof orderModelInputSchema>;

const orderFields = {
  company_id: z.number().int().positive().nullable(),
  contact_id: z.number().int().positive().nullable(),
  brand: textSchema({ max: 50 }),
  job_type: jobTypeSchema.nullable(),
  title: textSchema({ max: ORDER_LIMITS.titleLength }),
  place: textSchema({ max: ORDER_LIMITS.placeLength }),
  notes: textSchema({ max: ORDER_LIMITS.notesLength, multiline: true }),
  days: z
    .array(orderDaySchema)
    .max(ORDER_LIMITS.days, ORDER_MESSAGES.tooManyDays)
    .refine((days) => new Set(days.map((day) => day.date)).size === days.length, {
      message: ORDER_MESSAGES.daysRepeated,
    }),
  models: z
    .array(orderModelInputSchema)
    .max(ORDER_LIMITS.models, ORDER_MESSAGES.tooManyModels)
    .refine((models) => new Set(models.map((model) => model.model_id)).size === models.length, {
      message: ORDER_MESSAGES.modelsRepeated,
    })
    .refine(
      (models) => models.reduce((lines, model) => lines + model.fees.length, 0) <= ORDER_LIMITS.feeLines,
      { message: ORDER_MESSAGES.tooManyFeeLines },
    )
    .refine((models) => !orderExceedsLimit(models.flatMap((model) => model.fees)), {
      message: ORDER_MESSAGES.orderTooLarge,
    }),
  /** Who is responsible; the creator by default. Only a member with `my_bill` manage hands it to another. */
  owner_member_id: z.number().int().positive(),
  /** When the options of a draft or submitted order lapse; OPTION_DEFAULT_HOURS after placing if null. */
  hold_until: instantSchema.nullable(),
  /**
   * The payee entity (收款主体) that invoices and receives the money; left out on create: the team's
   * default entity. Changes while the order is a draft; null: none.
   */
  team_recipient_id: z.number().int().positive().nullable(),
};

/**
 * The most days an order of `models` models may have, and the most models an order of `days` days may
 * have: each within its own limit and models × days within ORDER_LIMITS.modelDays. The forms offer no
 * more; the schemas and the server refuse more (ORDER_MESSAGES.tooManyModelDays).
 */
export const orderRoom = (counts: { models: number; days: number }) => ({
  days: Math.min(ORDER_LIMITS.days, Math.floor(ORDER_LIMITS.modelDays / Math.max(1, counts.models))),
  models: Math.min(ORDER_LIMITS.models, Math.floor(ORDER_LIMITS.modelDays / Math.max(1, counts.days))),
});

/** Whether an order of `models` models on `days` days holds no more calendar entries than it may. */
export const withinModelDays = (models: number, days: number) => models * days <= ORDER_LIMITS.modelDays;

/**
 * POST /v1/orders: a draft, from whatever is known (an empty body gives an empty draft). `days` and
 * `models` replace the whole list when sent; sent together, they hold at most ORDER_LIMITS.modelDays
 * entries (one sent alone is checked against the stored other by the server).
 */
export const orderCreateSchema = z
  .object(orderFields)
  .partial()
  .refine(
    (order) => !order.models || !order.days || withinModelDays(order.models.length, order.days.length),
    { message: ORDER_MESSAGES.tooManyModelDays, path: ['days'] },
  );
export type OrderCreate = z.infer<typeof orderCreateSchema>;
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

/** PATCH /v1/orders/{id}: only a draft changes; what is sent is replaced. */
export const orderUpdateSchema = orderCreateSchema;
export type OrderUpdate = OrderCreate;
export type OrderUpdateInput = OrderCreateInput;

/** POST /v1/orders/{id}/cancel. */
export const orderCancelSchema = z.object({
  reason: textSchema({ min: 1, max: 200, message: ORDER_MESSAGES.reasonRequired }),
});
export type OrderCancel = z.infer<typeof orderCancelSchema>;

/** POST /v1/orders/{id}/attachments: a blob from the upload pipeline (POST /v1/direct_uploads). */
export const orderAttachmentCreateSchema = fileCreateSchema.pick({ signed_id: true });
export const orderAttachmentParamsSchema = z.object({
  id: z.coerce.number<number>().int().positive(),
  attachment_id: z.coerce.number<number>().int().positive(),
});

// --- Answers -----------------------------------------------------------------------------------------------

export const totalsSchema = z.object({
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  model_fees: z.number().int(),
  usage_fees: z.number().int(),
});

/** A fee line as stored, with its figures. Fields of the other kind are null. */
export const feeLineSchema = z.object({
  id: z.number().int(),
  kind: feeKindSchema,
  amount: z.number().int(),
  unit: feeUnitSchema.nullable(),
  quantity: z.number().nullable(),
  tax_rate: z.literal(TAX_RATES),
  note: z.string(),
  media: z.string().nullable(),
  territory: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  renewal: renewalOptionSchema.nullable(),
  payment_status: paymentStatusSchema,
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type FeeLine = z.infer<typeof feeLineSchema>;

export const orderModelSchema = z.object({
  model_id: z.number().int(),
  name: z.string(),
  english_name: z.string().nullable(),
  cover_thumb_url: z.string().nullable(),
  /** Empty when the caller may not see this order's fees (`fees_visible`). */
  fees: z.array(feeLineSchema),
  totals: totalsSchema.nullable(),
});
export type OrderModel = z.infer<typeof orderModelSchema>;

export const orderAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  /** Signed download address, short-lived. */
  url: z.string(),
  created_at: z.string(),
});
export type OrderAttachment = z.infer<typeof orderAttachmentSchema>;

/** A calendar entry of the order (one per model and day). */
export const orderEntrySchema = z.object({
  id: z.number().int(),
  model_id: z.number().int(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  status: calendarBookingDisplayStatusSchema,
  rank: z.number().int().nullable(),
  expires_at: z.string().nullable(),
});
export type OrderEntry = z.infer<typeof orderEntrySchema>;

/** What the caller may do with this order now (the server checks again on every call). */
export const orderAbilitiesSchema = z.object({
  edit: z.boolean(),
  submit: z.boolean(),
  approve: z.boolean(),
  confirm: z.boolean(),
  cancel: z.boolean(),
  bill: z.boolean(),
  attach: z.boolean(),
  /** 导出确认单 (the page and its PDF): anyone who sees the order, unless it is cancelled. */
  export: z.boolean(),
});
export type OrderAbilities = z.infer<typeof orderAbilitiesSchema>;

const refSchema = z.object({ id: z.number().int(), name: z.string() });

const orderCommonShape = {
  id: z.number().int(),
  number: z.string(),
  status: orderStatusSchema,
  /** Null until the first submission. */
  approval_status: approvalStatusSchema.nullable(),
  company: refSchema.nullable(),
  contact: refSchema.nullable(),
  brand: z.string(),
  job_type: jobTypeSchema.nullable(),
  title: z.string(),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  owner: memberRefSchema.nullable(),
  /** False for a member below `my_bill` manage on another member's order: amounts are left out. */
  fees_visible: z.boolean(),
  totals: totalsSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** GET /v1/orders/{id}. */
export const orderSchema = z.object({
  ...orderCommonShape,
  place: z.string(),
  notes: z.string(),
  days: z.array(z.object({ date: z.string(), start_time: z.string(), end_time: z.string() })),
  models: z.array(orderModelSchema),
  hold_until: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** The payee entity (收款主体): its id, and its short name and taxpayer data for display and new lines. */
  team_recipient_id: z.number().int().nullable(),
  team_recipient: z
    .object({
      id: z.number().int(),
      short_name: z.string(),
      taxpayer_type: taxpayerTypeSchema,
      default_tax_rate: taxRateSchema.nullable(),
    })
    .nullable(),
  /** The order whose usage licence this one renews. */
  renewal_of: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  attachments: z.array(orderAttachmentSchema),
  approvals: z.array(approvalStepSchema),
  entries: z.array(orderEntrySchema),
  can: orderAbilitiesSchema,
  submitted_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  billed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /**
   * How much is received (issue 23, the contract's orderMoney of the fee lines' payments): 未收款 /
   * 部分收款 / 已收款. Null before the order is confirmed and for a cancelled one: nothing to collect.
   */
  payment_state: orderPaymentStateSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** An order in GET /v1/orders: what a row shows. */
export const orderListItemSchema = z.object({
  ...orderCommonShape,
  day_count: z.number().int(),
  models: z.array(z.object({ model_id: z.number().int(), name: z.string() })),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** POST /v1/orders answers where the new draft is. */
export const orderCreatedSchema = z.object({ id: z.number().int(), number: z.string() });
export type OrderCreated = z.infer<typeof orderCreatedSchema>;

// --- Queries -----------------------------------------------------------------------------------------------

export const ORDER_SORTS = ['created_at', 'first_date', 'number'] as const;

/**
 * GET /v1/orders filters. `from`/`to` keep orders with a working day in that range; `keyword` matches the
 * start of the number, or part of the title, brand or company name. Newest first unless sorted.
 */
/** An option (a reserved calendar entry) "expires soon" within this many hours: the dashboard's figure. */
export const OPTIONS_EXPIRING_SOON_HOURS = 48;

export const orderFilterSchema = z.object({
  status: queryList(orderStatusSchema).optional(),
  approval_status: queryList(approvalStatusSchema).optional(),
  job_type: queryList(jobTypeSchema, 30).optional(),
  company_id: idQuerySchema.optional(),
  model_id: idQuerySchema.optional(),
  owner_member_id: idQuerySchema.optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  keyword: textSchema({ max: 50 }).optional(),
  /** Orders with a usage licence (肖像授权) ending in this range (the dashboard's licences to renew). */
  usage_end_from: dateSchema.optional(),
  usage_end_to: dateSchema.optional(),
  /** Orders holding an option that expires within OPTIONS_EXPIRING_SOON_HOURS (the dashboard's figure). */
  options_expiring: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** Only submitted orders waiting for a decision the caller can make (the 待办 page). */
  awaiting_my_approval: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  sort: sortSchema(ORDER_SORTS).optional(),
});
export type OrderFilter = z.infer<typeof orderFilterSchema>;
export type OrderFilterInput = z.input<typeof orderFilterSchema>;
export const orderQuerySchema = pageQuerySchema.extend(orderFilterSchema.shape);
export type OrderQuery = z.infer<typeof orderQuerySchema>;

/** Most rows one Excel export holds. */
export const ORDER_EXPORT_MAX_ROWS = 5000;

// --- Places ------------------------------------------------------------------------------------------------

/** The map services whose place-text search the order form can use (MAP_PROVIDER). */
export const MAP_PROVIDERS = ['amap', 'tencent'] as const;
export type MapProvider = (typeof MAP_PROVIDERS)[number];

export const placeQuerySchema = z.object({
  keyword: textSchema({ min: 1, max: 50, message: '*请输入地点关键词' }),
  city: textSchema({ max: 20 }).optional(),
});
export const placeSchema = z.object({ name: z.string(), address: z.string(), city: z.string() });
export type Place = z.infer<typeof placeSchema>;
/** `enabled` false: no map service is set up, and the form keeps a plain text field. */
export const placeSearchSchema = z.object({ enabled: z.boolean(), items: z.array(placeSchema) });
export type PlaceSearch = z.infer<typeof placeSearchSchema>;
