/**
 * Allocations (核销, docs/product.md "Payments received"): parts of a receipt given to invoices or fee
 * lines, and undone. One transaction locks the receipt, then the invoices and then the fee lines their
 * payments reach, each in id order (so racing requests take turns and never deadlock), reads what is
 * allocated after the locks and checks the whole request at once with the contract's checkAllocations: an
 * invoice can receive what it still holds (invoiceOpen, issued invoices only), a line directly only its
 * part no issued invoice holds (directOpen), so no line is ever paid past its total. Of 20 racing requests
 * only those the amounts allow pass, the others get 409. What is paid follows in the same transaction
 * through the payment domain (payment/payment.service.ts settlePayments). An undone allocation stays,
 * dated, for aging.
 */
import {
  allocationTargetKey,
  checkAllocations,
  directOpen,
  invoiceOpen,
  receiptBalance,
} from '@trackit/contract/allocations';
import { businessDate } from '@trackit/contract/business-time';
import {
  FINANCE_REFUSAL_ERRORS,
  FINANCE_REFUSAL_MESSAGES,
  type FinanceRefusal,
} from '@trackit/contract/finance-enums';
import {
  type AllocationCreate,
  RECEIPT_MESSAGES,
  type ReceiptDetail,
} from '@trackit/contract/receipt.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { accountingLevel } from '../invoice/invoice.service';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import {
  endAllocation,
  findAllocation,
  type LockedInvoice,
  lockAllocation,
  lockPaymentTargets,
  lockReceipt,
  recordAllocations,
  settlePayments,
} from '../payment/payment.service';
import { loadReceiptDetail, type ReceiptDeps, receiptConflict, receiptNotFound } from './receipt.service';

/** Orders whose fee lines take payments: confirmed or billed (not drafts, nor cancelled ones). */
const PAYABLE_ORDER_STATUSES = new Set(['confirmed', 'billed']);

const refusal = (refused: { reason: FinanceRefusal; index?: number }) =>
  new AppError(FINANCE_REFUSAL_ERRORS[refused.reason], {
    message: FINANCE_REFUSAL_MESSAGES[refused.reason],
    data: refused.index === undefined ? null : { index: refused.index },
  });

const unique = (ids: (number | undefined)[]) => [
  ...new Set(ids.filter((id): id is number => id !== undefined)),
];

/** What the log calls an invoice (its number, else its buyer) and a fee line (its order's number). */
const invoiceLabel = (invoice: LockedInvoice) => `发票 ${invoice.number ?? invoice.buyerName}`;

const invoiceOf = (item: AllocationCreate) => ('invoice_id' in item ? item.invoice_id : undefined);
const lineOf = (item: AllocationCreate) => ('fee_line_id' in item ? item.fee_line_id : undefined);

/** POST /v1/receipts/{id}/allocations. */
export async function allocateReceipt(
  deps: ReceiptDeps,
  auth: AuthContext,
  receiptId: number,
  body: AllocationCreate[],
  origin: RequestOrigin,
): Promise<ReceiptDetail> {
  const now = deps.clock();
  const level = await accountingLevel(deps, auth);
  return deps.db.transaction(async (tx) => {
    await allocateWithin(tx, auth, receiptId, body, now, origin);
    return loadReceiptDetail(tx, auth.teamId, receiptId, level);
  });
}

/**
 * The allocations of a receipt, checked, written, paid (settlePayments) and logged in the caller's
 * transaction: the form's 核销, and a bank line recorded with its allocations in one step.
 */
