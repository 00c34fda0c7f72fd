/**
 * Red-letter corrections (红字发票, docs/product.md "Invoices"): the handler of the approval kind
 * `invoice_correction` (approvers: `accounting` manage). Asking for one (POST /v1/invoices/{id}/reverse)
 * checks the amount against what the issued invoice still has (checkReversal), spreads it over the
 * invoice's lines (reversalFigures) and opens the approval; deciding it (POST
 * /v1/invoice_corrections/{id}/approval) applies it when passed: its lines' parts go back to 待开票 and the
 * invoice's status follows (statusAfterReversals). One correction waits per invoice at a time; the
 * invoice's lock orders every step on it.
 */
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import type { ApprovalDecision } from '@trackit/contract/approval.schema';
import { businessDate } from '@trackit/contract/business-time';
import { checkReversal, reversalFigures, statusAfterReversals } from '@trackit/contract/finance-rules';
import {
  INVOICE_MESSAGES,
  INVOICE_NOTICES,
  type InvoiceDetail,
  type InvoiceReverse,
} from '@trackit/contract/invoice.schema';
import { MESSAGES } from '@trackit/contract/messages';
import { formatYuan } from '@trackit/contract/money';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { decideApproval, requestApproval } from '../approval/approval.service';
import { notifyMembers } from '../notify/notify.service';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { findTeamMember } from '../organization/organization.service';
import { invoiceAllocated, invoicePaidByLine, respreadInvoicePayments } from '../payment/payment.service';
import {
  findCorrection,
  insertCorrection,
  listCorrectionLines,
  listCorrections,
  listInvoiceLines,
  lockCorrection,
  lockInvoice,
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

/** POST /v1/invoices/{id}/reverse: an issued invoice's correction goes to approval. */
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
    const corrections = await listCorrections(tx, teamId, invoiceId);
    if (corrections.some(({ correction }) => correction.status === 'init')) {
      throw invoiceConflict(INVOICE_MESSAGES.correctionPending);
    }
    const allocated = await invoiceAllocated(tx, teamId, invoiceId);
    const check = checkReversal(body.amount, { ...invoice, allocated });
    if (!check.ok) throw financeRefusal(check);
    // What is still reversible of each line: the invoice line less the parts of passed corrections.
    const passedIds = corrections
      .filter(({ correction }) => correction.status === 'passed')
      .map(({ correction }) => correction.id);
    const taken = await listCorrectionLines(tx, teamId, passedIds);
    const lines = (await listInvoiceLines(tx, teamId, invoiceId)).map(({ line }) => {
      const parts = taken.filter((part) => part.invoiceLineId === line.id);
      const less = (field: 'amount' | 'tax' | 'total') =>
        line[field] - parts.reduce((sum, part) => sum + part[field], 0);
      return {
        id: line.id,
        feeLineId: line.feeLineId,
        kind: line.kind,
        tax_rate: line.taxRate,
        totals: { subtotal: less('amount'), tax: less('tax'), total: less('total') },
      };
    });
    const feeLineOf = new Map(lines.map((line) => [line.id, line.feeLineId]));
    // What is unpaid of each line weighs its part: a correction never takes back what the client paid.
    const paid = await invoicePaidByLine(tx, teamId, invoiceId);
    const figures = reversalFigures(
      body.amount,
      lines,
      lines.map((line) => line.totals.total - (paid.get(line.feeLineId) ?? 0)),
    );
    const correctionId = await insertCorrection(
      tx,
      {
        teamId,
        invoiceId,
        amount: figures.amount,
        tax: figures.tax,
        total: figures.total,
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
      subject: `${number}（红冲 ${formatYuan(figures.total)}）`,
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
      detail: { name: invoice.buyerName, number, amount: figures.total, reason: body.reason },
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
      // Money allocated since the request may have left less than the correction unpaid.
      const allocated = await invoiceAllocated(tx, teamId, invoice.id);
      const check = checkReversal(correction.total, { ...invoice, allocated });
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
