/**
 * Order constants (docs/product.md "Orders"): the statuses and their labels, the billing step's words, fee
 * units, the limits of one order and the option and renewal periods. The order schemas are in
 * ./order.schema, their messages and notices in ./order-messages.
 */
import { z } from 'zod';

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
 * after it was last changed is removed by the daily jobs; its number is never handed out again. One day
 * (issue 35): an abandoned 新建订单 click must not sit at the top of the list for a week.
 */
export const ABANDONED_DRAFT_DAYS = 1;
/** Usage licences ending within this many days are handled by the renewal job. */
export const USAGE_RENEWAL_NOTICE_DAYS = 30;
