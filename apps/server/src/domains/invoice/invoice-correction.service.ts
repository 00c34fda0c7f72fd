/**
 * Red-letter corrections (红字发票, docs/product.md "Invoices", "Red-letter invoices by line"): the handler
 * of the approval kind `invoice_correction` (approvers: `accounting` manage). Asking for one (POST
 * /v1/invoices/{id}/reverse) names the lines and the amount of each (checkLineReversal, lineReversalFigures)
 * and opens the approval; deciding it (POST /v1/invoice_corrections/{id}/approval) applies it when passed:
 * the chosen lines' parts go back to 待开票, the invoice's status follows (statusAfterReversals) and its
 * payments spread anew through the payment domain; then the red-letter invoice the platform issued is
 * recorded (POST /v1/invoice_corrections/{id}/issue: its number, date and 确认单 number). One correction
 * waits per invoice at a time; the invoice's lock orders every step on it.
 */
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import type { ApprovalDecision } from '@trackit/contract/approval.schema';
import { businessDate } from '@trackit/contract/business-time';
import { REVERSAL_SCOPE_LABELS } from '@trackit/contract/finance-enums';
import {
  checkLineReversal,
  lineReversalFigures,
  reversalScope,
  statusAfterReversals,
} from '@trackit/contract/finance-rules';
import {
  type CorrectionIssue,
  INVOICE_MESSAGES,
  INVOICE_NOTICES,
  type InvoiceDetail,
  type InvoiceReverse,
} from '@trackit/contract/invoice.schema';
import { MESSAGES } from '@trackit/contract/messages';
import { formatYuan } from '@trackit/contract/money';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { decideApproval, requestApproval } from '../approval/approval.service';
import { notifyMembers } from '../notify/notify.service';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { findTeamMember } from '../organization/organization.service';
import { invoicePaidByLine, respreadInvoicePayments } from '../payment/payment.service';
import {
  findCorrection,
  insertCorrection,
  listCorrectionLines,
  listCorrections,
  listInvoiceLines,
  lockCorrection,
  lockInvoice,
  numberInUse,
  updateCorrectionRow,
  updateInvoiceRow,
} from './invoice.repository';
import {
  accountingLevel,
  financeRefusal,
  type InvoiceDeps,
  invoiceConflict,
  invoiceLabel,
  invoiceNotFound,
  loadInvoiceDetail,
} from './invoice.service';

const approvalOf = (teamId: number, correctionId: number) => ({
  teamId,
  kind: 'invoice_correction' as const,
  recordId: correctionId,
});

const correctionNotFound = () => new AppError('notFound', { message: INVOICE_MESSAGES.correctionNotFound });

/**
 * Each line of the invoice as a correction sees it (the invoice locked by the caller): what is still
 * reversible of it (the invoice line less the parts of passed corrections, split as the contract's
 * InvoiceableLine) and what the invoice's payments give it now (the payment domain's invoicePaidByLine).
 */
async function reversibleLinesOf(tx: Database, teamId: number, invoiceId: number) {
  const corrections = await listCorrections(tx, teamId, invoiceId);
  const passedIds = corrections
    .filter(({ correction }) => correction.status === 'passed')
    .map(({ correction }) => correction.id);
  const taken = await listCorrectionLines(tx, teamId, passedIds);
  const paid = await invoicePaidByLine(tx, teamId, invoiceId);
  const lines = (await listInvoiceLines(tx, teamId, invoiceId)).map(({ line }) => {
    const parts = taken.filter((part) => part.invoiceLineId === line.id);
    const less = (field: 'amount' | 'tax' | 'total') =>
      line[field] - parts.reduce((sum, part) => sum + part[field], 0);
    const totals = { subtotal: less('amount'), tax: less('tax'), total: less('total') };
    return {
      id: line.id,
      feeLineId: line.feeLineId,
      kind: line.kind,
      tax_rate: line.taxRate,
      totals,
      reversible: totals.total,
      // The spread gives a line at most its total; after corrections, at most what it still holds.
      paid: Math.min(paid.get(line.feeLineId) ?? 0, totals.total),
    };
  });
  return { corrections, lines };
}

/**
 * POST /v1/invoices/{id}/reverse: a red-letter correction by line of an issued invoice goes to approval.
 * Each chosen line gives back the amount asked of it (checkLineReversal: never more than what it still
 * holds unpaid, the refusal saying how much can), figured by lineReversalFigures; the lines not chosen
 * are untouched.
 */