export async function allocateWithin(
  tx: Database,
  auth: AuthContext,
  receiptId: number,
  body: AllocationCreate[],
  now: Date,
  origin: RequestOrigin,
): Promise<void> {
  const { teamId } = auth;
  const locked = await lockReceipt(tx, teamId, receiptId);
  if (!locked) throw receiptNotFound();
  const { receipt } = locked;
  if (receipt.voidedAt !== null) throw receiptConflict(RECEIPT_MESSAGES.voided);
  const invoiceIds = unique(body.map(invoiceOf));
  const directIds = unique(body.map(lineOf));
  const { invoices, lines } = await lockPaymentTargets(tx, teamId, invoiceIds, directIds);
  const invoiceById = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const lineById = new Map(lines.map((line) => [line.id, line]));
  // An invoice pays only once issued (a request is not yet a tax document); a fully reversed one is gone.
  for (const [index, item] of body.entries()) {
    const invoice = invoiceById.get(invoiceOf(item) ?? 0);
    if (invoice?.status === 'requested') throw refusal({ reason: 'invoice_not_issued', index });
    if (invoice?.status === 'reversed') throw refusal({ reason: 'invoice_reversed', index });
  }
  const unpayable = directIds.find((id) => {
    const line = lineById.get(id);
    return line !== undefined && !PAYABLE_ORDER_STATUSES.has(line.orderStatus);
  });
  if (unpayable !== undefined) throw receiptConflict(RECEIPT_MESSAGES.lineNotPayable);
  const open = new Map<string, number>();
  for (const invoice of invoices)
    open.set(allocationTargetKey({ invoice_id: invoice.id }), invoiceOpen(invoice));
  for (const id of directIds) {
    const line = lineById.get(id);
    if (line) open.set(allocationTargetKey({ fee_line_id: id }), directOpen(line));
  }
  const { unallocated } = receiptBalance(receipt.amount, [{ amount: locked.allocated }]);
  const check = checkAllocations(body, unallocated, open);
  if (!check.ok) {
    // Over what a line may take directly because an issued invoice holds the rest: say so.
    const line =
      check.index === undefined
        ? undefined
        : lineById.get(lineOf(body[check.index] ?? { invoice_id: 0, amount: 0 }) ?? 0);
    if (check.reason === 'target_over_allocated' && line && line.invoiced > 0)
      throw refusal({ reason: 'line_invoiced', index: check.index });
    throw refusal(check);
  }
  const today = businessDate(now);
  await recordAllocations(
    tx,
    body.map((item) => ({
      teamId,
      receiptId,
      invoiceId: invoiceOf(item) ?? null,
      feeLineId: lineOf(item) ?? null,
      amount: item.amount,
      allocatedOn: today,
      createdByMembershipId: auth.membershipId,
      createdAt: now,
    })),
  );
  await settlePayments(tx, teamId, { receiptIds: [receiptId], invoiceIds, lines }, today, now);
  await recordOperation(tx, {
    action: 'receipt_allocate',
    actor: memberActor(auth, origin, now),
    targetId: receiptId,
    detail: {
      name: receipt.payerName,
      amount: check.total,
      targets: body.map((item) => {
        const invoice = invoiceById.get(invoiceOf(item) ?? 0);
        const line = lineById.get(lineOf(item) ?? 0);
        return {
          target: invoice ? invoiceLabel(invoice) : `订单 ${line?.orderNumber ?? ''}`,
          amount: item.amount,
        };
      }),
    },
  });
}

/** DELETE /v1/allocations/{id}: kept as undone (when, by whom); 409 when undone or moved already. */
export async function undoAllocation(
  deps: ReceiptDeps,
  auth: AuthContext,
  allocationId: number,
  origin: RequestOrigin,
): Promise<ReceiptDetail> {
  const now = deps.clock();
  const { teamId } = auth;
  const level = await accountingLevel(deps, auth);
  const found = await findAllocation(deps.db, teamId, allocationId);
  if (!found) throw new AppError('notFound', { message: RECEIPT_MESSAGES.allocationNotFound });
  return deps.db.transaction(async (tx) => {
    const locked = await lockReceipt(tx, teamId, found.receiptId);
    if (!locked) throw receiptNotFound();
    // The targets before the allocation itself: the order every payment step locks in.
    const { invoices, lines } = await lockPaymentTargets(
      tx,
      teamId,
      found.invoiceId === null ? [] : [found.invoiceId],
      found.feeLineId === null ? [] : [found.feeLineId],
    );
    const allocation = await lockAllocation(tx, teamId, allocationId);
    if (!allocation) throw new AppError('notFound', { message: RECEIPT_MESSAGES.allocationNotFound });
    if (allocation.movedToInvoiceId !== null) throw receiptConflict(RECEIPT_MESSAGES.alreadyMoved);
    if (allocation.undoneAt !== null) throw receiptConflict(RECEIPT_MESSAGES.alreadyUndone);
    const today = businessDate(now);
    const undoneOn = today < allocation.allocatedOn ? allocation.allocatedOn : today;
    await endAllocation(tx, teamId, allocationId, {
      undoneAt: now,
      undoneOn,
      undoneByMembershipId: auth.membershipId,
    });
    await settlePayments(
      tx,
      teamId,
      { receiptIds: [locked.receipt.id], invoiceIds: invoices.map((invoice) => invoice.id), lines },
      undoneOn,
      now,
    );
    const [invoice] = invoices;
    const line = lines.find((candidate) => candidate.id === allocation.feeLineId);
    await recordOperation(tx, {
      action: 'allocation_undo',
      actor: memberActor(auth, origin, now),
      targetId: locked.receipt.id,
      detail: {
        name: locked.receipt.payerName,
        amount: allocation.amount,
        target: invoice ? invoiceLabel(invoice) : `订单 ${line?.orderNumber ?? ''}`,
      },
    });
    return loadReceiptDetail(tx, teamId, locked.receipt.id, level);
  });
}
