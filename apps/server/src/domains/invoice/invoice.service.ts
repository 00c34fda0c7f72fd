/**
 * Invoices (docs/product.md "Invoices"): a request covers fee lines of billed orders of one client company
 * and one payee entity (three flows), each for what remains to invoice of it; issuing records the tax
 * platform's 20-digit number (unique in the team), the date and the PDF. Every figure is the contract's
 * (invoiceFigures, remainingToInvoice, checkInvoiceRequest). A request locks its fee lines in id order and
 * checks again under the lock, so of racing requests only those the remainders allow pass. Red-letter
 * corrections are in ./invoice-correction.service. Each write commits with its log entry and notices.
 */
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { businessDate } from '@trackit/contract/business-time';
import type { PermissionLevel } from '@trackit/contract/enums';
import { FINANCE_REFUSAL_ERRORS } from '@trackit/contract/finance-enums';
import {
  checkInvoiceRequest,
  invoiceFigures,
  refusalMessage,
  remainingToInvoice,
} from '@trackit/contract/finance-rules';
import {
  INVOICE_EXPORT_MAX_ROWS,
  INVOICE_MESSAGES,
  INVOICE_NOTICES,
  type Invoice,
  type InvoiceCreate,
  type InvoiceDetail,
  type InvoiceFilter,
  type InvoiceIssue,
  type InvoiceQuery,
  type InvoiceTotals,
} from '@trackit/contract/invoice.schema';
import { formatYuan } from '@trackit/contract/money';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { approvalHistory, selfDecisionAllowed } from '../approval/approval.service';
import { requireTeamCompany } from '../company/company.service';
import { notifyMembers } from '../notify/notify.service';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { adoptInvoiceRecipient } from '../order/order.service';
import { invoicePaidByLine, moveDirectPaymentsOnIssue } from '../payment/payment.service';
import { grantsOf } from '../permission/permission.service';
import { findRecipientForDocument } from '../team-recipient/team-recipient.service';
import { signBlobDownload } from '../upload/signed-files.service';
import { claimBlob, type UploadDeps } from '../upload/upload.service';
import { type CorrectionView, presentInvoice, presentInvoiceDetail } from './invoice.presenter';
import {
  findInvoice,
  type InvoiceRow,
  insertInvoice,
  insertInvoiceLines,
  listCorrectionLines,
  listCorrections,
  listInvoiceLines,
  listInvoices,
  lockInvoice,
  numberInUse,
  sumInvoices,
  updateInvoiceRow,
} from './invoice.repository';
import { lockRequestedFeeLines } from './ready-to-invoice.repository';

export type InvoiceDeps = Pick<UploadDeps, 'db' | 'clock' | 'storage' | 'blobKey'>;

export const invoiceNotFound = () => new AppError('notFound', { message: INVOICE_MESSAGES.notFound });
export const invoiceConflict = (message: string) => new AppError('conflict', { message });

/** The caller's `accounting` level (the answers' `can`). */
export async function accountingLevel(
  deps: Pick<InvoiceDeps, 'db'>,
  auth: AuthContext,
): Promise<PermissionLevel | undefined> {
  return (await grantsOf({ db: deps.db }, auth)).get('accounting');
}

/** What the log and the notices call an invoice: its number once issued, else its buyer. */
export const invoiceLabel = (invoice: { number: string | null; buyerName: string }) =>
  invoice.number ?? invoice.buyerName;

const fileUrlOf = (deps: Pick<InvoiceDeps, 'storage'>, row: InvoiceRow): Promise<string | null> =>
  row.fileKey && row.invoice.fileName
    ? signBlobDownload(deps, {
        key: row.fileKey,
        contentType: row.fileContentType ?? 'application/pdf',
        name: row.invoice.fileName,
      })
    : Promise.resolve(null);

/** The invoice with its lines, groups and corrections (with their approval histories), read through `db`. */
export async function loadInvoiceDetail(
  deps: Pick<InvoiceDeps, 'storage'>,
  db: Database,
  teamId: number,
  invoiceId: number,
  level: PermissionLevel | undefined,
  /** The caller's membership: a waiting correction's `can_decide` follows the self-decision rules too. */
  viewer?: number,
): Promise<InvoiceDetail> {
  const row = await findInvoice(db, teamId, invoiceId);
  if (!row) throw invoiceNotFound();
  // One after another: inside a write's transaction they share one connection.
  const lines = await listInvoiceLines(db, teamId, invoiceId);
  const corrections = await listCorrections(db, teamId, invoiceId);
  const parts = await listCorrectionLines(
    db,
    teamId,
    corrections.map(({ correction }) => correction.id),
  );
  const views: CorrectionView[] = [];
  for (const { correction, requestedByName } of corrections) {
    views.push({
      correction,
      requestedByName,
      lines: parts.filter((part) => part.correctionId === correction.id),
      approvals: await approvalHistory(db, {
        teamId,
        kind: 'invoice_correction',
        recordId: correction.id,
      }),
    });
  }
  const paid = await invoicePaidByLine(db, teamId, invoiceId);
  const detail = presentInvoiceDetail(row, lines, views, level, await fileUrlOf(deps, row), paid);
  for (const correction of detail.corrections) {
    if (viewer === undefined || !correction.can_decide) continue;
    const ref = { teamId, kind: 'invoice_correction' as const, recordId: correction.id };
    correction.can_decide = await selfDecisionAllowed(db, ref, viewer);
  }
  return detail;
}