export async function reverseInvoice(
  deps: InvoiceDeps,
  auth: AuthContext,
  invoiceId: number,
  body: InvoiceReverse,
  origin: RequestOrigin,
): Promise<InvoiceDetail> {
  const now = deps.clock();
  const { teamId } = auth;
  const level = await accountingLevel(deps, auth);
  return deps.db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, teamId, invoiceId);
    if (!invoice) throw invoiceNotFound();
    if (invoice.status !== 'issued') throw invoiceConflict(INVOICE_MESSAGES.notReversible);
    const { corrections, lines } = await reversibleLinesOf(tx, teamId, invoiceId);
    if (corrections.some(({ correction }) => correction.status === 'init')) {
      throw invoiceConflict(INVOICE_MESSAGES.correctionPending);
    }
    const check = checkLineReversal(body.lines, lines);
    if (!check.ok) throw financeRefusal(check);
    const figures = lineReversalFigures(body.lines, lines);
    const feeLineOf = new Map(lines.map((line) => [line.id, line.feeLineId]));
    const scope = reversalScope(figures.total, invoice);
    const correctionId = await insertCorrection(
      tx,
      {
        teamId,
        invoiceId,
        amount: figures.amount,
        tax: figures.tax,
        total: figures.total,
        scope,
        reason: body.reason,
        requestedByMembershipId: auth.membershipId,
        createdAt: now,
        updatedAt: now,
      },
      figures.lines.map((line) => ({
        teamId,
        invoiceLineId: line.fee_line_id,
        feeLineId: feeLineOf.get(line.fee_line_id) ?? 0,
        amount: line.amount,
        tax: line.tax,
        total: line.total,
      })),
    );
    const number = invoiceLabel(invoice);
    const nickname = (await findTeamMember(tx, teamId, auth.membershipId))?.nickname ?? MESSAGES.empty;
    await requestApproval(tx, approvalOf(teamId, correctionId), {
      requestedBy: auth.membershipId,
      at: now,
      subject: `${number}（${REVERSAL_SCOPE_LABELS[scope]} ${formatYuan(figures.total)}）`,
      notice: {
        title: INVOICE_NOTICES.correctionRequired(number),
        body: INVOICE_NOTICES.correctionRequiredBody(nickname, formatYuan(figures.total), body.reason),
        link: ADMIN_PATHS.invoice(invoiceId),
      },
    });
    await recordOperation(tx, {
      action: 'invoice_reverse',
      actor: memberActor(auth, origin, now),
      targetId: invoiceId,
      detail: {
        name: invoice.buyerName,
        number,
        amount: figures.total,
        reason: body.reason,
        scope,
        lines: figures.lines.length,
      },
    });
    return loadInvoiceDetail(deps, tx, teamId, invoiceId, level, auth.membershipId);
  });
}

/**
 * POST /v1/invoice_corrections/{id}/approval: an approver decides (403 for others, 409 once decided).
 * Passed: the invoice's `reversed` grows by the correction and its status follows; the correction's lines
 * count as given back to 待开票. Either way the requester is told.
 */
