/**
 * 个人所得税 withheld on 劳务报酬 (remuneration for personal services), what the agency keeps back from an
 * individual model's pay (issue 24, docs/product.md §10 "Paying models: money rules"). The agency is the
 * withholding agent (扣缴义务人) and withholds in advance (预扣预缴) by the rules of 国家税务总局公告 2018 年
 * 第 61 号 (个人所得税扣缴申报管理办法（试行）, art. 8, and its 预扣率表二); the model settles the year in the
 * annual reconciliation (汇算清缴), which is not ours to compute.
 *
 * Amounts are integer fen. Rounding happens in exactly two places, each half up to the fen (`mulDivRound`):
 * 80 % of an income above 4,000 yuan, and the rate applied to the taxable income. Both are non-decreasing
 * in their input and the brackets meet without a step, so the tax never falls when the income rises.
 */
import { mulDivRound } from './money';

/** Up to this income (4,000 yuan) a flat 800 yuan of expenses is deducted; above it, 20 % of the income. */
export const LABOUR_FLAT_DEDUCTION_LIMIT_FEN = 400_000;
export const LABOUR_FLAT_DEDUCTION_FEN = 80_000;
/** Above the limit 80 % of the income is taxable (basis points). */
export const LABOUR_TAXABLE_SHARE_BP = 8_000;

/**
 * 预扣率表二 (劳务报酬所得适用): the rate and quick deduction (速算扣除数) of each bracket of taxable income,
 * `upTo` included (null: no upper end). At 20,000 and 50,000 yuan both neighbours give the same tax
 * (4,000 and 13,000 yuan), which is what the quick deductions are for.
 */
export const LABOUR_WITHHOLDING_BRACKETS = [
  { upTo: 2_000_000, rateBp: 2_000, quickDeduction: 0 },
  { upTo: 5_000_000, rateBp: 3_000, quickDeduction: 200_000 },
  { upTo: null, rateBp: 4_000, quickDeduction: 700_000 },
] as const satisfies readonly {
  readonly upTo: number | null;
  readonly rateBp: number;
  readonly quickDeduction: number;
}[];

export interface LabourIncomeTax {
  /** 应纳税所得额: the income less its deductible expenses, in fen. */
  taxable: number;
  /** 预扣预缴税额: the tax to withhold, in fen. */
  tax: number;
}

const assertWholeFen = (value: number, what: string): void => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what}须为整数分：${value}`);
};

/** The taxable share of one payment's income: income − 800 yuan up to 4,000 yuan (never below 0), else 80 %. */
export function labourTaxableIncome(incomeFen: number): number {
  assertWholeFen(incomeFen, '劳务报酬');
  if (incomeFen <= LABOUR_FLAT_DEDUCTION_FEN) return 0;
  if (incomeFen <= LABOUR_FLAT_DEDUCTION_LIMIT_FEN) return incomeFen - LABOUR_FLAT_DEDUCTION_FEN;
  return mulDivRound(incomeFen, LABOUR_TAXABLE_SHARE_BP, 10_000);
}

/** The tax on a taxable income: its bracket's rate, rounded to the fen, less the quick deduction. */
export function labourTaxOnTaxable(taxableFen: number): number {
  assertWholeFen(taxableFen, '应纳税所得额');
  if (taxableFen <= 0) return 0;
  const bracket =
    LABOUR_WITHHOLDING_BRACKETS.find(
      (candidate) => candidate.upTo !== null && taxableFen <= candidate.upTo,
    ) ?? LABOUR_WITHHOLDING_BRACKETS[2];
  return mulDivRound(taxableFen, bracket.rateBp, 10_000) - bracket.quickDeduction;
}

/** One payment's (一次) taxable income and tax; an income of 0 or less owes nothing. */
export function labourIncomeTax(incomeFen: number): LabourIncomeTax {
  const taxable = labourTaxableIncome(incomeFen);
  return { taxable, tax: labourTaxOnTaxable(taxable) };
}

export interface PayoutWithholdingInput {
  /** What this job already paid the model in this calendar month, in fen (0 for its first payout). */
  readonly earlierIncome: number;
  /** What was actually withheld on those earlier payouts, in fen (as stored, not worked out again). */
  readonly earlierTax: number;
  /** What this payout pays the model for the job, in fen; negative for a correction. */
  readonly income: number;
}

/**
 * What to withhold on one payout of a job. 个人所得税法实施条例 art. 14: a job's income received within one
 * month is one payment (同一项目连续性收入的，以一个月内取得的收入为一次), so the month's payouts of one job
 * (one order) are taxed together: the tax on the month's income so far, including this payout, less what
 * was withheld already. Any split of a month's income into payouts therefore withholds exactly the tax of
 * one payout, and subtracting what was actually withheld (not a recomputed figure) lets a later payout
 * make good an earlier mistake. `taxable` is this payout's share of the month's taxable income, by the
 * same difference, so the payouts' shares add up to the month's.
 *
 * A correction (negative `income`: a payout taken back) lowers the month's income, so `tax` and `taxable`
 * come out negative: tax given back to the model, at most what was withheld. A month's income below 0
 * counts as 0.
 */
export function withholdingForPayout(input: PayoutWithholdingInput): LabourIncomeTax {
  assertWholeFen(input.earlierTax, '已预扣税额');
  const before = labourIncomeTax(input.earlierIncome);
  const month = labourIncomeTax(input.earlierIncome + input.income);
  return { taxable: month.taxable - before.taxable, tax: month.tax - input.earlierTax };
}
