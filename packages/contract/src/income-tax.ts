/**
 * 个人所得税 the agency withholds from an individual model's pay (docs/product.md "Paying models: money
 * rules"): on 劳务报酬所得 (remuneration for personal services) or 特许权使用费所得 (royalties: licensing
 * the use of one's likeness), for a resident (居民个人) or a non-resident (非居民个人). The agency is the
 * withholding agent (扣缴义务人) under 国家税务总局公告 2018 年第 61 号 (个人所得税扣缴申报管理办法（试行）):
 *
 * - Residents, art. 8 (预扣预缴): the income of one payment less 800 yuan up to 4,000 yuan, else less
 *   20 %, is the taxable income; 劳务报酬 on 预扣率表二 (20 / 30 / 40 % with quick deductions),
 *   特许权使用费 at a flat 20 %. The model settles the year in the annual reconciliation (汇算清缴).
 * - Non-residents, art. 11 (代扣代缴, final): the income less 20 % is the taxable income of the payment
 *   (no 800-yuan step), on 个人所得税税率表三, the monthly comprehensive table (3 % to 45 %), for
 *   劳务报酬 and 特许权使用费 alike.
 *
 * One payment (一次) is a job's income of one item within a calendar month (个人所得税法实施条例 art. 14).
 *
 * Amounts are integer fen. Rounding happens in exactly two places, each half up to the fen (`mulDivRound`):
 * 80 % of the income (above 4,000 yuan for residents, always for non-residents) and the rate applied to the
 * taxable income. Both are non-decreasing in their input and the brackets meet without a step, so the tax
 * never falls when the income rises.
 */
import { mulDivRound } from './money';
import type { IncomeCategory } from './settlement-enums';
import type { TaxResidency } from './tax-identity';

/** Up to this income (4,000 yuan) a resident deducts a flat 800 yuan of expenses; above it, 20 % of the income. */
export const LABOUR_FLAT_DEDUCTION_LIMIT_FEN = 400_000;
export const LABOUR_FLAT_DEDUCTION_FEN = 80_000;
/** What is left after the 20 % of expenses (basis points). */
export const LABOUR_TAXABLE_SHARE_BP = 8_000;
/** 特许权使用费所得 of a resident: a flat 20 % (basis points). */
export const ROYALTY_RATE_BP = 2_000;

interface Bracket {
  /** The bracket's top taxable income in fen, included; null: no upper end. */
  readonly upTo: number | null;
  readonly rateBp: number;
  /** 速算扣除数, in fen. */
  readonly quickDeduction: number;
}

/**
 * 预扣率表二 (居民个人劳务报酬所得预扣预缴适用). At 20,000 and 50,000 yuan both neighbours give the same tax
 * (4,000 and 13,000 yuan), which is what the quick deductions are for.
 */
export const LABOUR_WITHHOLDING_BRACKETS = [
  { upTo: 2_000_000, rateBp: 2_000, quickDeduction: 0 },
  { upTo: 5_000_000, rateBp: 3_000, quickDeduction: 200_000 },
  { upTo: null, rateBp: 4_000, quickDeduction: 700_000 },
] as const satisfies readonly Bracket[];

/**
 * 个人所得税税率表三 (非居民个人工资、薪金所得，劳务报酬所得，稿酬所得，特许权使用费所得适用), the monthly
 * table: 3 % up to 3,000 yuan, then 10, 20, 25, 30, 35 and 45 %, each quick deduction making the brackets
 * meet without a step (90, 990, 3,590, 6,090, 12,090 and 20,840 yuan at their tops).
 */
export const NON_RESIDENT_BRACKETS = [
  { upTo: 300_000, rateBp: 300, quickDeduction: 0 },
  { upTo: 1_200_000, rateBp: 1_000, quickDeduction: 21_000 },
  { upTo: 2_500_000, rateBp: 2_000, quickDeduction: 141_000 },
  { upTo: 3_500_000, rateBp: 2_500, quickDeduction: 266_000 },
  { upTo: 5_500_000, rateBp: 3_000, quickDeduction: 441_000 },
  { upTo: 8_000_000, rateBp: 3_500, quickDeduction: 716_000 },
  { upTo: null, rateBp: 4_500, quickDeduction: 1_516_000 },
] as const satisfies readonly Bracket[];

