// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { businessDate } from '@trackit/contract/business-time';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import { FINANCE_REFUSAL_MESSAGES } from '@trackit/contract/finance-enums';
import type { Allocation } from '@trackit/contract/receipt.schema';
import type { FeeRow } from '@trackit/contract/receivable.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { confirmPopup } from '../../testing/confirm-popup';
import { pageSettled, renderPage } from '../../testing/render-page';
import { financeOrderFixture, invoiceDetailFixture, receiptDetailFixture } from './finance.fixtures';
import { ReceiptsPage } from './receipts-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const ROUTE = '/finance/receipts';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const entity = (id: number, shortName: string, isDefault: boolean): TeamRecipient => ({
  id,
  name: `上海${shortName}有限公司`,
  short_name: shortName,
  credit_code: '91310106MA1FY4XK3E',
  taxpayer_type: 'general',
  address: '',
  phone: '',
  bank: 'cmb',
  bank_name: null,
  pending_bank_change: null,
  branch: '上海静安支行',
  account_number: '121909876510201',
  default_tax_rate: null,
  is_default: isDefault,
  status: 'active',
  order_count: 0,
  can: { edit: true, manage: false },
  created_at: '2026-11-24T02:00:00.000Z',
  updated_at: '2026-11-24T02:00:00.000Z',
});

const owedOrder: FeeRow = {
  id: 11,
  number: 'XC20261120001',
  title: '秋冬新品拍摄',
  company: { id: 5, name: '杭州青禾服饰有限公司' },
  team_recipient: { id: 2, short_name: '星辰文化' },
  owner: null,
  billed_on: '2026-10-12',
  last_date: '2026-10-10',
  due_on: '2026-11-09',
  billed: 1_590_000,
  invoiced: 1_060_000,
  received: 500_000,
  outstanding: 1_090_000,
  payment_state: 'partial',
  days_overdue: 18,
  aging_bucket: 'd1_30',
};

const liveAllocation: Allocation = {
  id: 81,
  receipt_id: 63,
  amount: 300_000,
  invoice: { id: 32, number: '26332000000012349999', buyer_name: '杭州青禾服饰（集团）有限公司' },
  fee_line: null,
  allocated_on: '2026-11-26',
  created_by: { id: 3, nickname: '周楠' },
  created_at: '2026-11-26T02:00:00.000Z',
  undone_at: null,
  undone_by: null,
  moved_to_invoice: null,
  can_undo: true,
};

/** The receipts as the server answers them to a member at `level` (`can` filled as the server does). */
const answerAs = (level: PermissionLevel) => {
  const edit = level !== 'read';
  const open = receiptDetailFixture({ can: { allocate: edit, void: level === 'manage' } });
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level }]),
    answer(endpoints.teamRecipient.list, () => ({
      data: [entity(1, '星光工作室', false), entity(2, '星辰文化', true)],
      page: 1,
      perPage: 100,
      total: 2,
    })),
    answer(endpoints.receipt.list, () => ({
      data: [
        open,
        receiptDetailFixture({
          id: 64,
          payer_name: '上海某某广告有限公司',
          reference: 'CMB20261120007',
          amount: 200_000,
          allocated: 0,
          unallocated: 200_000,
          voided_at: '2026-11-21T02:00:00.000Z',
          void_reason: '重复登记',
          can: { allocate: false, void: false },
        }),
      ],
      page: 1,
      perPage: 20,
      total: 2,
    })),
    answer(endpoints.receipt.get, () =>
      level === 'read'
        ? receiptDetailFixture({
            allocated: 300_000,
            unallocated: 790_000,
            allocations: [{ ...liveAllocation, can_undo: false }],
            can: { allocate: false, void: false },
          })
        : open,
    ),
    answer(endpoints.receipt.create, ({ body }) =>
      receiptDetailFixture({ id: 65, amount: body.amount, payer_name: body.payer_name }),
    ),
    answer(endpoints.receipt.allocate, () => receiptDetailFixture()),
    answer(endpoints.receipt.void, () => receiptDetailFixture({ voided_at: '2026-11-27T02:00:00.000Z' })),
    answer(endpoints.receipt.undoAllocation, () => receiptDetailFixture()),
    answer(endpoints.invoice.list, () => ({
      data: [
        invoiceDetailFixture({
          id: 32,
          status: 'issued',
          number: '26332000000012349999',
          issued_on: '2026-11-02',
          allocated: 90_000,
        }),
      ],
      page: 1,
      perPage: 20,
      total: 1,
    })),
    answer(endpoints.receivable.fees, () => ({ data: [owedOrder], page: 1, perPage: 20, total: 1 })),
    answer(endpoints.receivable.order, () => financeOrderFixture()),
  );
};

/** The query the list was last asked with. */
const lastListQuery = () =>
  (callsTo(api, endpoints.receipt.list).at(-1) as [{ query: Record<string, unknown> }])[0].query;

