/**
 * Receivables (应收, issue 23): 财务详情 of one order. Every figure is the contract's: what is paid of each
 * line (paidByFeeLine, through the receipt domain's paidOfFeeLines), the order's money (orderMoney), its due
 * date (dueDate: last working day plus the client's payment terms), days overdue and aging bucket as of
 * today's business date.
 */

import { agingBucket, daysOverdue, dueDate } from '@trackit/contract/aging';
import { directOpen, feeLinePaymentStatus, orderMoney } from '@trackit/contract/allocations';
import { businessDate } from '@trackit/contract/business-time';
import type { PageQuery } from '@trackit/contract/envelope';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import type { FinanceOrder } from '@trackit/contract/receivable.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { asTaxRate } from '../invoice/invoice.presenter';
import { listRecordHistory } from '../operation-log/operation-log.service';
import { paidOfFeeLines } from '../payment/payment.service';
import {
  findFinanceOrder,
  listAllocationsOf,
  listFinanceLines,
  listInvoicesOfLines,
} from './finance.repository';

export interface FinanceDeps {
  db: Database;
  clock: () => Date;
}

/** GET /v1/finance/orders/{id}. */
export async function getFinanceOrder(
  deps: FinanceDeps,
  auth: AuthContext,
  orderId: number,
): Promise<FinanceOrder> {
  const { teamId } = auth;
  const row = await findFinanceOrder(deps.db, teamId, orderId);
  if (!row) throw new AppError('notFound', { message: ORDER_MESSAGES.orderNotFound });
  const lines = await listFinanceLines(deps.db, teamId, orderId);
  const lineIds = lines.map((line) => line.id);
  const [paid, invoices] = await Promise.all([
    paidOfFeeLines(deps.db, teamId, lineIds),
    listInvoicesOfLines(deps.db, teamId, lineIds),
  ]);
  const allocations = await listAllocationsOf(
    deps.db,
    teamId,
    lineIds,
    invoices.map((invoice) => invoice.id),
  );
  const figures = lines.map((line) => ({
    total: line.total,
    invoiced: line.invoiced,
    paid: paid.get(line.id) ?? 0,
  }));
  const { state, ...money } = orderMoney(figures);
  const { order } = row;
  const due = order.lastDate ? dueDate(order.lastDate, row.paymentTermsDays) : null;
  const days = due && money.outstanding > 0 ? daysOverdue(due, businessDate(deps.clock())) : 0;
  return {
    id: order.id,
    number: order.number,
    title: order.title,
    status: order.status,
    company:
      order.companyId !== null && row.companyName !== null
        ? { id: order.companyId, name: row.companyName }
        : null,
    team_recipient:
      order.teamRecipientId !== null && row.recipientShortName !== null
        ? { id: order.teamRecipientId, short_name: row.recipientShortName }
        : null,
    last_date: order.lastDate,
    ...money,
    payment_state: state,
    due_on: due,
    days_overdue: days,
    aging_bucket: order.status === 'billed' && money.outstanding > 0 && due ? agingBucket(days) : null,
    lines: lines.map((line, index) => ({
      fee_line_id: line.id,
      model_name: line.modelName,
      kind: line.kind,
      tax_rate: asTaxRate(line.taxRate),
      total: line.total,
      invoiced: line.invoiced,
      paid: figures[index]?.paid ?? 0,
      payment_status: feeLinePaymentStatus(figures[index] ?? { total: line.total, paid: 0 }),
      direct_open: directOpen({
        total: line.total,
        invoiced: line.invoiced,
        direct: allocations
          .filter(
            (allocation) =>
              allocation.feeLineId === line.id &&
              allocation.invoiceId === null &&
              allocation.undoneOn === null,
          )
          .reduce((sum, allocation) => sum + allocation.amount, 0),
      }),
    })),
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      buyer_name: invoice.buyerName,
      issued_on: invoice.issuedOn,
      total: invoice.total,
      reversed: invoice.reversed,
      allocated: invoice.allocated,
    })),
    allocations: allocations.map((allocation) => ({
      id: allocation.id,
      receipt_id: allocation.receiptId,
      payer_name: allocation.payerName,
      received_on: allocation.receivedOn,
      invoice_id: allocation.invoiceId,
      fee_line_id: allocation.feeLineId,
      amount: allocation.amount,
      allocated_on: allocation.allocatedOn,
      undone_on: allocation.undoneOn,
      moved_to_invoice_id: allocation.movedToInvoiceId,
    })),
  };
}

/**
 * GET /v1/finance/orders/{id}/history: what members did to the order's money: its invoices (requested,
 * issued, corrected) and the receipts that paid it (recorded, allocated, undone, voided), newest first.
 */
export async function listFinanceOrderHistory(
  deps: FinanceDeps,
  auth: AuthContext,
  orderId: number,
  query: PageQuery,
) {
  const { teamId } = auth;
  if (!(await findFinanceOrder(deps.db, teamId, orderId)))
    throw new AppError('notFound', { message: ORDER_MESSAGES.orderNotFound });
  const lineIds = (await listFinanceLines(deps.db, teamId, orderId)).map((line) => line.id);
  const invoiceIds = (await listInvoicesOfLines(deps.db, teamId, lineIds)).map((invoice) => invoice.id);
  const receiptIds = [
    ...new Set(
      (await listAllocationsOf(deps.db, teamId, lineIds, invoiceIds)).map(
        (allocation) => allocation.receiptId,
      ),
    ),
  ];
  return listRecordHistory(
    deps.db,
    teamId,
    [
      { type: 'invoice', ids: invoiceIds },
      { type: 'receipt', ids: receiptIds },
    ],
    pageWindow(query),
  );
}
