import { businessDate, businessMinutes } from '@trackit/contract/business-time';
import type { CalendarEntry } from '@trackit/contract/calendar.schema';
import { type CSSProperties, type MouseEvent, useEffect, useMemo, useRef } from 'react';
import styles from './calendar.module.css';
import { cx, EntryBlock, EntryChip, MoreButton, TripChip } from './calendar-chips';
import { datesBetween, dayNumberLabel, visibleRange, weekdayLabel } from './calendar-dates';
import { chipText, minutesToTime } from './calendar-display';
import {
  type CalendarIndex,
  capColumns,
  entriesOn,
  layoutOverlaps,
  modelLabel,
  splitOverflow,
  type TimedItem,
  tripsOn,
} from './calendar-layout';
import type { CalendarViewProps } from './calendar-month-view';
import { type DragSelection, isSelected, SLOT_MINUTES } from './calendar-selection';
import { useDragSelect } from './use-drag-select';

/** Pixels of one hour. */
export const HOUR_HEIGHT = 44;
const DAY_MINUTES = 24 * 60;
const GUTTER = 56;
/** 01:00 … 23:00, at the lines between the hours. */
const HOUR_LABELS = Array.from({ length: 23 }, (_, hour) => minutesToTime((hour + 1) * 60));
/** The hour the grid opens scrolled to. */
const FIRST_HOUR_SHOWN = 8;
/** Trips a day's band shows before "+N 更多". */
const TRIP_LINES = 2;
/** Side-by-side columns a day shows before "+N" (a week's day is narrow). */
const MAX_COLUMNS = { week: 3, day: 12 } as const;

interface TimedEntry extends TimedItem {
  entry: CalendarEntry;
}

const timedEntries = (entries: readonly CalendarEntry[]): TimedEntry[] =>
  entries.map((entry) => {
    const start = businessMinutes(entry.start);
    // An entry running past midnight ends at the bottom of its day.
    const sameDay = businessDate(new Date(entry.end)) === businessDate(new Date(entry.start));
    const end = sameDay ? businessMinutes(entry.end) : DAY_MINUTES;
    return { id: entry.id, start, end: Math.max(end, start + 15), entry };
  });

const slotAt = (event: MouseEvent<HTMLElement>): number => {
  const rect = event.currentTarget.getBoundingClientRect();
  const minutes = ((event.clientY - rect.top) / HOUR_HEIGHT) * 60;
  const slot = Math.floor(minutes / SLOT_MINUTES) * SLOT_MINUTES;
  return Math.min(Math.max(slot, 0), DAY_MINUTES - SLOT_MINUTES);
};

const percent = (value: number) => `${value * 100}%`;

function DayColumn({
  day,
  index,
  maxColumns,
  isToday,
  nowMinutes,
  selection,
  onOpenEntry,
  onPress,
  onMove,
}: {
  day: string;
  index: CalendarIndex;
  maxColumns: number;
  isToday: boolean;
  nowMinutes: number;
  selection: DragSelection | null;
  onOpenEntry: CalendarViewProps['onOpenEntry'];
  onPress: (event: MouseEvent<HTMLElement>, day: string) => void;
  onMove: (event: MouseEvent<HTMLElement>, day: string) => void;
}) {
  const layout = useMemo(
    () => capColumns(layoutOverlaps(timedEntries(entriesOn(index, day))), maxColumns),
    [index, day, maxColumns],
  );
  const position = (start: number, end: number, column: number, columns: number): CSSProperties => ({
    top: (start / 60) * HOUR_HEIGHT,
    height: Math.max(((end - start) / 60) * HOUR_HEIGHT - 2, 18),
    left: `calc(${percent(column / columns)} + 2px)`,
    width: `calc(${percent(1 / columns)} - 4px)`,
  });
  const selected =
    selection && isSelected(selection, day) && selection.anchorMinutes !== undefined
      ? {
          from: Math.min(selection.anchorMinutes, selection.currentMinutes ?? selection.anchorMinutes),
          to:
            Math.max(selection.anchorMinutes, selection.currentMinutes ?? selection.anchorMinutes) +
            SLOT_MINUTES,
        }
      : null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dragging over hours is a pointer gesture; the keyboard reaches entries through their buttons.
    <div
      className={cx(styles.dayColumn, isToday && styles.todayColumn)}
      style={{ height: 24 * HOUR_HEIGHT, backgroundSize: `100% ${HOUR_HEIGHT}px` }}
      onMouseDown={(event) => onPress(event, day)}
      onMouseMove={(event) => onMove(event, day)}
      data-testid={`calendar-column-${day}`}
    >
      {selected && (
        <div
          className={styles.slotSelection}
          style={{
            top: (selected.from / 60) * HOUR_HEIGHT,
            height: ((selected.to - selected.from) / 60) * HOUR_HEIGHT,
          }}
        />
      )}
      {layout.shown.map(({ item, column, columns }) => (
        <EntryBlock
          key={item.id}
          entry={item.entry}
          text={chipText(
            modelLabel(index.modelNames, item.entry.model_id),
            index.orders.get(item.entry.order_id),
          )}
          style={position(item.start, item.end, column, columns)}
          onOpen={onOpenEntry}
        />
      ))}
      {layout.overflow.map((group) => (
        <div
          key={`more-${group.group}`}
          className={styles.blockMore}
          style={{ ...position(group.start, group.start + 30, group.column, maxColumns), height: 'auto' }}
        >
          <MoreButton
            short
            count={group.hidden.length}
            title={`${day} ${minutesToTime(group.start)}–${minutesToTime(Math.min(group.end, DAY_MINUTES - 1))}`}
            render={(close) =>
              group.hidden.map(({ entry }) => (
                <EntryChip
                  key={entry.id}
                  entry={entry}
                  text={chipText(
                    modelLabel(index.modelNames, entry.model_id),
                    index.orders.get(entry.order_id),
                  )}
                  onOpen={(opened, anchor) => {
                    close();
                    onOpenEntry(opened, anchor);
                  }}
                />
              ))
            }
          />
        </div>
      ))}
      {isToday && <div className={styles.nowLine} style={{ top: (nowMinutes / 60) * HOUR_HEIGHT }} />}
    </div>
  );
}

