/**
 * Paying a settlement (docs/product.md "Model settlements", 税款所属期): the law withholds when the income is
 * paid, so the tax of each payment (job and income item) is worked out again for the month of `paid_on`,
 * with the payouts of that month already recorded (paid settlements whose `paid_on` falls in it), by the
 * model's residency; the deductions it took are fitted again in what it pays after that tax (oldest first;
 * those that no longer fit go back to the next settlement); and an individual is paid only with the tax
 * identity complete. The preview answers the same figures without writing, so the payer transfers the
 * amount the payment records (`expected_net`).
 */
import { bankName } from '@trackit/contract/banks';
import { businessDate } from '@trackit/contract/business-time';
import { formatYuan } from '@trackit/contract/money';
import {
  SETTLEMENT_MESSAGES,
  type SettlementDetail,
  type SettlementPay,
  type SettlementPaymentPreview,
  type SettlementPaymentPreviewQuery,
} from '@trackit/contract/settlement.schema';
import { paymentKey, type SettlementFigures } from '@trackit/contract/settlement-math';
import type { TaxResidency } from '@trackit/contract/tax-identity';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { deductionsOfSettlement, giveBackDeductions } from '../model/model-deduction.service';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { findRecipientForDocument } from '../team-recipient/team-recipient.service';
import {
  findSettlement,
  findSettlementRecord,
  listSettlementJobs,
  type SettlementJobRow,
  type SettlementRecord,
  updateSettlementJob,
  updateSettlementRow,
} from './settlement.repository';
import {
  identityGaps,
  loadSettlementDetail,
  lockModelThenSettlement,
  monthDays,
  refuseIncompleteIdentity,
  type SettlementDeps,
  settlementConflict,
  settlementLevel,
  settlementNotFound,
  withDeductions,
} from './settlement.service';
import { earlierPayouts } from './settlement-ready.repository';
import { findPayoutAccount } from './settlement-share.repository';

const invalid = (field: string, message: string) =>
  new AppError('validationFailed', { message, data: { fields: { [field]: message } } });

/** What a payment on a date records: the month, residency, figures, deductions kept and given back. */
interface PaymentFigures {
  taxMonth: string;
  residency: TaxResidency | null;
  figures: SettlementFigures;
  jobs: SettlementJobRow[];
  /** The month's earlier payouts of each payment, by paymentKey. */
  earlier: ReadonlyMap<string, { income: number; tax: number }>;
  returned: Awaited<ReturnType<typeof deductionsOfSettlement>>;
  missing: string[];
  modelName: string;
}

/** A payment date must be a business day not after today nor before the settlement was drafted (400). */
function checkPaidOn(settlement: SettlementRecord, paidOn: string, now: Date): void {
  if (paidOn > businessDate(now)) throw invalid('paid_on', SETTLEMENT_MESSAGES.paidInFuture);
  if (paidOn < businessDate(settlement.createdAt))
    throw invalid('paid_on', SETTLEMENT_MESSAGES.paidBeforeCreated);
}

/**
 * The figures of paying the settlement on `paidOn`, read through `db`: each payment taxed with the
 * payouts of that month recorded so far, by the residency of the model (a correction: the settlement it
 * corrects, kept on it), and the deductions it took fitted again.
 */
async function paymentFigures(
  db: Database,
  teamId: number,
  settlement: SettlementRecord,
  paidOn: string,
): Promise<PaymentFigures> {
  const taxMonth = paidOn.slice(0, 7);
  const gaps = await identityGaps(db, teamId, settlement);
  const residency =
    settlement.payoutType === 'studio'
      ? null
      : settlement.correctsId !== null
        ? settlement.taxResidency
        : gaps.residency;
  const jobs = await listSettlementJobs(db, teamId, settlement.id);
  const earlier =
    (await earlierPayouts(db, teamId, [settlement.modelId], monthDays(taxMonth))).get(settlement.modelId) ??
    new Map();
  const taken = await deductionsOfSettlement(db, teamId, settlement.id);
  const { figures, taken: kept } = withDeductions(
    { payoutType: settlement.payoutType, residency },
    jobs.map(({ job }) => ({ orderId: job.orderId, category: job.incomeCategory, now: job })),
    earlier,
    taken,
  );
  const keptIds = new Set(kept.map((deduction) => deduction.id));
  return {
    taxMonth,
    residency,
    figures,
    jobs,
    earlier,
    returned: taken.filter((deduction) => !keptIds.has(deduction.id)),
    missing: gaps.missing,
    modelName: gaps.name,
  };
}

