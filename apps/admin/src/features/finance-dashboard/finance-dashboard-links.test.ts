import { invoiceQuerySchema } from '@trackit/contract/invoice.schema';
import { receiptQuerySchema } from '@trackit/contract/receipt.schema';
import { feeQuerySchema } from '@trackit/contract/receivable.schema';
import { describe, expect, it } from 'vitest';
import { readListSearch } from '../../components/list/list-search-params';
import { canOpenPath } from '../../layouts/route-access';
import { financeDashboardFixture } from './finance-dashboard.fixtures';
import { financeDashboardLinks } from './finance-dashboard-links';

const links = financeDashboardLinks(financeDashboardFixture());

/** The parameters of a link, as the page behind it reads them. */
const paramsOf = (link: string): URLSearchParams => new URL(link, 'http://admin.test').searchParams;

describe('financeDashboardLinks', () => {
  it('builds every target exactly', () => {
    expect(links.receivable).toBe('/finance/fees?outstanding=true');
    expect(links.bucket('d31_60')).toBe('/finance/fees?aging_bucket=d31_60');
    expect(links.overdue).toBe(
      '/finance/fees?aging_bucket=d1_30&aging_bucket=d31_60&aging_bucket=d61_90&aging_bucket=d90_plus',
    );
    expect(links.byDueDate).toBe('/finance/fees?outstanding=true&sort=due_on');
    expect(links.client(31)).toBe('/finance/fees?company_id=31&outstanding=true');
    expect(links.receivedThisMonth).toBe(
      '/finance/receipts?received_from=2026-11-01&received_to=2026-11-30&voided=false',
    );
    expect(links.receivedLastMonth).toBe(
      '/finance/receipts?received_from=2026-10-01&received_to=2026-10-31&voided=false',
    );
    expect(links.credit).toBe('/finance/receipts?unallocated=true');
    expect(links.payableToModels).toBe('/finance/settlements?tab=ready');
    // This month's 扣缴明细, not the tab's default (last month).
    expect(links.withholding).toBe('/finance/settlements?tab=withholding&month=2026-11');
    // The invoices with something left to receive, not every issued one.
    expect(links.invoicedUnpaid).toBe('/finance/invoices?open=true');
    expect(links.month({ from: '2026-10-01', to: '2026-10-31' })).toBe(
      '/finance/invoices?issued_from=2026-10-01&issued_to=2026-10-31',
    );
  });

  it('lands on 费用 filtered as the figure: the list reads back every filter', () => {
    expect(readListSearch(feeQuerySchema, paramsOf(links.client(31)))).toMatchObject({
      company_id: 31,
      outstanding: true,
    });
    expect(readListSearch(feeQuerySchema, paramsOf(links.overdue)).aging_bucket).toEqual([
      'd1_30',
      'd31_60',
      'd61_90',
      'd90_plus',
    ]);
    expect(readListSearch(feeQuerySchema, paramsOf(links.byDueDate))).toMatchObject({
      outstanding: true,
      sort: 'due_on',
    });
  });

  it('lands on the invoice tab filtered by what is open or issue month, and on receipts by received date', () => {
    expect(readListSearch(invoiceQuerySchema, paramsOf(links.invoicedUnpaid)).open).toBe(true);
    expect(readListSearch(receiptQuerySchema, paramsOf(links.receivedThisMonth))).toMatchObject({
      received_from: '2026-11-01',
      received_to: '2026-11-30',
    });
    expect(
      readListSearch(invoiceQuerySchema, paramsOf(links.month({ from: '2026-10-01', to: '2026-10-31' }))),
    ).toMatchObject({ issued_from: '2026-10-01', issued_to: '2026-10-31' });
  });

  it('leads only to pages an accounting reader may open', () => {
    const reader = { accounting: 'read' } as const;
    for (const link of [
      links.receivable,
      links.receivedThisMonth,
      links.invoicedUnpaid,
      links.credit,
      links.payableToModels,
      links.withholding,
    ]) {
      expect(canOpenPath(link, reader), link).toBe(true);
      expect(canOpenPath(link, {}), link).toBe(false);
    }
  });
});