/** Opens the receipt's 核销 panel. */
const openAllocation = async () => {
  renderPage(<ReceiptsPage />, ROUTE, `${ROUTE}?receipt=63`);
  fireEvent.click(await screen.findByTestId('receipt-allocate'));
  return screen.findByTestId('allocate-panel');
};

const typeAmount = (panel: HTMLElement, key: string, value: string) =>
  fireEvent.change(within(panel).getByTestId(`allocate-amount-${key}`), { target: { value } });

describe('ReceiptsPage', () => {
  it('lists receipts with what is allocated and left, voided ones marked, filtered from the address', async () => {
    answerAs('read');
    const { where } = renderPage(
      <ReceiptsPage />,
      ROUTE,
      `${ROUTE}?keyword=青禾&team_recipient_id=2&received_from=2026-11-30&received_to=2026-11-01&unallocated=true`,
    );
    const open = await screen.findByTestId('receipt-row-63');
    expect(open.textContent).toContain('杭州青禾服饰（集团）有限公司');
    expect(open.textContent).toContain('¥10,900.00');
    expect(screen.getByTestId('receipt-unallocated-63').textContent).toBe('预收 ¥10,900.00');
    expect(screen.getByTestId('receipt-state-63').textContent).toBe('有余额');
    const voided = screen.getByTestId('receipt-row-64');
    expect(voided.textContent).toContain('CMB20261120007');
    expect(screen.getByTestId('receipt-state-64').textContent).toBe('已作废');
    // A reversed range is read the right way round.
    expect(lastListQuery()).toMatchObject({
      keyword: '青禾',
      team_recipient_id: 2,
      received_from: '2026-11-01',
      received_to: '2026-11-30',
      unallocated: true,
    });
    // antd puts the test id on the box itself.
    const box = screen.getByTestId('receipt-unallocated-filter') as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(where()).not.toContain('unallocated'));
    fireEvent.click(screen.getByTestId('receipt-open-64'));
    await waitFor(() => expect(where()).toContain('receipt=64'));
  });

  it('records a receipt into the default entity, then opens it', async () => {
    answerAs('edit');
    const { where } = renderPage(<ReceiptsPage />, ROUTE);
    fireEvent.click(await screen.findByTestId('receipt-create'));
    const form = await screen.findByTestId('receipt-create-form');
    fireEvent.change(within(form).getByTestId('receipt-amount'), { target: { value: '8,000' } });
    fireEvent.change(within(form).getByLabelText('付款方'), { target: { value: '杭州青禾服饰有限公司' } });
    fireEvent.change(within(form).getByLabelText('流水号'), { target: { value: 'CMB20261127001' } });
    fireEvent.click(screen.getByTestId('receipt-create-submit'));
    await waitFor(() => expect(callsTo(api, endpoints.receipt.create)).toHaveLength(1));
    expect(callsTo(api, endpoints.receipt.create)[0]).toEqual([
      {
        body: {
          received_on: businessDate(new Date()),
          amount: 800_000,
          payer_name: '杭州青禾服饰有限公司',
          reference: 'CMB20261127001',
          team_recipient_id: 2,
          company_id: null,
          notes: '',
        },
      },
    ]);
    await waitFor(() => expect(where()).toBe(`${ROUTE}?receipt=65`));
  });

  it('allocates to an open invoice found by the payer’s name and to an order’s line, in one request', async () => {
    answerAs('edit');
    const panel = await openAllocation();
    // The payer's name is the first search; the invoice can still receive total − reversed − allocated.
    await within(panel).findByTestId('allocate-amount-invoice-32');
    expect(callsTo(api, endpoints.invoice.list).at(-1)?.[0]).toEqual({
      query: { page: 1, per_page: 20, open: true, keyword: '杭州青禾服饰（集团）有限公司' },
    });
    expect(within(panel).getByTestId('allocate-invoices').textContent).toContain('¥15,000.00');
    typeAmount(panel, 'invoice-32', '3000');
    fireEvent.click(within(panel).getByText('按订单'));
    const combobox = within(await within(panel).findByTestId('allocate-order-select')).getByRole('combobox');
    fireEvent.mouseDown(combobox);
    fireEvent.click(await screen.findByTitle('XC20261120001 · 杭州青禾服饰有限公司'));
    await within(panel).findByTestId('allocate-amount-line-2');
    expect(callsTo(api, endpoints.receivable.fees).at(-1)?.[0]).toMatchObject({
      query: { outstanding: true },
    });
    fireEvent.click(within(panel).getByTestId('allocate-fill-line-2'));
    await waitFor(() =>
      expect(within(panel).getByTestId('allocate-sum').textContent).toContain('本次核销 ¥8,300.00（2 项）'),
    );
    fireEvent.click(screen.getByTestId('allocate-submit'));
    await waitFor(() => expect(callsTo(api, endpoints.receipt.allocate)).toHaveLength(1));
    expect(callsTo(api, endpoints.receipt.allocate)[0]).toEqual([
      {
        params: { id: 63 },
        body: [
          { invoice_id: 32, amount: 300_000 },
          { fee_line_id: 2, amount: 530_000 },
        ],
      },
    ]);
  });

  it('refuses more than the receipt has left, or than a target can receive, before asking the server', async () => {
    answerAs('edit');
    const panel = await openAllocation();
    await within(panel).findByTestId('allocate-amount-invoice-32');
    const sum = within(panel).getByTestId('allocate-sum');
    typeAmount(panel, 'invoice-32', '15,000.01');
    await waitFor(() => expect(sum.textContent).toContain('本次核销 ¥15,000.01'));
    // Under the amount: how much the invoice can take (¥15,000.00 still to receive).
    expect((await within(panel).findByTestId('allocate-problem-invoice-32')).textContent).toBe(
      '超过未收金额，最多可核销 ¥15,000.00',
    );
    fireEvent.click(screen.getByTestId('allocate-submit'));
    expect(
      await screen.findByText((text) => text.startsWith(FINANCE_REFUSAL_MESSAGES.target_over_allocated)),
    ).toBeTruthy();
    typeAmount(panel, 'invoice-32', '11000');
    await waitFor(() => expect(sum.textContent).toContain('本次核销 ¥11,000.00'));
    fireEvent.click(screen.getByTestId('allocate-submit'));
    expect(
      await screen.findByText((text) => text.startsWith(FINANCE_REFUSAL_MESSAGES.receipt_over_allocated)),
    ).toBeTruthy();
    expect(sum.textContent).toContain('超过可核销金额');
    expect((await within(panel).findByTestId('allocate-problem-invoice-32')).textContent).toContain(
      '最多可核销',
    );
    expect(callsTo(api, endpoints.receipt.allocate)).toHaveLength(0);
  });

  it('voids a receipt with its reason, a button only a manager is offered', async () => {
    answerAs('manage');
    renderPage(<ReceiptsPage />, ROUTE, `${ROUTE}?receipt=63`);
    fireEvent.click(await screen.findByTestId('receipt-void'));
    fireEvent.change(await screen.findByTestId('receipt-void-reason'), { target: { value: '重复登记' } });
    fireEvent.click(within(screen.getByTestId('receipt-void-modal')).getByText('作废'));
    await waitFor(() =>
      expect(callsTo(api, endpoints.receipt.void)).toEqual([
        [{ params: { id: 63 }, body: { reason: '重复登记' } }],
      ]),
    );
    cleanup();
    answerAs('edit');
    const { queryClient } = renderPage(<ReceiptsPage />, ROUTE, `${ROUTE}?receipt=63`);
    await screen.findByTestId('receipt-allocate');
    await pageSettled(queryClient);
    expect(screen.queryByTestId('receipt-void')).toBeNull();
  });

  it('shows a reader the receipt and its allocations without any button that changes them', async () => {
    answerAs('read');
    const { queryClient } = renderPage(<ReceiptsPage />, ROUTE, `${ROUTE}?receipt=63`);
    const allocation = await screen.findByTestId('receipt-allocation-row-81');
    expect(allocation.textContent).toContain('发票 26332000000012349999');
    expect(allocation.textContent).toContain('¥3,000.00');
    await pageSettled(queryClient);
    expect(screen.queryByTestId('receipt-create')).toBeNull();
    expect(screen.queryByTestId('receipt-allocate')).toBeNull();
    expect(screen.queryByTestId('receipt-void')).toBeNull();
    expect(screen.queryByTestId('allocation-undo-81')).toBeNull();
  });

  it('undoes a live allocation after confirmation, and greys an undone one with its date', async () => {
    answerCalls(
      api,
      answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level: 'edit' as const }]),
      answer(endpoints.receipt.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
      answer(endpoints.teamRecipient.list, () => ({ data: [], page: 1, perPage: 100, total: 0 })),
      answer(endpoints.receipt.get, () =>
        receiptDetailFixture({
          allocated: 300_000,
          unallocated: 790_000,
          allocations: [
            liveAllocation,
            {
              ...liveAllocation,
              id: 82,
              invoice: null,
              fee_line: { id: 2, order_id: 11, order_number: 'XC20261120001', model_name: '周蔓' },
              undone_at: '2026-11-26T08:00:00.000Z',
              undone_by: { id: 3, nickname: '周楠' },
              can_undo: false,
            },
          ],
        }),
      ),
      answer(endpoints.receipt.undoAllocation, () => receiptDetailFixture()),
    );
    renderPage(<ReceiptsPage />, ROUTE, `${ROUTE}?receipt=63`);
    const undone = await screen.findByTestId('receipt-allocation-row-82');
    expect(undone.textContent).toContain('订单 XC20261120001');
    expect(undone.textContent).toContain('周蔓');
    expect(undone.textContent).toContain('已撤销 2026-11-26');
    expect(within(undone).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByTestId('allocation-undo-81'));
    await confirmPopup();
    await waitFor(() =>
      expect(callsTo(api, endpoints.receipt.undoAllocation)).toEqual([[{ params: { id: 81 } }]]),
    );
  });
});
