// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { settlementFixture, withholdingFixture } from './settlement.fixtures';
import { SettlementListPage } from './settlement-list-page';
import { withholdingMonth } from './withholding-tab';

vi.mock('../../api', () => ({ api: { call: vi.fn(), download: vi.fn() } }));

const ROUTE = '/finance/settlements';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

const answerWith = (rows = withholdingFixture().rows) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level: 'read' as const }]),
    answer(endpoints.settlement.list, () => ({
      data: [settlementFixture()],
      page: 1,
      perPage: 20,
      total: 1,
    })),
    answer(endpoints.settlement.withholding, (input) => {
      const month = (input as { query: { month: string } }).query.month;
      return withholdingFixture(
        rows.length === 0
          ? { month, rows, totals: { income: 0, taxable: 0, tax: 0 }, by_category: [] }
          : { month },
      );
    }),
  );

const withholdingCalls = () =>
  callsTo(api, endpoints.settlement.withholding).map((call) => (call[0] as { query: unknown }).query);

describe('扣缴明细 (WithholdingTab)', () => {
  it('lists every individual paid in the month by item and residency with the API’s totals, the month from the address', async () => {
    answerWith();
    renderPage(<SettlementListPage />, ROUTE, `${ROUTE}?tab=withholding&month=2026-10`);
    const row = (await screen.findByTestId('withholding-row-7-labour-resident')).textContent;
    expect(row).toContain('林夏');
    expect(row).toContain('110***********123X');
    expect(row).toContain('居民身份证');
    expect(row).toContain('居民个人');
    expect(row).toContain('劳务报酬');
    expect(row).toContain('¥10,000.00');
    expect(row).toContain('¥8,000.00');
    expect(row).toContain('¥1,600.00');
    expect(row).toContain('JS20261120001');
    expect(row).toContain('JS20261124001');
    // The same model's usage licence is its own row, taxed as 特许权使用费.
    const licence = screen.getByTestId('withholding-row-7-royalty-resident').textContent;
    expect(licence).toContain('特许权使用费');
    expect(licence).toContain('¥800.00');
    // A non-resident with a passport.
    const abroad = screen.getByTestId('withholding-row-9-labour-non_resident').textContent;
    expect(abroad).toContain('护照');
    expect(abroad).toContain('非居民个人');
    expect(screen.getAllByRole('link', { name: '林夏' })[0]?.getAttribute('href')).toBe(
      '/information/model/7',
    );
    expect(screen.getByRole('link', { name: 'JS20261126001' }).getAttribute('href')).toBe(
      '/finance/settlements?keyword=JS20261126001',
    );
    // No document on file: said, since the filing needs it.
    expect(screen.getByTestId('withholding-row-8-labour-resident').textContent).toContain('未填写证件');
    // Each item's subtotal and the totals are the API's, to the fen.
    expect(screen.getByTestId('withholding-subtotal-royalty').textContent).toContain('¥5,000.00');
    expect(screen.getByTestId('withholding-totals').textContent).toContain('合计（3 人）');
    expect(screen.getByTestId('withholding-total-income').textContent).toBe('¥28,000.01');
    expect(screen.getByTestId('withholding-total-taxable').textContent).toBe('¥22,200.01');
    expect(screen.getByTestId('withholding-total-tax').textContent).toBe('¥3,430.00');
    expect(screen.getByTestId('withholding-due').textContent).toContain('次月15日前申报');
    expect(screen.getByTestId('withholding-due').textContent).toContain('2026-11-15');
    expect(withholdingCalls()).toEqual([{ month: '2026-10' }]);
  });

  it('opens on last month, offers no future month and puts the month chosen in the address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 2026-11-20 10:00 in Shanghai.
    vi.setSystemTime(new Date('2026-11-20T02:00:00Z'));
    answerWith();
    const { where } = renderPage(<SettlementListPage />, ROUTE);
    await screen.findByTestId('settlement-row-40');
    fireEvent.click(screen.getByRole('tab', { name: '扣缴明细' }));
    await screen.findByTestId('withholding-row-7-labour-resident');
    expect(where()).toBe(`${ROUTE}?tab=withholding`);
    expect(withholdingCalls()).toEqual([{ month: '2026-10' }]);
    expect(screen.getByTestId('withholding-due').textContent).toContain('2026-11-15');

    const picker = screen.getByLabelText('扣缴月份');
    fireEvent.mouseDown(picker);
    fireEvent.focus(picker);
    fireEvent.click(picker);
    const cell = async (month: string) => {
      await waitFor(() => expect(document.querySelector(`td[title="${month}"]`)).not.toBeNull());
      return document.querySelector(`td[title="${month}"]`) as HTMLElement;
    };
    expect((await cell('2026-12')).className).toContain('ant-picker-cell-disabled');
    expect((await cell('2026-11')).className).not.toContain('ant-picker-cell-disabled');
    fireEvent.click((await cell('2026-09')).querySelector('div') as HTMLElement);
    await waitFor(() => expect(where()).toBe(`${ROUTE}?tab=withholding&month=2026-09`));
    await waitFor(() => expect(withholdingCalls()).toEqual([{ month: '2026-10' }, { month: '2026-09' }]));
  });

  it('reads the month from the address only when it is one, not after this month', () => {
    expect(withholdingMonth('2026-10', '2026-12')).toBe('2026-10');
    expect(withholdingMonth('2026-12', '2026-12')).toBe('2026-12');
    expect(withholdingMonth('2027-01', '2026-12')).toBe('2026-11');
    expect(withholdingMonth('2026-13', '2026-12')).toBe('2026-11');
    expect(withholdingMonth(null, '2027-01')).toBe('2026-12');
  });

  it('says when nobody was paid as an individual in the month', async () => {
    answerWith([]);
    renderPage(<SettlementListPage />, ROUTE, `${ROUTE}?tab=withholding&month=2026-09`);
    expect((await screen.findByTestId('withholding-empty')).textContent).toContain(
      '2026年9月没有付款给个人模特的结算单',
    );
    expect(screen.queryByTestId('withholding-table')).toBeNull();
  });

  it('downloads the month’s export', async () => {
    answerWith();
    vi.mocked(api.download).mockResolvedValueOnce({
      blob: new Blob(['x']),
      fileName: '扣缴明细_2026-10.xlsx',
    });
    URL.createObjectURL = vi.fn(() => 'blob:withholding');
    URL.revokeObjectURL = vi.fn();
    renderPage(<SettlementListPage />, ROUTE, `${ROUTE}?tab=withholding&month=2026-10`);
    await screen.findByTestId('withholding-row-7-labour-resident');
    fireEvent.click(screen.getByTestId('withholding-export'));
    await waitFor(() =>
      expect(api.download).toHaveBeenCalledWith(endpoints.settlement.withholdingExport, {
        query: { month: '2026-10' },
      }),
    );
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });
});
