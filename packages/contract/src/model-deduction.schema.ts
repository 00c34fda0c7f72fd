/**
 * Deductions recorded against a model (扣款, docs/product.md "Models"): what the agency paid to the model
 * ahead (预支) or on their behalf (代垫费用: travel, composites…), to be taken from a later payout. Each is
 * unsettled until a settlement takes it (`settlement_id`), and may be voided (作废) until then; never
 * deleted. Key `accounting`: read lists them, edit records and voids them.
 */
import { z } from 'zod';
import { memberRefSchema } from './company.schema';
import { dateSchema, fenSchema, pageQuerySchema } from './envelope';
import { INPUT_BOUND_MESSAGES } from './messages';
import { MAX_FEE_FEN } from './money';
import { asciiTokenSchema, textSchema } from './patterns';

export const MODEL_DEDUCTION_KINDS = ['advance', 'expense'] as const;
export type ModelDeductionKind = (typeof MODEL_DEDUCTION_KINDS)[number];
export const modelDeductionKindSchema = z.enum(MODEL_DEDUCTION_KINDS, { error: '*请选择扣款类型' });
export const MODEL_DEDUCTION_KIND_LABELS: Readonly<Record<ModelDeductionKind, string>> = {
  advance: '预支',
  expense: '代垫费用',
};

/** Where a deduction stands: waiting for a settlement, taken by one, or voided. */
export const MODEL_DEDUCTION_STATES = ['unsettled', 'settled', 'voided'] as const;
export type ModelDeductionState = (typeof MODEL_DEDUCTION_STATES)[number];
export const modelDeductionStateSchema = z.enum(MODEL_DEDUCTION_STATES, { error: '*请选择状态' });
export const MODEL_DEDUCTION_STATE_LABELS: Readonly<Record<ModelDeductionState, string>> = {
  unsettled: '未结算',
  settled: '已结算',
  voided: '已作废',
};
export const modelDeductionState = (deduction: {
  readonly voided_at: string | null;
  readonly settlement_id: number | null;
}): ModelDeductionState =>
  deduction.voided_at !== null ? 'voided' : deduction.settlement_id !== null ? 'settled' : 'unsettled';

export const MODEL_DEDUCTION_LIMITS = { note: 200 } as const;

export const MODEL_DEDUCTION_MESSAGES = {
  notFound: '扣款记录不存在',
  alreadyVoided: '该笔扣款已作废',
  settled: '该笔扣款已结算，不能作废',
  occurredInFuture: '*发生日期不能晚于今天',
  amountInvalid: INPUT_BOUND_MESSAGES.amountOutOfRange(MAX_FEE_FEN),
} as const;

const amountSchema = fenSchema({ max: MAX_FEE_FEN });

/**
 * POST /v1/models/{id}/deductions: the kind, the business date it happened (not after today), the amount
 * in fen, a note and, optionally, the receipt (票据) as a signed id of the upload pipeline
 * (POST /v1/direct_uploads), as 登记开票 takes the invoice's PDF.
 */
export const modelDeductionCreateSchema = z.object({
  kind: modelDeductionKindSchema,
  occurred_on: dateSchema,
  amount: amountSchema,
  note: textSchema({ max: MODEL_DEDUCTION_LIMITS.note }).optional().default(''),
  file_signed_id: asciiTokenSchema(512).min(1).optional(),
});
export type ModelDeductionCreate = z.infer<typeof modelDeductionCreateSchema>;
export type ModelDeductionCreateInput = z.input<typeof modelDeductionCreateSchema>;

/** GET /v1/models/{id}/deductions: newest first (by the date it happened); `state` keeps one state. */
export const modelDeductionQuerySchema = pageQuerySchema.extend({
  state: modelDeductionStateSchema.optional(),
});
export type ModelDeductionQuery = z.infer<typeof modelDeductionQuerySchema>;

/** POST /v1/models/{id}/deductions/{deduction_id}/void. */
export const modelDeductionParamsSchema = z.object({
  id: z.coerce.number<number>().int().positive(),
  deduction_id: z.coerce.number<number>().int().positive(),
});
export type ModelDeductionParams = z.infer<typeof modelDeductionParamsSchema>;

export const modelDeductionSchema = z.object({
  id: z.number().int(),
  model_id: z.number().int(),
  kind: modelDeductionKindSchema,
  occurred_on: z.string(),
  /** In fen. */
  amount: z.number().int(),
  note: z.string(),
  /** The receipt, with a signed download address. */
  file: z.object({ name: z.string(), url: z.string() }).nullable(),
  /** The settlement that took it; null while unsettled. */
  settlement_id: z.number().int().nullable(),
  state: modelDeductionStateSchema,
  voided_at: z.string().nullable(),
  voided_by: memberRefSchema.nullable(),
  created_by: memberRefSchema.nullable(),
  created_at: z.string(),
  /** What the caller may do with it now (the server checks again). */
  can: z.object({
    /** `accounting` edit, neither voided nor settled. */
    void: z.boolean(),
  }),
});
export type ModelDeduction = z.infer<typeof modelDeductionSchema>;
