/**
 * Model settlements (结算单, docs/product.md "Model settlements"): what the agency pays a model for the fees
 * clients paid, drafted from what is ready (GET /v1/settlements/ready), approved (approval kind
 * `settlement`, `accounting` manage), paid, and corrected by a new settlement with negative lines; and the
 * month's withholding list (扣缴明细). The bodies, queries, answers and texts. Every figure comes from
 * ./settlement-math and ./income-tax; the statuses from ./settlement-enums.
 */
import { z } from 'zod';
import { approvalStepSchema } from './approval.schema';
import { addMonths } from './business-time';
import { memberRefSchema } from './company.schema';
import { feeKindSchema } from './enums';
import {
  dateSchema,
  fenSchema,
  idQuerySchema,
  idSchema,
  monthSchema,
  pageQuerySchema,
  queryList,
  sortSchema,
} from './envelope';
import { INPUT_BOUND_MESSAGES } from './messages';
import { modelPayoutTypeSchema } from './model.schema';
import { modelDeductionKindSchema } from './model-deduction.schema';
import { textSchema } from './patterns';
import { incomeCategorySchema, settlementStatusSchema } from './settlement-enums';
import { idTypeSchema, taxResidencySchema } from './tax-identity';

export const SETTLEMENT_MESSAGES = {
  notFound: '结算单不存在',
  modelNotFound: '模特不存在',
  recipientNotFound: '收款主体不存在',
  recipientDisabled: '该收款主体已停用，请选择其他主体',
  commissionRateMissing: '该模特尚未填写佣金比例，请先在模特资料中填写后再结算',
  nothingToSettle: '该模特目前没有可结算的金额',
  /** A chosen fee line that is not a line of a billed order of the model. */
  lineNotSettleable: '所选费用须为该模特已出账订单的费用',
  lineNothingReleasable: '所选费用目前没有可结算的金额（客户尚未付款或已结算）',
  advanceForbidden: '只有财务管理权限可以在客户付款前预付结算',
  /** A line a correction not yet paid takes back is settled again once that correction is paid (or deleted). */
  unpaidCorrection: (number: string) =>
    `所选费用有未付款的冲正结算单 ${number}，请先完成付款或删除该冲正结算单后再结算`,
  notSubmittable: '只有草稿状态的结算单可以提交审批',
  notDecidable: '只有待审批的结算单可以审批',
  notPayable: '只有已通过审批的结算单可以登记付款',
  notDeletable: '只有草稿或已驳回的结算单可以删除',
  notCorrectable: '只有已付款的结算单可以冲正',
  correctionOfCorrection: '冲正结算单不能再冲正',
  lineNotInSettlement: '所选费用不在该结算单中',
  lineAlreadyCorrected: '所选费用已有冲正结算单',
  feeLineNotFound: '费用不存在',
  /** A line's commission rate holds once a settlement took it. */
  overrideAfterSettled: '该费用已有结算单，不能再调整佣金比例（如需更正请冲正后重新结算）',
  overrideNotFound: '该费用没有调整过佣金比例',
  overrideRateInvalid: '*佣金比例应为 0 到 100% 之间',
  paidInFuture: '*付款日期不能晚于今天',
  paidBeforeCreated: '*付款日期不能早于结算单的生成日期',
  /** The net worked out for the payment's month is not what the payer saw (another payout was paid meanwhile). */
  netChanged: (net: string) => `实付金额已按付款月份重新计算为 ${net}，请核对后重新登记付款`,
  /** A payment of more than the settlement's net (issue 35 item 10): how much can be paid. */
  payMoreThanNet: (net: string) => `*付款金额超过结算单的实付金额，最多可付 ${net}`,
  /** A settlement is paid once, in full: less than its net is not a payment of it. */
  payLessThanNet: (net: string) => `*结算单须一次付清实付金额 ${net}，请按该金额登记付款`,
  periodReversed: '*结束日期不能早于开始日期',
  periodIncomplete: '*请同时填写开始和结束日期',
  monthInvalid: INPUT_BOUND_MESSAGES.monthInvalid,
} as const;

