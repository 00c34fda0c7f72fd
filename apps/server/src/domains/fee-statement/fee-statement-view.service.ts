/**
 * A fee statement's figures (docs/product.md "Fee statements"), worked out when it is opened, from the
 * records as of that business day: an order's lines, or a client company's billed orders of one payee
 * entity over a period with the contract's statementFigures over its dated records (fees by the order's
 * billing date, invoices by issue date with passed red-letter corrections negative on their decision date,
 * receipts by received date with voided ones undone, allocations by allocated_on / undone_on). What is paid
 * of each line is the receipt domain's paidOfFeeLines.
 */
import { type Dated, dueDate, type StatementFigures, statementFigures } from '@trackit/contract/aging';
import { businessDate } from '@trackit/contract/business-time';
import type { Database } from '../../db/client';
import { paidOfFeeLines } from '../payment/payment.service';
import type { FeeStatementRecord } from './fee-statement.repository';
import {
  findCompany,
  findOrder,
  findRecipient,
  listBilledOrders,
  listClientAllocations,
  listIssuedInvoices,
  listLines,
  listReceiptsWithAllocations,
  type StatementLineRow,
  type StatementOrder,
} from './fee-statement-records.repository';

export interface StatementView {
  statement: FeeStatementRecord;
  asOf: string;
  company: NonNullable<Awaited<ReturnType<typeof findCompany>>>;
  recipient: NonNullable<Awaited<ReturnType<typeof findRecipient>>>;
  order: StatementOrder | null;
  orders: StatementOrder[];
  lines: (StatementLineRow & { paid: number })[];
  figures: StatementFigures | null;
  invoices: { number: string; issuedOn: string; total: number }[];
  receipts: { receivedOn: string; amount: number }[];
  dueOn: string | null;
}

const inPeriod = (date: string, from: string, to: string) => from <= date && date <= to;

/** The invoices as dated records: each issued on its date, each passed correction negative on its decision date. */
function datedInvoices(found: Awaited<ReturnType<typeof listIssuedInvoices>>) {
  const numbers = new Map(found.issued.map((invoice) => [invoice.id, invoice.number ?? '']));
  const rows = [
    ...found.issued.map((invoice) => ({
      number: invoice.number ?? '',
      issuedOn: invoice.issuedOn ?? '',
      total: invoice.total,
    })),
    ...found.corrections.map((correction) => ({
      number: numbers.get(correction.invoiceId) ?? '',
      issuedOn: correction.decidedAt ? businessDate(correction.decidedAt) : '',
      total: -correction.total,
    })),
  ];
  return rows.sort((a, b) => (a.issuedOn < b.issuedOn ? -1 : a.issuedOn > b.issuedOn ? 1 : 0));
}

/**
 * The client's receipts as dated records. A receipt whose allocations all name this client's records counts
 * whole on its received date (what is not allocated is the client's credit), undone when voided; a receipt
 * also allocated to another client counts only its allocations to this one, each on its own dates.
 */
async function datedReceipts(
  db: Database,
  teamId: number,
  ours: Awaited<ReturnType<typeof listClientAllocations>>,
) {
  const receiptIds = [...new Set(ours.map((allocation) => allocation.receiptId))];
  const found = await listReceiptsWithAllocations(db, teamId, receiptIds);
  const ourIds = new Set(ours.map((allocation) => allocation.id));
  const shared = new Set(
    found.allocations
      .filter((allocation) => !ourIds.has(allocation.id))
      .map((allocation) => allocation.receiptId),
  );
  const records: Dated[] = [];
  for (const receipt of found.receipts) {
    if (!shared.has(receipt.id)) {
      records.push({
        on: receipt.receivedOn,
        amount: receipt.amount,
        undone_on: receipt.voidedAt ? businessDate(receipt.voidedAt) : null,
      });
      continue;
    }
    for (const allocation of ours.filter((one) => one.receiptId === receipt.id)) {
      records.push({ on: allocation.allocatedOn, amount: allocation.amount, undone_on: allocation.undoneOn });
    }
  }
  return records;
}

/** The earliest due date of the orders with something outstanding (null when all is paid). */
function earliestDue(
  orders: StatementOrder[],
  lines: { orderId: number; total: number; paid: number }[],
  paymentTermsDays: number | null,
) {
  const due = orders
    .filter((order) => {
      const own = lines.filter((line) => line.orderId === order.id);
      return order.lastDate && own.reduce((sum, line) => sum + line.total - line.paid, 0) > 0;
    })
    .map((order) => dueDate(order.lastDate ?? '', paymentTermsDays))
    .sort();
  return due[0] ?? null;
}

/** The statement's view as of `now`; null when a record behind it is gone (answered "not found"). */
export async function loadStatementView(
  db: Database,
  statement: FeeStatementRecord,
  now: Date,
): Promise<StatementView | null> {
  const { teamId } = statement;
  const asOf = businessDate(now);
  const [company, recipient] = await Promise.all([
    findCompany(db, teamId, statement.companyId),
    findRecipient(db, teamId, statement.teamRecipientId),
  ]);
  if (!company || !recipient) return null;
  let order: StatementOrder | null = null;
  let orders: StatementOrder[];
  let figures: StatementFigures | null = null;
  let invoices: StatementView['invoices'] = [];
  let receipts: StatementView['receipts'] = [];
  if (statement.orderId !== null) {
    order = (await findOrder(db, teamId, statement.orderId)) ?? null;
    if (!order) return null;
    orders = [order];
  } else {
    const from = statement.periodFrom ?? asOf;
    const to = statement.periodTo ?? asOf;
    const billed = await listBilledOrders(db, teamId, company.id, recipient.id);
    orders = billed.filter((one) => inPeriod(businessDate(one.billedAt), from, to));
    const [found, ours] = await Promise.all([
      listIssuedInvoices(db, teamId, { companyId: company.id, recipientId: recipient.id }),
      listClientAllocations(db, teamId, company.id, recipient.id),
    ]);
    const dated = datedInvoices(found);
    const receiptRecords = await datedReceipts(db, teamId, ours);
    figures = statementFigures(
      {
        fees: billed.map((one) => ({ on: businessDate(one.billedAt), amount: one.feesTotal })),
        invoices: dated.map((invoice) => ({ on: invoice.issuedOn, amount: invoice.total })),
        receipts: receiptRecords,
        allocations: ours.map((one) => ({
          on: one.allocatedOn,
          amount: one.amount,
          undone_on: one.undoneOn,
        })),
      },
      from,
      to,
    );
    invoices = dated.filter((invoice) => inPeriod(invoice.issuedOn, from, to));
    receipts = receiptRecords
      .filter((record) => inPeriod(record.on, from, to) && record.undone_on == null)
      .map((record) => ({ receivedOn: record.on, amount: record.amount }));
  }
  const rows = await listLines(
    db,
    teamId,
    orders.map((one) => one.id),
  );
  const paid = await paidOfFeeLines(
    db,
    teamId,
    rows.map((row) => row.id),
  );
  const lines = rows.map((row) => ({ ...row, paid: paid.get(row.id) ?? 0 }));
  if (order) {
    invoices = datedInvoices(await listIssuedInvoices(db, teamId, { feeLineIds: rows.map((row) => row.id) }));
  }
  return {
    statement,
    asOf,
    company,
    recipient,
    order,
    orders,
    lines,
    figures,
    invoices,
    receipts,
    dueOn: earliestDue(orders, lines, company.paymentTermsDays),
  };
}
