/**
 * What a model is owed and was paid (GET /v1/settlements/summary, docs/product.md "Model settlements"), for
 * the 结算 tab of the model's page: what a settlement drafted now would pay (待结算's releasable net), what
 * waits for clients, what the business year's paid settlements paid, withheld and grossed (corrections
 * netting off), and the model's settlements' count and latest. Money is integer fen.
 */
import { z } from 'zod';
import { idQuerySchema } from './envelope';
import { settlementStatusSchema } from './settlement-enums';

const fen = z.number().int();

/** GET /v1/settlements/summary?model_id=. */
export const settlementSummaryQuerySchema = z.object({ model_id: idQuerySchema });
export type SettlementSummaryQuery = z.infer<typeof settlementSummaryQuerySchema>;

/** A settlement as the summary names it. */
export const settlementBriefSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: settlementStatusSchema,
  net: fen,
  created_at: z.string(),
  paid_on: z.string().nullable(),
});
export type SettlementBrief = z.infer<typeof settlementBriefSchema>;

export const settlementSummarySchema = z.object({
  model: z.object({ id: z.number().int(), name: z.string() }),
  /** The business year the year's figures are of (YYYY), and its first and last days. */
  year: z.string(),
  /** 当前可结算: the net a settlement drafted now would pay (待结算's `releasable.net`; 0 when nothing is ready). */
  payable_now: fen,
  /** 待回款: the net waiting for clients' payments (待结算's `waiting.net`, its tax an estimate). */
  waiting: fen,
  /** 本年已付: the net of the settlements paid (`paid_on`) in the business year, corrections included. */
  paid_this_year: fen,
  /** 本年代扣个税: the tax withheld in those settlements (a correction's given back nets off). */
  withheld_this_year: fen,
  /** The gross of those settlements. */
  gross_this_year: fen,
  /** How many settlements the model has (every status), and the latest drafted. */
  settlements: z.object({ count: z.number().int().nonnegative(), latest: settlementBriefSchema.nullable() }),
});
export type SettlementSummary = z.infer<typeof settlementSummarySchema>;

/**
 * 应付模特 (GET /v1/settlements/ready/totals; the finance dashboard's card, loaded on its own): 待结算
 * over every model, how many models are listed, the releasable nets summed (`payable`, what settlements
 * drafted now would pay) and the waiting nets summed (`waiting`, what waits for clients' payments).
 */
export const readyTotalsSchema = z.object({
  models: z.number().int().nonnegative(),
  payable: fen,
  waiting: fen,
});
export type ReadyTotals = z.infer<typeof readyTotalsSchema>;
