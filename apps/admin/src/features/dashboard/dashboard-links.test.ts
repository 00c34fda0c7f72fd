import { orderQuerySchema } from '@trackit/contract/order.schema';
import { packageQuerySchema } from '@trackit/contract/package.schema';
import { describe, expect, it } from 'vitest';
import { readListSearch } from '../../components/list/list-search-params';
import { readCalendarSearch } from '../calendar/calendar-search';
import { dashboardFixture } from './dashboard.fixtures';
import { dashboardLinks } from './dashboard-links';

const links = dashboardLinks(dashboardFixture());

/** The path and the parameters of a link, as the page behind it reads them. */
const paramsOf = (link: string): URLSearchParams => new URL(link, 'http://admin.test').searchParams;

describe('dashboardLinks', () => {
  it('builds every target exactly', () => {
    expect(links).toEqual({
      jobsToday: '/order/order?status=confirmed&status=completed&from=2026-11-24&to=2026-11-24',
      jobsThisWeek: '/order/order?status=confirmed&status=completed&from=2026-11-22&to=2026-11-28',
      modelsThisWeek: '/calendar?view=resource',
      optionsExpiring: '/order/order?options_expiring=true',
      approvals: '/order/ready_to_bill',
      packages: '/information/packages?sort=-last_viewed_at',
      thisMonth: '/order/order?status=confirmed&status=completed&status=billed&from=2026-11-01&to=2026-11-30',
      lastMonth: '/order/order?status=confirmed&status=completed&status=billed&from=2026-10-01&to=2026-10-31',
      licences:
        '/order/order?status=confirmed&status=completed&status=billed&usage_end_from=2026-11-24&usage_end_to=2026-12-24',
    });
  });

  it('lands on the filtered order list: the list reads back every filter, the licence range included', () => {
    expect(readListSearch(orderQuerySchema, paramsOf(links.jobsThisWeek))).toEqual({
      status: ['confirmed', 'completed'],
      from: '2026-11-22',
      to: '2026-11-28',
      page: 1,
      per_page: 20,
    });
    expect(readListSearch(orderQuerySchema, paramsOf(links.lastMonth))).toMatchObject({
      status: ['confirmed', 'completed', 'billed'],
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(readListSearch(orderQuerySchema, paramsOf(links.optionsExpiring))).toEqual({
      options_expiring: true,
      page: 1,
      per_page: 20,
    });
    expect(readListSearch(orderQuerySchema, paramsOf(links.licences))).toEqual({
      status: ['confirmed', 'completed', 'billed'],
      usage_end_from: '2026-11-24',
      usage_end_to: '2026-12-24',
      page: 1,
      per_page: 20,
    });
  });

  it('lands on the calendar’s resource view and the package list as they read their address', () => {
    const today = '2026-11-24';
    expect(readCalendarSearch(paramsOf(links.modelsThisWeek), today)).toMatchObject({
      view: 'resource',
      span: 'week',
      date: today,
      status: [],
    });
    expect(readListSearch(packageQuerySchema, paramsOf(links.packages))).toMatchObject({
      sort: '-last_viewed_at',
    });
  });

  it('takes the licence window across a month end from the answer’s today', () => {
    const late = dashboardLinks(dashboardFixture({ today: '2027-01-15' }));
    expect(late.licences).toBe(
      '/order/order?status=confirmed&status=completed&status=billed&usage_end_from=2027-01-15&usage_end_to=2027-02-14',
    );
    expect(late.jobsToday).toBe(
      '/order/order?status=confirmed&status=completed&from=2027-01-15&to=2027-01-15',
    );
  });
});
