/**
 * The enumerations of paying models (issue 24, docs/product.md §10 "Paying models: money rules"), as
 * enums.ts writes them: a `const` tuple of wire values in the product's order, the union type, a zod schema
 * and the Chinese labels (`Record<Value, string>`, so a value without its label does not compile). The
 * arithmetic is in ./settlement-math and ./income-tax.
 */
import { z } from 'zod';
import type { FeeKind } from './enums';

/**
 * Where a settlement (结算单) stands: drafted by finance (草稿), submitted for approval (待审批), approved
 * (已通过) or refused (已驳回), and paid to the model (已付款).
 */
export const SETTLEMENT_STATUSES = ['draft', 'submitted', 'passed', 'rejected', 'paid'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
export const settlementStatusSchema = z.enum(SETTLEMENT_STATUSES);
export const SETTLEMENT_STATUS_LABELS: Readonly<Record<SettlementStatus, string>> = {
  draft: '草稿',
  submitted: '待审批',
  passed: '已通过',
  rejected: '已驳回',
  paid: '已付款',
};

/**
 * The income item (所得项目) a fee is taxed as when paid to an individual (docs/product.md "Paying models:
 * money rules"): 劳务报酬所得 (remuneration for personal services: the day's work) or 特许权使用费所得
 * (royalties: licensing the use of one's likeness). Which fee kind is which is a team setting
 * (`DEFAULT_INCOME_CATEGORIES`).
 */
export const INCOME_CATEGORIES = ['labour', 'royalty'] as const;
export type IncomeCategory = (typeof INCOME_CATEGORIES)[number];
export const incomeCategorySchema = z.enum(INCOME_CATEGORIES, { error: '*请选择所得项目' });
export const INCOME_CATEGORY_LABELS: Readonly<Record<IncomeCategory, string>> = {
  labour: '劳务报酬',
  royalty: '特许权使用费',
};

/**
 * What each fee kind is taxed as until the team says otherwise: a model's fee (ModelFee, the day's work)
 * is 劳务报酬; a usage licence (UsageFee, 肖像授权: the use of the model's likeness) is 特许权使用费, the
 * item the law gives for licensing a right of use (个人所得税法实施条例 art. 6 (4)).
 */
export const DEFAULT_INCOME_CATEGORIES: Readonly<Record<FeeKind, IncomeCategory>> = {
  ModelFee: 'labour',
  UsageFee: 'royalty',
};

/**
 * The words of a settlement's figures, the same on its page, its PDF and the model's statement (issue 35
 * item 9): the gross shared (before commission, VAT excluded), the agency's commission, the mother
 * agency's share where it is taken from (out of the commission, or from the model), and the model's income
 * = 分成前金额 − 佣金 − 母公司分成（模特承担）.
 */
export const SETTLEMENT_FIGURE_LABELS = {
  gross: '分成前金额',
  commission: '佣金',
  motherAgencyInCommission: '其中母公司分成',
  motherAgencyFromModel: '母公司分成（模特承担）',
  income: '模特收入',
} as const;
