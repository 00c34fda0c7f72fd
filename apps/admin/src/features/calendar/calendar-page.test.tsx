// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Calendar } from '@trackit/contract/calendar.schema';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { Profile } from '@trackit/contract/session.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { pageSettled, renderPage } from '../../testing/render-page';
import { modelFixture } from '../model/model.fixtures';
import { memberOptionsAnswer } from '../organization/organization.fixtures';
import { calendarFixture, entryFixture, orderFixture, tripFixture } from './calendar.fixtures';
import { CalendarPage } from './calendar-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const profile: Profile = {
  id: 7,
  nickname: '沈念',
  avatar: null,
  avatar_thumb: null,
  base_color: '#1677ff',
  team_id: 1,
  team_name: '星河模特',
  department_name: null,
  superior_name: null,
  mobile: '13800000000',
  is_owner: false,
};

const CALENDAR: Calendar = calendarFixture({
  entries: [
    entryFixture({ id: 1, model_id: 1, order_id: 10, date: '2026-11-24' }),
    entryFixture({
      id: 2,
      model_id: 2,
      order_id: 11,
      date: '2026-11-24',
      status: 'reserved',
      rank: 1,
      expires_at: '2026-11-27T10:00:00.000Z',
    }),
    entryFixture({ id: 3, model_id: 2, order_id: 12, date: '2026-11-24', status: 'reserved', rank: 2 }),
    entryFixture({ id: 4, model_id: 1, order_id: 13, date: '2026-11-25', status: 'cancelled' }),
    entryFixture({ id: 5, model_id: 2, order_id: 14, date: '2026-11-26', status: 'expired' }),
  ],
  orders: [
    orderFixture({ id: 10, title: '春季新品' }),
    orderFixture({ id: 11, title: '秋冬画册', status: 'draft', owner: { id: 7, nickname: '沈念' } }),
    orderFixture({ id: 12, title: '腕表广告', status: 'draft', owner: { id: 8, nickname: '林夕' } }),
    orderFixture({ id: 13, title: '已取消的拍摄', status: 'cancelled' }),
    orderFixture({ id: 14, title: '过期的预留', status: 'draft' }),
  ],
  trips: [tripFixture({ id: 30, model_id: 1, start_date: '2026-11-27', end_date: '2026-11-28' })],
  models: [
    { id: 1, name: '刘晓阳', english_name: null },
    { id: 2, name: '王珊', english_name: null },
  ],
});

const ACTIVE_MODELS = Array.from({ length: 500 }, (_, index) =>
  modelFixture({ id: index + 1, name: index === 0 ? '刘晓阳' : index === 1 ? '王珊' : `模特${index + 1}` }),
);

const answerAs = ({
  calendar = 'edit',
  data = 'read',
  bill = 'edit',
}: {
  calendar?: PermissionLevel;
  data?: PermissionLevel | null;
  /** The orders' key (订单), which the order pages need. */
  bill?: PermissionLevel | null;
} = {}) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [
      { key: 'calendar' as const, level: calendar },
      ...(data ? [{ key: 'data_management' as const, level: data }] : []),
      ...(bill ? [{ key: 'my_bill' as const, level: bill }] : []),
    ]),
    answer(endpoints.profile.get, () => profile),
    answer(endpoints.calendar.list, () => CALENDAR),
    answer(endpoints.calendar.release, ({ params }) => ({
      ...CALENDAR.entries[1],
      id: params.id,
      model_id: 2,
      date: '2026-11-24',
      start: '',
      end: '',
      status: 'cancelled' as const,
      rank: null,
      expires_at: null,
    })),
    answer(endpoints.calendar.hold, () => ({ id: 88, number: 'HF20261124088' })),
    answer(endpoints.model.list, ({ query }) => {
      const page = Number(query?.page ?? 1);
      const perPage = Number(query?.per_page ?? 20);
      return {
        data: ACTIVE_MODELS.slice((page - 1) * perPage, page * perPage),
        page,
        perPage,
        total: ACTIVE_MODELS.length,
      };
    }),
    memberOptionsAnswer([]),
  );

