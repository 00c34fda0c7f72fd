/**
 * Allocations (核销, docs/product.md "Payments received"): parts of a receipt given to invoices or fee
 * lines, and undone. One transaction locks the receipt, then the invoices and then the fee lines their
 * payments reach, each in id order (so racing requests take turns and never deadlock), reads what is
 * allocated after the locks and checks with the contract's checkAllocations: of 20 racing requests only
 * those the amounts allow pass, the others get 409. The fee lines' payment status follows in the same
 * transaction, with the payments ledger (fee-line-payments.service.ts). An undone allocation stays, dated, for aging.
 */
import {
  allocationTargetKey,
  checkAllocations,
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
import { accountingLevel, addInvoiceAllocated } from '../invoice/invoice.service';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { paidOfFeeLines, recordFeeLinePayments } from './fee-line-payments.service';
import {
  addToReceiptAllocated,
  feeLineIdsOfInvoices,
  findAllocation,
  insertAllocations,
  type LockedInvoice,
  lockAllocation,
  lockFeeLines,
  lockInvoices,
  lockReceipt,
  markAllocationUndone,
} from './receipt.repository';
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

/**
 * The invoices and the fee lines their payments and the direct ones reach, locked in that order; then
 * every line's payment status set from what is paid of it (after the caller's change).
 */
async function lockTargets(tx: Database, teamId: number, invoiceIds: number[], directIds: number[]) {
  const invoices = await lockInvoices(tx, teamId, invoiceIds);
  const invoiceLineIds = await feeLineIdsOfInvoices(
    tx,
    teamId,
    invoices.map((invoice) => invoice.id),
  );
  const lines = await lockFeeLines(tx, teamId, [...invoiceLineIds, ...directIds]);
  return { invoices, lines };
}

/** POST /v1/receipts/{id}/allocations. */
export async function allocateReceipt(
  deps: ReceiptDeps,
  auth: AuthContext,
  receiptId: number,
  body: AllocationCreate[],
  origin: RequestOrigin,
): Promise<ReceiptDetail> {
  const now = deps.clock();
  const { teamId } = auth;
  const level = await accountingLevel(deps, auth);
  const invoiceOf = (item: AllocationCreate) => ('invoice_id' in item ? item.invoice_id : undefined);
  const lineOf = (item: AllocationCreate) => ('fee_line_id' in item ? item.fee_line_id : undefined);
  return deps.db.transaction(async (tx) => {
    const locked = await lockReceipt(tx, teamId, receiptId);
    if (!locked) throw receiptNotFound();
    const { receipt } = locked;
    if (receipt.voidedAt !== null) throw receiptConflict(RECEIPT_MESSAGES.voided);
    const directIds = unique(body.map(lineOf));
    const { invoices, lines } = await lockTargets(tx, teamId, unique(body.map(invoiceOf)), directIds);
    const lineById = new Map(lines.map((line) => [line.id, line]));
    const unpayable = directIds.find((id) => {
      const line = lineById.get(id);
      return line !== undefined && !PAYABLE_ORDER_STATUSES.has(line.orderStatus);
    });
    if (unpayable !== undefined) throw receiptConflict(RECEIPT_MESSAGES.lineNotPayable);
    const paid = await paidOfFeeLines(tx, teamId, directIds);
    const open = new Map<string, number>();
    for (const invoice of invoices)
      open.set(allocationTargetKey({ invoice_id: invoice.id }), invoiceOpen(invoice));
    for (const id of directIds) {
      const line = lineById.get(id);
      if (line)
        open.set(allocationTargetKey({ fee_line_id: id }), Math.max(0, line.total - (paid.get(id) ?? 0)));
    }
    const { unallocated } = receiptBalance(receipt.amount, [{ amount: locked.allocated }]);
    const check = checkAllocations(body, unallocated, open);
    if (!check.ok) throw refusal(check);
    const today = businessDate(now);
    await insertAllocations(
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
    // The amounts kept on the receipt and the invoices (the dashboard reads them); allocations stay the truth.
    await addToReceiptAllocated(tx, teamId, receiptId, check.total);
    const perInvoice = new Map<number, number>();
    for (const item of body) {
      const invoiceId = invoiceOf(item);
      if (invoiceId !== undefined) perInvoice.set(invoiceId, (perInvoice.get(invoiceId) ?? 0) + item.amount);
    }
    for (const [invoiceId, amount] of perInvoice) await addInvoiceAllocated(tx, teamId, invoiceId, amount);
    await recordFeeLinePayments(tx, teamId, lines, today, now);
    const invoiceById = new Map(invoices.map((invoice) => [invoice.id, invoice]));
    await recordOperation(tx, {
      action: 'receipt_allocate',
      actor: memberActor(auth, origin, now),
      targetId: receiptId,
      detail: {
        name: receipt.payerName,
        amount: check.total,
        targets: body.map((item) => {
          const invoiceId = invoiceOf(item);
          const lineId = lineOf(item);
          const invoice = invoiceId === undefined ? undefined : invoiceById.get(invoiceId);
          const line = lineId === undefined ? undefined : lineById.get(lineId);
          return {
            target: invoice ? invoiceLabel(invoice) : `订单 ${line?.orderNumber ?? ''}`,
            amount: item.amount,
          };
        }),
      },
    });
    return loadReceiptDetail(tx, teamId, receiptId, level);
  });
}

/** DELETE /v1/allocations/{id}: kept as undone (when, by whom); 409 when undone already. */
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
    const allocation = await lockAllocation(tx, teamId, allocationId);
    if (!allocation) throw new AppError('notFound', { message: RECEIPT_MESSAGES.allocationNotFound });
    if (allocation.undoneAt !== null) throw receiptConflict(RECEIPT_MESSAGES.alreadyUndone);
    const { invoices, lines } = await lockTargets(
      tx,
      teamId,
      allocation.invoiceId === null ? [] : [allocation.invoiceId],
      allocation.feeLineId === null ? [] : [allocation.feeLineId],
    );
    const today = businessDate(now);
    const undoneOn = today < allocation.allocatedOn ? allocation.allocatedOn : today;
    await markAllocationUndone(tx, teamId, allocationId, {
      undoneAt: now,
      undoneOn,
      undoneByMembershipId: auth.membershipId,
    });
    await addToReceiptAllocated(tx, teamId, locked.receipt.id, -allocation.amount);
    if (allocation.invoiceId !== null)
      await addInvoiceAllocated(tx, teamId, allocation.invoiceId, -allocation.amount);
    await recordFeeLinePayments(tx, teamId, lines, undoneOn, now);
    const [invoice] = invoices;
    const [line] = lines;
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
