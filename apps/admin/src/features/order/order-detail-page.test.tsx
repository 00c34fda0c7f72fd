// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@trackit/client/api-client';
import { endpoints } from '@trackit/contract/endpoints';
import type { Order } from '@trackit/contract/order.schema';
import { BILLING_WORDS } from '@trackit/contract/order-constants';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { confirmPopup } from '../../testing/confirm-popup';
import { pageSettled, renderPage } from '../../testing/render-page';
import { NO_ABILITIES, orderFixture, orderModelFixture } from './order.fixtures';
import { OrderDetailPage } from './order-detail-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const answerOrder = (order: Order) =>
  answerCalls(
    api,
    answer(endpoints.order.get, () => order),
    answer(endpoints.order.history, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    answer(
      endpoints.order.approval,
      ({ body }): Order => ({
        ...order,
        status: body.result === 'passed' ? 'submitted' : 'draft',
        approval_status: body.result,
      }),
    ),
    answer(endpoints.order.confirm, (): Order => ({ ...order, status: 'confirmed' })),
    answer(endpoints.order.cancel, (): Order => ({ ...order, status: 'cancelled' })),
    answer(endpoints.order.submit, (): Order => ({ ...order, status: 'submitted', approval_status: 'init' })),
  );

const openDetail = (order: Order) => {
  answerOrder(order);
  return renderPage(<OrderDetailPage />, '/order/:id', `/order/${order.id}`);
};

const actionIds = () =>
  within(screen.getByTestId('order-actions'))
    .getAllByRole('button')
    .map((button) => button.getAttribute('data-testid'));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('OrderDetailPage', () => {
  it('shows the job, days with weekdays, fee lines and totals, and the owner’s actions on a draft', async () => {
    openDetail(orderFixture());
    expect((await screen.findByTestId('order-number')).textContent).toBe('XC20260305001');
    expect(screen.getByTestId('order-info').textContent).toContain('杭州青禾服饰有限公司');
    expect(screen.getByTestId('order-days').textContent).toContain('2026-03-05（周四）');
    const fees = screen.getByTestId('order-model-7');
    expect(fees.textContent).toContain('¥1,500.00 / 天 × 2');
    expect(fees.textContent).toContain('电商 · 中国大陆 · 2026-03-05 ~ 2027-03-04');
    expect(fees.textContent).toContain('到期：自动续约');
    // 3000 + 5000 + 2400 yuan, tax 180 + 300 + 72.
    expect(screen.getByTestId('order-totals').textContent).toContain('订单合计 ¥10,952.00');
    expect(actionIds()).toEqual([
      'order-action-edit',
      'order-action-submit',
      'order-action-export',
      'order-action-cancel',
    ]);
  });

  it('offers only the export to a member who may only read, and says the fees are hidden', async () => {
    openDetail(
      orderFixture({
        status: 'confirmed',
        approval_status: 'passed',
        can: { ...NO_ABILITIES, export: true },
        fees_visible: false,
        totals: null,
        models: [orderModelFixture(7, '刘晓阳'), orderModelFixture(8, '王珊')].map((model) => ({
          ...model,
          totals: null,
        })),
      }),
    );
    await screen.findByTestId('order-number');
    expect(actionIds()).toEqual(['order-action-export']);
    expect(screen.getByTestId('order-fees-hidden')).toBeTruthy();
    expect(screen.queryByTestId('order-totals')).toBeNull();
  });

  it('offers no 导出确认单 on a cancelled order', async () => {
    openDetail(
      orderFixture({
        status: 'cancelled',
        cancel_reason: '客户取消拍摄',
        cancelled_at: '2026-03-02T02:00:00Z',
        can: NO_ABILITIES,
      }),
    );
    expect((await screen.findByTestId('order-status')).textContent).toBe('已取消');
    expect(screen.queryByTestId('order-action-export')).toBeNull();
    expect(screen.queryByText('导出确认单')).toBeNull();
  });

  it('says when a billed order was billed in the glossary’s words', async () => {
    openDetail(
      orderFixture({
        status: 'billed',
        approval_status: 'passed',
        billed_at: '2026-03-10T02:00:00Z',
        can: NO_ABILITIES,
      }),
    );
    expect((await screen.findByTestId('order-status')).textContent).toBe(BILLING_WORDS.done);
    const info = screen.getByTestId('order-info').textContent;
    expect(info).toContain(BILLING_WORDS.time);
    expect(info).not.toContain('结算');
  });

  it('links a billed order to 财务详情 for a member with accounting read, and only then', async () => {
    const billed = orderFixture({ status: 'billed', approval_status: 'passed', can: NO_ABILITIES });
    answerCalls(
      api,
      answer(endpoints.order.get, () => billed),
      answer(endpoints.order.history, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
      answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level: 'read' as const }]),
    );
    renderPage(<OrderDetailPage />, '/order/:id', `/order/${billed.id}`);
    const link = await screen.findByTestId('order-finance-link');
    expect(link.getAttribute('href')).toBe(`/finance/${billed.id}`);
    cleanup();
    answerCalls(
      api,
      answer(endpoints.order.get, () => billed),
      answer(endpoints.order.history, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
      answer(endpoints.permission.mine, () => []),
    );
    const { queryClient } = renderPage(<OrderDetailPage />, '/order/:id', `/order/${billed.id}`);
    await screen.findByTestId('order-info');
    await pageSettled(queryClient);
    expect(screen.queryByTestId('order-finance-link')).toBeNull();
  });

  it('approves in a dialog that takes an optional comment, like a refusal’s', async () => {
    openDetail(
      orderFixture({
        status: 'submitted',
        approval_status: 'init',
        can: { ...NO_ABILITIES, approve: true, cancel: true },
      }),
    );
    fireEvent.click(await screen.findByTestId('order-action-approve'));
    const text = await screen.findByTestId('order-approve-text');
    expect(screen.getByText('审批意见（选填）')).toBeTruthy();
    fireEvent.change(text, { target: { value: ' 报价已与客户确认 ' } });
    fireEvent.click(screen.getByTestId('order-approve-ok'));
    await waitFor(() =>
      expect(callsTo(api, endpoints.order.approval)).toEqual([
        [{ params: { id: 31 }, body: { result: 'passed', comment: '报价已与客户确认' } }],
      ]),
    );
  });

  it('approves without a comment too', async () => {
    openDetail(
      orderFixture({ status: 'submitted', approval_status: 'init', can: { ...NO_ABILITIES, approve: true } }),
    );
    fireEvent.click(await screen.findByTestId('order-action-approve'));
    fireEvent.click(await screen.findByTestId('order-approve-ok'));
    await waitFor(() =>
      expect(callsTo(api, endpoints.order.approval)).toEqual([
        [{ params: { id: 31 }, body: { result: 'passed', comment: '' } }],
      ]),
    );
  });

  it('refuses with a comment: the dialog asks for one first', async () => {
    openDetail(
      orderFixture({ status: 'submitted', approval_status: 'init', can: { ...NO_ABILITIES, approve: true } }),
    );
    fireEvent.click(await screen.findByTestId('order-action-reject'));
    fireEvent.click(await screen.findByTestId('order-reject-ok'));
    expect(await screen.findByText(ORDER_MESSAGES.rejectNeedsComment)).toBeTruthy();
    expect(callsTo(api, endpoints.order.approval)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('order-reject-text'), { target: { value: ' 费用需重新核对 ' } });
    fireEvent.click(screen.getByTestId('order-reject-ok'));
    await waitFor(() =>
      expect(callsTo(api, endpoints.order.approval)).toEqual([
        [{ params: { id: 31 }, body: { result: 'rejected', comment: '费用需重新核对' } }],
      ]),
    );
  });

  it('confirms an approved order, and cancels with a reason', async () => {
    openDetail(
      orderFixture({
        status: 'submitted',
        approval_status: 'passed',
        can: { ...NO_ABILITIES, confirm: true, cancel: true },
      }),
    );
    fireEvent.click(await screen.findByTestId('order-action-confirm'));
    await confirmPopup();
    await waitFor(() => expect(callsTo(api, endpoints.order.confirm)).toEqual([[{ params: { id: 31 } }]]));

    fireEvent.click(screen.getByTestId('order-action-cancel'));
    fireEvent.change(await screen.findByTestId('order-cancel-text'), { target: { value: '客户取消拍摄' } });
    fireEvent.click(screen.getByTestId('order-cancel-ok'));
    await waitFor(() =>
      expect(callsTo(api, endpoints.order.cancel)).toEqual([
        [{ params: { id: 31 }, body: { reason: '客户取消拍摄' } }],
      ]),
    );
  });

  it('asks for the order again when the server refuses a step someone else already took', async () => {
    const order = orderFixture({
      status: 'submitted',
      approval_status: 'init',
      can: { ...NO_ABILITIES, approve: true },
    });
    answerCalls(
      api,
      answer(endpoints.order.get, () => order),
      answer(endpoints.order.history, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
      answer(endpoints.order.approval, () => {
        throw new ApiError({ code: 40900, status: 409, message: ORDER_MESSAGES.alreadyDecided });
      }),
    );
    renderPage(<OrderDetailPage />, '/order/:id', '/order/31');
    fireEvent.click(await screen.findByTestId('order-action-approve'));
    fireEvent.click(await screen.findByTestId('order-approve-ok'));
    await waitFor(() => expect(callsTo(api, endpoints.order.get)).toHaveLength(2));
  });

  it('lists the calendar entries with their status and rank, and the approval steps', async () => {
    openDetail(
      orderFixture({
        status: 'submitted',
        approval_status: 'rejected',
        approvals: [
          {
            id: 1,
            status: 'init',
            comment: '',
            member: { id: 1, nickname: '林晓' },
            at: '2026-03-01T03:00:00Z',
          },
          {
            id: 2,
            status: 'rejected',
            comment: '费用需重新核对',
            member: { id: 2, nickname: '王经理' },
            at: '2026-03-01T05:00:00Z',
          },
          {
            id: 3,
            status: 'init',
            comment: '',
            member: { id: 1, nickname: '林晓' },
            at: '2026-03-02T03:00:00Z',
          },
          {
            id: 4,
            status: 'passed',
            comment: '报价已与客户确认',
            member: { id: 2, nickname: '王经理' },
            at: '2026-03-02T05:00:00Z',
          },
        ],
        entries: [
          {
            id: 11,
            model_id: 7,
            date: '2026-03-05',
            start: '2026-03-05T01:00:00Z',
            end: '2026-03-05T10:00:00Z',
            status: 'reserved',
            rank: 2,
            expires_at: '2026-03-04T02:00:00Z',
          },
          {
            id: 12,
            model_id: 8,
            date: '2026-03-05',
            start: '2026-03-05T01:00:00Z',
            end: '2026-03-05T10:00:00Z',
            status: 'expired',
            rank: null,
            expires_at: '2026-03-02T02:00:00Z',
          },
        ],
      }),
    );
    const entry = await screen.findByTestId('order-entry-11');
    expect(entry.textContent).toContain('刘晓阳');
    expect(entry.textContent).toContain('09:00 – 18:00');
    expect(entry.textContent).toContain('已预留');
    expect(entry.textContent).toContain('第2选择');
    expect(screen.getByTestId('order-entry-12').textContent).toContain('已过期');
    const approvals = screen.getByTestId('order-approvals').textContent;
    expect(approvals).toContain('林晓 提交审批');
    expect(approvals).toContain('王经理 已拒绝');
    expect(approvals).toContain('费用需重新核对');
    expect(approvals).toContain('王经理 已同意报价已与客户确认');
  });
});