/** What notifications about settlements say. */
export const SETTLEMENT_NOTICES = {
  submitted: (number: string, model: string) => `模特结算等待你的审批：${number}（${model}）`,
  submittedBody: (nickname: string, net: string) => `${nickname} 提交了结算单，实付 ${net}`,
  passed: (number: string) => `结算单已通过审批：${number}`,
  rejected: (number: string) => `结算单被驳回：${number}`,
  decisionBody: (nickname: string, comment: string) => (comment ? `${nickname}：${comment}` : nickname),
  /** The reminder of the 10th (WITHHOLDING_REMINDER_DAY) to the `accounting` managers. */
  withholdingDue: '上月代扣个税待申报',
  /** `2026年11月向 3 位模特代扣个税 ¥1,234.00，请于12月15日前完成申报`; `tax` already formatted. */
  withholdingDueBody: (month: string, people: number, tax: string) =>
    `${monthInChinese(month)}向 ${people} 位模特代扣个税 ${tax}，请于${withholdingDueText(month)}前完成申报`,
} as const;

/**
 * The withholding filing (扣缴申报) of a month's payouts is due by the 15th of the next month; on the
 * 10th the daily job reminds finance of last month's list (docs/product.md "Model settlements").
 */
export const WITHHOLDING_DUE_DAY = 15;
export const WITHHOLDING_REMINDER_DAY = 10;

