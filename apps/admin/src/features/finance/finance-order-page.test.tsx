// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { businessDate } from '@trackit/contract/business-time';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { confirmPopup } from '../../testing/confirm-popup';
import { pageSettled, renderPage } from '../../testing/render-page';
import { financeOrderFixture, receiptDetailFixture } from './finance.fixtures';
import { FinanceOrderPage } from './finance-order-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const ROUTE = '/finance/:id';
const PAGE = '/finance/11';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const answerAs = (level: PermissionLevel) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level }]),
    answer(endpoints.teamRecipient.list, () => ({ data: [], page: 1, perPage: 100, total: 0 })),
    answer(endpoints.receivable.order, () => financeOrderFixture()),
    answer(endpoints.feeStatement.list, () => ({ data: [], page: 1, perPage: 50, total: 0 })),
    answer(endpoints.receivable.orderHistory, () => ({
      data: [
        {
          id: 901,
          action: 'receipt_allocate' as const,
          action_label: '核销收款',
          sentence: '把「杭州青禾服饰有限公司」的收款核销 ¥5,600.00：发票 26332000000012345678 ¥5,600.00',
          changes: [],
          link: null,
          member: { id: 3, nickname: '周楠' },
          created_at: '2026-11-10T02:00:00.000Z',
        },
      ],
      page: 1,
      perPage: 10,
      total: 1,
    })),
    answer(endpoints.receipt.create, ({ body }) =>
      receiptDetailFixture({ amount: body.amount, payer_name: body.payer_name }),
    ),
    answer(endpoints.receipt.allocate, () =>
      receiptDetailFixture({
        warnings: [
          {
            kind: 'payer_name',
            allocation_id: 80,
            message: '付款方「杭州青禾」与发票购方「杭州青禾服饰（集团）有限公司」不一致',
          },
        ],
      }),
    ),
    answer(endpoints.receipt.undoAllocation, () => receiptDetailFixture()),
  );

describe('FinanceOrderPage', () => {
  it('shows the receivable, its lines, invoices and allocations, undone ones marked', async () => {
    answerAs('edit');
    renderPage(<FinanceOrderPage />, ROUTE, PAGE);
    expect((await screen.findByTestId('finance-order-number')).textContent).toBe('XC20261120001');
    expect(screen.getByTestId('finance-order-state').textContent).toBe('部分收款');
    expect(screen.getByTestId('finance-order-aging').textContent).toBe('1–30 天（逾期 18 天）');
    expect(screen.getByTestId('finance-order-figures').textContent).toContain('¥10,900.00');
    expect(screen.getByTestId('finance-lines').textContent).toContain('肖像使用费 · 6%');
    // A half-paid line reads 部分付款, as its order reads 部分收款 (issue 35 item 8).
    expect(screen.getByTestId('finance-lines').textContent).toContain('部分付款');
    expect(screen.getByTestId('finance-invoice-31').getAttribute('href')).toBe(
      '/finance/invoices?invoice=31',
    );
    expect(screen.getByTestId('finance-allocation-72').textContent).toContain('已撤销 2026-11-06');
    expect(within(screen.getByTestId('finance-allocation-72')).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('allocation-undo-71')).toBeTruthy();
    // 资金记录: what members did to the order's invoices and receipts.
    expect((await screen.findByTestId('finance-order-history')).textContent).toContain('核销 ¥5,600.00');
  });

  it('records a receipt and allocates it to the issued invoice first, then the line no invoice covers', async () => {
    answerAs('edit');
    renderPage(<FinanceOrderPage />, ROUTE, PAGE);
    fireEvent.click(await screen.findByTestId('receipt-record'));
    const form = await screen.findByTestId('receipt-form');
    // Prefilled: the buyer of the issued invoice, the order's entity, all that is outstanding.
    expect((within(form).getByLabelText('付款方') as HTMLInputElement).value).toBe(
      '杭州青禾服饰（集团）有限公司',
    );
    expect((within(form).getByTestId('receipt-amount') as HTMLInputElement).value).toBe('10,900.00');
    fireEvent.change(within(form).getByTestId('receipt-amount'), { target: { value: '6000' } });
    await waitFor(() =>
      expect((within(form).getByTestId('receipt-allocation-line-2') as HTMLInputElement).value).toBe(
        '400.00',
      ),
    );
    expect(within(form).getByTestId('receipt-allocation-sum').textContent).toBe('本次核销 ¥6,000.00');
    fireEvent.change(within(form).getByLabelText('流水号'), { target: { value: 'CMB20261127001' } });
    fireEvent.click(screen.getByTestId('receipt-submit'));
    await waitFor(() => expect(callsTo(api, endpoints.receipt.allocate)).toHaveLength(1));
    expect(callsTo(api, endpoints.receipt.create)).toEqual([
      [
        {
          body: {
            received_on: businessDate(new Date()),
            amount: 600_000,
            payer_name: '杭州青禾服饰（集团）有限公司',
            reference: 'CMB20261127001',
            team_recipient_id: 2,
            company_id: 5,
            notes: '',
          },
        },
      ],
    ]);
    expect(callsTo(api, endpoints.receipt.allocate)).toEqual([
      [
        {
          params: { id: 63 },
          body: [
            { invoice_id: 31, amount: 560_000 },
            { fee_line_id: 2, amount: 40_000 },
          ],
        },
      ],
    ]);
    expect((await screen.findByTestId('receipt-warnings')).textContent).toContain('不一致');
  });

  it('refuses to allocate more than is outstanding of a target, before asking the server', async () => {
    answerAs('edit');
    renderPage(<FinanceOrderPage />, ROUTE, PAGE);
    fireEvent.click(await screen.findByTestId('receipt-record'));
    const form = await screen.findByTestId('receipt-form');
    fireEvent.change(within(form).getByTestId('receipt-allocation-line-2'), { target: { value: '6000' } });
    fireEvent.click(screen.getByTestId('receipt-submit'));
    expect(await within(form).findByText('*请输入不超过 ¥5,300.00 的金额')).toBeTruthy();
    expect(callsTo(api, endpoints.receipt.create)).toHaveLength(0);
  });

  it('undoes a live allocation after confirmation', async () => {
    answerAs('edit');
    renderPage(<FinanceOrderPage />, ROUTE, PAGE);
    fireEvent.click(await screen.findByTestId('allocation-undo-71'));
    await confirmPopup();
    await waitFor(() =>
      expect(callsTo(api, endpoints.receipt.undoAllocation)).toEqual([[{ params: { id: 71 } }]]),
    );
  });

  it('shows no 登记收款 nor 撤销核销 to a member who may only read', async () => {
    answerAs('read');
    const { queryClient } = renderPage(<FinanceOrderPage />, ROUTE, PAGE);
    await screen.findByTestId('finance-order-page');
    await pageSettled(queryClient);
    expect(screen.queryByTestId('receipt-record')).toBeNull();
    expect(screen.queryByTestId('allocation-undo-71')).toBeNull();
  });
});
