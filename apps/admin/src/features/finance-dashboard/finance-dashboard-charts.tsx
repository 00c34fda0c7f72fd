/**
 * 看板's two charts (docs/product.md "Finance dashboard"): what falls due week by week (已逾期 first, red,
 * then eight Monday weeks) and revenue invoiced by month (net of red-letter corrections), in yuan. Drawn
 * with the data dashboard's ECharts box (features/dashboard/dashboard-charts.tsx), loaded lazily with it;
 * a click on a bar opens the list behind it.
 */

import type { FinanceDashboard } from '@trackit/contract/finance-dashboard.schema';
import { Card } from 'antd';
import { type ReactNode, useMemo } from 'react';
import {
  axisYuan,
  ChartEmpty,
  type ChartOption,
  EChart,
  FEN_PER_YUAN,
  PRIMARY,
  tooltipYuan,
} from '../dashboard/dashboard-charts';

const OVERDUE = '#dc2626';
const NEGATIVE = '#f97316';

/** `12/7`: a date as a short axis label. */
const shortDate = (date: string): string => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;

/** The bars' labels: 已逾期, 本周, then each week by its Monday (`12/7`). */
export const expectedLabels = (expected: FinanceDashboard['expected']): string[] => [
  '已逾期',
  ...expected.weeks.map((week, index) => (index === 0 ? '本周' : shortDate(week.from))),
];

export const expectedChartOption = (expected: FinanceDashboard['expected']): ChartOption => {
  const owed = [expected.overdue, ...expected.weeks];
  return {
    grid: { left: 64, right: 16, top: 16, bottom: 28 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: tooltipYuan },
    // Every label shown, even narrow (ECharts would skip some, 本周 among them).
    xAxis: {
      type: 'category',
      data: expectedLabels(expected),
      axisTick: { alignWithLabel: true },
      axisLabel: { interval: 0 },
    },
    yAxis: { type: 'value', axisLabel: { formatter: axisYuan } },
    series: [
      {
        name: '未收',
        type: 'bar',
        barMaxWidth: 32,
        cursor: 'pointer',
        data: owed.map((entry, index) => ({
          value: entry.outstanding / FEN_PER_YUAN,
          itemStyle: { color: index === 0 ? OVERDUE : PRIMARY, borderRadius: [4, 4, 0, 0] },
        })),
      },
    ],
  };
};

/** `12月`, with the year on the first month and on each January (`2026年1月`). */
export const monthLabels = (months: FinanceDashboard['invoiced_by_month']): string[] =>
  months.map((entry, index) => {
    const month = Number(entry.month.slice(5, 7));
    return index === 0 || month === 1 ? `${entry.month.slice(0, 4)}年${month}月` : `${month}月`;
  });

export const revenueChartOption = (months: FinanceDashboard['invoiced_by_month']): ChartOption => ({
  grid: { left: 64, right: 16, top: 16, bottom: 28 },
  tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: tooltipYuan },
  xAxis: {
    type: 'category',
    data: monthLabels(months),
    axisTick: { alignWithLabel: true },
    axisLabel: { interval: 0 },
  },
  yAxis: { type: 'value', axisLabel: { formatter: axisYuan } },
  series: [
    {
      name: '开票收入（不含税）',
      type: 'bar',
      barMaxWidth: 32,
      cursor: 'pointer',
      data: months.map((entry) => ({
        value: entry.net / FEN_PER_YUAN,
        itemStyle: {
          color: entry.net < 0 ? NEGATIVE : PRIMARY,
          borderRadius: entry.net < 0 ? [0, 0, 4, 4] : [4, 4, 0, 0],
        },
      })),
    },
  ],
});

interface ChartCardProps<T> {
  title: string;
  extra?: ReactNode;
  data: T;
  /** Opens the list behind the bar at this index. */
  onOpen: (index: number) => void;
}

/** 未来 8 周预计收款: nothing owed draws nothing, and says so. */
export function ExpectedChart({ title, extra, data, onOpen }: ChartCardProps<FinanceDashboard['expected']>) {
  const option = useMemo(() => expectedChartOption(data), [data]);
  const owed = data.overdue.outstanding > 0 || data.weeks.some((week) => week.outstanding > 0);
  return (
    <Card title={title} size="small" extra={extra} style={{ height: '100%' }}>
      {owed ? (
        <EChart option={option} testId="finance-expected-chart" onItemClick={onOpen} />
      ) : (
        <ChartEmpty text="未来 8 周没有到期的应收" testId="finance-expected-empty" />
      )}
    </Card>
  );
}

/** 近 12 个月开票收入: no invoice issued in the year draws nothing, and says so. */
export function RevenueChart({
  title,
  extra,
  data,
  onOpen,
}: ChartCardProps<FinanceDashboard['invoiced_by_month']>) {
  const option = useMemo(() => revenueChartOption(data), [data]);
  const invoiced = data.some((month) => month.issued > 0 || month.corrected > 0);
  return (
    <Card title={title} size="small" extra={extra}>
      {invoiced ? (
        <EChart option={option} testId="finance-revenue-chart" onItemClick={onOpen} />
      ) : (
        <ChartEmpty text="近 12 个月还没有开具发票" testId="finance-revenue-empty" />
      )}
    </Card>
  );
}
