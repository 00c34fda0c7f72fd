// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Company } from '@trackit/contract/company.schema';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { OrderListItem } from '@trackit/contract/order.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { testProfile } from '../../testing/profile-fixture';
import { pageSettled, renderPage } from '../../testing/render-page';
import { memberOptionsAnswer } from '../organization/organization.fixtures';
import { orderListItemFixture } from './order.fixtures';
import { OrderListPage } from './order-list-page';

vi.mock('../../api', () => ({ api: { call: vi.fn(), download: vi.fn() } }));

const answerAs = (level: PermissionLevel, orders: OrderListItem[] = [orderListItemFixture(1)]) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'my_bill' as const, level }]),
    answer(endpoints.order.list, ({ query }) => ({
      data: orders,
      page: Number(query?.page ?? 1),
      perPage: 20,
      total: orders.length,
    })),
    answer(endpoints.order.create, () => ({ id: 57, number: 'XC20260305009' })),
    answer(endpoints.profile.get, () => testProfile()),
    answer(endpoints.company.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    // The company filter names the company of the address.
    answer(
      endpoints.company.get,
      ({ params }): Company => ({
        id: params.id,
        name: '杭州青禾服饰有限公司',
        short_name: null,
        credit_code: null,
        industry: null,
        tier: 'regular',
        invoice_title: null,
        invoice_address: null,
        bank_name: null,
        bank_account: null,
        payment_terms_days: null,
        owner_member_id: null,
        owner: null,
        notes: null,
        status: 'active',
        contact_count: 0,
        created_at: '2026-01-01T08:00:00Z',
        updated_at: '2026-01-01T08:00:00Z',
      }),
    ),
    answer(endpoints.model.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    memberOptionsAnswer([]),
  );

const lastListQuery = () => callsTo(api, endpoints.order.list).at(-1)?.[0];

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('OrderListPage', () => {
  it('names the dashboard’s filters on tags, each closing its own', async () => {
    answerAs('read');
    renderPage(
      <OrderListPage />,
      '/order/order',
      '/order/order?options_expiring=true&usage_end_from=2026-11-24&usage_end_to=2026-12-24',
    );
    await screen.findByTestId('order-row-1');
    expect(screen.getByTestId('order-options-expiring-filter').textContent).toContain('档期 48 小时内过期');
    expect(screen.getByTestId('order-usage-end-filter').textContent).toContain(
      '肖像授权到期 2026-11-24 至 2026-12-24',
    );
    const close = screen.getByTestId('order-options-expiring-filter').querySelector('.ant-tag-close-icon');
    if (!close) throw new Error('the tag has no close icon');
    fireEvent.click(close);
    await waitFor(() =>
      expect(lastListQuery()).toEqual({
        query: { usage_end_from: '2026-11-24', usage_end_to: '2026-12-24', page: 1, per_page: 20 },
      }),
    );
    expect(screen.queryByTestId('order-options-expiring-filter')).toBeNull();
  });

  it("asks for the address's filters: several statuses, job types, company, owner and a day range", async () => {
    answerAs('read');
    renderPage(
      <OrderListPage />,
      '/order/order',
      '/order/order?keyword=青禾&status=submitted&status=confirmed&approval_status=init&job_type=lookbook&company_id=3&owner_member_id=1&from=2026-03-01&to=2026-03-31&sort=-first_date',
    );
    await screen.findByTestId('order-row-1');
    await waitFor(() =>
      expect(screen.getByTestId('order-company-filter').textContent).toContain('杭州青禾服饰有限公司'),
    );
    expect(lastListQuery()).toEqual({
      query: {
        keyword: '青禾',
        status: ['submitted', 'confirmed'],
        approval_status: ['init'],
        job_type: ['lookbook'],
        company_id: 3,
        owner_member_id: 1,
        from: '2026-03-01',
        to: '2026-03-31',
        sort: '-first_date',
        page: 1,
        per_page: 20,
      },
    });
  });

  it('reads a reversed day range the right way round', async () => {
    answerAs('read');
    renderPage(<OrderListPage />, '/order/order', '/order/order?from=2026-03-31&to=2026-03-01');
    await screen.findByTestId('order-row-1');
    expect(lastListQuery()).toMatchObject({ query: { from: '2026-03-01', to: '2026-03-31' } });
  });

  it('shows each order’s days, models (+N), owner, total and state, and -- where fees are hidden', async () => {
    answerAs('read', [
      orderListItemFixture(1),
      orderListItemFixture(2, {
        status: 'submitted',
        approval_status: 'init',
        fees_visible: false,
        totals: null,
      }),
    ]);
    renderPage(<OrderListPage />, '/order/order');
    const first = await screen.findByTestId('order-row-1');
    expect(first.textContent).toContain('XC20260305001');
    // The brand and the kind of job read under the title.
    expect(first.textContent).toContain('青禾 · Lookbook');
    expect(first.textContent).toContain('刘晓阳、王珊 +1');
    expect(first.textContent).toContain('共 2 天');
    expect(first.textContent).toContain('林晓');
    expect(first.textContent).toContain('¥3,180.00');
    expect(first.textContent).toContain('已完成');
    const second = screen.getByTestId('order-row-2');
    expect(second.textContent).toContain('--');
    expect(second.textContent).toContain('已提交');
    expect(second.textContent).toContain('待审批');
  });

  it('offers 编辑 on the member’s own drafts only, and the confirmation on the others', async () => {
    answerAs('edit', [
      orderListItemFixture(1, { status: 'draft', approval_status: null }),
      orderListItemFixture(2, { status: 'draft', approval_status: null, owner: { id: 9, nickname: '沈念' } }),
      orderListItemFixture(3),
    ]);
    renderPage(<OrderListPage />, '/order/order');
    await screen.findByTestId('order-edit-1');
    expect(screen.queryByTestId('order-edit-2')).toBeNull();
    expect(screen.getByTestId('order-export-2').getAttribute('href')).toBe('/order/export/2');
    expect(screen.getByTestId('order-export-3')).toBeTruthy();
  });

  it('lists one owner’s orders from a click on the owner’s name', async () => {
    answerAs('read');
    const { where } = renderPage(<OrderListPage />, '/order/order');
    const row = await screen.findByTestId('order-row-1');
    fireEvent.click(within(row).getByText('林晓'));
    await waitFor(() => expect(where()).toBe('/order/order?owner_member_id=1'));
  });

  it('新建订单 makes an empty draft at once and opens its editor', async () => {
    answerAs('edit');
    const { where } = renderPage(<OrderListPage />, '/order/order');
    fireEvent.click(await screen.findByTestId('order-create'));
    await waitFor(() => expect(where()).toBe('/order/new/57'));
    expect(callsTo(api, endpoints.order.create)).toEqual([[{ body: {} }]]);
  });

  it('offers no 新建订单 to a member who may only read', async () => {
    answerAs('read');
    const { queryClient } = renderPage(<OrderListPage />, '/order/order');
    await screen.findByTestId('order-row-1');
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith(endpoints.permission.mine, undefined, expect.anything()),
    );
    await pageSettled(queryClient);
    expect(screen.queryByTestId('order-create')).toBeNull();
  });

  it("exports exactly the address's filters and order, not its page", async () => {
    answerAs('read');
    vi.mocked(api.download).mockResolvedValueOnce({ blob: new Blob(['x']), fileName: '订单.xlsx' });
    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
    renderPage(
      <OrderListPage />,
      '/order/order',
      '/order/order?status=billed&job_type=ad&sort=number&page=2',
    );
    await screen.findByTestId('order-row-1');
    fireEvent.click(screen.getByTestId('order-export'));
    await waitFor(() =>
      expect(api.download).toHaveBeenCalledWith(endpoints.order.export, {
        query: { status: ['billed'], job_type: ['ad'], sort: 'number' },
      }),
    );
  });
});
