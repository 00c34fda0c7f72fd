/**
 * Orders (订单, bookings) as staff see them (docs/product.md "Orders"): the job, its days, the models on
 * it with their fee lines, and the lifecycle draft → submitted (approval) → confirmed → completed → billed,
 * or cancelled. Money is integer fen (./money); totals come from `orderTotals` there.
 */
import { z } from 'zod';
import { APPROVAL_MESSAGES, approvalStepSchema } from './approval.schema';
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
import { pageQuerySchema, queryList, sortSchema } from './envelope';
import {
  type FeeFigures,
  formatYuan,
  hasTwoDecimalsAtMost,
  lineExceedsLimit,
  MAX_FEE_FEN,
  MAX_FEE_QUANTITY,
  MAX_LINE_FEN,
  MAX_ORDER_FEN,
  orderExceedsLimit,
} from './money';
import { textSchema } from './patterns';
import { fileCreateSchema } from './upload.schema';

// --- Statuses ----------------------------------------------------------------------------------------------

/**
 * Where an order stands. `completed` (work done) is not stored: a confirmed order whose last day is
 * before today (business time) is completed, so it needs no job to flip it.
 */
export const ORDER_STATUSES = [
  'draft',
  'submitted',
  'confirmed',
  'completed',
  'billed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatusSchema = z.enum(ORDER_STATUSES);

/**
 * The billing step's words (docs/product.md "Billing words"), the ones finance uses, and the only ones:
 * a completed order waits 待出账; the owner or a manager 出账 it; it is then 已出账 (at its 出账时间) and
 * finance finds it in 待开票, the fixed label of its list (`/finance/ready_to_invoice`, permissions.ts).
 * 结算 is left to what the agency pays its models (结算单, docs/product.md "Invoice and payment").
 */
export const BILLING_WORDS = {
  /** The step (POST /v1/orders/{id}/bill) and its button. */
  step: '出账',
  /** A completed order not billed yet; the title of 待办's list of them. */
  waiting: '待出账',
  /** The status `billed`. */
  done: '已出账',
  /** When it was billed (`billed_at`). */
  time: '出账时间',
  /** Finance's list of billed orders to invoice. */
  financeList: '待开票',
  /** What every confirmation of the step says. */
  handOver: '出账后订单进入财务的待开票，不能再取消',
} as const;

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  draft: '草稿',
  submitted: '已提交',
  confirmed: '已确认',
  completed: '已完成',
  billed: BILLING_WORDS.done,
  cancelled: '已取消',
};

export const FEE_UNITS = ['day', 'hour', 'job'] as const;
export type FeeUnit = (typeof FEE_UNITS)[number];
export const feeUnitSchema = z.enum(FEE_UNITS);
export const FEE_UNIT_LABELS: Readonly<Record<FeeUnit, string>> = { day: '天', hour: '小时', job: '单' };

/**
 * Limits of one order: what an agency books at most in one job (docs/product.md "Orders", docs/decisions.md
 * "What one order may hold"). `modelDays` bounds its calendar entries (models × days: 50 models for 12
 * days, or 10 for 60), `feeLines` the fee lines of all its models together.
 */
export const ORDER_LIMITS = {
  days: 60,
  models: 50,
  modelDays: 600,
  feesPerModel: 20,
  feeLines: 200,
  attachments: 30,
  titleLength: 100,
  placeLength: 200,
  notesLength: 2000,
} as const;

/** How long an option (a hold on a model's day) lasts when its order does not say. */
export const OPTION_DEFAULT_HOURS = 72;
/** An option can be held at most this long ahead. */
export const OPTION_MAX_DAYS = 90;
/**
 * A draft left empty (no title, model, fee line, note nor attachment, never submitted) this many days
 * after it was last changed is removed by the daily jobs; its number is never handed out again.
 */
export const ABANDONED_DRAFT_DAYS = 7;
/** Usage licences ending within this many days are handled by the renewal job. */
export const USAGE_RENEWAL_NOTICE_DAYS = 30;

