// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardFixture } from './dashboard.fixtures';
import { DashboardCharts } from './dashboard-charts';

// ECharts draws on a canvas jsdom does not have: a chart here only records that it was made.
const made = vi.hoisted(() => ({ charts: 0 }));
vi.mock('echarts/core', async (importOriginal) => ({
  ...(await importOriginal<typeof import('echarts/core')>()),
  init: () => {
    made.charts += 1;
    return {
      setOption: () => undefined,
      resize: () => undefined,
      dispose: () => undefined,
      on: () => undefined,
    };
  },
}));

afterEach(() => {
  cleanup();
  made.charts = 0;
});

/** A team with nothing booked: no job this week, nothing this month (up to today) nor last month. */
const emptyTeam = dashboardFixture({
  jobs_by_day: dashboardFixture().jobs_by_day.map((day) => ({ ...day, jobs: 0 })),
  value_by_day: dashboardFixture().value_by_day.map((point) => ({
    ...point,
    this_month: point.this_month === null ? null : 0,
    last_month: 0,
  })),
});

describe('DashboardCharts', () => {
  it('says an empty team has nothing to draw yet, instead of an empty axis', () => {
    render(
      <DashboardCharts
        jobsByDay={emptyTeam.jobs_by_day}
        valueByDay={emptyTeam.value_by_day}
        valueNote={null}
      />,
    );
    expect(screen.getByTestId('dashboard-jobs-empty').textContent).toBe('本周还没有工作');
    expect(screen.getByTestId('dashboard-value-empty').textContent).toBe('本月和上月还没有订单额');
    expect(screen.queryByTestId('dashboard-jobs-chart')).toBeNull();
    expect(screen.queryByTestId('dashboard-value-chart')).toBeNull();
    expect(made.charts).toBe(0);
  });

  it('draws each chart that has something to show', () => {
    const answer = dashboardFixture();
    render(
      <DashboardCharts jobsByDay={emptyTeam.jobs_by_day} valueByDay={answer.value_by_day} valueNote={null} />,
    );
    expect(screen.getByTestId('dashboard-jobs-empty')).toBeTruthy();
    expect(screen.getByTestId('dashboard-value-chart')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-value-empty')).toBeNull();
    expect(made.charts).toBe(1);
  });
});