/**
 * The payee entity the client paid: the settlement's orders' 收款主体, the one holding most of its gross
 * when they differ (the lowest id on a tie); null when no order names one.
 */
function payerOfJobs(jobs: readonly SettlementJobRow[]): number | null {
  const gross = new Map<number, number>();
  for (const { job, orderPayeeId } of jobs) {
    if (orderPayeeId === null) continue;
    gross.set(orderPayeeId, (gross.get(orderPayeeId) ?? 0) + Math.abs(job.gross));
  }
  let best: { id: number; gross: number } | null = null;
  for (const [id, sum] of [...gross].sort(([a], [b]) => a - b)) {
    if (!best || sum > best.gross) best = { id, gross: sum };
  }
  return best?.id ?? null;
}

/** The model's payout account as the payer reads it (bank by its name), null when no account number. */
async function payoutAccountOf(db: Database, teamId: number, modelId: number) {
  const account = await findPayoutAccount(db, teamId, modelId);
  if (!account?.accountNumber) return null;
  return {
    account_name: account.accountName,
    bank: account.bank ? bankName(account.bank, account.bankName) : account.bankName,
    branch: account.branch,
    account_number: account.accountNumber,
  };
}

/** The figures of a payment by payment key, to match them with the stored jobs. */
const figuresByPayment = (figures: SettlementFigures) =>
  new Map(figures.jobs.map((job) => [paymentKey(job.orderId, job.category), job]));

/**
 * GET /v1/settlements/{id}/payment_preview: what paying the passed settlement (409 otherwise; 404 when not
 * the team's) on that business date (400 as for the payment) would record. Writes nothing.
 */
export async function previewSettlementPayment(
  deps: SettlementDeps,
  auth: AuthContext,
  settlementId: number,
  query: SettlementPaymentPreviewQuery,
): Promise<SettlementPaymentPreview> {
  const settlement = await findSettlementRecord(deps.db, auth.teamId, settlementId);
  if (!settlement) throw settlementNotFound();
  if (settlement.status !== 'passed') throw settlementConflict(SETTLEMENT_MESSAGES.notPayable);
  checkPaidOn(settlement, query.paid_on, deps.clock());
  const payment = await paymentFigures(deps.db, auth.teamId, settlement, query.paid_on);
  const byPayment = figuresByPayment(payment.figures);
  const { totals } = payment.figures;
  return {
    paid_on: query.paid_on,
    tax_month: payment.taxMonth,
    tax_residency: payment.residency,
    jobs: payment.jobs.map(({ job, orderNumber }) => {
      const key = paymentKey(job.orderId, job.incomeCategory);
      const figures = byPayment.get(key);
      return {
        order_id: job.orderId,
        order_number: orderNumber,
        income_category: job.incomeCategory,
        gross: job.gross,
        commission: job.commission,
        mother_agency: job.motherAgency,
        mother_agency_from_model: job.motherAgencyFromModel,
        income: job.income,
        earlier_income: payment.earlier.get(key)?.income ?? 0,
        earlier_tax: payment.earlier.get(key)?.tax ?? 0,
        taxable: figures?.taxable ?? 0,
        tax: figures?.tax ?? 0,
      };
    }),
    taxable: totals.taxable,
    tax: totals.tax,
    deductions: totals.deductions,
    net: totals.net,
    deductions_returned: payment.returned.map((deduction) => ({
      id: deduction.id,
      kind: deduction.kind,
      occurred_on: deduction.occurredOn,
      amount: deduction.amount,
      note: deduction.note,
    })),
    tax_identity_missing: payment.missing,
    payer_id: payerOfJobs(payment.jobs),
    payout_account: await payoutAccountOf(deps.db, auth.teamId, settlement.modelId),
  };
}