/** GET /v1/invoices: the 发票 register, by its filters (as of the business date today for `overdue`). */
export async function listInvoicesOf(
  deps: InvoiceDeps,
  auth: AuthContext,
  query: InvoiceQuery,
): Promise<{ items: Invoice[]; total: number }> {
  const today = businessDate(deps.clock());
  const [level, { rows, total }] = await Promise.all([
    accountingLevel(deps, auth),
    listInvoices(deps.db, auth.teamId, query, pageWindow(query), today),
  ]);
  const items = await Promise.all(
    rows.map(async (row) => presentInvoice(row, level, await fileUrlOf(deps, row))),
  );
  return { items, total };
}

/** GET /v1/invoices/totals: the sums of every row the register's filters keep. */
export function invoiceTotals(
  deps: Pick<InvoiceDeps, 'db' | 'clock'>,
  auth: AuthContext,
  filter: InvoiceFilter,
): Promise<InvoiceTotals> {
  return sumInvoices(deps.db, auth.teamId, filter, businessDate(deps.clock()));
}

/**
 * GET /v1/invoices/export: the register's rows by its filters (at most INVOICE_EXPORT_MAX_ROWS, newest
 * first) and their totals, for the workbook (./invoice-workbook.ts).
 */
export async function exportInvoices(deps: InvoiceDeps, auth: AuthContext, filter: InvoiceFilter) {
  const now = deps.clock();
  const today = businessDate(now);
  const level = await accountingLevel(deps, auth);
  const [{ rows }, totals] = await Promise.all([
    listInvoices(deps.db, auth.teamId, filter, { limit: INVOICE_EXPORT_MAX_ROWS, offset: 0 }, today),
    sumInvoices(deps.db, auth.teamId, filter, today),
  ]);
  return { items: rows.map((row) => presentInvoice(row, level, null)), totals, today, exportedAt: now };
}

/** GET /v1/invoices/{id}. */
export async function getInvoice(deps: InvoiceDeps, auth: AuthContext, invoiceId: number) {
  return loadInvoiceDetail(
    deps,
    deps.db,
    auth.teamId,
    invoiceId,
    await accountingLevel(deps, auth),
    auth.membershipId,
  );
}

/** A refusal of the contract's checks as the API answers it. */
export function financeRefusal(refused: {
  reason: keyof typeof FINANCE_REFUSAL_ERRORS;
  fee_line_id?: number;
  invoice_line_id?: number;
  max?: number;
}): AppError {
  const data =
    refused.fee_line_id !== undefined
      ? { fee_line_id: refused.fee_line_id }
      : refused.invoice_line_id !== undefined
        ? { invoice_line_id: refused.invoice_line_id, max: refused.max ?? null }
        : null;
  return new AppError(FINANCE_REFUSAL_ERRORS[refused.reason], { message: refusalMessage(refused), data });
}

/**
 * POST /v1/invoices: in one transaction, the payee entity and the client company (404 when not the
 * team's), the fee lines locked in id order, each a line of a billed order of that client and entity
 * (else 400: three flows), each for what remains of it (checkInvoiceRequest: 409 when nothing remains,
 * which is what the loser of a race meets). The figures are invoiceFigures of the portions.
 */
