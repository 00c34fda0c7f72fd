/**
 * The calendar page's state in the address (view, date, filters), so Back, reload and a shared link show
 * the same calendar. A bad value costs only its own field; defaults are left out of the address.
 */
import { isBusinessDate } from '@trackit/contract/business-time';
import { CALENDAR_MAX_MODELS, type CalendarQueryInput } from '@trackit/contract/calendar.schema';
import {
  CALENDAR_BOOKING_DISPLAY_STATUSES,
  type CalendarBookingDisplayStatus,
  JOB_TYPES,
  type JobType,
} from '@trackit/contract/enums';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  CALENDAR_VIEWS,
  type CalendarView,
  RESOURCE_SPANS,
  type ResourceSpan,
  todayDate,
  visibleRange,
} from './calendar-dates';
import { RESOURCE_ORDERS, RESOURCE_SHOWS, type ResourceOrder, type ResourceShow } from './calendar-layout';

export interface CalendarSearch {
  view: CalendarView;
  /** The resource view's days: the week or the month of `date`. */
  span: ResourceSpan;
  /** The resource view's rows: every model, or those with a live entry in the period. */
  show: ResourceShow;
  /** The resource view's order: by name, or the most booked first. */
  order: ResourceOrder;
  /** The day the view is about; today when the address has none. */
  date: string;
  model_id: number[];
  status: CalendarBookingDisplayStatus[];
  job_type: JobType[];
  owner_member_id: number | null;
}

export type CalendarSearchPatch = Partial<CalendarSearch>;

const DEFAULT_VIEW: CalendarView = 'month';
const DEFAULT_SPAN: ResourceSpan = 'week';
const DEFAULT_SHOW: ResourceShow = 'all';
const DEFAULT_ORDER: ResourceOrder = 'name';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

const idOf = (value: string): number | null => (/^[1-9]\d{0,14}$/.test(value) ? Number(value) : null);

/** Each value once, in the order given, those the list knows. */
const listOf = <T extends string>(values: readonly T[], given: string[]): T[] => [
  ...new Set(given.flatMap((value) => oneOf(values, value) ?? [])),
];

export function readCalendarSearch(params: URLSearchParams, today: string): CalendarSearch {
  const date = params.get('date');
  const owner = idOf(params.get('owner_member_id') ?? '');
  const ids = params.getAll('model_id').flatMap((value) => idOf(value) ?? []);
  return {
    view: oneOf(CALENDAR_VIEWS, params.get('view')) ?? DEFAULT_VIEW,
    span: oneOf(RESOURCE_SPANS, params.get('span')) ?? DEFAULT_SPAN,
    show: oneOf(RESOURCE_SHOWS, params.get('show')) ?? DEFAULT_SHOW,
    order: oneOf(RESOURCE_ORDERS, params.get('order')) ?? DEFAULT_ORDER,
    date: date && isBusinessDate(date) ? date : today,
    model_id: [...new Set(ids)].slice(0, CALENDAR_MAX_MODELS),
    status: listOf(CALENDAR_BOOKING_DISPLAY_STATUSES, params.getAll('status')),
    job_type: listOf(JOB_TYPES, params.getAll('job_type')),
    owner_member_id: owner,
  };
}

/** The address of a state: only what differs from the defaults (today's date included). */
export function writeCalendarSearch(search: CalendarSearch, today: string): URLSearchParams {
  const params = new URLSearchParams();
  if (search.view !== DEFAULT_VIEW) params.set('view', search.view);
  if (search.view === 'resource') {
    if (search.span !== DEFAULT_SPAN) params.set('span', search.span);
    if (search.show !== DEFAULT_SHOW) params.set('show', search.show);
    if (search.order !== DEFAULT_ORDER) params.set('order', search.order);
  }
  if (search.date !== today) params.set('date', search.date);
  for (const id of search.model_id) params.append('model_id', String(id));
  for (const status of search.status) params.append('status', status);
  for (const jobType of search.job_type) params.append('job_type', jobType);
  if (search.owner_member_id !== null) params.set('owner_member_id', String(search.owner_member_id));
  return params;
}

export const hasCalendarFilters = (search: CalendarSearch): boolean =>
  search.model_id.length > 0 ||
  search.status.length > 0 ||
  search.job_type.length > 0 ||
  search.owner_member_id !== null;

/** GET /v1/calendar for what the view shows, with the filters. */
export function calendarQueryOf(search: CalendarSearch): CalendarQueryInput {
  const { from, to } = visibleRange(search.view, search.span, search.date);
  return {
    from,
    to,
    ...(search.model_id.length ? { model_id: search.model_id } : {}),
    ...(search.status.length ? { status: search.status } : {}),
    ...(search.job_type.length ? { job_type: search.job_type } : {}),
    ...(search.owner_member_id !== null ? { owner_member_id: search.owner_member_id } : {}),
  };
}

/** The state in the address and a way to change it (the history entry is replaced, except a new range). */
export function useCalendarSearch(today: string = todayDate()) {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readCalendarSearch(params, today), [params, today]);
  const set = useCallback(
    (patch: CalendarSearchPatch) => {
      setParams(
        (current) => writeCalendarSearch({ ...readCalendarSearch(current, today), ...patch }, today),
        // Moving to another range or view is a step Back returns from; a filter change is not.
        { replace: !('date' in patch || 'view' in patch || 'span' in patch) },
      );
    },
    [setParams, today],
  );
  const clearFilters = useCallback(
    () => set({ model_id: [], status: [], job_type: [], owner_member_id: null }),
    [set],
  );
  return { search, set, clearFilters };
}
