/**
 * A model's share of the fees and what a settlement (结算单) pays (issue 24, docs/product.md §10 "Paying
 * models: money rules"). Pure functions on integer fen, so the server stores and the apps show the same
 * figures; the tax withheld is ./income-tax's.
 *
 * Rates are basis points, as the model's record writes its commission (2000 = 20 %, 0–10000). Each share
 * is rounded half up to the fen (`mulDivRound`), and the model's income is what is left of the gross, so
 * the parts of a line always add up to its gross exactly.
 */
import { isFen } from './finance-rules';
import { withholdingForPayout } from './income-tax';
import { mulDivRound } from './money';
import type { IncomeCategory } from './settlement-enums';
import type { TaxResidency } from './tax-identity';

const FULL_RATE_BP = 10_000;

/** The model's mother agency (母公司) and how its share is counted. */
export interface MotherAgencyTerms {
  /** Basis points of the basis, 0–10000. */
  readonly rate: number;
  /** 'gross': a share of the fee, taken from the model; 'commission': a share of the agency's commission. */
  readonly basis: 'gross' | 'commission';
}

/** How a fee line is shared, from the model's contract. */
export interface ShareTerms {
  /** The agency's commission on the model's fees, basis points (models.commission_rate). */
  readonly commissionRate: number;
  readonly motherAgency: MotherAgencyTerms | null;
}

/** A fee line as a settlement sees it. */
export interface SettlementLine extends ShareTerms {
  /** The line's amount before VAT (its subtotal), in fen: what is shared. */
  readonly gross: number;
  /** The line's total with its VAT, in fen: what the client pays. */
  readonly lineTotal: number;
}

/** A gross amount shared between the agency, the mother agency and the model. All in fen. */
export interface ShareSplit {
  gross: number;
  /** The agency's commission (佣金). */
  commission: number;
  /** The mother agency's share, whoever bears it. */
  motherAgency: number;
  /** The part of `motherAgency` taken from the model (the rest comes out of the commission). */
  motherAgencyFromModel: number;
  /** The model's income (劳务报酬) before tax: gross − commission − motherAgencyFromModel. */
  income: number;
}

export const ZERO_SPLIT: Readonly<ShareSplit> = Object.freeze({
  gross: 0,
  commission: 0,
  motherAgency: 0,
  motherAgencyFromModel: 0,
  income: 0,
});

const SPLIT_KEYS = ['gross', 'commission', 'motherAgency', 'motherAgencyFromModel', 'income'] as const;

const isRate = (rate: number): boolean => Number.isSafeInteger(rate) && rate >= 0 && rate <= FULL_RATE_BP;

function assertTerms(terms: ShareTerms): void {
  if (!isRate(terms.commissionRate))
    throw new RangeError(`佣金比例须为 0–10000 基点：${terms.commissionRate}`);
  if (terms.motherAgency && !isRate(terms.motherAgency.rate)) {
    throw new RangeError(`母公司分成比例须为 0–10000 基点：${terms.motherAgency.rate}`);
  }
}

/**
 * The mother agency's share of a gross and the part of it the model bears. On 'gross' the share is the
 * model's: it is deducted from the model's pay, capped at what the commission leaves (a model never owes
 * on a line; a contract whose two rates add up to more than 100 % is a mistake of the contract, and the
 * cap keeps the figures whole until it is corrected). On 'commission' the agency pays it out of its own
 * commission (the mother agency shares the agency's earnings, not the model's), so the model's income is
 * the same as without a mother agency.
 */
function motherAgencyShare(gross: number, commission: number, terms: MotherAgencyTerms | null) {
  if (!terms) return { motherAgency: 0, motherAgencyFromModel: 0 };
  if (terms.basis === 'commission') {
    return { motherAgency: mulDivRound(commission, terms.rate, FULL_RATE_BP), motherAgencyFromModel: 0 };
  }
  const share = Math.min(mulDivRound(gross, terms.rate, FULL_RATE_BP), gross - commission);
  return { motherAgency: share, motherAgencyFromModel: share };
}