export async function createInvoice(
  deps: InvoiceDeps,
  auth: AuthContext,
  body: InvoiceCreate,
  origin: RequestOrigin,
): Promise<InvoiceDetail> {
  const now = deps.clock();
  const { teamId } = auth;
  const level = await accountingLevel(deps, auth);
  const recipient = await findRecipientForDocument(deps.db, teamId, body.team_recipient_id);
  if (!recipient) throw new AppError('notFound', { message: INVOICE_MESSAGES.recipientNotFound });
  return deps.db.transaction(async (tx) => {
    const company = await requireTeamCompany(tx, teamId, body.company_id);
    const lines = await lockRequestedFeeLines(tx, teamId, body.fee_line_ids);
    const foreign = lines.find(
      (line) =>
        line.orderStatus !== 'billed' ||
        line.companyId !== company.id ||
        // Billed before the team had a payee entity: this invoice names it (adoptInvoiceRecipient below).
        (line.teamRecipientId !== null && line.teamRecipientId !== recipient.id),
    );
    if (foreign) {
      throw new AppError('validationFailed', {
        message: INVOICE_MESSAGES.lineNotInvoiceable,
        data: { fee_line_id: foreign.id },
      });
    }
    const remaining = new Map(
      lines.map((line) => [
        line.id,
        remainingToInvoice({ total: line.total, invoiced: line.invoiced, given_back: line.givenBack }),
      ]),
    );
    const check = checkInvoiceRequest(
      body.fee_line_ids.map((fee_line_id) => ({ fee_line_id })),
      remaining,
    );
    if (!check.ok) throw financeRefusal(check);
    const byId = new Map(lines.map((line) => [line.id, line]));
    const figures = invoiceFigures(
      check.portions.flatMap(({ fee_line_id, portion }) => {
        const line = byId.get(fee_line_id);
        if (!line) return [];
        const totals = { subtotal: line.subtotal, tax: line.tax, total: line.total };
        return [{ id: line.id, kind: line.kind, tax_rate: line.taxRate, totals, portion }];
      }),
    );
    const invoiceId = await insertInvoice(tx, {
      teamId,
      teamRecipientId: recipient.id,
      companyId: company.id,
      type: body.type,
      buyerName: body.buyer.name,
      buyerTaxId: body.buyer.tax_id,
      buyerAddressPhone: body.buyer.address_phone,
      buyerBankAccount: body.buyer.bank_account,
      amount: figures.amount,
      tax: figures.tax,
      total: figures.total,
      createdByMembershipId: auth.membershipId,
      createdAt: now,
      updatedAt: now,
    });
    await insertInvoiceLines(
      tx,
      figures.lines.map((line) => ({
        teamId,
        invoiceId,
        feeLineId: line.fee_line_id,
        kind: line.kind,
        item: line.item,
        taxRate: line.tax_rate,
        amount: line.amount,
        tax: line.tax,
        total: line.total,
      })),
    );
    const withoutRecipient = [
      ...new Set(lines.filter((line) => line.teamRecipientId === null).map((line) => line.orderId)),
    ];
    await adoptInvoiceRecipient(tx, memberActor(auth, origin, now), withoutRecipient, recipient.id);
    await recordOperation(tx, {
      action: 'invoice_request',
      actor: memberActor(auth, origin, now),
      targetId: invoiceId,
      detail: { name: body.buyer.name, type: body.type, total: figures.total, lines: figures.lines.length },
    });
    return loadInvoiceDetail(deps, tx, teamId, invoiceId, level, auth.membershipId);
  });
}

/**
 * POST /v1/invoices/{id}/issue: a requested invoice gets its number (409 when issued already or when
 * another invoice of the team has the number, also when two take it at once), its date (not after
 * today) and optionally its PDF; the requester is told.
 */
export async function issueInvoice(
  deps: InvoiceDeps,
  auth: AuthContext,
  invoiceId: number,
  body: InvoiceIssue,
  origin: RequestOrigin,
): Promise<InvoiceDetail> {
  const now = deps.clock();
  const { teamId } = auth;
  const level = await accountingLevel(deps, auth);
  const numberTaken = () => invoiceConflict(INVOICE_MESSAGES.numberTaken(body.number));
  try {
    return await deps.db.transaction(async (tx) => {
      const invoice = await lockInvoice(tx, teamId, invoiceId);
      if (!invoice) throw invoiceNotFound();
      if (invoice.status !== 'requested') throw invoiceConflict(INVOICE_MESSAGES.notIssuable);
      if (body.issued_on > businessDate(now)) {
        const message = INVOICE_MESSAGES.issuedInFuture;
        throw new AppError('validationFailed', { message, data: { fields: { issued_on: message } } });
      }
      if (await numberInUse(tx, teamId, body.number)) throw numberTaken();
      const blob = body.file_signed_id
        ? await claimBlob(deps, tx, auth, body.file_signed_id, now)
        : undefined;
      await updateInvoiceRow(tx, teamId, invoiceId, {
        status: 'issued',
        number: body.number,
        issuedOn: body.issued_on,
        issuedAt: now,
        issuedByMembershipId: auth.membershipId,
        ...(blob ? { fileBlobId: blob.id, fileName: blob.filename } : {}),
        updatedAt: now,
      });
      // Its lines are now invoiced on their orders (费用's 已开票), and what the client paid of them
      // directly beyond what stays uninvoiced moves onto it (the payment rule: contract moveOnIssue).
      const moved = await moveDirectPaymentsOnIssue(
        tx,
        teamId,
        invoiceId,
        auth.membershipId,
        businessDate(now),
        now,
      );
      const requester = invoice.createdByMembershipId;
      if (requester !== null && requester !== auth.membershipId) {
        await notifyMembers(tx, {
          teamId,
          recipientMembershipIds: [requester],
          type: 'event_notice',
          title: INVOICE_NOTICES.issued(body.number),
          body: INVOICE_NOTICES.issuedBody(invoice.buyerName, formatYuan(invoice.total)),
          link: ADMIN_PATHS.invoice(invoiceId),
          at: now,
        });
      }
      await recordOperation(tx, {
        action: 'invoice_issue',
        actor: memberActor(auth, origin, now),
        targetId: invoiceId,
        detail: {
          name: invoice.buyerName,
          number: body.number,
          issued_on: body.issued_on,
          ...(moved > 0 ? { moved } : {}),
        },
      });
      return loadInvoiceDetail(deps, tx, teamId, invoiceId, level, auth.membershipId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw numberTaken();
    throw error;
  }
}
