import type { CalendarEntry } from '@trackit/contract/calendar.schema';
import { Empty } from 'antd';
import { type CSSProperties, type MouseEvent, memo, useCallback, useEffect, useMemo, useRef } from 'react';
import styles from './calendar.module.css';
import { cx, EntryChip, MoreButton, type OpenEntry, TRIP_COLORS } from './calendar-chips';
import {
  datesBetween,
  dayNumberLabel,
  isWeekend,
  type ResourceSpan,
  visibleRange,
  weekdayLabel,
} from './calendar-dates';
import { orderName, tripText } from './calendar-display';
import {
  type CalendarIndex,
  type ResourceRow,
  splitOverflow,
  type TripSegment,
  tripSegments,
} from './calendar-layout';
import type { CalendarViewProps } from './calendar-month-view';
import { useDragSelect } from './use-drag-select';
import { useRowWindow } from './virtual-rows';

/** Pixels of a model's row: two lines of chips and the trip band. */
export const RESOURCE_ROW_HEIGHT = 58;
const HEAD_HEIGHT = 41;
const NAME_WIDTH = 148;
/** The narrowest day column: a month's 31 days scroll sideways below this. */
const MIN_COLUMN: Readonly<Record<ResourceSpan, number>> = { week: 120, month: 46 };
/** Chip lines a cell has room for. */
const CELL_LINES = 2;

const EMPTY_CELL: readonly CalendarEntry[] = [];
const NO_TRIPS: readonly TripSegment[] = [];

interface RowProps {
  row: ResourceRow;
  top: number;
  days: readonly string[];
  cells: ReadonlyMap<string, readonly CalendarEntry[]> | undefined;
  trips: readonly TripSegment[];
  index: CalendarIndex;
  today: string;
  compact: boolean;
  columns: string;
  /** The days dragged over in this row, if the drag is here. */
  selectedFrom: string | null;
  selectedTo: string | null;
  onOpenEntry: OpenEntry;
  onPress: (event: MouseEvent, modelId: number, day: string) => void;
  onEnter: (modelId: number, day: string) => void;
}

const ResourceRowView = memo(function ResourceRowView({
  row,
  top,
  days,
  cells,
  trips,
  index,
  today,
  compact,
  columns,
  selectedFrom,
  selectedTo,
  onOpenEntry,
  onPress,
  onEnter,
}: RowProps) {
  const chip = (entry: CalendarEntry, open: OpenEntry) => (
    <EntryChip
      key={entry.id}
      entry={entry}
      text={orderName(index.orders.get(entry.order_id)) || `#${entry.order_id}`}
      compact={compact}
      onOpen={open}
    />
  );
  return (
    <div
      className={styles.resourceRow}
      style={{ top, height: RESOURCE_ROW_HEIGHT, gridTemplateColumns: columns }}
      data-testid={`calendar-row-${row.id}`}
    >
      <div className={styles.resourceName} title={row.name}>
        {row.name}
      </div>
      {days.map((day) => {
        const entries = cells?.get(day) ?? EMPTY_CELL;
        const { shown, hidden } = splitOverflow(entries, CELL_LINES);
        const selected =
          selectedFrom !== null && selectedTo !== null && day >= selectedFrom && day <= selectedTo;
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: dragging across days is a pointer gesture; the keyboard reaches entries through their buttons.
          <div
            key={day}
            className={cx(
              styles.resourceCell,
              isWeekend(day) && styles.weekendCell,
              day === today && styles.todayCell,
              selected && styles.selected,
            )}
            onMouseDown={(event) => onPress(event, row.id, day)}
            onMouseEnter={() => onEnter(row.id, day)}
            data-date={day}
          >
            {shown.map((entry) => chip(entry, onOpenEntry))}
            {hidden.length > 0 && (
              <MoreButton
                short={compact}
                count={hidden.length}
                title={`${row.name} · ${day}`}
                render={(close) =>
                  entries.map((entry) =>
                    chip(entry, (opened, anchor) => {
                      close();
                      onOpenEntry(opened, anchor);
                    }),
                  )
                }
              />
            )}
          </div>
        );
      })}
      {trips.map(({ trip, start, span }) => (
        <div
          key={trip.id}
          className={cx(styles.band, styles.trip)}
          style={
            {
              '--trip-color': TRIP_COLORS[trip.kind],
              left: `calc(${NAME_WIDTH}px + (100% - ${NAME_WIDTH}px) * ${start} / ${days.length} + 2px)`,
              width: `calc((100% - ${NAME_WIDTH}px) * ${span} / ${days.length} - 4px)`,
            } as CSSProperties
          }
          title={`${tripText(trip)}（${trip.start_date} 至 ${trip.end_date}）`}
          data-testid={`calendar-trip-${trip.id}`}
        >
          <span className={styles.tripText}>{tripText(trip)}</span>
        </div>
      ))}
    </div>
  );
});

