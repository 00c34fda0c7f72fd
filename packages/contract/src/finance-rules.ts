/**
 * The money rules of invoicing (issue 23, docs/decisions.md "Finance rules"): what an invoice adds up to,
 * what is left to invoice, how a red-letter correction spreads over an invoice's lines. Pure functions on
 * integer fen, so the server stores and the apps show the same figures; receipts and allocations are in
 * ./allocations, due dates, aging and statements in ./aging.
 *
 * One rule of rounding runs through them all: an amount is split over lines by the largest-remainder
 * method (`splitProportionally`), so the parts add up to the amount exactly and none exceeds its line,
 * and a tax-inclusive part of a line is split into amount and tax by `splitTaxIncluded`, which gives a
 * whole line back its own figures.
 */
import type { FeeKind } from './enums';
import {
  FINANCE_REFUSAL_MESSAGES,
  type FinanceRefusal,
  INVOICE_ITEM_OF_FEE_KIND,
  INVOICE_ITEMS,
  type InvoiceItem,
  type InvoiceStatus,
} from './finance-enums';
import { formatYuan, type LineTotals, mulDivRound } from './money';

/** A refusal of one of the checks (here and in ./allocations), with the line or request it is about when there is one. */
export interface Refused<R extends FinanceRefusal = FinanceRefusal> {
  readonly ok: false;
  readonly reason: R;
  /** The fee line, or the index of the allocation in the request, the refusal is about. */
  readonly fee_line_id?: number;
  readonly index?: number;
  /** The invoice line a red-letter correction's refusal is about. */
  readonly invoice_line_id?: number;
  /** How much could be taken (a correction of the line, an allocation to the target): the message says it. */
  readonly max?: number;
}

/**
 * The message a refusal answers with: the reason's (FINANCE_REFUSAL_MESSAGES), and, when the refusal
 * says how much can be taken (`max`, a red-letter correction's line), 该行最多可红冲 ¥x. The API and the
 * admin's live check of the correction say the same words.
 */
export function refusalMessage(refused: { readonly reason: FinanceRefusal; readonly max?: number }): string {
  const base = FINANCE_REFUSAL_MESSAGES[refused.reason];
  return refused.max === undefined ? base : `${base}（该行最多可红冲 ${formatYuan(refused.max)}）`;
}

/** A whole number of fen, 0 or more (any size a sum can reach). */
export const isFen = (value: number): boolean => Number.isSafeInteger(value) && value >= 0;

// --- Splitting an amount exactly ---------------------------------------------------------------------------

/**
 * `amount` split over lines in proportion to their weights (their totals in fen), by the largest-remainder
 * (Hamilton) method: each line gets the whole fen of its exact share, and the fen left over go one each to
 * the lines with the largest remainders (ties: the larger weight, then the earlier line). The parts add up
 * to `amount` exactly; a line of weight 0 gets 0; and, as `amount` is at most the sum of the weights, no
 * part exceeds its weight (a part equal to its floor share plus one is at most its weight, because the
 * share was not whole). Computed in BigInt, so no product of two amounts loses a fen.
 */