/** The part of the mother agency's share the agency pays out of its commission (the rest the model bears). */
export const motherAgencyInCommission = (split: {
  readonly mother_agency: number;
  readonly mother_agency_from_model: number;
}): number => split.mother_agency - split.mother_agency_from_model;

/** A gross amount (fen, 0 or more) shared by a model's terms. */
export function splitGross(gross: number, terms: ShareTerms): ShareSplit {
  if (!isFen(gross)) throw new RangeError(`金额须为非负整数分：${gross}`);
  assertTerms(terms);
  const commission = mulDivRound(gross, terms.commissionRate, FULL_RATE_BP);
  const mother = motherAgencyShare(gross, commission, terms.motherAgency);
  return { gross, commission, ...mother, income: gross - commission - mother.motherAgencyFromModel };
}

/** `a − b`, component by component (what a release adds to what was settled before; negative when it takes back). */
export function subtractSplits(a: ShareSplit, b: ShareSplit): ShareSplit {
  const difference = { ...ZERO_SPLIT };
  for (const key of SPLIT_KEYS) difference[key] = a[key] - b[key];
  return difference;
}

/** The sum of splits, component by component. */
export function addSplits(splits: readonly ShareSplit[]): ShareSplit {
  const sum = { ...ZERO_SPLIT };
  for (const split of splits) for (const key of SPLIT_KEYS) sum[key] += split[key];
  return sum;
}

/**
 * The part of a line's gross the client's payments release: gross × paid / lineTotal, half up to the fen.
 * The client pays the line with its VAT, so the share of the total paid is the share of the gross earned;
 * the whole gross once the line is paid in full. A line with a total of 0 has nothing to wait for: paid
 * (0) equals its total, so it is released whole (its gross, 0 for any real line, since the total holds
 * the gross).
 */
export function releasedGross(line: SettlementLine, paid: number): number {
  if (!isFen(line.gross) || !isFen(line.lineTotal) || line.gross > line.lineTotal) {
    throw new RangeError(`费用金额须为非负整数分且不超过价税合计：${line.gross} / ${line.lineTotal}`);
  }
  if (!isFen(paid) || paid > line.lineTotal) {
    throw new RangeError(`已收金额须在 0 与价税合计之间：${paid} / ${line.lineTotal}`);
  }
  if (paid === line.lineTotal) return line.gross;
  return mulDivRound(line.gross, paid, line.lineTotal);
}

/** The whole line shared: what the model earns once the client has paid it all. */
export const fullShare = (line: SettlementLine): ShareSplit => splitGross(line.gross, line);

/**
 * The share released by what the client has paid of the line so far (cumulative). Always worked out from
 * the cumulative paid amount, never by adding up the shares of each payment, so partial releases add up
 * to the fen to the full share once the line is paid.
 */
export const releasedShare = (line: SettlementLine, paidCumulative: number): ShareSplit =>
  splitGross(releasedGross(line, paidCumulative), line);

export interface Release {
  /** Everything the payments so far release (cumulative). */
  released: ShareSplit;
  /** What to settle now: `released` less what earlier settlements took; negative when a payment was undone. */
  now: ShareSplit;
  /** What waits for the client's remaining payments: the full share less `released`. */
  waiting: ShareSplit;
}

/**
 * What a settlement takes of a line now, given what the client has paid of it in all (`paidNow`) and what
 * earlier settlements already took of it (`alreadySettled`, the sum of their `now`). Each component of
 * `now` is a difference of two rounded cumulative figures, so one release may be a fen or two off its
 * exact share (a release of a fen or two of gross may even give the income −1 while the commission and
 * the mother agency get +1 each), but any sequence of releases ending with the line paid adds up exactly
 * to the full share, and the components of each release add up to its gross.
 */
export function releaseNow(line: SettlementLine, paidNow: number, alreadySettled: ShareSplit): Release {
  const released = releasedShare(line, paidNow);
  return {
    released,
    now: subtractSplits(released, alreadySettled),
    waiting: subtractSplits(fullShare(line), released),
  };
}