/**
 * The resource view: a row per model, a column per day of the week or month, entries as chips in the
 * cells and trips as bands. Only the rows near the viewport are rendered.
 */
export function CalendarResourceView({
  index,
  rows,
  span,
  date,
  today,
  canHold,
  onOpenEntry,
  onSelect,
  emptyText,
}: Omit<CalendarViewProps, 'calendar'> & {
  rows: readonly ResourceRow[];
  span: ResourceSpan;
  emptyText: string;
}) {
  const { from, to } = visibleRange('resource', span, date);
  const days = useMemo(() => datesBetween(from, to), [from, to]);
  const scroller = useRef<HTMLDivElement>(null);
  const rowWindow = useRowWindow(scroller, {
    rowHeight: RESOURCE_ROW_HEIGHT,
    count: rows.length,
    headerHeight: HEAD_HEIGHT,
  });
  const tripsByModel = useMemo(
    () =>
      new Map(
        [...index.tripsByModel].map(([modelId, trips]) => [modelId, tripSegments(trips, from, to)] as const),
      ),
    [index, from, to],
  );
  const { selection, start, move } = useDragSelect(onSelect, canHold);
  const onPress = useCallback(
    (event: MouseEvent, modelId: number, day: string) => start(event, { modelId, anchor: day }),
    [start],
  );
  const onEnter = useCallback((modelId: number, day: string) => move(day, modelId), [move]);

  const minColumn = MIN_COLUMN[span];
  // A month wider than the screen opens with the chosen day (today by default) in view, two days in.
  useEffect(() => {
    const element = scroller.current;
    const head = element?.querySelector<HTMLElement>(`[data-head="${date}"]`);
    if (!element || !head) return;
    element.scrollLeft = Math.max(0, head.offsetLeft - NAME_WIDTH - 2 * head.offsetWidth);
  }, [date]);
  const columns = `${NAME_WIDTH}px repeat(${days.length}, minmax(${minColumn}px, 1fr))`;
  const minWidth = NAME_WIDTH + days.length * minColumn;
  const selectedRange = selection
    ? selection.anchor <= selection.current
      ? [selection.anchor, selection.current]
      : [selection.current, selection.anchor]
    : null;

  return (
    <div className={styles.board} data-testid="calendar-resource">
      <div className={styles.resourceScroll} ref={scroller} data-testid="calendar-resource-scroll">
        <div
          className={styles.resourceHead}
          style={{ gridTemplateColumns: columns, minWidth, height: HEAD_HEIGHT }}
        >
          <div className={styles.resourceCorner}>模特（{rows.length}）</div>
          {days.map((day) => (
            <div
              key={day}
              className={cx(styles.resourceDay, day === today && styles.resourceToday)}
              data-head={day}
            >
              <span>{weekdayLabel(day)}</span>
              <span className={styles.resourceDayNumber}>
                {span === 'month' ? Number(day.slice(8, 10)) : dayNumberLabel(day)}
              </span>
            </div>
          ))}
        </div>
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} className={styles.empty} />
        ) : (
          <div
            className={styles.resourceBody}
            style={{ height: rows.length * RESOURCE_ROW_HEIGHT, minWidth }}
          >
            {rows.slice(rowWindow.start, rowWindow.end).map((row, offset) => {
              const inRow = selection?.modelId === row.id && selectedRange;
              return (
                <ResourceRowView
                  key={row.id}
                  row={row}
                  top={(rowWindow.start + offset) * RESOURCE_ROW_HEIGHT}
                  days={days}
                  cells={index.byModelDate.get(row.id)}
                  trips={tripsByModel.get(row.id) ?? NO_TRIPS}
                  index={index}
                  today={today}
                  compact={span === 'month'}
                  columns={columns}
                  selectedFrom={inRow ? (selectedRange[0] ?? null) : null}
                  selectedTo={inRow ? (selectedRange[1] ?? null) : null}
                  onOpenEntry={onOpenEntry}
                  onPress={onPress}
                  onEnter={onEnter}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
