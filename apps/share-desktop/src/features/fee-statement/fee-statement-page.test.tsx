/** @vitest-environment jsdom */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notFound, ok, stubFetch } from '@trackit/client/testing/fetch-stub';
import type { PublicFeeStatement } from '@trackit/contract/fee-statement.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { SHARE_ID } from '../../testing/share-fixtures';

const PATH = `/v1/public/fee_statements/${SHARE_ID}`;

const statement = (overrides: Partial<PublicFeeStatement> = {}): PublicFeeStatement => ({
  kind: 'order',
  team_name: '星辰模特经纪',
  client_name: '上海某某服饰有限公司',
  order: { number: 'HF20261124001', title: '春季大片' },
  from: null,
  to: null,
  as_of: '2026-11-27',
  payee: {
    name: '上海星辰模特经纪有限公司',
    credit_code: '91310106MA1FY4XK3E',
    bank: '招商银行',
    branch: '上海静安支行',
    account: '1219 0987 6510 201',
  },
  lines: [
    {
      fee_line_id: 11,
      order_number: 'HF20261124001',
      model_name: '林晓',
      kind: 'ModelFee',
      item: 'service_fee',
      description: '¥5,000.00 × 2 天',
      dates: '2026-11-20 至 2026-11-21',
      subtotal: 1_000_000,
      tax_rate: 6,
      tax: 60_000,
      total: 1_060_000,
      paid: 1_060_000,
      outstanding: 0,
    },
    {
      fee_line_id: 12,
      order_number: 'HF20261124001',
      model_name: '林晓',
      kind: 'UsageFee',
      item: 'portrait_fee',
      description: '线上，中国大陆，2026-12-01 至 2027-11-30',
      dates: '2026-11-20 至 2026-11-21',
      subtotal: 300_000,
      tax_rate: 6,
      tax: 18_000,
      total: 318_000,
      paid: 0,
      outstanding: 318_000,
    },
  ],
  totals: {
    subtotal: 1_300_000,
    tax: 78_000,
    total: 1_378_000,
    paid: 1_060_000,
    outstanding: 318_000,
    total_in_capitals: '壹万叁仟柒佰捌拾元整',
    outstanding_in_capitals: '叁仟壹佰捌拾元整',
  },
  figures: null,
  invoices: [{ number: '26312000000000000001', issued_on: '2026-11-22', total: 1_060_000 }],
  receipts: [],
  due_on: '2026-12-21',
  expires_at: '2026-12-27T08:00:00.000Z',
  confirmation: null,
  queries: [],
  invoice_info: null,
  ...overrides,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a shared fee statement', () => {
  it('shows the payee’s account, the lines, totals in figures and capitals, paid, outstanding and due date', async () => {
    stubFetch([['GET', PATH, () => ok(statement())]]);
    renderApp(`/fees/${SHARE_ID}`);
    await screen.findByTestId('fee-statement-page');
    expect(screen.getByTestId('client-name').textContent).toBe('上海某某服饰有限公司');
    expect(screen.getByTestId('account').textContent).toBe('1219 0987 6510 201');
    // 复制账号 puts the digits alone on the clipboard.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByTestId('copy-account'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('121909876510201'));
    expect(within(screen.getByTestId('payee')).getByText('91310106MA1FY4XK3E')).toBeTruthy();
    const lines = screen.getByTestId('lines');
    expect(within(lines).getAllByText('林晓')).toHaveLength(2);
    // The items as the invoice prints them (服务费 / 肖像使用费), not the order's fee kinds.
    expect(within(lines).getByText('服务费')).toBeTruthy();
    expect(within(lines).getByText('肖像使用费')).toBeTruthy();
    // On a phone each line is a card with its paid and outstanding amounts.
    const cards = screen.getAllByTestId('line-card');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('林晓 · 服务费'),
      expect.stringContaining('林晓 · 肖像使用费'),
    ]);
    expect(screen.getAllByTestId('line-card-outstanding').map((cell) => cell.textContent)).toEqual([
      '¥0.00',
      '¥3,180.00',
    ]);
    expect(cards[1]?.textContent).toContain('已付¥0.00');
    expect(within(lines).getByText('¥13,780.00')).toBeTruthy();
    expect(screen.getByTestId('total-capitals').textContent).toBe(
      '价税合计（大写）：人民币壹万叁仟柒佰捌拾元整',
    );
    expect(screen.getByTestId('outstanding').textContent).toBe('¥3,180.00');
    expect(screen.getByTestId('due-on').textContent).toBe('2026年12月21日');
    expect(screen.queryByTestId('period-figures')).toBeNull();
    expect(screen.getByTestId('download-pdf').getAttribute('href')).toBe(`/storm_api${PATH}/pdf`);
    expect(screen.queryByTestId('confirmed')).toBeNull();
  });

  it('shows a period’s balance and lets the client confirm, the answer replacing the statement', async () => {
    const period = statement({
      kind: 'period',
      order: null,
      from: '2026-10-01',
      to: '2026-10-31',
      figures: {
        opening: 50_000,
        fees: 1_378_000,
        invoiced: 1_060_000,
        received: 1_110_000,
        closing: 318_000,
        credit: 0,
      },
    });
    const seen = stubFetch([
      ['GET', PATH, () => ok(period)],
      [
        'POST',
        `${PATH}/confirm`,
        () => ok({ ...period, confirmation: { name: '王会计', at: '2026-11-27T08:00:00.000Z' } }),
      ],
    ]);
    renderApp(`/fees/${SHARE_ID}`);
    const figures = await screen.findByTestId('period-figures');
    expect(within(figures).getByText('期初余额')).toBeTruthy();
    expect(within(figures).getByText('¥500.00')).toBeTruthy();
    fireEvent.click(screen.getByTestId('open-confirm'));
    fireEvent.change(await screen.findByTestId('confirm-name'), { target: { value: '王会计' } });
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(await screen.findByTestId('confirmed')).toBeTruthy();
    expect(screen.getByTestId('confirmation').textContent).toContain('王会计');
    const posted = seen.find((call) => call.method === 'POST');
    expect(posted?.body).toEqual({ name: '王会计' });
  });

  it('sends a query on a line and invoice details', async () => {
    const seen = stubFetch([
      ['GET', PATH, () => ok(statement())],
      [
        'POST',
        `${PATH}/queries`,
        () =>
          ok(
            statement({
              queries: [
                {
                  id: 1,
                  fee_line_id: null,
                  comment: '天数不对',
                  name: '王会计',
                  at: '2026-11-27T08:00:00.000Z',
                  reply: { text: '已核对，按 2 天计', at: '2026-11-27T09:00:00.000Z' },
                  resolved_at: null,
                },
              ],
            }),
          ),
      ],
      [
        'POST',
        `${PATH}/invoice_info`,
        () =>
          ok(
            statement({
              invoice_info: {
                type: 'ordinary',
                name: '王会计',
                submitted_at: '2026-11-27T08:00:00.000Z',
                buyer: {
                  name: '上海某某服饰有限公司',
                  tax_id: '91310115MA1H7R2Q5C',
                  address_phone: '',
                  bank_account: '',
                },
              },
            }),
          ),
      ],
    ]);
    renderApp(`/fees/${SHARE_ID}`);
    fireEvent.click(await screen.findByTestId('open-query'));
    fireEvent.change(await screen.findByTestId('query-comment'), { target: { value: '天数不对' } });
    fireEvent.change(screen.getByTestId('query-name'), { target: { value: '王会计' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect((await screen.findByTestId('queries')).textContent).toContain('天数不对');
    // Staff's reply shows under the query; an open query shows beside the title.
    expect(screen.getByTestId('query-reply').textContent).toContain('已核对，按 2 天计');
    expect(screen.getByTestId('open-queries').textContent).toBe('1 个疑问处理中');

    fireEvent.click(screen.getByTestId('open-invoice-info'));
    fireEvent.change(await screen.findByTestId('buyer-tax-id'), { target: { value: '91310115MA1H7R2Q5C' } });
    fireEvent.change(screen.getByTestId('info-name'), { target: { value: '王会计' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() =>
      expect(screen.getByTestId('invoice-info').textContent).toContain('91310115MA1H7R2Q5C'),
    );
    const bodies = seen.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(bodies).toEqual([
      { comment: '天数不对', name: '王会计' },
      {
        type: 'ordinary',
        name: '王会计',
        buyer: {
          name: '上海某某服饰有限公司',
          tax_id: '91310115MA1H7R2Q5C',
          address_phone: '',
          bank_account: '',
        },
      },
    ]);
  });

  it('shows the 404 page for an unknown, revoked or expired statement', async () => {
    stubFetch([['GET', PATH, () => notFound()]]);
    renderApp(`/fees/${SHARE_ID}`);
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
  });
});
