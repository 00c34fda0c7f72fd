/**
 * The dashboard's two charts (docs/product.md "Dashboard"): jobs per day of this week (bars, Sunday
 * first) and the value booked by day of the month, this month beside last (lines, yuan). ECharts with
 * only the parts drawn here; the page loads this module lazily, so no other page carries the library.
 */

import { weekdayName } from '@trackit/contract/business-time';
import type { Dashboard } from '@trackit/contract/dashboard.schema';
import { formatYuan } from '@trackit/contract/money';
import { Card, Col, Empty, Row } from 'antd';
import { BarChart, type BarSeriesOption, LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';
import styles from './dashboard.module.css';

use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

export const PRIMARY = '#1677ff';
export const MUTED = '#94a3b8';
export const FEN_PER_YUAN = 100;
const TEN_THOUSAND = 10_000;

/** An axis label in yuan: `¥8,000`, or `¥1.2万` from ten thousand up. */
export const axisYuan = (yuan: number): string =>
  Math.abs(yuan) >= TEN_THOUSAND ? `¥${Number((yuan / TEN_THOUSAND).toFixed(1))}万` : `¥${yuan}`;

/** A tooltip value given in yuan, back to its exact fen text. */
export const tooltipYuan = (value: unknown): string =>
  typeof value === 'number' ? formatYuan(Math.round(value * FEN_PER_YUAN)) : '--';

export const jobsChartOption = (jobsByDay: Dashboard['jobs_by_day']): ChartOption => ({
  grid: { left: 32, right: 16, top: 16, bottom: 28 },
  tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
  xAxis: {
    type: 'category',
    data: jobsByDay.map((day) => weekdayName(day.date)),
    axisTick: { alignWithLabel: true },
  },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    {
      name: '工作',
      type: 'bar',
      barMaxWidth: 32,
      itemStyle: { color: PRIMARY, borderRadius: [4, 4, 0, 0] },
      data: jobsByDay.map((day) => day.jobs),
    },
  ],
});

export const valueChartOption = (valueByDay: Dashboard['value_by_day']): ChartOption => {
  const yuan = (fen: number | null) => (fen === null ? null : fen / FEN_PER_YUAN);
  return {
    grid: { left: 64, right: 16, top: 36, bottom: 28 },
    legend: { top: 0, icon: 'roundRect', itemHeight: 4, data: ['本月', '上月'] },
    tooltip: { trigger: 'axis', valueFormatter: tooltipYuan },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: valueByDay.map((point) => `${point.day}日`),
    },
    yAxis: { type: 'value', axisLabel: { formatter: axisYuan } },
    series: [
      {
        name: '本月',
        type: 'line',
        showSymbol: false,
        lineStyle: { width: 2 },
        itemStyle: { color: PRIMARY },
        data: valueByDay.map((point) => yuan(point.this_month)),
      },
      {
        name: '上月',
        type: 'line',
        showSymbol: false,
        lineStyle: { width: 2, type: 'dashed' },
        itemStyle: { color: MUTED },
        data: valueByDay.map((point) => yuan(point.last_month)),
      },
    ],
  };
};

/** Whether the week has a job to draw. */
export const hasJobs = (jobsByDay: Dashboard['jobs_by_day']): boolean =>
  jobsByDay.some((day) => day.jobs > 0);

/** Whether either month has booked value to draw (an axis of ¥0.2 … ¥1 says nothing). */
export const hasValue = (valueByDay: Dashboard['value_by_day']): boolean =>
  valueByDay.some((point) => (point.this_month ?? 0) > 0 || (point.last_month ?? 0) > 0);

/** In place of a chart with nothing to draw: what it would show once there is. */
export const ChartEmpty = ({ text, testId }: { text: string; testId: string }) => (
  <div className={styles.chartEmpty}>
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid={testId}>{text}</span>} />
  </div>
);

export interface EChartProps {
  option: ChartOption;
  testId: string;
  /** A click on a bar or point, by its index in the series (a figure opening its list). */
  onItemClick?: (dataIndex: number) => void;
}

/** One chart in a box that follows its container's width (also 看板's, features/finance-dashboard). */
export function EChart({ option, testId, onItemClick }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const clicked = useRef(onItemClick);
  clicked.current = onItemClick;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const created = init(element, undefined, { renderer: 'canvas' });
    chart.current = created;
    created.on('click', (event: { dataIndex?: number }) => {
      if (typeof event.dataIndex === 'number') clicked.current?.(event.dataIndex);
    });
    const observer = new ResizeObserver(() => created.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      created.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return <div ref={box} className={styles.chart} data-testid={testId} />;
}

export interface DashboardChartsProps {
  jobsByDay: Dashboard['jobs_by_day'];
  valueByDay: Dashboard['value_by_day'];
  /** `mine`: the value covers only the caller's own orders. */
  valueNote: string | null;
}

export function DashboardCharts({ jobsByDay, valueByDay, valueNote }: DashboardChartsProps) {
  const jobsOption = useMemo(() => jobsChartOption(jobsByDay), [jobsByDay]);
  const valueOption = useMemo(() => valueChartOption(valueByDay), [valueByDay]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={10}>
        <Card title="本周每日工作" size="small">
          {hasJobs(jobsByDay) ? (
            <EChart option={jobsOption} testId="dashboard-jobs-chart" />
          ) : (
            <ChartEmpty text="本周还没有工作" testId="dashboard-jobs-empty" />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card title="订单额累计：本月与上月" size="small" extra={valueNote}>
          {hasValue(valueByDay) ? (
            <EChart option={valueOption} testId="dashboard-value-chart" />
          ) : (
            <ChartEmpty text="本月和上月还没有订单额" testId="dashboard-value-empty" />
          )}
        </Card>
      </Col>
    </Row>
  );
}
