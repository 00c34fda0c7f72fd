import { useQueries, useQuery } from '@tanstack/react-query';
import type { Calendar, CalendarEntry } from '@trackit/contract/calendar.schema';
import { Card, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ListErrorAlert } from '../../components/list/list-error';
import { QueryState } from '../../components/query-state';
import { useCan } from '../../layouts/use-permission-level';
import { profileQuery } from '../session/session.queries';
import styles from './calendar.module.css';
import { activeModelsQuery, calendarQuery, modelNameQuery } from './calendar.queries';
import type { OpenEntry } from './calendar-chips';
import { todayDate, visibleRange } from './calendar-dates';
import { CalendarEntryPopover, type OpenedEntry } from './calendar-entry-popover';
import { CalendarHoldModal } from './calendar-hold-modal';
import { arrangeResourceRows, indexCalendar, type ResourceRow, resourceRows } from './calendar-layout';
import { CalendarMonthView } from './calendar-month-view';
import { CalendarResourceView } from './calendar-resource-view';
import { calendarQueryOf, hasCalendarFilters, useCalendarSearch } from './calendar-search';
import { type DragSelection, type HoldDraft, holdDraftOf } from './calendar-selection';
import { CalendarTimeGrid } from './calendar-time-grid';
import { CalendarFilters, CalendarToolbar } from './calendar-toolbar';

const NO_ROWS: readonly ResourceRow[] = [];

/** The models the name look-ups found (stable while they do not change). */
const namedOnly = (results: readonly { data?: ResourceRow | undefined }[]): ResourceRow[] =>
  results.flatMap((result) => (result.data ? [result.data] : []));

/** The current time, moved on every minute (the time grid's "now" line). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * 日历 (docs/product.md "Calendar page"): the models' entries and trips by month, week, day or model, with
 * filters in the address; a click on an entry shows its order, a drag across empty days holds them.
 */
export function CalendarPage() {
  const [today] = useState(todayDate);
  const now = useNow();
  const { search, set, clearFilters } = useCalendarSearch(today);
  const query = useMemo(() => calendarQueryOf(search), [search]);
  const calendar = useQuery(calendarQuery(query));
  const canHold = useCan('calendar', 'edit');
  const canManage = useCan('calendar', 'manage');
  const canListModels = useCan('data_management', 'read');
  const profile = useQuery(profileQuery);
  const activeModels = useQuery({ ...activeModelsQuery, enabled: canListModels });

  // Names of the models seen so far (answers, searches), so a filter or dialog names its models.
  const [remembered, setRemembered] = useState<ReadonlyMap<number, string>>(new Map());
  const remember = useCallback((models: readonly ResourceRow[]) => {
    setRemembered((current) => {
      if (models.every((model) => current.get(model.id) === model.name)) return current;
      const next = new Map(current);
      for (const model of models) next.set(model.id, model.name);
      return next;
    });
  }, []);
  useEffect(() => {
    if (calendar.data) remember(calendar.data.models);
  }, [calendar.data, remember]);
  const unnamed =
    canListModels && activeModels.isSuccess
      ? search.model_id.filter(
          (id) => !remembered.has(id) && !activeModels.data.some((model) => model.id === id),
        )
      : [];
  const lookedUp = useQueries({ queries: unnamed.map((id) => modelNameQuery(id)), combine: namedOnly });
  useEffect(() => {
    if (lookedUp.length) remember(lookedUp);
  }, [lookedUp, remember]);

  const names = useMemo(() => {
    const all = new Map<number, string>();
    for (const model of activeModels.data ?? NO_ROWS) all.set(model.id, model.name);
    for (const [id, name] of remembered) all.set(id, name);
    return all;
  }, [activeModels.data, remembered]);
  const index = useMemo(
    () => (calendar.data ? indexCalendar(calendar.data, names) : null),
    [calendar.data, names],
  );
  const { span, date, show, order } = search;
  const rows = useMemo(() => {
    const named = resourceRows({
      answerModels: calendar.data?.models ?? [],
      filterIds: search.model_id,
      activeModels: activeModels.data ?? NO_ROWS,
      names,
    });
    if (!index) return named;
    const { from, to } = visibleRange('resource', span, date);
    return arrangeResourceRows(named, index, { from, to, show, order });
  }, [calendar.data, search.model_id, activeModels.data, names, index, span, date, show, order]);

  const [opened, setOpened] = useState<OpenedEntry | null>(null);
  const onOpenEntry = useCallback<OpenEntry>((entry, anchor) => setOpened({ entry, anchor }), []);
  const closeEntry = useCallback(() => setOpened(null), []);
  // Releasing needs calendar edit, on the member's own order unless they manage the calendar.
  const mayRelease = (entry: CalendarEntry) =>
    canHold &&
    (canManage ||
      (profile.data !== undefined && index?.orders.get(entry.order_id)?.owner?.id === profile.data.id));

  const [hold, setHold] = useState<HoldDraft | null>(null);
  const onSelect = useCallback(
    (selection: DragSelection) => setHold(holdDraftOf(selection, search.model_id)),
    [search.model_id],
  );

  const ownerName =
    search.owner_member_id === null
      ? null
      : (calendar.data?.orders.find((order) => order.owner?.id === search.owner_member_id)?.owner?.nickname ??
        null);
  const filtered = hasCalendarFilters(search);

  const board = (answer: Calendar) => {
    if (!index) return null;
    const props = {
      calendar: answer,
      index,
      date: search.date,
      today,
      canHold,
      onOpenEntry,
      onSelect,
    };
    switch (search.view) {
      case 'month':
        return <CalendarMonthView {...props} />;
      case 'week':
      case 'day':
        return <CalendarTimeGrid key={search.view} {...props} view={search.view} now={now} />;
      case 'resource':
        return (
          <CalendarResourceView
            {...props}
            rows={rows}
            span={search.span}
            emptyText={
              filtered
                ? '没有符合条件的模特'
                : show === 'booked'
                  ? '这段时间没有模特有档期'
                  : '这段时间没有档期'
            }
          />
        );
    }
  };

  return (
    <Card data-testid="calendar-page">
      <div className={styles.page}>
        <CalendarToolbar search={search} today={today} loading={calendar.isFetching} onChange={set} />
        <CalendarFilters
          search={search}
          filtered={filtered}
          names={names}
          searchable={canListModels}
          ownerName={ownerName}
          onRemember={remember}
          onChange={set}
          onClear={clearFilters}
        />
        {calendar.isError && calendar.data && (
          <ListErrorAlert
            error={calendar.error}
            retrying={calendar.isFetching}
            onRetry={() => void calendar.refetch()}
          />
        )}
        <QueryState
          query={calendar}
          loading={{
            node: (
              <div className={styles.empty} style={{ textAlign: 'center' }}>
                <Spin />
              </div>
            ),
          }}
        >
          {board}
        </QueryState>
      </div>
      {index && (
        <CalendarEntryPopover opened={opened} index={index} mayRelease={mayRelease} onClose={closeEntry} />
      )}
      {hold && (
        <CalendarHoldModal
          draft={hold}
          calendar={calendar.data}
          names={names}
          searchable={canListModels}
          onRemember={remember}
          onClose={() => setHold(null)}
        />
      )}
    </Card>
  );
}
