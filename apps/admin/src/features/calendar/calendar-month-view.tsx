import { weekdayOf } from '@trackit/contract/business-time';
import type { Calendar, CalendarEntry, CalendarTrip } from '@trackit/contract/calendar.schema';
import { WEEKDAY_LABELS } from '@trackit/contract/constants';
import { type MouseEvent, memo, useCallback, useMemo } from 'react';
import styles from './calendar.module.css';
import { cx, EntryChip, MoreButton, type OpenEntry, TripChip } from './calendar-chips';
import { dayNumberLabel, monthGrid, sameMonth } from './calendar-dates';
import { chipText } from './calendar-display';
import { type CalendarIndex, entriesOn, modelLabel, splitOverflow, tripsOn } from './calendar-layout';
import { type DragSelection, isSelected } from './calendar-selection';
import { useDragSelect } from './use-drag-select';

/** Lines a day cell has room for; a fuller day shows one line fewer and "+N 更多". */
const MONTH_LINES = 4;

type DayItem = { kind: 'trip'; trip: CalendarTrip } | { kind: 'entry'; entry: CalendarEntry };

export interface CalendarViewProps {
  calendar: Calendar;
  index: CalendarIndex;
  /** The day the view is about. */
  date: string;
  today: string;
  canHold: boolean;
  onOpenEntry: OpenEntry;
  onSelect: (selection: DragSelection) => void;
}

function DayItems({
  items,
  index,
  onOpenEntry,
}: {
  items: readonly DayItem[];
  index: CalendarIndex;
  onOpenEntry: OpenEntry;
}) {
  return items.map((item) =>
    item.kind === 'trip' ? (
      <TripChip
        key={`trip-${item.trip.id}`}
        trip={item.trip}
        modelName={modelLabel(index.modelNames, item.trip.model_id)}
      />
    ) : (
      <EntryChip
        key={item.entry.id}
        entry={item.entry}
        text={chipText(
          modelLabel(index.modelNames, item.entry.model_id),
          index.orders.get(item.entry.order_id),
        )}
        onOpen={onOpenEntry}
      />
    ),
  );
}

const MonthCell = memo(function MonthCell({
  day,
  items,
  index,
  outside,
  today,
  selected,
  onOpenEntry,
  onPress,
  onEnter,
}: {
  day: string;
  items: readonly DayItem[];
  index: CalendarIndex;
  outside: boolean;
  today: boolean;
  selected: boolean;
  onOpenEntry: OpenEntry;
  onPress: (event: MouseEvent, day: string) => void;
  onEnter: (day: string) => void;
}) {
  const { shown, hidden } = splitOverflow(items, MONTH_LINES);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dragging across days is a pointer gesture; the keyboard reaches entries through their buttons.
    <div
      className={cx(styles.monthCell, outside && styles.outside, selected && styles.selected)}
      onMouseDown={(event) => onPress(event, day)}
      onMouseEnter={() => onEnter(day)}
      data-testid={`calendar-day-${day}`}
    >
      <span className={cx(styles.dayNumber, today && styles.todayNumber)}>{dayNumberLabel(day)}</span>
      <DayItems items={shown} index={index} onOpenEntry={onOpenEntry} />
      {hidden.length > 0 && (
        <MoreButton
          count={hidden.length}
          title={`${day} 星期${WEEKDAY_LABELS[weekdayOf(day)]}`}
          render={(close) => (
            <DayItems
              items={items}
              index={index}
              onOpenEntry={(entry, anchor) => {
                close();
                onOpenEntry(entry, anchor);
              }}
            />
          )}
        />
      )}
    </div>
  );
});

/** The month grid: whole weeks from Sunday, each day with its trips and entries as chips. */
export function CalendarMonthView({
  calendar,
  index,
  date,
  today,
  canHold,
  onOpenEntry,
  onSelect,
}: CalendarViewProps) {
  const weeks = useMemo(() => monthGrid(date), [date]);
  const { selection, start, move } = useDragSelect(onSelect, canHold);
  const itemsByDay = useMemo(
    () =>
      new Map(
        weeks
          .flat()
          .map((day) => [
            day,
            [
              ...tripsOn(calendar.trips, day).map((trip): DayItem => ({ kind: 'trip', trip })),
              ...entriesOn(index, day).map((entry): DayItem => ({ kind: 'entry', entry })),
            ],
          ]),
      ),
    [weeks, calendar.trips, index],
  );
  const onPress = useCallback(
    (event: MouseEvent, day: string) => start(event, { modelId: null, anchor: day }),
    [start],
  );
  const onEnter = useCallback((day: string) => move(day), [move]);
  return (
    <div className={styles.board} data-testid="calendar-month">
      <div className={styles.weekdays}>
        {weeks[0]?.map((day) => (
          <div key={day} className={styles.weekday}>
            {WEEKDAY_LABELS[weekdayOf(day)]}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0]} className={styles.monthWeek}>
          {week.map((day) => (
            <MonthCell
              key={day}
              day={day}
              items={itemsByDay.get(day) ?? []}
              index={index}
              outside={!sameMonth(day, date)}
              today={day === today}
              selected={isSelected(selection, day)}
              onOpenEntry={onOpenEntry}
              onPress={onPress}
              onEnter={onEnter}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
