import { describe, expect, it } from 'vitest';
import { financeDashboardFixture } from './finance-dashboard.fixtures';
import {
  expectedChartOption,
  expectedLabels,
  monthLabels,
  revenueChartOption,
} from './finance-dashboard-charts';

const answer = financeDashboardFixture();

type Bars = { data: { value: number; itemStyle: { color: string } }[] }[];

describe('看板 chart options', () => {
  it('draws what is overdue as its own first bar, red, then eight Monday weeks, in yuan', () => {
    expect(expectedLabels(answer.expected)).toEqual([
      '已逾期',
      '本周',
      '11/30',
      '12/7',
      '12/14',
      '12/21',
      '12/28',
      '1/4',
      '1/11',
    ]);
    const bars = expectedChartOption(answer.expected).series as Bars;
    expect(bars[0]?.data.map((bar) => bar.value)).toEqual([
      63_600, 31_800, 0, 12_720, 8_480, 0, 5_300, 0, 2_120,
    ]);
    expect(bars[0]?.data[0]?.itemStyle.color).toBe('#dc2626');
    expect(bars[0]?.data[1]?.itemStyle.color).toBe('#1677ff');
  });

  it('draws twelve months of net revenue, the year on the first month and on January', () => {
    expect(monthLabels(answer.invoiced_by_month)).toEqual([
      '2025年12月',
      '2026年1月',
      '2月',
      '3月',
      '4月',
      '5月',
      '6月',
      '7月',
      '8月',
      '9月',
      '10月',
      '11月',
    ]);
    const bars = revenueChartOption(answer.invoiced_by_month).series as Bars;
    // October: 50,000 issued less a 5,000 correction passed that month.
    expect(bars[0]?.data[10]?.value).toBe(45_000);
    const negative = revenueChartOption([
      { month: '2026-11', from: '2026-11-01', to: '2026-11-30', issued: 0, corrected: 10_000, net: -10_000 },
    ]).series as Bars;
    expect(negative[0]?.data[0]).toMatchObject({ value: -100, itemStyle: { color: '#f97316' } });
  });
});
