/**
 * What a settlement takes of a model's fee lines, worked out from the stored facts by the contract's
 * settlement-math (docs/product.md "Model settlements"): pure, no SQL. The repositories read each line's
 * total, what the client paid of it and what live settlements (every status but rejected) took of it; the
 * services lock and store.
 *
 * - A line is shared by the terms of its latest settlement line while something of it is settled (so its
 *   releases add up to its full share whatever the model's record says later), else by the model's terms.
 * - It releases what the client paid (the contract's releaseNow, cumulative); once a settlement paid it
 *   ahead of the client (an advance), all of it counts as released and nothing waits for the client.
 */

import type { ModelPayoutType } from '@trackit/contract/model.schema';
import type { IncomeCategory } from '@trackit/contract/settlement-enums';
import {
  fullShare,
  paymentKey,
  releasedShare,
  type SettlementFigures,
  type SettlementLine,
  type ShareSplit,
  type ShareTerms,
  settlementFigures,
  subtractSplits,
  ZERO_SPLIT,
} from '@trackit/contract/settlement-math';
import type { TaxResidency } from '@trackit/contract/tax-identity';

/** A fee line with what live settlements took of it. */
export interface LineFacts {
  feeLineId: number;
  orderId: number;
  /** The line's amount before VAT (its subtotal) and its total with VAT, in fen. */
  gross: number;
  total: number;
  /** What the client paid of it (the payments ledger's sum). */
  paid: number;
  /** What live settlements took of it, summed. */
  settled: ShareSplit;
  /** The gross of its live lines paid ahead of the client (a correction takes it back). */
  advancedGross: number;
  /** The terms of its latest live settlement line; null when it has none. */
  lastTerms: ShareTerms | null;
}

export interface LineRelease {
  feeLineId: number;
  orderId: number;
  terms: ShareTerms;
  /** What to settle now (negative when a payment was undone after it was settled). */
  now: ShareSplit;
  /** What waits for the client's remaining payments. */
  waiting: ShareSplit;
  /** This release goes beyond what the client paid: an advance. */
  advance: boolean;
  /** An earlier settlement paid it ahead of the client. */
  advanced: boolean;
}

export const isZeroSplit = (split: ShareSplit): boolean =>
  split.gross === 0 &&
  split.commission === 0 &&
  split.motherAgency === 0 &&
  split.motherAgencyFromModel === 0 &&
  split.income === 0;

/** The terms a line is shared by now (see the file's comment). */
export function termsOf(line: LineFacts, modelTerms: ShareTerms): ShareTerms {
  return line.lastTerms && !isZeroSplit(line.settled) ? line.lastTerms : modelTerms;
}

/** What a settlement drafted now takes of the line; `advance`: all of it, whatever the client paid. */
export function releaseOf(line: LineFacts, modelTerms: ShareTerms, advance = false): LineRelease {
  const terms = termsOf(line, modelTerms);
  const settlementLine: SettlementLine = { gross: line.gross, lineTotal: line.total, ...terms };
  const paid = Math.min(Math.max(line.paid, 0), line.total);
  const advanced = line.advancedGross > 0;
  const full = fullShare(settlementLine);
  const released = releasedShare(settlementLine, paid);
  const ahead = advance || advanced;
  return {
    feeLineId: line.feeLineId,
    orderId: line.orderId,
    terms,
    now: subtractSplits(ahead ? full : released, line.settled),
    waiting: ahead ? { ...ZERO_SPLIT } : subtractSplits(full, released),
    advance: advance && !advanced && paid < line.total,
    advanced,
  };
}

/** The month's earlier payouts of a payment (a job and income item): what paid settlements paid and withheld. */
export interface EarlierPayout {
  income: number;
  tax: number;
}

/** How a settlement is taxed: the payout type, and an individual's residency (a resident until known). */
export interface TaxedAs {
  payoutType: ModelPayoutType;
  residency: TaxResidency | null;
}

/** What a settlement pays of one fee line: its job, the income item it is taxed as, and the share. */
export interface PaymentRelease {
  orderId: number;
  category: IncomeCategory;
  now: ShareSplit;
}

/**
 * A settlement's figures from its lines' releases: per payment (job and item), each taxed with the month's
 * earlier payouts of it (`earlier`, by `paymentKey`). An individual whose residency is not known yet is
 * reckoned a resident: an estimate, worked out again when paid (a payment needs the identity complete).
 */
export function figuresOf(
  taxedAs: TaxedAs,
  releases: readonly PaymentRelease[],
  earlier: ReadonlyMap<string, EarlierPayout>,
  deductions = 0,
): SettlementFigures {
  const byPayment = new Map<string, { orderId: number; category: IncomeCategory; splits: ShareSplit[] }>();
  for (const release of releases) {
    const key = paymentKey(release.orderId, release.category);
    const payment = byPayment.get(key) ?? {
      orderId: release.orderId,
      category: release.category,
      splits: [],
    };
    payment.splits.push(release.now);
    byPayment.set(key, payment);
  }
  return settlementFigures({
    payoutType: taxedAs.payoutType,
    residency: taxedAs.residency ?? 'resident',
    deductions,
    jobs: [...byPayment].map(([key, { orderId, category, splits }]) => ({
      orderId,
      category,
      releases: splits,
      earlierIncome: earlier.get(key)?.income ?? 0,
      earlierTax: earlier.get(key)?.tax ?? 0,
    })),
  });
}

/**
 * The deductions a settlement takes, oldest first, as long as they fit in what it pays after tax (a
 * deduction is taken whole; the first that does not fit and every later one wait for the next settlement).
 */
export function deductionsTaken<D extends { amount: number }>(pending: readonly D[], room: number): D[] {
  const taken: D[] = [];
  let left = room;
  for (const deduction of pending) {
    if (deduction.amount > left) break;
    taken.push(deduction);
    left -= deduction.amount;
  }
  return taken;
}
