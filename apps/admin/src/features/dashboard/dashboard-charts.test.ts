import { describe, expect, it } from 'vitest';
import { dashboardFixture } from './dashboard.fixtures';
import { jobsChartOption, valueChartOption } from './dashboard-charts';

const answer = dashboardFixture();

describe('dashboard chart options', () => {
  it('draws the week’s jobs Sunday first', () => {
    const option = jobsChartOption(answer.jobs_by_day);
    expect(option.xAxis).toMatchObject({ data: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] });
    expect(option.series).toMatchObject([{ type: 'bar', data: [0, 2, 3, 1, 4, 2, 1] }]);
  });

  it('draws this month beside last in yuan, this month stopping at today', () => {
    const option = valueChartOption(answer.value_by_day);
    const series = option.series as { name: string; data: (number | null)[] }[];
    expect(series.map((line) => line.name)).toEqual(['本月', '上月']);
    expect(series[0]?.data[0]).toBe(1200);
    expect(series[0]?.data[23]).toBe(28_800);
    expect(series[0]?.data[24]).toBeNull();
    expect(series[1]?.data[30]).toBe(31_000);
    const tooltip = option.tooltip as { valueFormatter: (value: unknown) => string };
    expect(tooltip.valueFormatter(28_800.5)).toBe('¥28,800.50');
    const axis = option.yAxis as { axisLabel: { formatter: (value: number) => string } };
    expect(axis.axisLabel.formatter(8000)).toBe('¥8000');
    expect(axis.axisLabel.formatter(12_000)).toBe('¥1.2万');
  });
});
