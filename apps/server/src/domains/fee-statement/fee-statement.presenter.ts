/**
 * Fee statements as staff list them, and as the client reads them (public-only shape: the model's stage
 * name, the order's number, title and days, the payee's account; never a note of the order, a member, a
 * commission or another client's record).
 */

import { bankName } from '@trackit/contract/banks';
import type {
  FeeStatement,
  FeeStatementStatus,
  InvoiceInfo,
  PublicFeeStatement,
} from '@trackit/contract/fee-statement.schema';
import { INVOICE_ITEM_OF_FEE_KIND } from '@trackit/contract/finance-enums';
import { cappedSum, fenInChineseCapitals } from '@trackit/contract/money';
import { feeDescription } from '@trackit/contract/order-text';
import { formatAccountNumber } from '@trackit/contract/patterns';
import { SHARE_PATHS } from '@trackit/contract/share';
import { asTaxRate } from '../invoice/invoice.presenter';
import type {
  FeeStatementListRow,
  FeeStatementQueryRow,
  FeeStatementRecord,
  InvoiceInfoRow,
} from './fee-statement.repository';
import type { StatementView } from './fee-statement-view.service';

export const presentInvoiceInfo = (row: InvoiceInfoRow): InvoiceInfo => ({
  type: row.type,
  buyer: {
    name: row.buyerName,
    tax_id: row.buyerTaxId,
    address_phone: row.buyerAddressPhone,
    bank_account: row.buyerBankAccount,
  },
  name: row.name,
  submitted_at: row.createdAt.toISOString(),
});

const presentQuery = (row: FeeStatementQueryRow) => ({
  id: row.id,
  fee_line_id: row.feeLineId,
  comment: row.comment,
  name: row.name,
  at: row.createdAt.toISOString(),
  reply:
    row.reply !== null && row.repliedAt !== null
      ? { text: row.reply, at: row.repliedAt.toISOString() }
      : null,
  resolved_at: row.resolvedAt?.toISOString() ?? null,
});

const presentConfirmation = (statement: FeeStatementRecord) =>
  statement.confirmedName && statement.confirmedAt
    ? { name: statement.confirmedName, at: statement.confirmedAt.toISOString() }
    : null;

function statusOf(row: FeeStatementListRow, now: Date): FeeStatementStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'live';
}

export function presentFeeStatement(
  row: FeeStatementListRow,
  responses: { queries: FeeStatementQueryRow[]; infos: InvoiceInfoRow[] },
  now: Date,
): FeeStatement {
  const { statement } = row;
  return {
    id: statement.id,
    kind: statement.kind,
    order:
      statement.orderId !== null && row.orderNumber !== null
        ? { id: statement.orderId, number: row.orderNumber }
        : null,
    company: { id: statement.companyId, name: row.companyName },
    team_recipient: { id: statement.teamRecipientId, short_name: row.recipientShortName },
    from: statement.periodFrom,
    to: statement.periodTo,
    share_id: row.shareId,
    url: SHARE_PATHS.desktopFeeStatement(row.shareId),
    status: statusOf(row, now),
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_by:
      statement.createdByMembershipId !== null && row.creatorNickname !== null
        ? { id: statement.createdByMembershipId, nickname: row.creatorNickname }
        : null,
    created_at: statement.createdAt.toISOString(),
    confirmation: presentConfirmation(statement),
    queries: responses.queries.filter((query) => query.statementId === statement.id).map(presentQuery),
    invoice_infos: responses.infos
      .filter((info) => info.statementId === statement.id)
      .map(presentInvoiceInfo),
  };
}

const daysText = (first: string | null, last: string | null) =>
  first === null ? null : last === null || last === first ? first : `${first} 至 ${last}`;

/** What the client reads: built field by field from the view, nothing passed through whole. */
export function presentPublicFeeStatement(
  view: StatementView,
  extra: {
    teamName: string;
    expiresAt: Date | null;
    queries: FeeStatementQueryRow[];
    infos: InvoiceInfoRow[];
  },
): PublicFeeStatement {
  const orders = new Map(view.orders.map((order) => [order.id, order]));
  const lines = view.lines.map((line) => {
    const order = orders.get(line.orderId);
    return {
      fee_line_id: line.id,
      order_number: order?.number ?? '',
      model_name: line.modelName,
      kind: line.kind,
      item: INVOICE_ITEM_OF_FEE_KIND[line.kind],
      description: feeDescription({
        kind: line.kind,
        amount: line.amount,
        unit: line.unit,
        quantity: line.quantityHundredths === null ? null : line.quantityHundredths / 100,
        note: line.note,
        media: line.media,
        territory: line.territory,
        start_date: line.startDate,
        end_date: line.endDate,
        renewal: line.renewal,
      }),
      dates: daysText(order?.firstDate ?? null, order?.lastDate ?? null),
      subtotal: line.subtotal,
      tax_rate: asTaxRate(line.taxRate),
      tax: line.tax,
      total: line.total,
      paid: line.paid,
      outstanding: line.total - line.paid,
    };
  });
  // A period's lines are as many as its orders: added exactly, capped at MAX_SUM_FEN (./money cappedSum).
  const sum = (pick: (line: (typeof lines)[number]) => number) => cappedSum(lines.map(pick));
  const total = sum((line) => line.total);
  const outstanding = sum((line) => line.outstanding);
  const { statement, recipient } = view;
  const latestInfo = extra.infos.at(-1);
  return {
    kind: statement.kind,
    team_name: extra.teamName,
    client_name: view.company.name,
    order: view.order ? { number: view.order.number, title: view.order.title } : null,
    from: statement.periodFrom,
    to: statement.periodTo,
    as_of: view.asOf,
    payee: {
      name: recipient.name,
      credit_code: recipient.creditCode,
      bank: bankName(recipient.bank, recipient.bankName),
      branch: recipient.branch,
      account: formatAccountNumber(recipient.accountNumber),
    },
    lines,
    totals: {
      subtotal: sum((line) => line.subtotal),
      tax: sum((line) => line.tax),
      total,
      paid: sum((line) => line.paid),
      outstanding,
      total_in_capitals: fenInChineseCapitals(total),
      outstanding_in_capitals: fenInChineseCapitals(Math.max(0, outstanding)),
    },
    figures: view.figures
      ? {
          opening: view.figures.opening,
          fees: view.figures.fees,
          invoiced: view.figures.invoiced,
          received: view.figures.received,
          closing: view.figures.closing,
          credit: view.figures.credit,
        }
      : null,
    invoices: view.invoices.map((invoice) => ({
      number: invoice.number,
      issued_on: invoice.issuedOn,
      total: invoice.total,
    })),
    receipts: view.receipts.map((receipt) => ({ received_on: receipt.receivedOn, amount: receipt.amount })),
    due_on: view.dueOn,
    expires_at: extra.expiresAt?.toISOString() ?? null,
    confirmation: presentConfirmation(statement),
    queries: extra.queries.map(presentQuery),
    invoice_info: latestInfo ? presentInvoiceInfo(latestInfo) : null,
  };
}
