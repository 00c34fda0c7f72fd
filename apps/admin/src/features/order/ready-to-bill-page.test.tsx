// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import { BILLING_WORDS } from '@trackit/contract/order-constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { testProfile } from '../../testing/profile-fixture';
import { pageSettled, renderPage } from '../../testing/render-page';
import { orderFixture, orderListItemFixture } from './order.fixtures';
import { ReadyToBillPage } from './ready-to-bill-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const completed = [
  orderListItemFixture(1),
  orderListItemFixture(2),
  orderListItemFixture(3, { owner: { id: 9, nickname: '沈念' } }),
];
const awaiting = [orderListItemFixture(4, { status: 'submitted', approval_status: 'init' })];

const answerAs = (level: PermissionLevel) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'my_bill' as const, level }]),
    answer(endpoints.profile.get, () => testProfile()),
    answer(endpoints.order.list, ({ query }) => {
      const rows = query?.awaiting_my_approval ? awaiting : completed;
      return { data: rows, page: 1, perPage: 20, total: rows.length };
    }),
    answer(endpoints.order.bill, ({ params }) => orderFixture({ id: params.id, status: 'billed' })),
    answer(endpoints.order.approval, ({ params, body }) =>
      orderFixture({
        id: params.id,
        status: body.result === 'passed' ? 'submitted' : 'draft',
        approval_status: body.result,
      }),
    ),
  );

const listQueries = () =>
  callsTo(api, endpoints.order.list).map(([input]) => (input as { query: Record<string, unknown> }).query);

/** Clicks the OK button of the open confirmation (a portal; found by its place, its label is the locale's). */
const confirmOpen = async (selector: string) => {
  const ok = await waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>(selector);
    if (!button) throw new Error('no open confirmation');
    return button;
  });
  fireEvent.click(ok);
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ReadyToBillPage', () => {
  it('lists the completed orders; the owner bills one after a confirmation', async () => {
    answerAs('edit');
    renderPage(<ReadyToBillPage />, '/order/ready_to_bill');
    const row = await screen.findByTestId('completed-row-1');
    expect(listQueries()).toContainEqual({
      status: ['completed'],
      sort: 'first_date',
      page: 1,
      per_page: 20,
    });
    // Another member's order: nothing to run for an editor.
    await waitFor(() => expect(within(row).queryByTestId('order-bill-1')).toBeTruthy());
    expect(screen.queryByTestId('order-bill-3')).toBeNull();
    // The glossary's words: the list waits 待出账, the step is 出账 and says where the order goes.
    expect(screen.getByTestId('ready-to-bill-completed').textContent).toContain(BILLING_WORDS.waiting);
    expect(within(row).getByTestId('order-bill-1').textContent).toBe(BILLING_WORDS.step);
    fireEvent.click(within(row).getByTestId('order-bill-1'));
    expect((await screen.findByText(BILLING_WORDS.handOver)).textContent).toBe(BILLING_WORDS.handOver);
    await confirmOpen('.ant-popconfirm .ant-btn-primary');
    await waitFor(() => expect(callsTo(api, endpoints.order.bill)).toEqual([[{ params: { id: 1 } }]]));
  });

  it('bills several ticked orders at once, one call each, after one confirmation', async () => {
    answerAs('manage');
    renderPage(<ReadyToBillPage />, '/order/ready_to_bill');
    const list = await screen.findByTestId('ready-to-bill-list');
    await screen.findByTestId('completed-row-1');
    const boxes = within(list).getAllByRole('checkbox');
    // The first box is the header's 全选.
    fireEvent.click(boxes[1] as HTMLElement);
    fireEvent.click(boxes[3] as HTMLElement);
    fireEvent.click(within(screen.getByTestId('list-selection-bar')).getByText(BILLING_WORDS.step));
    await confirmOpen('.ant-modal-confirm .ant-btn-primary');
    await waitFor(() =>
      expect(callsTo(api, endpoints.order.bill)).toEqual([[{ params: { id: 1 } }], [{ params: { id: 3 } }]]),
    );
  });

  it('shows a manager what waits for their approval: 同意 with a comment if any, 拒绝 with a reason', async () => {
    answerAs('manage');
    renderPage(<ReadyToBillPage />, '/order/ready_to_bill');
    // Permissions, then the list: more than the default second on a busy machine.
    const row = await screen.findByTestId('approval-row-4');
    expect(listQueries()).toContainEqual({
      awaiting_my_approval: true,
      sort: 'created_at',
      page: 1,
      per_page: 10,
    });

    fireEvent.click(within(row).getByTestId('order-approve-4'));
    fireEvent.change(await screen.findByTestId('order-approve-text'), { target: { value: '可以' } });
    fireEvent.click(screen.getByTestId('order-approve-ok'));
    await waitFor(() =>
      expect(callsTo(api, endpoints.order.approval)).toEqual([
        [{ params: { id: 4 }, body: { result: 'passed', comment: '可以' } }],
      ]),
    );

    fireEvent.click(within(row).getByTestId('order-reject-4'));
    fireEvent.change(await screen.findByTestId('order-reject-text'), { target: { value: '日期有误' } });
    fireEvent.click(screen.getByTestId('order-reject-ok'));
    await waitFor(() =>
      expect(callsTo(api, endpoints.order.approval).at(-1)).toEqual([
        { params: { id: 4 }, body: { result: 'rejected', comment: '日期有误' } },
      ]),
    );
  });

  it('shows no approvals to a member below manage', async () => {
    answerAs('edit');
    const { queryClient } = renderPage(<ReadyToBillPage />, '/order/ready_to_bill');
    await screen.findByTestId('completed-row-1');
    await pageSettled(queryClient);
    expect(screen.queryByTestId('ready-to-bill-approvals')).toBeNull();
    expect(listQueries().some((query) => query.awaiting_my_approval)).toBe(false);
  });
});
