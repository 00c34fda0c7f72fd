// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { FeeRow, FeeTotals } from '@trackit/contract/receivable.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { FeesPage } from './fees-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const row = (overrides: Partial<FeeRow> = {}): FeeRow => ({
  id: 41,
  number: 'DD20261001003',
  title: '青禾秋冬新品拍摄',
  company: { id: 5, name: '杭州青禾服饰有限公司' },
  team_recipient: { id: 2, short_name: '星辰文化' },
  owner: { id: 3, nickname: '周楠' },
  billed_on: '2026-10-08',
  last_date: '2026-10-05',
  due_on: '2026-11-04',
  billed: 1_590_000,
  invoiced: 1_590_000,
  received: 600_000,
  outstanding: 990_000,
  payment_state: 'partial',
  days_overdue: 23,
  aging_bucket: 'd1_30',
  ...overrides,
});

const totals: FeeTotals = {
  as_of: '2026-11-27',
  count: 2,
  billed: 2_590_000,
  invoiced: 1_590_000,
  received: 1_600_000,
  outstanding: 990_000,
  buckets: [
    { bucket: 'not_due', count: 0, outstanding: 0 },
    { bucket: 'd1_30', count: 1, outstanding: 990_000 },
    { bucket: 'd31_60', count: 0, outstanding: 0 },
    { bucket: 'd61_90', count: 0, outstanding: 0 },
    { bucket: 'd90_plus', count: 0, outstanding: 0 },
  ],
};

const answerFees = () =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level: 'read' as const }]),
    answer(endpoints.teamRecipient.list, () => ({ data: [], page: 1, perPage: 100, total: 0 })),
    answer(endpoints.receivable.fees, () => ({
      data: [
        row(),
        row({
          id: 42,
          number: 'DD20261101001',
          outstanding: 0,
          received: 1_000_000,
          billed: 1_000_000,
          invoiced: 0,
          payment_state: 'paid',
          days_overdue: 0,
          aging_bucket: null,
        }),
      ],
      page: 1,
      perPage: 20,
      total: 2,
    })),
    answer(endpoints.receivable.feeTotals, () => totals),
  );

describe('FeesPage', () => {
  it('shows each order’s money and aging, and the totals of every page of the filter', async () => {
    answerFees();
    renderPage(<FeesPage />, '/finance/fees');
    const partial = await screen.findByTestId('fee-row-41');
    expect(partial.textContent).toContain('DD20261001003');
    expect(partial.textContent).toContain('杭州青禾服饰有限公司');
    expect(partial.textContent).toContain('¥9,900.00');
    expect(partial.textContent).toContain('部分收款');
    expect(partial.textContent).toContain('逾期 23 天');
    expect(partial.textContent).not.toContain('1–30');
    expect((await screen.findByTestId('fee-row-42')).textContent).toContain('已收款');
    const figures = await screen.findByTestId('fee-totals');
    expect(figures.textContent).toContain('应收（2 单）');
    expect(figures.textContent).toContain('¥25,900.00');
    expect(screen.getByTestId('fee-bucket-d1_30').textContent).toContain('¥9,900.00（1）');
  });

  it('reads its filters and date from the address and asks the list and the totals with the same filter', async () => {
    answerFees();
    renderPage(
      <FeesPage />,
      '/finance/fees',
      '/finance/fees?aging_bucket=d31_60&outstanding=true&as_of=2026-10-31&company_id=5',
    );
    await screen.findByTestId('fee-row-41');
    const [listInput] = callsTo(api, endpoints.receivable.fees).at(-1) as [
      { query: Record<string, unknown> },
    ];
    expect(listInput.query).toMatchObject({
      aging_bucket: ['d31_60'],
      outstanding: true,
      as_of: '2026-10-31',
      company_id: 5,
    });
    const [totalsInput] = callsTo(api, endpoints.receivable.feeTotals).at(-1) as [
      { query: Record<string, unknown> },
    ];
    expect(totalsInput.query).toEqual({
      aging_bucket: ['d31_60'],
      outstanding: 'true',
      as_of: '2026-10-31',
      company_id: 5,
    });
    expect(screen.getByText('费用（截至 2026-10-31）')).toBeTruthy();
  });

  it('filters one aging bucket when its figure is clicked', async () => {
    answerFees();
    const { where } = renderPage(<FeesPage />, '/finance/fees');
    fireEvent.click(await screen.findByTestId('fee-bucket-d1_30'));
    await waitFor(() => expect(where()).toContain('aging_bucket=d1_30'));
  });

  it('shows the chosen aging bucket checked, and a second click clears it (issue 35)', async () => {
    answerFees();
    const { where } = renderPage(<FeesPage />, '/finance/fees', '/finance/fees?aging_bucket=d1_30');
    const chosen = await screen.findByTestId('fee-bucket-d1_30');
    expect(chosen.className).toContain('ant-tag-checkable-checked');
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('fee-bucket-d31_60').className).not.toContain('ant-tag-checkable-checked');
    fireEvent.click(chosen);
    await waitFor(() => expect(where()).not.toContain('aging_bucket'));
  });
});
