// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { InvoiceDetail } from '@trackit/contract/invoice.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { invoiceDetailFixture } from './finance.fixtures';
import { InvoicesPage } from './invoice-list';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const PAGE = '/finance/invoices';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** An issued invoice of two lines, ¥10,600 and ¥5,300; the second line half paid. */
const issued = (overrides: Partial<InvoiceDetail> = {}) => {
  const base = invoiceDetailFixture({
    status: 'issued',
    number: '26332000000012345678',
    issued_on: '2026-11-27',
    allocated: 265_000,
    outstanding: 1_325_000,
    due_on: '2026-12-27',
  });
  return {
    ...base,
    lines: base.lines.map((line) => (line.id === 2 ? { ...line, paid: 265_000 } : line)),
    ...overrides,
  };
};

const answerAs = (level: PermissionLevel, invoice: InvoiceDetail = issued()) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level }]),
    answer(endpoints.teamRecipient.list, () => ({ data: [], page: 1, perPage: 100, total: 0 })),
    answer(endpoints.invoice.list, () => ({ data: [invoice], page: 1, perPage: 20, total: 1 })),
    answer(endpoints.invoice.totals, () => ({
      count: 1,
      total: invoice.total,
      reversed: invoice.reversed,
      allocated: invoice.allocated,
      outstanding: invoice.outstanding,
    })),
    answer(endpoints.invoice.get, () => invoice),
    answer(endpoints.invoice.issue, ({ body }) =>
      invoiceDetailFixture({ status: 'issued', number: body.number, issued_on: body.issued_on }),
    ),
    answer(endpoints.invoice.reverse, () => ({ ...invoice, correction_pending: true })),
  );

describe('InvoicesPage (发票)', () => {
  it('lists invoices with their figures and the totals of the filter, filters in the address', async () => {
    answerAs('read');
    const { where } = renderPage(<InvoicesPage />, PAGE, `${PAGE}?overdue=true&type=special`);
    const row = await screen.findByTestId('invoice-row-31');
    expect(row.textContent).toContain('26332000000012345678');
    expect(row.textContent).toContain('数电专票');
    expect(row.textContent).toContain('¥13,250.00');
    const totals = await screen.findByTestId('invoice-totals-figures');
    expect(totals.textContent).toContain('价税合计（1 张）');
    expect(totals.textContent).toContain('¥15,900.00');
    expect(callsTo(api, endpoints.invoice.totals)[0]?.[0]).toMatchObject({
      query: { overdue: 'true', type: 'special' },
    });
    fireEvent.click(screen.getByTestId('invoice-open-filter'));
    await waitFor(() => expect(where()).toContain('open=true'));
  });

  it('lets a manager record the number of a requested invoice from its drawer', async () => {
    answerAs('manage', invoiceDetailFixture({ can: { issue: true, reverse: false } }));
    renderPage(<InvoicesPage />, PAGE, `${PAGE}?invoice=31`);
    fireEvent.click(await screen.findByTestId('invoice-issue'));
    const modal = await screen.findByTestId('invoice-issue-modal');
    fireEvent.change(within(modal).getByTestId('invoice-number-input'), {
      target: { value: '2633 2000 0000 1234 5678' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: '登记' }));
    await waitFor(() => expect(callsTo(api, endpoints.invoice.issue)).toHaveLength(1));
    const [[input]] = callsTo(api, endpoints.invoice.issue) as [
      [{ params: { id: number }; body: { number: string } }],
    ];
    expect(input.params).toEqual({ id: 31 });
    expect(input.body.number).toBe('26332000000012345678');
  });

  it('asks a red-letter correction of one line, partial, says how much a line can give, previews the red invoice', async () => {
    answerAs('edit', issued({ can: { issue: false, reverse: true } }));
    renderPage(<InvoicesPage />, PAGE, `${PAGE}?invoice=31`);
    fireEvent.click(await screen.findByTestId('invoice-reverse'));
    const modal = await screen.findByTestId('invoice-reverse-modal');
    // The second line: ¥5,300 less ¥2,650 paid can be taken back.
    fireEvent.click(within(modal).getByLabelText('选择 林夏 XC20261120002'));
    const amount = await within(modal).findByTestId('reverse-line-amount-2');
    const input = amount.querySelector('input') ?? amount;
    fireEvent.change(input, { target: { value: '3000' } });
    fireEvent.blur(input);
    expect((await within(modal).findByTestId('reverse-line-error-2')).textContent).toBe(
      '发票已收款的部分不能红冲，请先撤销该发票的核销（该行最多可红冲 ¥2,650.00）',
    );
    fireEvent.change(input, { target: { value: '1060' } });
    fireEvent.blur(input);
    const preview = await within(modal).findByTestId('reverse-preview');
    expect(preview.textContent).toContain('部分红冲');
    expect(preview.textContent).toContain('-¥1,060.00');
    expect(preview.textContent).toContain('-¥60.00');
    fireEvent.change(within(modal).getByTestId('invoice-reverse-reason'), {
      target: { value: '客户退回部分服务' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: '提交审批' }));
    await waitFor(() =>
      expect(callsTo(api, endpoints.invoice.reverse)).toEqual([
        [
          {
            params: { id: 31 },
            body: { lines: [{ invoice_line_id: 2, amount: 106_000 }], reason: '客户退回部分服务' },
          },
        ],
      ]),
    );
  });

  it('shows no 登记开票 to a member who may only read', async () => {
    answerAs('read', invoiceDetailFixture({ can: { issue: false, reverse: false } }));
    renderPage(<InvoicesPage />, PAGE, `${PAGE}?invoice=31`);
    await screen.findByTestId('invoice-detail');
    expect(screen.queryByTestId('invoice-issue')).toBeNull();
  });
});
