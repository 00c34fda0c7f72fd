import { invoiceOpen } from '@trackit/contract/allocations';
import { type ApprovalStep, isApprover } from '@trackit/contract/approval.schema';
import { TAX_RATES, type TaxRate } from '@trackit/contract/constants';
import type { PermissionLevel } from '@trackit/contract/enums';
import { INVOICE_ITEM_OF_FEE_KIND, redLetterState } from '@trackit/contract/finance-enums';
import { invoiceFigures } from '@trackit/contract/finance-rules';
import type {
  Invoice,
  InvoiceCorrection,
  InvoiceDetail,
  InvoiceLine,
  ReadyGroup,
} from '@trackit/contract/invoice.schema';
import { levelAllows } from '@trackit/contract/permissions';
import type { CorrectionRecord, InvoiceLineRow, InvoiceRow } from './invoice.repository';

/** The stored rate, one of TAX_RATES (the tables' CHECK constraints hold it to them). */
export const asTaxRate = (rate: number): TaxRate => {
  const known = TAX_RATES.find((candidate) => candidate === rate);
  if (known === undefined) throw new Error(`unknown tax rate ${rate}`);
  return known;
};

const memberRef = (id: number | null, nickname: string | null) =>
  id !== null && nickname !== null ? { id, nickname } : null;

/** What the caller may do with the invoice (the services check again). */
export const invoiceAbilities = (
  invoice: { status: string },
  correctionPending: boolean,
  level: PermissionLevel | undefined,
) => ({
  issue: invoice.status === 'requested' && levelAllows(level, 'manage'),
  reverse: invoice.status === 'issued' && !correctionPending && levelAllows(level, 'edit'),
});

export function presentInvoice(
  row: InvoiceRow,
  level: PermissionLevel | undefined,
  fileUrl: string | null,
): Invoice {
  const { invoice } = row;
  return {
    id: invoice.id,
    team_recipient: {
      id: row.recipient.id,
      name: row.recipient.name,
      short_name: row.recipient.shortName,
    },
    company: { id: row.company.id, name: row.company.name },
    type: invoice.type,
    buyer: {
      name: invoice.buyerName,
      tax_id: invoice.buyerTaxId,
      address_phone: invoice.buyerAddressPhone,
      bank_account: invoice.buyerBankAccount,
    },
    status: invoice.status,
    number: invoice.number,
    issued_on: invoice.issuedOn,
    amount: invoice.amount,
    tax: invoice.tax,
    total: invoice.total,
    reversed: invoice.reversed,
    allocated: row.allocated,
    correction_pending: row.correctionPending,
    red_letter: redLetterState(invoice),
    outstanding: invoice.status === 'issued' ? invoiceOpen({ ...invoice, allocated: row.allocated }) : 0,
    due_on: row.dueOn,
    file: invoice.fileName && fileUrl ? { name: invoice.fileName, url: fileUrl } : null,
    created_by: memberRef(invoice.createdByMembershipId, row.createdByName),
    created_at: invoice.createdAt.toISOString(),
    can: invoiceAbilities(invoice, row.correctionPending, level),
  };
}

const presentLine = (row: InvoiceLineRow, paid: ReadonlyMap<number, number>): InvoiceLine => ({
  id: row.line.id,
  fee_line_id: row.line.feeLineId,
  order_id: row.orderId,
  order_number: row.orderNumber,
  model_id: row.modelId,
  model_name: row.modelName,
  kind: row.line.kind,
  item: row.line.item,
  tax_rate: asTaxRate(row.line.taxRate),
  amount: row.line.amount,
  tax: row.line.tax,
  total: row.line.total,
  given_back: row.givenBack,
  paid: Math.min(paid.get(row.line.feeLineId) ?? 0, row.line.total - row.givenBack),
});

export interface CorrectionView {
  correction: CorrectionRecord;
  requestedByName: string | null;
  lines: { invoiceLineId: number; feeLineId: number; amount: number; tax: number; total: number }[];
  approvals: ApprovalStep[];
}

const presentCorrection = (view: CorrectionView, level: PermissionLevel | undefined): InvoiceCorrection => ({
  id: view.correction.id,
  amount: view.correction.amount,
  tax: view.correction.tax,
  total: view.correction.total,
  scope: view.correction.scope,
  reason: view.correction.reason,
  red_invoice:
    view.correction.redNumber !== null &&
    view.correction.redIssuedOn !== null &&
    view.correction.confirmationNumber !== null
      ? {
          number: view.correction.redNumber,
          issued_on: view.correction.redIssuedOn,
          confirmation_number: view.correction.confirmationNumber,
        }
      : null,
  status: view.correction.status,
  lines: view.lines.map((line) => ({
    invoice_line_id: line.invoiceLineId,
    fee_line_id: line.feeLineId,
    amount: line.amount,
    tax: line.tax,
    total: line.total,
  })),
  requested_by: memberRef(view.correction.requestedByMembershipId, view.requestedByName),
  created_at: view.correction.createdAt.toISOString(),
  approvals: view.approvals,
  can_decide: view.correction.status === 'init' && isApprover('invoice_correction', level),
  can_issue:
    view.correction.status === 'passed' && view.correction.redNumber === null && levelAllows(level, 'manage'),
});

/**
 * The invoice with its lines, its printed groups and its corrections. The groups are the contract's
 * invoiceFigures of the stored lines (each line's stored figures, so the groups add up to the invoice).
 */
export function presentInvoiceDetail(
  row: InvoiceRow,
  lines: InvoiceLineRow[],
  corrections: CorrectionView[],
  level: PermissionLevel | undefined,
  fileUrl: string | null,
  /** What the invoice's payments give each line, by fee line id (payment's invoicePaidByLine). */
  paid: ReadonlyMap<number, number>,
): InvoiceDetail {
  const { groups } = invoiceFigures(
    lines.map(({ line }) => ({
      id: line.feeLineId,
      kind: line.kind,
      tax_rate: line.taxRate,
      totals: { subtotal: line.amount, tax: line.tax, total: line.total },
    })),
  );
  return {
    ...presentInvoice(row, level, fileUrl),
    lines: lines.map((line) => presentLine(line, paid)),
    groups: groups.map((group) => ({ ...group, tax_rate: asTaxRate(group.tax_rate) })),
    corrections: corrections.map((view) => presentCorrection(view, level)),
  };
}

/** A group of 待开票 with its lines; `remaining` of each line is the contract's remainingToInvoice. */
export function presentReadyGroup(
  group: Omit<ReadyGroup, 'lines' | 'remaining'>,
  lines: {
    feeLineId: number;
    orderId: number;
    orderNumber: string;
    orderTitle: string;
    modelId: number;
    modelName: string;
    kind: InvoiceLine['kind'];
    taxRate: number;
    total: number;
    invoiced: number;
    givenBack: number;
    remaining: number;
  }[],
  remaining: number,
): ReadyGroup {
  return {
    ...group,
    remaining,
    lines: lines.map((line) => ({
      fee_line_id: line.feeLineId,
      order_id: line.orderId,
      order_number: line.orderNumber,
      order_title: line.orderTitle,
      model_id: line.modelId,
      model_name: line.modelName,
      kind: line.kind,
      item: INVOICE_ITEM_OF_FEE_KIND[line.kind],
      tax_rate: asTaxRate(line.taxRate),
      total: line.total,
      invoiced: line.invoiced,
      given_back: line.givenBack,
      remaining: line.remaining,
    })),
  };
}
