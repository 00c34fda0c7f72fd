/**
 * 待开票 (GET /v1/finance/ready_to_invoice, docs/product.md "Invoices"): billed orders' fee lines with
 * something left to invoice, grouped by client company and payee entity (what one request may cover),
 * paged by group, each with its lines (at most INVOICE_LIMITS.readyLinesPerGroup; `line_count` says how
 * many). Each line's and each group's remainder is the contract's remainingToInvoice.
 */
import { remainingToInvoice } from '@trackit/contract/finance-rules';
import { INVOICE_LIMITS, type ReadyGroup, type ReadyToInvoiceQuery } from '@trackit/contract/invoice.schema';
import type { AuthContext } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { presentReadyGroup } from './invoice.presenter';
import type { InvoiceDeps } from './invoice.service';
import { listReadyGroups, listReadyLines } from './ready-to-invoice.repository';

const sameGroup = (
  a: { companyId: number; teamRecipientId: number | null },
  b: { companyId: number; teamRecipientId: number | null },
) => a.companyId === b.companyId && a.teamRecipientId === b.teamRecipientId;

export async function listReadyToInvoice(
  deps: Pick<InvoiceDeps, 'db'>,
  auth: AuthContext,
  query: ReadyToInvoiceQuery,
): Promise<{ items: ReadyGroup[]; total: number }> {
  const filter = { companyId: query.company_id, teamRecipientId: query.team_recipient_id };
  const { rows, total } = await listReadyGroups(deps.db, auth.teamId, filter, pageWindow(query));
  const lines = await listReadyLines(deps.db, auth.teamId, rows, INVOICE_LIMITS.readyLinesPerGroup);
  const items = rows.map((group) =>
    presentReadyGroup(
      {
        company: { id: group.companyId, name: group.companyName },
        team_recipient:
          group.teamRecipientId === null
            ? null
            : {
                id: group.teamRecipientId,
                name: group.recipientName ?? '',
                short_name: group.recipientShortName ?? '',
              },
        line_count: group.lineCount,
        order_count: group.orderCount,
      },
      lines
        .filter((line) => sameGroup(line, group))
        .map((line) => ({
          ...line,
          remaining: remainingToInvoice({
            total: line.total,
            invoiced: line.invoiced,
            given_back: line.givenBack,
          }),
        })),
      remainingToInvoice({ total: group.total, invoiced: group.invoiced, given_back: group.givenBack }),
    ),
  );
  return { items, total };
}