export function splitProportionally(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (!isFen(amount) || weights.some((weight) => !isFen(weight)) || BigInt(amount) > total) {
    throw new RangeError(`无法按比例拆分：${amount} / ${weights.join(',')}`);
  }
  if (total === 0n) return weights.map(() => 0);
  const shares = weights.map((weight, index) => {
    const product = BigInt(amount) * BigInt(weight);
    return { index, weight, floor: product / total, remainder: product % total };
  });
  let left = BigInt(amount) - shares.reduce((sum, share) => sum + share.floor, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder
      ? b.weight - a.weight || a.index - b.index
      : a.remainder > b.remainder
        ? -1
        : 1,
  );
  const parts = shares.map((share) => share.floor);
  for (const share of byRemainder) {
    if (left === 0n) break;
    parts[share.index] = share.floor + 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

/**
 * A tax-inclusive amount of a line split into amount before tax and tax: tax = `total × rate / (100 + rate)`
 * rounded half up, amount = total − tax, so the two always add up to the total. For a whole line this gives
 * back the line's own figures (`lineTotals`: tax = subtotal × rate / 100 rounded half up): the total's
 * rounding error moves the share across no half-fen boundary (proved by property in the tests), so an
 * invoice of whole lines carries exactly the order's taxes.
 */
export function splitTaxIncluded(
  total: number,
  taxRate: number,
): { amount: number; tax: number; total: number } {
  if (!isFen(total) || !isFen(taxRate)) throw new RangeError(`无法拆分税额：${total} / ${taxRate}%`);
  const tax = mulDivRound(total, taxRate, 100 + taxRate);
  return { amount: total - tax, tax, total };
}

// --- Invoices --------------------------------------------------------------------------------------------

/** A fee line as an invoice covers it. */
export interface InvoiceableLine {
  readonly id: number;
  readonly kind: FeeKind;
  readonly tax_rate: number;
  /** The line's own figures (`lineTotals`), or, for a red-letter correction, the invoice line's. */
  readonly totals: LineTotals;
  /** The tax-inclusive fen of it this invoice covers (what remains to invoice); the whole line when absent. */
  readonly portion?: number;
}

export interface InvoiceFiguresBase {
  /** Before tax. */
  amount: number;
  tax: number;
  total: number;
}
export interface InvoiceLineFigures extends InvoiceFiguresBase {
  fee_line_id: number;
  kind: FeeKind;
  item: InvoiceItem;
  tax_rate: number;
}
/** One printed line of the invoice: the fee lines of one service item at one tax rate. */
export interface InvoiceGroupFigures extends InvoiceFiguresBase {
  item: InvoiceItem;
  tax_rate: number;
  fee_line_ids: number[];
}
export interface InvoiceFigures extends InvoiceFiguresBase {
  lines: InvoiceLineFigures[];
  groups: InvoiceGroupFigures[];
}

/** The figures of the part of a line an invoice covers: the line's own for the whole line. */
function portionFigures(line: InvoiceableLine): InvoiceFiguresBase {
  const portion = line.portion ?? line.totals.total;
  if (portion === line.totals.total) {
    return { amount: line.totals.subtotal, tax: line.totals.tax, total: line.totals.total };
  }
  if (!isFen(portion) || portion > line.totals.total) {
    throw new RangeError(`开票金额超出费用：${portion} / ${line.totals.total}`);
  }
  return splitTaxIncluded(portion, line.tax_rate);
}

const addTo = (sum: InvoiceFiguresBase, figures: InvoiceFiguresBase): void => {
  sum.amount += figures.amount;
  sum.tax += figures.tax;
  sum.total += figures.total;
};

/**
 * An invoice's figures: each covered line's amount, tax and total, the printed lines grouped by service
 * item (服务费 / 肖像使用费) and tax rate, and the invoice's amount, tax and total. A group's tax is the sum
 * of its lines' taxes and is never worked out again on the group's amount: the invoice then adds up to the
 * fen with the fee lines and the order they come from. Groups are in INVOICE_ITEMS order, rates ascending.
 */
export function invoiceFigures(lines: readonly InvoiceableLine[]): InvoiceFigures {
  const invoice: InvoiceFigures = { amount: 0, tax: 0, total: 0, lines: [], groups: [] };
  const groups = new Map<string, InvoiceGroupFigures>();
  for (const line of lines) {
    const item = INVOICE_ITEM_OF_FEE_KIND[line.kind];
    const figures = portionFigures(line);
    invoice.lines.push({ fee_line_id: line.id, kind: line.kind, item, tax_rate: line.tax_rate, ...figures });
    addTo(invoice, figures);
    const key = `${item}:${line.tax_rate}`;
    let group = groups.get(key);
    if (!group) {
      group = { item, tax_rate: line.tax_rate, amount: 0, tax: 0, total: 0, fee_line_ids: [] };
      groups.set(key, group);
    }
    addTo(group, figures);
    group.fee_line_ids.push(line.id);
  }
  invoice.groups = [...groups.values()].sort(
    (a, b) => INVOICE_ITEMS.indexOf(a.item) - INVOICE_ITEMS.indexOf(b.item) || a.tax_rate - b.tax_rate,
  );
  return invoice;
}

/**
 * What remains to invoice of a fee line (tax included): its total, less every invoice line that covers it
 * (requested, issued or reversed: a reversed invoice stays on the books), plus what red-letter invoices
 * gave back. A fee line is thus invoiced once, less what a correction returned to 待开票.
 */
export const remainingToInvoice = (line: {
  readonly total: number;
  readonly invoiced: number;
  readonly given_back: number;
}): number => line.total - line.invoiced + line.given_back;

/** A line of an invoice request: the whole remainder when `amount` (tax included) is absent. */
export interface InvoiceRequestLine {
  readonly fee_line_id: number;
  readonly amount?: number;
}
export type InvoiceRequestCheck =
  | { readonly ok: true; readonly portions: { fee_line_id: number; portion: number }[] }
  | Refused<
      'no_lines' | 'duplicate_line' | 'unknown_line' | 'not_positive' | 'nothing_to_invoice' | 'over_invoiced'
    >;

/**
 * Whether an invoice request may be made, given each requestable line's remainder (`remainingToInvoice`,
 * keyed by fee line id; a line of another client, entity or team is simply absent): refuses an empty
 * request, a line twice, an unknown line, a line with nothing left and an amount over the remainder. The
 * server runs it again inside the transaction that locks the lines, so two racing requests cannot both pass.
 */
export function checkInvoiceRequest(
  requested: readonly InvoiceRequestLine[],
  remaining: ReadonlyMap<number, number>,
): InvoiceRequestCheck {
  if (requested.length === 0) return { ok: false, reason: 'no_lines' };
  const seen = new Set<number>();
  const portions: { fee_line_id: number; portion: number }[] = [];
  for (const { fee_line_id, amount } of requested) {
    if (seen.has(fee_line_id)) return { ok: false, reason: 'duplicate_line', fee_line_id };
    seen.add(fee_line_id);
    const left = remaining.get(fee_line_id);
    if (left === undefined) return { ok: false, reason: 'unknown_line', fee_line_id };
    if (amount !== undefined && (!isFen(amount) || amount === 0)) {
      return { ok: false, reason: 'not_positive', fee_line_id };
    }
    if (left <= 0) return { ok: false, reason: 'nothing_to_invoice', fee_line_id };
    if (amount !== undefined && amount > left) return { ok: false, reason: 'over_invoiced', fee_line_id };
    portions.push({ fee_line_id, portion: amount ?? left });
  }
  return { ok: true, portions };
}

// --- Red-letter corrections ----------------------------------------------------------------------------

/** One line of a red-letter correction as asked: the invoice line and the tax-inclusive fen taken from it. */
export interface LineReversalRequest {
  readonly invoice_line_id: number;
  readonly amount: number;
}

/** An invoice line as a correction sees it: what is still reversible of it, and what the client paid of it. */
export interface ReversibleLine {
  readonly id: number;
  /** The invoice line's total less the parts of passed corrections. */
  readonly reversible: number;
  /** What the invoice's payments give the line now (./allocations spreadOverInvoice). */
  readonly paid: number;
}

/** What a correction may take from a line: what is reversible of it and not paid (全额红冲 of the line). */
export const lineCorrectable = (line: ReversibleLine): number => Math.max(0, line.reversible - line.paid);

/**
 * Whether a red-letter correction by line may be asked or passed (issue 35, docs/decisions.md "Red-letter
 * invoices by line"): at least one line, each invoice line once and the invoice's, each amount over 0 and
 * at most what the line can give back (`lineCorrectable`: its reversible total less what the client paid
 * of it). A refusal names the line and, in `max`, how much can be taken from it, so the message can say it.
 * Money received against a mistaken invoice is first undone from it (it becomes the client's credit).
 */
export function checkLineReversal(
  requests: readonly LineReversalRequest[],
  lines: readonly ReversibleLine[],
):
  | { readonly ok: true; readonly total: number }
  | Refused<
      | 'no_lines'
      | 'duplicate_line'
      | 'unknown_line'
      | 'not_positive'
      | 'reversal_exceeds_line'
      | 'reversal_exceeds_unpaid'
    > {
  if (requests.length === 0) return { ok: false, reason: 'no_lines' };
  const seen = new Set<number>();
  let total = 0;
  for (const request of requests) {
    const { invoice_line_id } = request;
    if (seen.has(invoice_line_id)) return { ok: false, reason: 'duplicate_line', invoice_line_id };
    seen.add(invoice_line_id);
    const line = lines.find((candidate) => candidate.id === invoice_line_id);
    if (!line) return { ok: false, reason: 'unknown_line', invoice_line_id };
    if (!isFen(request.amount) || request.amount === 0)
      return { ok: false, reason: 'not_positive', invoice_line_id };
    const max = lineCorrectable(line);
    if (request.amount > line.reversible)
      return { ok: false, reason: 'reversal_exceeds_line', invoice_line_id, max };
    if (request.amount > max) return { ok: false, reason: 'reversal_exceeds_unpaid', invoice_line_id, max };
    total += request.amount;
  }
  return { ok: true, total };
}

/**
 * The red-letter invoice of a correction by line: each chosen line's part (tax-inclusive, as asked) split
 * into amount and tax by `splitTaxIncluded` (a line taken whole gives back its own reversible figures),
 * printed by service item and tax rate as the blue invoice is (`invoiceFigures`). `lines` hold each invoice
 * line with `totals` = what is still reversible of it; lines not asked are left out. The figures come out
 * positive (the red-letter invoice prints them negative) and add up to the amounts asked exactly. The admin
 * previews the red invoice with this very function.
 */
export function lineReversalFigures(
  requests: readonly LineReversalRequest[],
  lines: readonly InvoiceableLine[],
): InvoiceFigures {
  const asked = new Map(requests.map((request) => [request.invoice_line_id, request.amount]));
  return invoiceFigures(
    lines.flatMap((line) => {
      const portion = asked.get(line.id) ?? 0;
      return portion > 0 ? [{ ...line, portion }] : [];
    }),
  );
}

/** 全额红冲 when a correction takes back all that remained of the invoice, else 部分红冲. */
export const reversalScope = (
  correctionTotal: number,
  invoice: { readonly total: number; readonly reversed: number },
) => (correctionTotal >= invoice.total - invoice.reversed ? ('full' as const) : ('partial' as const));

/**
 * An issued invoice's status after red-letter corrections: 已红冲 once they took back its whole total; a
 * partial correction leaves it 已开具 (issued) for what remains, which can still be paid and corrected.
 */
export const statusAfterReversals = (invoice: {
  readonly total: number;
  readonly reversed: number;
}): InvoiceStatus => (invoice.reversed >= invoice.total ? 'reversed' : 'issued');