/**
 * POST /v1/settlements/{id}/pay: a passed settlement (409 otherwise) is paid on a business date not after
 * today nor before it was drafted (400), from one of the team's payee entities (404 when not the team's,
 * 400 when disabled), with the bank's reference. An individual needs the tax identity complete (409 naming
 * what is missing). The tax of each payment is worked out again for the month paid, the deductions fitted
 * again (those given back wait for the next settlement); a net other than `expected_net` is refused (409:
 * another payout of the month was recorded meanwhile); an `amount` more than the net is refused saying how
 * much can be paid, and less (a settlement is paid once, in full) too (400). Its model is locked first, as drafts lock it, so
 * the payments of one model are recorded one after another. From then on it is never edited.
 */
export async function paySettlement(
  deps: SettlementDeps,
  auth: AuthContext,
  settlementId: number,
  body: SettlementPay,
  origin: RequestOrigin,
): Promise<SettlementDetail> {
  const now = deps.clock();
  const { teamId } = auth;
  const level = await settlementLevel(deps, auth);
  return deps.db.transaction(async (tx) => {
    const { settlement } = await lockModelThenSettlement(tx, teamId, settlementId);
    if (settlement.status !== 'passed') throw settlementConflict(SETTLEMENT_MESSAGES.notPayable);
    checkPaidOn(settlement, body.paid_on, now);
    const recipient = await findRecipientForDocument(tx, teamId, body.team_recipient_id);
    if (!recipient) throw new AppError('notFound', { message: SETTLEMENT_MESSAGES.recipientNotFound });
    if (recipient.status !== 'active') {
      throw invalid('team_recipient_id', SETTLEMENT_MESSAGES.recipientDisabled);
    }
    const payment = await paymentFigures(tx, teamId, settlement, body.paid_on);
    refuseIncompleteIdentity({ missing: payment.missing, name: payment.modelName });
    const { totals } = payment.figures;
    if (body.amount !== undefined && body.amount > totals.net) {
      throw invalid('amount', SETTLEMENT_MESSAGES.payMoreThanNet(formatYuan(totals.net)));
    }
    if (body.amount !== undefined && body.amount < totals.net) {
      throw invalid('amount', SETTLEMENT_MESSAGES.payLessThanNet(formatYuan(totals.net)));
    }
    if (body.expected_net !== undefined && body.expected_net !== totals.net) {
      throw settlementConflict(SETTLEMENT_MESSAGES.netChanged(formatYuan(totals.net)), {
        net: totals.net,
        tax: totals.tax,
      });
    }
    const byPayment = figuresByPayment(payment.figures);
    for (const { job } of payment.jobs) {
      const key = paymentKey(job.orderId, job.incomeCategory);
      await updateSettlementJob(tx, teamId, job.id, {
        earlierIncome: payment.earlier.get(key)?.income ?? 0,
        earlierTax: payment.earlier.get(key)?.tax ?? 0,
        taxable: byPayment.get(key)?.taxable ?? 0,
        tax: byPayment.get(key)?.tax ?? 0,
      });
    }
    if (payment.returned.length > 0) {
      await giveBackDeductions(
        tx,
        teamId,
        settlementId,
        payment.returned.map((deduction) => deduction.id),
      );
    }
    await updateSettlementRow(tx, teamId, settlementId, {
      status: 'paid',
      taxMonth: payment.taxMonth,
      taxResidency: payment.residency,
      taxable: totals.taxable,
      tax: totals.tax,
      deductions: totals.deductions,
      net: totals.net,
      paidOn: body.paid_on,
      paidReference: body.reference,
      paidByTeamRecipientId: recipient.id,
      paidAt: now,
      paidByMembershipId: auth.membershipId,
      updatedAt: now,
    });
    const modelName = (await findSettlement(tx, teamId, settlementId))?.modelName ?? payment.modelName;
    await recordOperation(tx, {
      action: 'settlement_pay',
      actor: memberActor(auth, origin, now),
      targetId: settlementId,
      detail: {
        name: modelName,
        number: settlement.number,
        net: totals.net,
        paid_on: body.paid_on,
        payer: recipient.shortName,
        tax: totals.tax,
      },
    });
    return loadSettlementDetail(tx, teamId, settlementId, level, auth.membershipId);
  });
}