export async function decideCorrection(
  deps: InvoiceDeps,
  auth: AuthContext,
  correctionId: number,
  input: ApprovalDecision,
  origin: RequestOrigin,
): Promise<InvoiceDetail> {
  const now = deps.clock();
  const { teamId } = auth;
  const level = await accountingLevel(deps, auth);
  return deps.db.transaction(async (tx) => {
    // The invoice first, as every step on it locks it.
    const found = await findCorrection(tx, teamId, correctionId);
    if (!found) throw correctionNotFound();
    const invoice = await lockInvoice(tx, teamId, found.invoiceId);
    const correction = await lockCorrection(tx, teamId, correctionId);
    if (!invoice || !correction) throw correctionNotFound();
    await decideApproval(tx, approvalOf(teamId, correctionId), {
      ...input,
      decidedBy: auth.membershipId,
      at: now,
    });
    const passed = input.result === 'passed';
    if (passed) {
      // Money allocated since the request may have left a line less unpaid than its part.
      const { lines } = await reversibleLinesOf(tx, teamId, invoice.id);
      const parts = await listCorrectionLines(tx, teamId, [correction.id]);
      const check = checkLineReversal(
        parts.map((part) => ({ invoice_line_id: part.invoiceLineId, amount: part.total })),
        lines,
      );
      if (!check.ok) throw financeRefusal(check);
    }
    await updateCorrectionRow(tx, teamId, correctionId, {
      status: input.result,
      decidedAt: now,
      updatedAt: now,
    });
    if (passed) {
      const reversed = invoice.reversed + correction.total;
      await updateInvoiceRow(tx, teamId, invoice.id, {
        reversed,
        status: statusAfterReversals({ total: invoice.total, reversed }),
        updatedAt: now,
      });
      // What it gave back is no longer invoiced on the orders; its payments spread over what is left.
      await respreadInvoicePayments(tx, teamId, invoice.id, businessDate(now), now);
    }
    const number = invoiceLabel(invoice);
    const requester = correction.requestedByMembershipId;
    if (requester !== null) {
      const nickname = (await findTeamMember(tx, teamId, auth.membershipId))?.nickname ?? MESSAGES.empty;
      await notifyMembers(tx, {
        teamId,
        recipientMembershipIds: [requester],
        type: 'event_notice',
        title: passed ? INVOICE_NOTICES.correctionPassed(number) : INVOICE_NOTICES.correctionRejected(number),
        body: INVOICE_NOTICES.decisionBody(nickname, input.comment),
        link: ADMIN_PATHS.invoice(invoice.id),
        at: now,
      });
    }
    await recordOperation(tx, {
      action: 'invoice_correction_approve',
      actor: memberActor(auth, origin, now),
      targetId: invoice.id,
      detail: {
        name: invoice.buyerName,
        number,
        amount: correction.total,
        result: input.result,
        comment: input.comment,
      },
    });
    return loadInvoiceDetail(deps, tx, teamId, invoice.id, level, auth.membershipId);
  });
}

/**
 * POST /v1/invoice_corrections/{id}/issue: the red-letter invoice the tax platform issued for a passed
 * correction, recorded once: its own 20-digit number (unique in the team among blue and red numbers), its
 * date (not after today, not before the blue invoice's) and the 红字发票信息确认单 number.
 */
export async function issueCorrection(
  deps: InvoiceDeps,
  auth: AuthContext,
  correctionId: number,
  body: CorrectionIssue,
  origin: RequestOrigin,
): Promise<InvoiceDetail> {
  const now = deps.clock();
  const { teamId } = auth;
  const level = await accountingLevel(deps, auth);
  const numberTaken = () => invoiceConflict(INVOICE_MESSAGES.numberTaken(body.number));
  const dateRefused = (message: string) =>
    new AppError('validationFailed', { message, data: { fields: { issued_on: message } } });
  try {
    return await deps.db.transaction(async (tx) => {
      const found = await findCorrection(tx, teamId, correctionId);
      if (!found) throw correctionNotFound();
      const invoice = await lockInvoice(tx, teamId, found.invoiceId);
      const correction = await lockCorrection(tx, teamId, correctionId);
      if (!invoice || !correction) throw correctionNotFound();
      if (correction.status !== 'passed' || correction.redNumber !== null) {
        throw invoiceConflict(INVOICE_MESSAGES.correctionNotIssuable);
      }
      if (body.issued_on > businessDate(now)) throw dateRefused(INVOICE_MESSAGES.issuedInFuture);
      if (invoice.issuedOn !== null && body.issued_on < invoice.issuedOn) {
        throw dateRefused(INVOICE_MESSAGES.redIssuedBeforeBlue);
      }
      if (await numberInUse(tx, teamId, body.number)) throw numberTaken();
      await updateCorrectionRow(tx, teamId, correctionId, {
        redNumber: body.number,
        redIssuedOn: body.issued_on,
        confirmationNumber: body.confirmation_number,
        redIssuedAt: now,
        redIssuedByMembershipId: auth.membershipId,
        updatedAt: now,
      });
      await recordOperation(tx, {
        action: 'invoice_correction_issue',
        actor: memberActor(auth, origin, now),
        targetId: invoice.id,
        detail: {
          name: invoice.buyerName,
          number: invoiceLabel(invoice),
          red_number: body.number,
          confirmation_number: body.confirmation_number,
          amount: correction.total,
        },
      });
      return loadInvoiceDetail(deps, tx, teamId, invoice.id, level, auth.membershipId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw numberTaken();
    throw error;
  }
}