// --- A settlement ----------------------------------------------------------------------------------------

/**
 * How a model is paid: as a person (tax withheld by the agency) or through their studio (no withholding).
 * The enumeration with its labels belongs to the model's payout details; here only its two values matter.
 */
type SettlementPayoutType = 'individual' | 'studio';

/**
 * One payment of a settlement: a job (order) and an income item, what this settlement releases of the job's
 * lines of that item, and the month's earlier payouts of it. A job paying both a day fee (劳务报酬) and a
 * usage licence (特许权使用费) is two payments, each taxed by its own rule.
 */
export interface SettlementJob {
  readonly orderId: number;
  readonly category: IncomeCategory;
  /** The `now` of each of the job's lines of this item in this settlement. */
  readonly releases: readonly ShareSplit[];
  /** The model's income of this job and item paid by earlier settlements of the same calendar month, in fen. */
  readonly earlierIncome: number;
  /** The tax withheld on them, in fen. */
  readonly earlierTax: number;
}

export interface SettlementInput {
  readonly payoutType: SettlementPayoutType;
  /** Whether the individual is a resident (the tables differ); not read for a studio. */
  readonly residency: TaxResidency;
  readonly jobs: readonly SettlementJob[];
  /** The settlement's deductions (advances, expenses paid for the model …), their sum in fen. */
  readonly deductions: number;
}

export interface SettlementJobFigures extends ShareSplit {
  orderId: number;
  category: IncomeCategory;
  /** This payout's share of the month's taxable income (0 for a studio). */
  taxable: number;
  /** The tax withheld now (negative: given back; 0 for a studio). */
  tax: number;
}

export interface SettlementTotals extends ShareSplit {
  taxable: number;
  tax: number;
  deductions: number;
  /** What is paid to the model: income − tax − deductions (negative: the model owes the agency). */
  net: number;
}

export interface SettlementFigures {
  jobs: SettlementJobFigures[];
  totals: SettlementTotals;
}

/**
 * One payment's figures. An individual has tax withheld per job, item and month (./income-tax
 * `withholdingForPayout`: one order's income of an item within a calendar month is one payment), by the
 * item's and the residency's rule; a studio (个人工作室) invoices the agency and pays its own taxes, so
 * nothing is withheld.
 */
function jobFigures(job: SettlementJob, input: SettlementInput): SettlementJobFigures {
  const split = addSplits(job.releases);
  const withholding =
    input.payoutType === 'studio'
      ? { taxable: 0, tax: 0 }
      : withholdingForPayout(
          { earlierIncome: job.earlierIncome, earlierTax: job.earlierTax, income: split.income },
          { category: job.category, residency: input.residency },
        );
  return { orderId: job.orderId, category: job.category, ...split, ...withholding };
}

/** The key of a payment: its order and income item. */
export const paymentKey = (orderId: number, category: IncomeCategory): string => `${orderId}:${category}`;

/**
 * A settlement's figures per payment and in total. A payment appears once: its lines are taxed together, so
 * two entries for one order and item would withhold its month's tax twice (RangeError).
 */
export function settlementFigures(input: SettlementInput): SettlementFigures {
  if (!isFen(input.deductions)) throw new RangeError(`扣款须为非负整数分：${input.deductions}`);
  const keys = new Set(input.jobs.map((job) => paymentKey(job.orderId, job.category)));
  if (keys.size !== input.jobs.length) throw new RangeError('同一订单的同一所得项目在结算单中只能出现一次');
  const jobs = input.jobs.map((job) => jobFigures(job, input));
  const split = addSplits(jobs);
  const taxable = jobs.reduce((sum, job) => sum + job.taxable, 0);
  const tax = jobs.reduce((sum, job) => sum + job.tax, 0);
  return {
    jobs,
    totals: {
      ...split,
      taxable,
      tax,
      deductions: input.deductions,
      net: split.income - tax - input.deductions,
    },
  };
}