export const ORDER_MESSAGES = {
  orderNotFound: '订单不存在',
  entryNotFound: '档期不存在',
  attachmentNotFound: '附件不存在',
  attachmentsFull: `每个订单最多 ${ORDER_LIMITS.attachments} 个附件`,
  notDraft: '只有草稿状态的订单可以修改',
  notOwner: '只能操作自己负责的订单',
  incomplete: (missing: string) => `订单信息不完整，请先填写：${missing}`,
  alreadySubmitted: '订单已提交审批，请等待审批结果',
  notSubmitted: '订单不在审批中',
  alreadyDecided: '该订单已审批',
  notPassed: '订单尚未审批通过，不能确认',
  notConfirmable: '只有审批通过的订单可以确认',
  cancelled: '订单已取消',
  confirmationOfCancelled: '订单已取消，不能导出确认单',
  alreadyBilled: `订单${BILLING_WORDS.done}，不能取消`,
  notCompleted: `订单的工作尚未完成（最后一天还未过去），不能${BILLING_WORDS.step}`,
  notBillable: `只有已确认且工作已完成的订单可以${BILLING_WORDS.step}`,
  draftCancelByOwner: '已提交的订单只能由有订单管理权限的成员取消',
  rejectNeedsComment: APPROVAL_MESSAGES.rejectNeedsComment,
  reasonRequired: '*请填写取消原因',
  dayEndBeforeStart: '*结束时间须晚于开始时间',
  daysRepeated: '*日期不能重复',
  modelsRepeated: '*模特不能重复',
  usageEndBeforeStart: '*授权结束日期不能早于开始日期',
  quantityDecimals: '*数量最多两位小数',
  quantityPositive: '*数量须大于 0',
  quantityTooLarge: `*数量最多为 ${MAX_FEE_QUANTITY.toLocaleString('en-US')}`,
  amountInvalid: `*金额须为 0 到 ${formatYuan(MAX_FEE_FEN)} 之间，最多两位小数`,
  /** On the line's amount: its figures come from amount, quantity and rate, the amount is what one lowers. */
  lineTooLarge: `*单条费用含税最多 ${formatYuan(MAX_LINE_FEN)}`,
  orderTooLarge: `*订单含税合计最多 ${formatYuan(MAX_ORDER_FEN)}，请拆分为多个订单`,
  tooManyDays: `*每个订单最多 ${ORDER_LIMITS.days} 个工作日`,
  tooManyModels: `*每个订单最多 ${ORDER_LIMITS.models} 位模特`,
  tooManyModelDays: `*模特数 × 工作日数最多 ${ORDER_LIMITS.modelDays}，请分成几个订单`,
  /** Beside a count the product bound holds below its own limit. */
  modelDaysHint: `模特数 × 工作日数最多 ${ORDER_LIMITS.modelDays}`,
  tooManyFeesOfModel: `*每位模特最多 ${ORDER_LIMITS.feesPerModel} 项费用`,
  tooManyFeeLines: `*每个订单最多 ${ORDER_LIMITS.feeLines} 项费用，请分成几个订单`,
  modelLeft: (model: string) => `模特「${model}」已解约，不能加入订单`,
  contactOfOtherCompany: '*联系人不属于所选公司',
  ownerNotMember: '*负责人不是本团队的有效成员',
  holdUntilInPast: '*保留期限须晚于现在',
  holdUntilTooFar: `*保留期限最长为 ${OPTION_MAX_DAYS} 天`,
  /** Confirming over a model's confirmed job or trip. */
  conflictOrder: (model: string, date: string, number: string) =>
    `模特「${model}」${date} 已有确认的订单 ${number}，档期冲突`,
  conflictTrip: (model: string, date: string, trip: string) =>
    `模特「${model}」${date} 有${trip}行程，档期冲突`,
  releaseLocked: '已锁定的档期不能释放，请取消订单',
  releaseNotLive: '该档期已释放',
  placesDisabled: '未配置地图服务',
  placesFailed: '地点搜索暂时不可用，请直接填写地点',
} as const;

/** What a submitted order must have. */
export const ORDER_REQUIRED_LABELS = {
  company_id: '客户公司',
  job_type: '工作类型',
  title: '订单标题',
  days: '工作日期',
  models: '模特',
} as const;

/** Notifications of the order lifecycle, the calendar's options and usage licences. */
export const ORDER_NOTICES = {
  approvalRequired: (number: string, title: string) => `订单 ${number}「${title}」等待你的审批`,
  approvalRequiredBody: (member: string) => `${member} 提交了审批`,
  approved: (number: string) => `订单 ${number} 已审批通过`,
  rejected: (number: string) => `订单 ${number} 被拒绝，已退回草稿`,
  decisionBody: (member: string, comment: string) => `${member}${comment ? `：${comment}` : ''}`,
  confirmed: (number: string) => `订单 ${number} 已确认，档期已锁定`,
  cancelled: (number: string) => `订单 ${number} 已取消`,
  promoted: (model: string, date: string) => `模特「${model}」${date} 的档期已升为第一选择`,
  promotedBody: (number: string) => `前一位的选择已释放，订单 ${number} 现在排在第一`,
  lockedByOther: (model: string, date: string) => `模特「${model}」${date} 已被其他订单确认`,
  renewalDraft: (model: string, media: string) =>
    `「${model}」的肖像授权（${media}）即将到期，续约订单已生成`,
  renewalDecide: (model: string, media: string) =>
    `「${model}」的肖像授权（${media}）即将到期，请决定是否续约`,
  renewalStop: (model: string, media: string) => `「${model}」的肖像授权（${media}）即将到期，不续约`,
  renewalBody: (end: string, number: string) => `授权至 ${end} 结束（订单 ${number}）`,
  renewalStopBody: (end: string, number: string) => `授权至 ${end} 结束，到期后须停止使用（订单 ${number}）`,
} as const;

// --- Input -------------------------------------------------------------------------------------------------

const dateSchema = z.iso.date({ error: '*日期格式不正确' });
const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '*时间格式为 HH:mm');
const feeAmountSchema = z
  .number({ error: ORDER_MESSAGES.amountInvalid })
  .int(ORDER_MESSAGES.amountInvalid)
  .min(0, ORDER_MESSAGES.amountInvalid)
  .max(MAX_FEE_FEN, ORDER_MESSAGES.amountInvalid);

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
  hold_until: z.iso.datetime({ offset: true }).nullable(),
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

const idQuery = z.coerce.number<number>().int().positive();

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
  company_id: idQuery.optional(),
  model_id: idQuery.optional(),
  owner_member_id: idQuery.optional(),
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
