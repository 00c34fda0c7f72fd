/**
 * What an invoice request will print, worked out in the page before it is sent: the contract's
 * `invoiceFigures` over the selected lines of 待开票, each for what remains to invoice of it. The server
 * works the same figures out again from the stored lines and answers them; this is the preview.
 */
import { type InvoiceFigures, invoiceFigures, splitTaxIncluded } from '@trackit/contract/finance-rules';
import type { ReadyLine } from '@trackit/contract/invoice.schema';

export function previewInvoice(lines: readonly ReadyLine[]): InvoiceFigures {
  return invoiceFigures(
    lines.map((line) => {
      // A whole line's tax-inclusive split is the line's own figures (finance-rules.ts, splitTaxIncluded).
      const whole = splitTaxIncluded(line.total, line.tax_rate);
      return {
        id: line.fee_line_id,
        kind: line.kind,
        tax_rate: line.tax_rate,
        totals: { subtotal: whole.amount, tax: whole.tax, total: whole.total },
        portion: line.remaining,
      };
    }),
  );
}