/** `2026年11月` of a month `YYYY-MM`. */
export const monthInChinese = (month: string): string =>
  `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

/** The business date the filing of `month`'s withholding is due by: the 15th of the next month. */
export const withholdingDueDate = (month: string): string =>
  `${addMonths(`${month}-01`, 1).slice(0, 8)}${WITHHOLDING_DUE_DAY}`;

/** `12月15日`: the due date of `month`'s filing, as the reminder and the screen say it. */
export const withholdingDueText = (month: string): string => {
  const due = withholdingDueDate(month);
  return `${Number(due.slice(5, 7))}月${Number(due.slice(8, 10))}日`;
};

export const SETTLEMENT_LIMITS = {
  /** Fee lines one request may name. */
  lines: 500,
  reference: 64,
  reason: 200,
} as const;

const periodRefinement = <T extends { period_from?: string | undefined; period_to?: string | undefined }>(
  body: T,
  context: z.RefinementCtx,
) => {
  if ((body.period_from === undefined) !== (body.period_to === undefined)) {
    const path = body.period_from === undefined ? 'period_from' : 'period_to';
    context.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.periodIncomplete, path: [path] });
  } else if (body.period_from && body.period_to && body.period_to < body.period_from) {
    context.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.periodReversed, path: ['period_to'] });
  }
};

/**
 * POST /v1/settlements: a model's settlement of everything releasable now, or of the chosen fee lines, or
 * of the lines of orders whose first day falls in the period. `advance` (accounting manage) settles the
 * lines whole, ahead of what the client has paid; each line so paid is recorded as an advance.
 */
export const settlementCreateSchema = z
  .object({
    model_id: idSchema,
    fee_line_ids: z.array(idSchema).min(1, '请选择要结算的费用').max(SETTLEMENT_LIMITS.lines).optional(),
    period_from: dateSchema.optional(),
    period_to: dateSchema.optional(),
    advance: z.boolean().optional().default(false),
  })
  .superRefine(periodRefinement);
export type SettlementCreate = z.infer<typeof settlementCreateSchema>;
export type SettlementCreateInput = z.input<typeof settlementCreateSchema>;

/**
 * POST /v1/settlements/{id}/pay: the business date paid (not after today), the bank's reference, the payer,
 * and the net the payer transferred as the payment preview showed it (`expected_net`): refused when the tax
 * worked out for the payment's month gives another.
 */
export const settlementPaySchema = z.object({
  paid_on: dateSchema,
  reference: textSchema({
    min: 1,
    max: SETTLEMENT_LIMITS.reference,
    message: '*请输入付款流水号',
  }),
  /** The payee entity (收款主体) whose account paid. */
  team_recipient_id: idSchema,
  expected_net: z.number().int().optional(),
  /**
   * The amount transferred, in fen: a settlement is paid once, in full, so more than its net is refused
   * (saying how much can be paid), and so is less. Optional for callers that send `expected_net` alone.
   */
  amount: fenSchema({ zero: true, missing: '*请输入付款金额' }).optional(),
});
export type SettlementPay = z.infer<typeof settlementPaySchema>;

/** GET /v1/settlements/{id}/payment_preview: the figures a payment on that business date would record. */
export const settlementPaymentPreviewQuerySchema = z.object({ paid_on: dateSchema });
export type SettlementPaymentPreviewQuery = z.infer<typeof settlementPaymentPreviewQuerySchema>;

/** POST /v1/settlements/{id}/correct: the lines to take back (all when none are named), and why. */
export const settlementCorrectSchema = z.object({
  fee_line_ids: z.array(idSchema).min(1, '请选择要冲正的费用').max(SETTLEMENT_LIMITS.lines).optional(),
  reason: textSchema({
    min: 1,
    max: SETTLEMENT_LIMITS.reason,
    multiline: true,
    message: '*请填写冲正原因',
  }),
});
export type SettlementCorrect = z.infer<typeof settlementCorrectSchema>;

/**
 * PUT /v1/settlements/commission_overrides/{fee_line_id}: the fee line's commission rate in basis points
 * (2000 = 20%), over the model's, and why.
 */
export const commissionOverrideSchema = z.object({
  commission_rate: z
    .number({ error: SETTLEMENT_MESSAGES.overrideRateInvalid })
    .int(SETTLEMENT_MESSAGES.overrideRateInvalid)
    .min(0, SETTLEMENT_MESSAGES.overrideRateInvalid)
    .max(10_000, SETTLEMENT_MESSAGES.overrideRateInvalid),
  reason: textSchema({
    min: 1,
    max: SETTLEMENT_LIMITS.reason,
    multiline: true,
    message: '*请填写调整原因',
  }),
});
export type CommissionOverrideInput = z.infer<typeof commissionOverrideSchema>;

export const feeLineParamsSchema = z.object({ fee_line_id: z.coerce.number<number>().int().positive() });

/** A fee line's commission rate set by hand. */
export const commissionOverrideAnswerSchema = z.object({
  fee_line_id: z.number().int(),
  commission_rate: z.number().int(),
  reason: z.string(),
});
export type CommissionOverride = z.infer<typeof commissionOverrideAnswerSchema>;

/** The orders of GET /v1/settlements. */
export const SETTLEMENT_SORTS = ['created_at', 'paid_on'] as const;

/**
 * GET /v1/settlements: newest first unless sorted; `month` is the tax month (the month of the payment once
 * paid, the month drafted before), `keyword` matches the number and the model's name.
 */
export const settlementQuerySchema = pageQuerySchema.extend({
  model_id: idQuerySchema.optional(),
  status: queryList(settlementStatusSchema).optional(),
  month: monthSchema.optional(),
  created_from: dateSchema.optional(),
  created_to: dateSchema.optional(),
  keyword: textSchema({ max: 50 }).optional(),
  sort: sortSchema(SETTLEMENT_SORTS).optional(),
});
export type SettlementQuery = z.infer<typeof settlementQuerySchema>;
export type SettlementQueryInput = z.input<typeof settlementQuerySchema>;

/** GET /v1/settlements/ready: the models with something to settle or waiting for clients, by name. */
export const readyToSettleQuerySchema = pageQuerySchema.extend({
  model_id: idQuerySchema.optional(),
});
export type ReadyToSettleQuery = z.infer<typeof readyToSettleQuerySchema>;

/** GET /v1/finance/withholding and its export: one month's payouts to individuals. */
export const withholdingQuerySchema = z.object({ month: monthSchema });
export type WithholdingQuery = z.infer<typeof withholdingQuerySchema>;

// --- Answers -----------------------------------------------------------------------------------------------

const fen = z.number().int();
const namedRef = z.object({ id: z.number().int(), name: z.string() });

/** A share of a gross: the agency's commission, the mother agency's share (and the part the model bears), the income. */
const splitFields = {
  gross: fen,
  commission: fen,
  mother_agency: fen,
  mother_agency_from_model: fen,
  income: fen,
};

/** What a model would be paid, in fen: the share, the tax withheld, the deductions taken, the net. */
export const readyFiguresSchema = z.object({
  gross: fen,
  commission: fen,
  mother_agency: fen,
  income: fen,
  tax: fen,
  deductions: fen,
  net: fen,
});
export type ReadyFigures = z.infer<typeof readyFiguresSchema>;

/** A fee line of a model as 待结算 sees it: what the client paid, what is releasable now and what waits. */
export const readyToSettleLineSchema = z.object({
  fee_line_id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  order_title: z.string(),
  company_name: z.string().nullable(),
  /** The order's first day. */
  date: z.string().nullable(),
  kind: feeKindSchema,
  /** The income item it would be taxed as (the team's setting for its kind). */
  income_category: incomeCategorySchema,
  /** The line's total with VAT, what the client paid of it, and its gross (before VAT). */
  total: fen,
  paid: fen,
  line_gross: fen,
  /** What earlier settlements (not rejected) took of its gross. */
  settled_gross: fen,
  releasable: z.object(splitFields),
  waiting_gross: fen,
  /** A settlement paid it ahead of the client. */
  advanced: z.boolean(),
  /**
   * The commission rate (basis points) it is shared by: its latest settlement's while one holds part of
   * it, else its override, else the model's rate as of the order's first day.
   */
  commission_rate: z.number().int(),
  /** The rate set by hand for this line (accounting manage), over the model's. */
  commission_override: z.object({ rate: z.number().int(), reason: z.string() }).nullable(),
  /** A live settlement took it: its rate can no longer be overridden. */
  rate_locked: z.boolean(),
});
export type ReadyToSettleLine = z.infer<typeof readyToSettleLineSchema>;

/**
 * One model of 待结算: what is releasable now (the tax as a settlement drafted now would withhold it, the
 * unsettled deductions it would take) and what waits for clients' payments (the tax an estimate as if
 * paid this month after the releasable part).
 */
export const readyToSettleSchema = z.object({
  model: namedRef,
  payout_type: modelPayoutTypeSchema,
  /** The model's residency (null: not known yet, reckoned a resident in the figures). */
  tax_residency: taxResidencySchema.nullable(),
  /** The model's commission rate in basis points; null: not filled in, nothing can be settled. */
  commission_rate: z.number().int().nullable(),
  releasable: readyFiguresSchema,
  waiting: readyFiguresSchema,
  lines: z.array(readyToSettleLineSchema),
});
export type ReadyToSettle = z.infer<typeof readyToSettleSchema>;

/** A settlement's figures, in fen: negative in a correction. net = income − tax − deductions. */
export const settlementFiguresSchema = z.object({
  ...splitFields,
  taxable: fen,
  tax: fen,
  deductions: fen,
  net: fen,
});

/** What the caller may do with the settlement now (the server checks again). */
export const settlementAbilitiesSchema = z.object({
  /** Submit for approval: `accounting` edit, a draft. */
  submit: z.boolean(),
  /** Approve or reject: `accounting` manage, submitted. */
  decide: z.boolean(),
  /** Record the payment: `accounting` manage, passed. */
  pay: z.boolean(),
  /** Delete: `accounting` edit, a draft or rejected. */
  delete: z.boolean(),
  /** Correct: `accounting` edit, paid, not a correction itself, and a line of it not yet taken back. */
  correct: z.boolean(),
});

export const settlementSchema = z.object({
  id: z.number().int(),
  /** JS + business date + the day's sequence, e.g. JS20261124001. */
  number: z.string(),
  model: namedRef,
  status: settlementStatusSchema,
  /** How the model was paid when it was drafted (the model's 结算类型): a studio has nothing withheld. */
  payout_type: modelPayoutTypeSchema,
  /** An individual's residency the tax is worked out by; null: a studio, or not known yet (a resident's estimate). */
  tax_residency: taxResidencySchema.nullable(),
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  /**
   * The month its tax is worked out for: once paid, the month of `paid_on` (with that month's payouts of
   * each job); before, the month drafted, its tax an estimate.
   */
  tax_month: z.string(),
  ...settlementFiguresSchema.shape,
  /** Some of its lines were paid ahead of the client. */
  has_advance: z.boolean(),
  /** The paid settlement this one corrects, and why. */
  corrects: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  reason: z.string().nullable(),
  paid_on: z.string().nullable(),
  paid_reference: z.string().nullable(),
  paid_by: z.object({ id: z.number().int(), short_name: z.string() }).nullable(),
  created_by: memberRefSchema.nullable(),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  can: settlementAbilitiesSchema,
});
export type Settlement = z.infer<typeof settlementSchema>;

/** A fee line's part in a settlement. */
export const settlementLineSchema = z.object({
  id: z.number().int(),
  fee_line_id: z.number().int(),
  order: z.object({ id: z.number().int(), number: z.string(), title: z.string() }),
  company_name: z.string().nullable(),
  /** The order's first day. */
  date: z.string().nullable(),
  kind: feeKindSchema,
  /** The income item it is taxed as. */
  income_category: incomeCategorySchema,
  ...splitFields,
  /** Paid ahead of the client. */
  advance: z.boolean(),
  /** In a correction: the line of the corrected settlement it takes back. */
  corrects_line_id: z.number().int().nullable(),
  /** A live correction (not rejected) takes this line back: it cannot be corrected again. */
  corrected: z.boolean(),
});
export type SettlementLine = z.infer<typeof settlementLineSchema>;

/**
 * One payment of a settlement, a job (order) and an income item: its lines' share, and its tax with the
 * month's earlier payouts of it.
 */
export const settlementJobSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  income_category: incomeCategorySchema,
  ...splitFields,
  /** What paid settlements of the same month already paid and withheld for this job and item. */
  earlier_income: fen,
  earlier_tax: fen,
  taxable: fen,
  tax: fen,
});
export type SettlementJob = z.infer<typeof settlementJobSchema>;

/** A deduction (扣款) the settlement takes from the model's pay. */
export const settlementDeductionSchema = z.object({
  id: z.number().int(),
  kind: modelDeductionKindSchema,
  occurred_on: z.string(),
  amount: fen,
  note: z.string(),
});

export const settlementDetailSchema = settlementSchema.extend({
  /**
   * For an individual not yet paid: what the model's tax identity lacks (证件类型, 证件号码, 纳税身份 …, by
   * label), which a payment needs; empty otherwise.
   */
  tax_identity_missing: z.array(z.string()),
  lines: z.array(settlementLineSchema),
  jobs: z.array(settlementJobSchema),
  deductions_taken: z.array(settlementDeductionSchema),
  approvals: z.array(approvalStepSchema),
  /** The settlements correcting this one. */
  corrections: z.array(
    z.object({ id: z.number().int(), number: z.string(), status: settlementStatusSchema }),
  ),
});
export type SettlementDetail = z.infer<typeof settlementDetailSchema>;

/** A payment preview: what recording the payment on `paid_on` would store. */
export const settlementPaymentPreviewSchema = z.object({
  paid_on: z.string(),
  /** The month the tax is worked out for: the month of `paid_on`. */
  tax_month: z.string(),
  tax_residency: taxResidencySchema.nullable(),
  jobs: z.array(settlementJobSchema),
  taxable: fen,
  tax: fen,
  deductions: fen,
  net: fen,
  /** The deductions it would no longer take (they no longer fit after tax): back to the next settlement. */
  deductions_returned: z.array(settlementDeductionSchema),
  /** What the model's tax identity lacks; a payment is refused until it is complete. */
  tax_identity_missing: z.array(z.string()),
  /**
   * The payee entity (收款主体) the client paid: its orders' entity (the one holding most of the gross when
   * they differ), the payer the 登记付款 form proposes; null when its orders name none.
   */
  payer_id: z.number().int().nullable(),
  /** The model's payout account, whole (the preview is for accounting manage); null when not filled in. */
  payout_account: z
    .object({
      account_name: z.string().nullable(),
      bank: z.string().nullable(),
      branch: z.string().nullable(),
      account_number: z.string(),
    })
    .nullable(),
});
export type SettlementPaymentPreview = z.infer<typeof settlementPaymentPreviewSchema>;

/**
 * One row of the month's withholding list (扣缴明细): an individual's income of one item, by one residency,
 * over the settlements paid in the month.
 */
export const withholdingRowSchema = z.object({
  model: namedRef,
  /** The identity document; null when the model has none. */
  id_type: idTypeSchema.nullable(),
  /** The number, whole for those who see models' IDs (data_management manage), else masked; null if none. */
  id_number: z.string().nullable(),
  id_number_masked: z.boolean(),
  tax_residency: taxResidencySchema,
  income_category: incomeCategorySchema,
  income: fen,
  taxable: fen,
  tax: fen,
  /** The payments (次) of the month: one per job, as the tax return lists them. */
  payments: z.number().int(),
  /** The settlements paid in the month, by number. */
  settlements: z.array(z.string()),
});
export type WithholdingRow = z.infer<typeof withholdingRowSchema>;

const withholdingTotalsSchema = z.object({ income: fen, taxable: fen, tax: fen });

export const withholdingSchema = z.object({
  month: z.string(),
  rows: z.array(withholdingRowSchema),
  totals: withholdingTotalsSchema,
  /** The totals of each income item (劳务报酬, 特许权使用费), in the items' order; items without income left out. */
  by_category: z.array(withholdingTotalsSchema.extend({ income_category: incomeCategorySchema })),
});
export type Withholding = z.infer<typeof withholdingSchema>;
