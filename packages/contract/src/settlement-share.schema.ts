/**
 * A model's settlement as a document and a share (docs/product.md "Model settlements"): the statement as a
 * PDF, the link that shows it to the model without an account (share kind `settlement`), and the team's
 * finance setting that decides whether the model also sees what the client paid for each line.
 *
 * The public shape (`publicSettlementSchema`) is a type of its own: the model's own figures, the lines of
 * that one settlement, the payout account masked (尾号 1234); never a national ID, another model, the
 * client's contacts, a member or the agency's internal notes. `client_total` exists on a line only when the
 * team's setting is on (the key is absent otherwise, not null).
 */
import { z } from 'zod';
import { feeKindSchema } from './enums';
import { modelPayoutTypeSchema } from './model.schema';
import { modelDeductionKindSchema } from './model-deduction.schema';
import { incomeCategorySchema, settlementStatusSchema } from './settlement-enums';
import { taxResidencySchema } from './tax-identity';

const fen = z.number().int();

/** A settlement's link is open this long from when it is shared (a new one is made after). */
export const SETTLEMENT_SHARE_EXPIRY_DAYS = 30;

export const SETTLEMENT_SHARE_MESSAGES = {
  /** The link preview's title and the page's. */
  title: (number: string) => `结算单 · ${number}`,
  pdfTitle: '模特结算单',
  settingsSaved: '设置已保存',
} as const;

// --- The team's setting -------------------------------------------------------------------------------------

/** The income item (所得项目) each fee kind is taxed as: 费用 and 肖像授权. */
export const incomeCategoriesSchema = z.object({
  ModelFee: incomeCategorySchema,
  UsageFee: incomeCategorySchema,
});
export type IncomeCategories = z.infer<typeof incomeCategoriesSchema>;

/**
 * GET/PATCH /v1/finance/settings: the team's finance settings (the client fees off, the income items as
 * DEFAULT_INCOME_CATEGORIES, until changed).
 */
export const financeSettingsSchema = z.object({
  /** A model's shared settlement also shows each line's client fee (the line's total with VAT). */
  show_client_fees_to_models: z.boolean(),
  /** What a settlement drafted from now on taxes each fee kind as. */
  income_categories: incomeCategoriesSchema,
});
export type FinanceSettings = z.infer<typeof financeSettingsSchema>;

/** PATCH: the settings sent change (at least one). */
export const financeSettingsUpdateSchema = z
  .object({
    show_client_fees_to_models: z.boolean({ error: '*请选择是否向模特显示客户费用' }).optional(),
    income_categories: incomeCategoriesSchema.partial().optional(),
  })
  .refine((body) => body.show_client_fees_to_models !== undefined || body.income_categories !== undefined, {
    message: '请选择要修改的设置',
  });
export type FinanceSettingsUpdate = z.infer<typeof financeSettingsUpdateSchema>;

export const FINANCE_SETTING_LABELS: Readonly<Record<keyof FinanceSettings, string>> = {
  show_client_fees_to_models: '向模特显示客户费用',
  income_categories: '所得项目',
};

// --- Staff's side of the link -------------------------------------------------------------------------------

export const SETTLEMENT_SHARE_STATUSES = ['live', 'expired', 'revoked'] as const;
export type SettlementShareStatus = (typeof SETTLEMENT_SHARE_STATUSES)[number];
export const SETTLEMENT_SHARE_STATUS_LABELS: Readonly<Record<SettlementShareStatus, string>> = {
  live: '分享中',
  expired: '已过期',
  revoked: '已撤销',
};

/** A settlement's latest link (GET/POST /v1/settlements/{id}/share), null when never shared. */
export const settlementShareSchema = z.object({
  share_id: z.string(),
  /** The share page's path, `/web/settlements/{share_id}` (the admin app prefixes its origin). */
  url: z.string(),
  status: z.enum(SETTLEMENT_SHARE_STATUSES),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type SettlementShare = z.infer<typeof settlementShareSchema>;

// --- The model's side ---------------------------------------------------------------------------------------

/** A line of the shared settlement: the model's share of one fee line. */
export const publicSettlementLineSchema = z.object({
  order_number: z.string(),
  order_title: z.string(),
  /** The order's first day. */
  date: z.string().nullable(),
  kind: feeKindSchema,
  /** The income item its tax was worked out as. */
  income_category: incomeCategorySchema,
  /** The model's share before commission (never the client's price). */
  gross: fen,
  /** The agency's commission, the mother agency's share it pays included (`mother_agency_in_commission`). */
  commission: fen,
  /** The part of the commission the mother agency is paid (shown under 佣金, not taken from the model). */
  mother_agency_in_commission: fen,
  /** What the mother agency's share takes from the model: income = gross − commission − this. */
  mother_agency: fen,
  income: fen,
  /** Only when the team shows clients' fees to models: the line's total with VAT. */
  client_total: fen.optional(),
});
export type PublicSettlementLine = z.infer<typeof publicSettlementLineSchema>;

/** GET /v1/public/settlements/{share_id}: one settlement of one model, and what its PDF prints. */
export const publicSettlementSchema = z.object({
  /** Who pays: the payee entity that paid, else the team's name. */
  agency: z.string(),
  number: z.string(),
  model_name: z.string(),
  status: settlementStatusSchema,
  payout_type: modelPayoutTypeSchema,
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  /** The business date it was drafted. */
  created_on: z.string(),
  tax_month: z.string(),
  /** The settlement this one corrects (its number), and why. */
  corrects: z.string().nullable(),
  reason: z.string().nullable(),
  lines: z.array(publicSettlementLineSchema),
  /** For an individual: the residency the tax was worked out by (null: a studio, or not known yet). */
  tax_residency: taxResidencySchema.nullable(),
  /** For an individual, the tax per income item (劳务报酬, 特许权使用费), in the items' order. */
  taxes: z.array(z.object({ category: incomeCategorySchema, income: fen, taxable: fen, tax: fen })),
  deductions: z.array(
    z.object({ kind: modelDeductionKindSchema, occurred_on: z.string(), amount: fen, note: z.string() }),
  ),
  totals: z.object({
    gross: fen,
    commission: fen,
    mother_agency_in_commission: fen,
    mother_agency: fen,
    income: fen,
    taxable: fen,
    tax: fen,
    deductions: fen,
    net: fen,
    /** Only when the team shows clients' fees to models: the lines' client totals. */
    client_total: fen.optional(),
  }),
  paid: z.object({ on: z.string(), reference: z.string() }).nullable(),
  /** Where the money goes: the bank and the account's last four digits (尾号 1234); null when none. */
  payout_account: z.string().nullable(),
  show_client_fees: z.boolean(),
  expires_at: z.string().nullable(),
});
export type PublicSettlement = z.infer<typeof publicSettlementSchema>;