const lastCalendarQuery = () => callsTo(api, endpoints.calendar.list).at(-1)?.[0];

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CalendarPage', () => {
  it('asks for the whole month grid and shows entries as chips with their status and rank', async () => {
    answerAs();
    renderPage(<CalendarPage />, '/calendar', '/calendar?date=2026-11-24&status=reserved&status=expired');
    const locked = await screen.findByTestId('calendar-entry-1');
    expect(lastCalendarQuery()).toEqual({
      query: { from: '2026-11-01', to: '2026-12-05', status: ['reserved', 'expired'] },
    });
    expect(screen.getByTestId('calendar-range-title').textContent).toBe('2026年11月');
    expect(locked.textContent).toBe('刘晓阳 · 春季新品');
    expect(locked.dataset.status).toBe('locked');
    expect(screen.getByTestId('calendar-entry-2').textContent).toBe('王珊 · 秋冬画册第1选择');
    expect(screen.getByTestId('calendar-entry-3').textContent).toContain('第2选择');
    expect(screen.getByTestId('calendar-entry-5').textContent).toBe('王珊 · 过期的预留已过期');
    expect(screen.getByTestId('calendar-entry-4').dataset.status).toBe('cancelled');
    // The trip shows on each of its days, hatched, with kind and place.
    const tripDays = within(screen.getByTestId('calendar-day-2026-11-28')).getByTestId('calendar-trip-30');
    expect(tripDays.textContent).toBe('刘晓阳 · 休假 · 三亚');
  });

  it('opens the order of a clicked entry, and releases an own option after confirming', async () => {
    answerAs();
    const { where } = renderPage(<CalendarPage />, '/calendar', '/calendar?date=2026-11-24');
    fireEvent.click(await screen.findByTestId('calendar-entry-2'));
    const popover = await screen.findByTestId('calendar-entry-popover');
    expect(popover.textContent).toContain('HF20261124011');
    expect(popover.textContent).toContain('秋冬画册');
    expect(popover.textContent).toContain('星河传媒');
    expect(popover.textContent).toContain('2026-11-24 09:00–18:00');
    expect(popover.textContent).toContain('第1选择');
    expect(popover.textContent).toContain('2026-11-27 18:00');
    expect(popover.textContent).toContain('沈念');

    fireEvent.click(within(popover).getByTestId('calendar-entry-release'));
    fireEvent.click(await screen.findByRole('button', { name: '释放' }));
    await waitFor(() => expect(callsTo(api, endpoints.calendar.release)).toHaveLength(1));
    expect(callsTo(api, endpoints.calendar.release)[0]?.[0]).toEqual({ params: { id: 2 } });

    // Someone else's option: no 释放 below manage level; 打开订单 goes to the order.
    fireEvent.click(screen.getByTestId('calendar-entry-3'));
    const other = await screen.findByTestId('calendar-entry-popover');
    await waitFor(() => expect(within(other).getByText('HF20261124012')).toBeTruthy());
    expect(within(other).queryByTestId('calendar-entry-release')).toBeNull();
    fireEvent.click(within(other).getByTestId('calendar-entry-open'));
    await waitFor(() => expect(where()).toBe('/order/12'));
  });

  it('keeps view, date and filters in the address as the member moves', async () => {
    answerAs();
    const { where } = renderPage(<CalendarPage />, '/calendar', '/calendar?view=week&date=2026-11-24');
    await screen.findByTestId('calendar-entry-1');
    expect(lastCalendarQuery()).toEqual({ query: { from: '2026-11-22', to: '2026-11-28' } });
    fireEvent.click(screen.getByTestId('calendar-next'));
    await waitFor(() => expect(where()).toBe('/calendar?view=week&date=2026-12-01'));
    await waitFor(() =>
      expect(lastCalendarQuery()).toEqual({ query: { from: '2026-11-29', to: '2026-12-05' } }),
    );
    // The previous week stays on screen while the next one loads.
    expect(screen.getByTestId('calendar-week')).toBeTruthy();
  });

  it('renders only the visible rows of 500 models in the resource view', async () => {
    answerAs();
    renderPage(<CalendarPage />, '/calendar', '/calendar?view=resource&span=month&date=2026-11-24');
    await screen.findByTestId('calendar-row-1');
    await waitFor(() => expect(screen.getByTestId('calendar-resource').textContent).toContain('模特（500）'));
    // Five pages of 100 active models.
    const pages = callsTo(api, endpoints.model.list).map(([input]) => input);
    expect(pages).toHaveLength(5);
    expect(pages[0]).toEqual({ query: { page: 1, per_page: 100, status: 'active', sort: 'name' } });
    const rendered = screen.getAllByTestId(/^calendar-row-/);
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(lastCalendarQuery()).toEqual({ query: { from: '2026-11-01', to: '2026-11-30' } });
  });

  it('puts the most booked models first and shows only the booked ones, as the member asks', async () => {
    answerAs();
    const { where } = renderPage(<CalendarPage />, '/calendar', '/calendar?view=resource&date=2026-11-24');
    await waitFor(() => expect(screen.getByTestId('calendar-resource').textContent).toContain('模特（500）'));
    // By name, 王珊 comes after the 模特… rows, far out of view.
    expect(screen.queryByTestId('calendar-row-2')).toBeNull();

    fireEvent.mouseDown(within(screen.getByTestId('calendar-resource-order')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('档期多的在前'));
    await waitFor(() => expect(where()).toContain('order=booked'));
    // 刘晓阳 has a locked day, 王珊 an option that day (a cancelled or expired entry books nothing).
    await waitFor(() => expect(screen.getByTestId('calendar-row-2').style.top).toBe('58px'));
    expect(screen.getByTestId('calendar-row-1').style.top).toBe('0px');
    expect(screen.getByTestId('calendar-resource').textContent).toContain('模特（500）');

    fireEvent.click(screen.getByTestId('calendar-booked-only'));
    await waitFor(() => expect(where()).toContain('show=booked'));
    await waitFor(() => expect(screen.getByTestId('calendar-resource').textContent).toContain('模特（2）'));
    expect(screen.getAllByTestId(/^calendar-row-/)).toHaveLength(2);
    // The week's number heads the range.
    expect(screen.getByTestId('calendar-range-title').textContent).toBe('2026年第47周 · 11月22日 – 28日');
  });

  it('holds the days dragged across in a model row, warning about a trip, then offers the order editor', async () => {
    answerAs();
    const { where } = renderPage(<CalendarPage />, '/calendar', '/calendar?view=resource&date=2026-11-24');
    const row = await screen.findByTestId('calendar-row-1');
    const cell = (date: string) => row.querySelector(`[data-date="${date}"]`) as HTMLElement;
    fireEvent.mouseDown(cell('2026-11-26'), { button: 0 });
    fireEvent.mouseEnter(cell('2026-11-27'));
    fireEvent.mouseUp(window);

    const form = await screen.findByTestId('calendar-hold-form');
    expect(form.textContent).toContain('日期（2 天）');
    // Each label names its field (accessibility).
    expect(within(form).getByLabelText('模特').getAttribute('role')).toBe('combobox');
    expect(within(form).getByLabelText('日期（2 天）').tagName).toBe('INPUT');
    expect(within(form).getByLabelText('时间').tagName).toBe('INPUT');
    expect(within(form).getByLabelText('标题（选填）')).toBe(screen.getByTestId('calendar-hold-title'));
    expect(screen.getByTestId('calendar-hold-warnings').textContent).toContain(
      '「刘晓阳」2026-11-27 有休假行程（三亚）',
    );
    fireEvent.change(screen.getByTestId('calendar-hold-title'), { target: { value: '春季试镜' } });
    fireEvent.click(screen.getByTestId('calendar-hold-submit'));

    await screen.findByTestId('calendar-hold-done');
    expect(callsTo(api, endpoints.calendar.hold)[0]?.[0]).toEqual({
      body: {
        model_ids: [1],
        days: [
          { date: '2026-11-26', start_time: '09:00', end_time: '18:00' },
          { date: '2026-11-27', start_time: '09:00', end_time: '18:00' },
        ],
        title: '春季试镜',
      },
    });
    expect(screen.getByTestId('calendar-hold-done').textContent).toContain('HF20261124088');
    fireEvent.click(screen.getByTestId('calendar-hold-open-editor'));
    await waitFor(() => expect(where()).toBe('/order/new/88'));
  });

  it('leads to no order page the member cannot open: no 打开订单 without 订单', async () => {
    answerAs({ bill: null });
    renderPage(<CalendarPage />, '/calendar', '/calendar?date=2026-11-24');
    fireEvent.click(await screen.findByTestId('calendar-entry-2'));
    const popover = await screen.findByTestId('calendar-entry-popover');
    // The levels have answered (释放 of the member's own option shows); 打开订单 does not.
    await within(popover).findByTestId('calendar-entry-release');
    expect(within(popover).getByText('HF20261124011')).toBeTruthy();
    expect(within(popover).queryByTestId('calendar-entry-open')).toBeNull();
    expect(within(popover).queryByText('打开订单')).toBeNull();
  });

  it('holds days for a member who reads orders, without offering the order editor they cannot open', async () => {
    answerAs({ bill: 'read' });
    renderPage(<CalendarPage />, '/calendar', '/calendar?view=resource&date=2026-11-24');
    const row = await screen.findByTestId('calendar-row-1');
    fireEvent.mouseDown(row.querySelector('[data-date="2026-11-26"]') as HTMLElement, { button: 0 });
    fireEvent.mouseUp(window);
    await screen.findByTestId('calendar-hold-form');
    fireEvent.change(screen.getByTestId('calendar-hold-title'), { target: { value: '春季试镜' } });
    fireEvent.click(screen.getByTestId('calendar-hold-submit'));
    const done = await screen.findByTestId('calendar-hold-done');
    expect(done.textContent).toContain('HF20261124088');
    expect(screen.queryByTestId('calendar-hold-open-editor')).toBeNull();
  });

  it('offers no hold to a member who may only read the calendar', async () => {
    answerAs({ calendar: 'read', data: null });
    const { queryClient } = renderPage(<CalendarPage />, '/calendar', '/calendar?date=2026-11-24');
    await screen.findByTestId('calendar-entry-1');
    // The levels have answered: 打开订单 shows, 释放 does not, even on the member's own option.
    fireEvent.click(screen.getByTestId('calendar-entry-2'));
    await screen.findByTestId('calendar-entry-open');
    expect(screen.queryByTestId('calendar-entry-release')).toBeNull();
    fireEvent.mouseDown(screen.getByTestId('calendar-day-2026-11-10'), { button: 0 });
    fireEvent.mouseUp(window);
    await pageSettled(queryClient);
    expect(screen.queryByTestId('calendar-hold-form')).toBeNull();
    // Without data_management the team's models are not listed.
    expect(callsTo(api, endpoints.model.list)).toHaveLength(0);
  });
});
