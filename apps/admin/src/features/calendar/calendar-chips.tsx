import { businessClock } from '@trackit/contract/business-time';
import type { CalendarEntry, CalendarTrip } from '@trackit/contract/calendar.schema';
import type { CalendarBookingDisplayStatus, ModelTripKind } from '@trackit/contract/enums';
import { Popover } from 'antd';
import { type CSSProperties, type MouseEvent, type ReactNode, useState } from 'react';
import styles from './calendar.module.css';
import { chipMark, chipTitle, isExpired, tripText } from './calendar-display';

/** Class names joined, the falsy ones left out. */
export const cx = (...names: (string | false | null | undefined)[]): string =>
  names.filter(Boolean).join(' ');

export const STATUS_CLASS: Readonly<Record<CalendarBookingDisplayStatus, string | undefined>> = {
  locked: styles.locked,
  reserved: styles.reserved,
  pending: styles.pending,
  rejected: styles.rejected,
  cancelled: styles.cancelled,
  expired: styles.expired,
};

/** The band colour of each trip kind (as on the model's page, features/model/model-trips.tsx). */
export const TRIP_COLORS: Readonly<Record<ModelTripKind, string>> = {
  vacation: '#13a8a8',
  work: '#1677ff',
  expatriate: '#722ed1',
};

/** A click on an entry: the entry and where it is on screen, for the popover. */
export type OpenEntry = (entry: CalendarEntry, anchor: DOMRect) => void;

/** Keeps a press on a chip from starting a drag on the cell below it. */
export const stopDrag = (event: MouseEvent) => event.stopPropagation();

/** The short mark of a narrow cell: the rank's number, or 过期. */
const compactMark = (entry: CalendarEntry): string | null =>
  isExpired(entry.status) ? '过期' : entry.rank ? String(entry.rank) : null;

/** An entry on one line: its text (模特 · 订单标题, or the order alone in a model's row) and its mark. */
export function EntryChip({
  entry,
  text,
  compact = false,
  onOpen,
}: {
  entry: CalendarEntry;
  text: string;
  compact?: boolean;
  onOpen: OpenEntry;
}) {
  const mark = compact ? compactMark(entry) : chipMark(entry);
  return (
    <button
      type="button"
      className={cx(styles.chip, STATUS_CLASS[entry.status])}
      title={chipTitle(entry, text)}
      data-testid={`calendar-entry-${entry.id}`}
      data-status={entry.status}
      onMouseDown={stopDrag}
      onClick={(event) => onOpen(entry, event.currentTarget.getBoundingClientRect())}
    >
      <span className={styles.chipText}>{text}</span>
      {mark && <span className={styles.chipMark}>{mark}</span>}
    </button>
  );
}

/** An entry in the time grid: a block from its start to its end, side by side with what overlaps it. */
export function EntryBlock({
  entry,
  text,
  style,
  onOpen,
}: {
  entry: CalendarEntry;
  text: string;
  style: CSSProperties;
  onOpen: OpenEntry;
}) {
  const mark = chipMark(entry);
  return (
    <button
      type="button"
      className={cx(styles.block, STATUS_CLASS[entry.status])}
      style={style}
      title={chipTitle(entry, text)}
      data-testid={`calendar-entry-${entry.id}`}
      data-status={entry.status}
      onMouseDown={stopDrag}
      onClick={(event) => onOpen(entry, event.currentTarget.getBoundingClientRect())}
    >
      <span className={styles.chipText}>{text}</span>
      <span className={styles.blockTime}>
        {businessClock(entry.start)}–{businessClock(entry.end)}
      </span>
      {mark && <span className={styles.chipMark}>{mark}</span>}
    </button>
  );
}

/** A trip as a hatched chip: 模特 · 休假 · 三亚. */
export function TripChip({ trip, modelName }: { trip: CalendarTrip; modelName?: string }) {
  const text = [modelName, tripText(trip)].filter(Boolean).join(' · ');
  return (
    <div
      className={styles.trip}
      style={{ '--trip-color': TRIP_COLORS[trip.kind] } as CSSProperties}
      title={`${text}（${trip.start_date} 至 ${trip.end_date}）`}
      data-testid={`calendar-trip-${trip.id}`}
    >
      <span className={styles.tripText}>{text}</span>
    </div>
  );
}

/**
 * "+N 更多": the rest of a crowded cell in a popover; `render` gets a way to close it (a chip was picked).
 * The popover is mounted only once opened: a month of cells keeps no popover machinery of its own.
 */
export function MoreButton({
  count,
  title,
  render,
  short = false,
}: {
  count: number;
  title: ReactNode;
  render: (close: () => void) => ReactNode;
  /** Only "+N", for a narrow column. */
  short?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const button = (
    <button
      type="button"
      className={styles.more}
      onMouseDown={stopDrag}
      onClick={() => setOpen(true)}
      title={`还有 ${count} 项`}
      data-testid="calendar-more"
    >
      {short ? `+${count}` : `+${count} 更多`}
    </button>
  );
  if (!open) return button;
  return (
    <Popover
      open
      onOpenChange={setOpen}
      trigger="click"
      title={title}
      content={<div className={styles.morePanel}>{render(() => setOpen(false))}</div>}
    >
      {button}
    </Popover>
  );
}
