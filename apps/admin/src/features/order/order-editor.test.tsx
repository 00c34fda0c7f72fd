// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@trackit/client/api-client';
import { addDays } from '@trackit/contract/business-time';
import type { Calendar } from '@trackit/contract/calendar.schema';
import { endpoints } from '@trackit/contract/endpoints';
import type { Order, OrderUpdate } from '@trackit/contract/order.schema';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { App, ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { orderFixture } from './order.fixtures';
import { OrderEditorPage } from './order-editor-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const EMPTY_CALENDAR: Calendar = { entries: [], orders: [], trips: [], models: [] };

interface Answers {
  update?: (body: OrderUpdate) => Order;
  calendar?: Calendar;
}

function answerEditor(order: Order, { update, calendar = EMPTY_CALENDAR }: Answers = {}) {
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [
      { key: 'my_bill' as const, level: 'edit' as const },
      { key: 'calendar' as const, level: 'read' as const },
    ]),
    answer(endpoints.order.get, () => order),
    answer(endpoints.order.update, ({ body }) => (update ? update(body as OrderUpdate) : order)),
    answer(endpoints.order.submit, (): Order => ({ ...order, status: 'submitted', approval_status: 'init' })),
    answer(endpoints.calendar.list, () => calendar),
    answer(endpoints.company.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    answer(endpoints.contact.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    answer(endpoints.model.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    answer(endpoints.order.places, () => ({ enabled: false, items: [] })),
  );
}

/** The editor in a data router (it guards leaving with unsaved changes), beside a stand-in detail page. */
function openEditor(order: Order, answers?: Answers) {
  answerEditor(order, answers);
  const router = createMemoryRouter(
    [
      { path: '/order/new/:id', element: <OrderEditorPage /> },
      { path: '/order/:id', element: <div data-testid="detail-stand-in" /> },
    ],
    { initialEntries: [`/order/new/${order.id}`] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <RouterProvider router={router} />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return router;
}

const savedBody = () =>
  (callsTo(api, endpoints.order.update).at(-1)?.[0] as { body: OrderUpdate } | undefined)?.body;

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

// A whole editor re-rendering in jsdom is slow on a busy two-core runner: waits as long as the setup's
// asyncUtilTimeout (tooling/vitest-dom-setup.ts), each test as long as the unit suite allows (vitest.config.ts).
const SLOW = { timeout: 20_000 } as const;

describe('OrderEditor', () => {
  it('works the figures out live as amounts are typed, in fen', async () => {
    openEditor(orderFixture());
    const block = await screen.findByTestId('order-model-block-7', {}, SLOW);
    expect(screen.getByTestId('order-editor-totals').textContent).toContain('订单合计 ¥10,952.00');
    const [amount] = within(block).getAllByLabelText('金额');
    fireEvent.change(amount as HTMLElement, { target: { value: '1,500.5' } });
    // 1500.50 × 2 = 3001.00, 6 % tax 180.06.
    await waitFor(() =>
      expect(within(block).getAllByTestId('fee-line-total')[0]?.textContent).toBe('¥3,181.06'),
    );
    expect(screen.getByTestId('order-model-total-7').textContent).toBe('合计 ¥8,481.06');
    expect(screen.getByTestId('order-editor-totals').textContent).toContain('订单合计 ¥10,953.06');
    expect(screen.getByTestId('order-editor-state').textContent).toBe('有未保存的修改');
  });

  it('saves the whole draft with amounts in fen, then says all is saved', async () => {
    openEditor(orderFixture());
    const title = await screen.findByTestId('order-title-input', {}, SLOW);
    fireEvent.change(title, { target: { value: ' 春夏女装 Lookbook 二期 ' } });
    const [amount] = within(screen.getByTestId('order-model-block-8')).getAllByLabelText('金额');
    fireEvent.change(amount as HTMLElement, { target: { value: '1888.8' } });
    fireEvent.click(screen.getByTestId('order-editor-save'));
    await waitFor(() => expect(savedBody()).toBeDefined(), SLOW);
    expect(savedBody()).toMatchObject({
      title: '春夏女装 Lookbook 二期',
      company_id: 3,
      contact_id: 5,
      days: [
        { date: '2026-03-05', start_time: '09:00', end_time: '18:00' },
        { date: '2026-03-06', start_time: '10:00', end_time: '16:00' },
      ],
      models: [
        {
          model_id: 7,
          fees: [
            { kind: 'ModelFee', amount: 150_000 },
            { kind: 'UsageFee', amount: 500_000 },
          ],
        },
        { model_id: 8, fees: [{ kind: 'ModelFee', amount: 188_880, quantity: 2, tax_rate: 3 }] },
      ],
    });
    expect(savedBody()).not.toHaveProperty('owner_member_id');
    await waitFor(
      () => expect(screen.getByTestId('order-editor-state').textContent).toBe('所有修改已保存'),
      SLOW,
    );
  });

  it('refuses to save an amount the server would refuse, beside the field', async () => {
    openEditor(orderFixture());
    const block = await screen.findByTestId('order-model-block-7', {}, SLOW);
    const [amount] = within(block).getAllByLabelText('金额');
    fireEvent.change(amount as HTMLElement, { target: { value: '12.345' } });
    fireEvent.click(screen.getByTestId('order-editor-save'));
    expect(await within(block).findByText(ORDER_MESSAGES.amountInvalid, {}, SLOW)).toBeTruthy();
    expect(callsTo(api, endpoints.order.update)).toHaveLength(0);
  });

  it('refuses to save a line beyond ¥100,000,000 with its tax, on its amount', async () => {
    openEditor(orderFixture());
    const block = await screen.findByTestId('order-model-block-7', {}, SLOW);
    const [amount] = within(block).getAllByLabelText('金额');
    // ¥100,000,000 a day for 2 days, and 6 % on top: well past one line's limit.
    fireEvent.change(amount as HTMLElement, { target: { value: '100000000' } });
    fireEvent.click(screen.getByTestId('order-editor-save'));
    const message = await within(block).findByText(ORDER_MESSAGES.lineTooLarge, {}, SLOW);
    expect(message.closest('.ant-form-item')?.textContent).toContain('单价（元）');
    expect(callsTo(api, endpoints.order.update)).toHaveLength(0);
  });

  it("shows the server's refusal of the order's total under its models", async () => {
    openEditor(orderFixture(), {
      update: () => {
        throw new ApiError({
          code: 40001,
          status: 400,
          message: ORDER_MESSAGES.orderTooLarge,
          data: { fields: { models: ORDER_MESSAGES.orderTooLarge } },
        });
      },
    });
    fireEvent.change(await screen.findByTestId('order-brand-input', {}, SLOW), {
      target: { value: '青禾二期' },
    });
    fireEvent.click(screen.getByTestId('order-editor-save'));
    const models = screen.getByTestId('order-models-field');
    const message = await within(models).findByText(ORDER_MESSAGES.orderTooLarge, {}, SLOW);
    expect(message.closest('.ant-form-item-explain')).not.toBeNull();
  });

  it("puts the server's field messages beside their fields", async () => {
    openEditor(orderFixture(), {
      update: () => {
        throw new ApiError({
          code: 40001,
          status: 400,
          message: ORDER_MESSAGES.contactOfOtherCompany,
          data: {
            fields: {
              contact_id: ORDER_MESSAGES.contactOfOtherCompany,
              'models.1.fees.0.amount': '*金额太大',
            },
          },
        });
      },
    });
    fireEvent.change(await screen.findByTestId('order-brand-input', {}, SLOW), {
      target: { value: '青禾二期' },
    });
    fireEvent.click(screen.getByTestId('order-editor-save'));
    expect(await screen.findByText('*金额太大', {}, SLOW)).toBeTruthy();
    const messages = screen.getAllByText(ORDER_MESSAGES.contactOfOtherCompany);
    expect(messages.some((node) => node.closest('.ant-form-item-explain'))).toBe(true);
  });

  it('提交审批 saves what changed, submits, then opens the order', async () => {
    const router = openEditor(orderFixture());
    fireEvent.change(await screen.findByTestId('order-title-input', {}, SLOW), { target: { value: '二期' } });
    fireEvent.click(screen.getByTestId('order-editor-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/31'), SLOW);
    expect(callsTo(api, endpoints.order.update)).toHaveLength(1);
    expect(callsTo(api, endpoints.order.submit)).toEqual([[{ params: { id: 31 } }]]);
  });

  it('submits a draft saved already without sending it again', async () => {
    const router = openEditor(orderFixture());
    fireEvent.click(await screen.findByTestId('order-editor-submit', {}, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/31'), SLOW);
    expect(callsTo(api, endpoints.order.update)).toHaveLength(0);
    expect(callsTo(api, endpoints.order.submit)).toHaveLength(1);
  });

  it('saves an incomplete draft but does not submit it, saying what is missing', async () => {
    openEditor(orderFixture({ title: '', job_type: null }));
    fireEvent.change(await screen.findByTestId('order-brand-input', {}, SLOW), {
      target: { value: '青禾二期' },
    });
    fireEvent.click(screen.getByTestId('order-editor-submit'));
    expect(await screen.findByText(ORDER_MESSAGES.incomplete('工作类型、订单标题'), {}, SLOW)).toBeTruthy();
    expect(callsTo(api, endpoints.order.update)).toHaveLength(1);
    expect(callsTo(api, endpoints.order.submit)).toHaveLength(0);
  });

  it('warns of a trip and counts other options on a chosen day', async () => {
    openEditor(orderFixture(), {
      calendar: {
        entries: [
          {
            id: 70,
            model_id: 8,
            order_id: 40,
            date: '2026-03-05',
            start: '2026-03-05T01:00:00Z',
            end: '2026-03-05T10:00:00Z',
            status: 'reserved',
            rank: 1,
            expires_at: null,
          },
        ],
        orders: [],
        trips: [
          {
            id: 9,
            model_id: 7,
            kind: 'vacation',
            start_date: '2026-03-06',
            end_date: '2026-03-09',
            place: '三亚',
          },
        ],
        models: [],
      },
    });
    const trip = await within(await screen.findByTestId('order-model-block-7', {}, SLOW)).findByTestId(
      'model-day-notice-2026-03-06',
    );
    expect(trip.textContent).toContain('2026-03-06（周五）：有休假行程（三亚）');
    const options = within(screen.getByTestId('order-model-block-8')).getByTestId(
      'model-day-notice-2026-03-05',
    );
    expect(options.textContent).toContain('该日已有 1 个预留');
    expect(callsTo(api, endpoints.calendar.list)[0]?.[0]).toEqual({
      query: { from: '2026-03-05', to: '2026-03-06', model_id: [7, 8] },
    });
  });

  it('asks before leaving with unsaved changes', async () => {
    const router = openEditor(orderFixture());
    fireEvent.change(await screen.findByTestId('order-title-input', {}, SLOW), {
      target: { value: '改过的标题' },
    });
    await waitFor(
      () => expect(screen.getByTestId('order-editor-state').textContent).toBe('有未保存的修改'),
      SLOW,
    );
    void router.navigate('/order/31');
    // The router's state reaches the page in a transition, slow in jsdom with a form this size.
    const dialog = await waitFor(() => {
      const title = document.querySelector('.ant-modal-confirm-title');
      if (!title) throw new Error('no dialog yet');
      return title;
    }, SLOW);
    expect(dialog.textContent).toBe('离开此页？');
    expect(router.state.location.pathname).toBe('/order/new/31');
  });

  it('ties every label to its control, the pickers and the fee lines included (accessibility)', async () => {
    openEditor(orderFixture());
    const block = await screen.findByTestId('order-model-block-7', {}, SLOW);
    for (const name of ['客户公司', '联系人', '品牌', '工作类型', '订单标题', '地点', '档期保留至', '备注']) {
      expect(screen.getAllByLabelText(name).length, name).toBeGreaterThan(0);
    }
    // The notes are named by their card's title, the place by its label, not a placeholder.
    expect(screen.getByLabelText('备注', { selector: 'textarea' })).toBe(
      screen.getByTestId('order-notes-input'),
    );
    expect(screen.getByLabelText('地点')).toBe(screen.getByTestId('order-place-input'));
    for (const name of ['费用类型', '金额', '数量', '单位', '税率']) {
      expect(within(block).getAllByLabelText(name).length, name).toBeGreaterThan(0);
    }
    expect(screen.getByLabelText('添加模特').getAttribute('role')).toBe('combobox');
  });

  it('offers no more models than the days leave room for, and says why', async () => {
    // 13 days: 46 models at most, the 600 model-days an order may hold (ORDER_LIMITS.modelDays).
    const days = Array.from({ length: 13 }, (_, index) => ({
      date: addDays('2026-04-01', index),
      start_time: '09:00',
      end_time: '18:00',
    }));
    openEditor(orderFixture({ days }));
    const field = await screen.findByTestId('order-models-field', {}, SLOW);
    expect(field.textContent).toContain(`共 2 位，最多 46 位（${ORDER_MESSAGES.modelDaysHint}）`);
    expect(screen.getByTestId('order-days-field').textContent).toContain('共 13 天，最多 60 天');
  });

  it('opens an order past draft on its detail page', async () => {
    const router = openEditor(orderFixture({ status: 'submitted', approval_status: 'init' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/31'), SLOW);
    expect(await screen.findByTestId('detail-stand-in', {}, SLOW)).toBeTruthy();
  });
});