/** Which rule taxes a payment: the income item and whether the model is a resident. */
export interface TaxRule {
  readonly category: IncomeCategory;
  readonly residency: TaxResidency;
}

export interface IncomeTax {
  /** 应纳税所得额: the income less its deductible expenses, in fen. */
  taxable: number;
  /** The tax to withhold, in fen. */
  tax: number;
}

const assertWholeFen = (value: number, what: string): void => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what}须为整数分：${value}`);
};

/**
 * The taxable share of one payment's income. A resident: income − 800 yuan up to 4,000 yuan (never below
 * 0), else 80 %. A non-resident: 80 % of it. An income of 0 or less has nothing taxable.
 */
export function taxableIncome(incomeFen: number, residency: TaxResidency): number {
  assertWholeFen(incomeFen, '收入');
  if (incomeFen <= 0) return 0;
  if (residency === 'resident') {
    if (incomeFen <= LABOUR_FLAT_DEDUCTION_FEN) return 0;
    if (incomeFen <= LABOUR_FLAT_DEDUCTION_LIMIT_FEN) return incomeFen - LABOUR_FLAT_DEDUCTION_FEN;
  }
  return mulDivRound(incomeFen, LABOUR_TAXABLE_SHARE_BP, 10_000);
}

function onBrackets(taxableFen: number, brackets: readonly Bracket[]): number {
  const bracket = brackets.find((candidate) => candidate.upTo === null || taxableFen <= candidate.upTo);
  if (!bracket) throw new RangeError('税率表没有最高一档');
  return mulDivRound(taxableFen, bracket.rateBp, 10_000) - bracket.quickDeduction;
}

/** The tax on a taxable income by the rule: its table's rate, rounded to the fen, less the quick deduction. */
export function taxOnTaxable(taxableFen: number, rule: TaxRule): number {
  assertWholeFen(taxableFen, '应纳税所得额');
  if (taxableFen <= 0) return 0;
  if (rule.residency === 'non_resident') return onBrackets(taxableFen, NON_RESIDENT_BRACKETS);
  if (rule.category === 'royalty') return mulDivRound(taxableFen, ROYALTY_RATE_BP, 10_000);
  return onBrackets(taxableFen, LABOUR_WITHHOLDING_BRACKETS);
}

/** One payment's (一次) taxable income and tax by the rule; an income of 0 or less owes nothing. */
export function incomeTax(incomeFen: number, rule: TaxRule): IncomeTax {
  const taxable = taxableIncome(incomeFen, rule.residency);
  return { taxable, tax: taxOnTaxable(taxable, rule) };
}

/** The resident 劳务报酬 rule, the one the agency applied before categories (issue 24). */
export const RESIDENT_LABOUR: TaxRule = Object.freeze({ category: 'labour', residency: 'resident' });

export interface PayoutWithholdingInput {
  /** What this job already paid the model of this item in this calendar month, in fen (0 for the first payout). */
  readonly earlierIncome: number;
  /** What was actually withheld on those earlier payouts, in fen (as stored, not worked out again). */
  readonly earlierTax: number;
  /** What this payout pays the model for the job, in fen; negative for a correction. */
  readonly income: number;
}

/**
 * What to withhold on one payout of a job. 个人所得税法实施条例 art. 14: a job's income received within one
 * month is one payment (同一项目连续性收入的，以一个月内取得的收入为一次), so the month's payouts of one job
 * and item are taxed together: the tax on the month's income so far, including this payout, less what was
 * withheld already. Any split of a month's income into payouts therefore withholds exactly the tax of one
 * payout, and subtracting what was actually withheld (not a recomputed figure) lets a later payout make
 * good an earlier mistake. `taxable` is this payout's share of the month's taxable income, by the same
 * difference, so the payouts' shares add up to the month's.
 *
 * A correction (negative `income`: a payout taken back) lowers the month's income, so `tax` and `taxable`
 * come out negative: tax given back to the model, at most what was withheld. A month's income below 0
 * counts as 0.
 */
export function withholdingForPayout(input: PayoutWithholdingInput, rule: TaxRule): IncomeTax {
  assertWholeFen(input.earlierTax, '已预扣税额');
  const before = incomeTax(input.earlierIncome, rule);
  const month = incomeTax(input.earlierIncome + input.income, rule);
  return { taxable: month.taxable - before.taxable, tax: month.tax - input.earlierTax };
}