/**
 * The week and day views: a column per day with its hours, entries placed from start to end and side by
 * side when they overlap; the days' trips in a band above the hours.
 */
export function CalendarTimeGrid({
  view,
  calendar,
  index,
  date,
  today,
  now,
  canHold,
  onOpenEntry,
  onSelect,
}: CalendarViewProps & { view: 'week' | 'day'; now: Date }) {
  const { from, to } = visibleRange(view, 'week', date);
  const days = useMemo(() => datesBetween(from, to), [from, to]);
  const columns = `${GUTTER}px repeat(${days.length}, minmax(0, 1fr))`;
  const { selection, start, move } = useDragSelect(onSelect, canHold);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = FIRST_HOUR_SHOWN * HOUR_HEIGHT - 8;
  }, []);

  const onPress = (event: MouseEvent<HTMLElement>, day: string) => {
    const minutes = slotAt(event);
    start(event, { modelId: null, anchor: day, anchorMinutes: minutes });
  };
  const onMove = (event: MouseEvent<HTMLElement>, day: string) => {
    if (selection) move(day, null, slotAt(event));
  };

  return (
    <div className={styles.board} data-testid={`calendar-${view}`}>
      <div className={styles.timeHead} style={{ gridTemplateColumns: columns }}>
        <div />
        {days.map((day) => (
          <div key={day} className={cx(styles.timeHeadCell, day === today && styles.timeHeadToday)}>
            <span>周{weekdayLabel(day)}</span>
            <span className={styles.timeHeadDate}>{dayNumberLabel(day)}</span>
          </div>
        ))}
      </div>
      <div className={styles.allDay} style={{ gridTemplateColumns: columns }}>
        <div className={styles.gutterLabel}>行程</div>
        {days.map((day) => {
          const trips = tripsOn(calendar.trips, day);
          const { shown, hidden } = splitOverflow(trips, TRIP_LINES);
          return (
            <div key={day} className={styles.allDayCell}>
              {shown.map((trip) => (
                <TripChip key={trip.id} trip={trip} modelName={modelLabel(index.modelNames, trip.model_id)} />
              ))}
              {hidden.length > 0 && (
                <MoreButton
                  count={hidden.length}
                  title={`${day} 的行程`}
                  render={() =>
                    trips.map((trip) => (
                      <TripChip
                        key={trip.id}
                        trip={trip}
                        modelName={modelLabel(index.modelNames, trip.model_id)}
                      />
                    ))
                  }
                />
              )}
            </div>
          );
        })}
      </div>
      <div className={styles.timeScroll} ref={scroller}>
        <div className={styles.timeBody} style={{ gridTemplateColumns: columns }}>
          <div className={styles.hourLabels} style={{ height: 24 * HOUR_HEIGHT }}>
            {HOUR_LABELS.map((label, hour) => (
              <span key={label} className={styles.hourLabel} style={{ top: (hour + 1) * HOUR_HEIGHT }}>
                {label}
              </span>
            ))}
          </div>
          {days.map((day) => (
            <DayColumn
              key={day}
              day={day}
              index={index}
              maxColumns={MAX_COLUMNS[view]}
              isToday={day === today}
              nowMinutes={businessMinutes(now)}
              selection={selection}
              onOpenEntry={onOpenEntry}
              onPress={onPress}
              onMove={onMove}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
