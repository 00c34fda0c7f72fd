/**
 * Where each figure of the dashboard leads: the filtered list behind it, built from the answer's dates
 * with the same writers the lists read their address with (the order list's contract query schema, the
 * calendar's search state), so a click lands on exactly the rows the figure counts.
 */
import { addDays } from '@trackit/contract/business-time';
import type { Dashboard } from '@trackit/contract/dashboard.schema';
import { type OrderQuery, orderQuerySchema } from '@trackit/contract/order.schema';
import type { OrderStatus } from '@trackit/contract/order-constants';
import { type PackageQuery, packageQuerySchema } from '@trackit/contract/package.schema';
import { type ListPatch, writeListSearch } from '../../components/list/list-search-params';
import { type CalendarSearch, readCalendarSearch, writeCalendarSearch } from '../calendar/calendar-search';
import { ORDER_LIST_PATH, READY_TO_BILL_PATH } from '../order/order-labels';

/** Days ahead the licence figure looks (the answer's `licences_expiring_30d`). */
export const LICENCE_WINDOW_DAYS = 30;

/** Orders that are jobs: confirmed, whether their last day is past or not. */
const JOB_STATUSES: OrderStatus[] = ['confirmed', 'completed'];
/** Orders booked in a month (dashboard.schema's `dashboardMonthSchema`): billed ones too. */
const BOOKED_STATUSES: OrderStatus[] = ['confirmed', 'completed', 'billed'];

const withQuery = (path: string, params: URLSearchParams): string => {
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

const orderList = (query: ListPatch<OrderQuery>): string =>
  withQuery(ORDER_LIST_PATH, writeListSearch(orderQuerySchema, query));

const packageList = (query: ListPatch<PackageQuery>): string =>
  withQuery('/information/packages', writeListSearch(packageQuerySchema, query));

const calendar = (today: string, patch: Partial<CalendarSearch>): string =>
  withQuery(
    '/calendar',
    writeCalendarSearch(
      {
        ...readCalendarSearch(new URLSearchParams(), today),
        ...patch,
      },
      today,
    ),
  );

export interface DashboardLinks {
  jobsToday: string;
  jobsThisWeek: string;
  modelsThisWeek: string;
  optionsExpiring: string;
  approvals: string;
  packages: string;
  thisMonth: string;
  lastMonth: string;
  licences: string;
}

/** Every figure's list, for the dates of one answer. */
export function dashboardLinks(
  answer: Pick<Dashboard, 'today' | 'week' | 'this_month' | 'last_month'>,
): DashboardLinks {
  const { today, week } = answer;
  return {
    jobsToday: orderList({ status: JOB_STATUSES, from: today, to: today }),
    jobsThisWeek: orderList({ status: JOB_STATUSES, from: week.from, to: week.to }),
    // The resource view's default span is the week of its date, and its date defaults to today.
    modelsThisWeek: calendar(today, { view: 'resource' }),
    optionsExpiring: orderList({ options_expiring: true }),
    approvals: READY_TO_BILL_PATH,
    packages: packageList({ sort: '-last_viewed_at' }),
    thisMonth: orderList({ status: BOOKED_STATUSES, from: answer.this_month.from, to: answer.this_month.to }),
    lastMonth: orderList({ status: BOOKED_STATUSES, from: answer.last_month.from, to: answer.last_month.to }),
    licences: orderList({
      status: BOOKED_STATUSES,
      usage_end_from: today,
      usage_end_to: addDays(today, LICENCE_WINDOW_DAYS),
    }),
  };
}
