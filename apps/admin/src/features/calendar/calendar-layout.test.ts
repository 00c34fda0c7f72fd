import { describe, expect, it } from 'vitest';
import { calendarFixture, entryFixture, orderFixture, tripFixture } from './calendar.fixtures';
import {
  arrangeResourceRows,
  bookingOf,
  capColumns,
  entriesOfModelOn,
  entriesOn,
  indexCalendar,
  layoutOverlaps,
  resourceRows,
  splitOverflow,
  tripSegments,
} from './calendar-layout';

const item = (id: number, start: string, end: string) => {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return { id, start: minutes(start), end: minutes(end) };
};

const columnsOf = (placed: ReturnType<typeof layoutOverlaps>) =>
  Object.fromEntries(
    placed.map(({ item: placedItem, column, columns }) => [placedItem.id, [column, columns]]),
  );

describe('layoutOverlaps', () => {
  it('puts entries that overlap side by side and leaves the others full width', () => {
    const placed = layoutOverlaps([
      item(1, '09:00', '12:00'),
      item(2, '10:00', '11:00'),
      item(3, '11:30', '13:00'),
      item(4, '14:00', '15:00'),
    ]);
    expect(columnsOf(placed)).toEqual({
      // 1 overlaps 2 and 3; 3 reuses 2's column once 2 has ended.
      1: [0, 2],
      2: [1, 2],
      3: [1, 2],
      // Alone: the whole width.
      4: [0, 1],
    });
  });

  it('treats touching entries as not overlapping', () => {
    const placed = layoutOverlaps([item(1, '09:00', '12:00'), item(2, '12:00', '18:00')]);
    expect(columnsOf(placed)).toEqual({ 1: [0, 1], 2: [0, 1] });
  });

  it('gives every entry of a chain of overlaps the same width', () => {
    // 1 overlaps 2, 2 overlaps 3, 1 and 3 do not touch: one group of two columns.
    const chain = layoutOverlaps([
      item(1, '09:00', '12:00'),
      item(2, '11:00', '14:00'),
      item(3, '13:00', '16:00'),
    ]);
    expect(columnsOf(chain)).toEqual({ 1: [0, 2], 2: [1, 2], 3: [0, 2] });
    const crowded = layoutOverlaps([
      item(1, '09:00', '18:00'),
      item(2, '09:00', '18:00'),
      item(3, '09:00', '18:00'),
      item(4, '17:00', '19:00'),
    ]);
    expect(columnsOf(crowded)).toEqual({ 1: [0, 4], 2: [1, 4], 3: [2, 4], 4: [3, 4] });
  });

  it('keeps a few columns and puts the rest behind "+N"', () => {
    const placed = layoutOverlaps([1, 2, 3, 4, 5, 6].map((id) => item(id, '09:00', '18:00')));
    const capped = capColumns(placed, 4);
    expect(capped.shown.map((entry) => [entry.item.id, entry.column, entry.columns])).toEqual([
      [1, 0, 4],
      [2, 1, 4],
      [3, 2, 4],
    ]);
    expect(capped.overflow).toHaveLength(1);
    expect(capped.overflow[0]?.hidden.map((hidden) => hidden.id)).toEqual([4, 5, 6]);
    expect(capped.overflow[0]?.column).toBe(3);
    // Under the cap nothing changes.
    expect(capColumns(layoutOverlaps([item(1, '09:00', '10:00')]), 4).overflow).toEqual([]);
  });
});

describe('indexCalendar', () => {
  it('groups entries by day and by model, locked first, then options by rank', () => {
    const calendar = calendarFixture({
      entries: [
        entryFixture({ id: 3, model_id: 1, order_id: 12, date: '2026-11-24', status: 'reserved', rank: 2 }),
        entryFixture({ id: 2, model_id: 1, order_id: 11, date: '2026-11-24', status: 'reserved', rank: 1 }),
        entryFixture({ id: 1, model_id: 2, order_id: 10, date: '2026-11-24' }),
        entryFixture({ id: 4, model_id: 1, order_id: 10, date: '2026-11-25' }),
      ],
      orders: [orderFixture({ id: 10 }), orderFixture({ id: 11 }), orderFixture({ id: 12 })],
      models: [
        { id: 1, name: '刘晓阳', english_name: null },
        { id: 2, name: '王珊', english_name: null },
      ],
    });
    const index = indexCalendar(calendar);
    expect(entriesOn(index, '2026-11-24').map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(entriesOfModelOn(index, 1, '2026-11-24').map((entry) => entry.id)).toEqual([2, 3]);
    expect(entriesOfModelOn(index, 1, '2026-11-25').map((entry) => entry.id)).toEqual([4]);
    expect(entriesOfModelOn(index, 3, '2026-11-25')).toEqual([]);
    expect(index.modelNames.get(2)).toBe('王珊');
    expect(index.orders.get(11)?.number).toBe('HF20261124011');
  });
});

describe('tripSegments', () => {
  it('clips a trip to the range, as column indexes', () => {
    const segments = tripSegments(
      [
        tripFixture({ id: 1, model_id: 1, start_date: '2026-11-20', end_date: '2026-11-24' }),
        tripFixture({ id: 2, model_id: 1, start_date: '2026-11-27', end_date: '2026-12-03' }),
        tripFixture({ id: 3, model_id: 1, start_date: '2026-11-01', end_date: '2026-11-10' }),
      ],
      '2026-11-22',
      '2026-11-28',
    );
    expect(segments.map(({ trip, start, span }) => [trip.id, start, span])).toEqual([
      [1, 0, 3],
      [2, 5, 2],
    ]);
  });
});

describe('resourceRows', () => {
  const names = new Map([
    [1, '刘晓阳'],
    [2, '王珊'],
    [3, '安娜'],
    [9, '赵敏'],
  ]);

  it('lists the answer and the active models once each, by name', () => {
    const rows = resourceRows({
      answerModels: [{ id: 2, name: '王珊', english_name: null }],
      filterIds: [],
      activeModels: [
        { id: 1, name: '刘晓阳' },
        { id: 2, name: '王珊' },
        { id: 3, name: '安娜' },
      ],
      names,
    });
    expect(rows.map((row) => row.id).sort()).toEqual([1, 2, 3]);
    expect(new Set(rows.map((row) => row.id)).size).toBe(3);
  });

  it('lists only the models of the filter when there is one, named where known', () => {
    const rows = resourceRows({
      answerModels: [{ id: 9, name: '赵敏', english_name: null }],
      filterIds: [9, 40],
      activeModels: [{ id: 1, name: '刘晓阳' }],
      names,
    });
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: 9, name: '赵敏' },
        { id: 40, name: '模特 #40' },
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});

describe('arrangeResourceRows', () => {
  const rows = [
    { id: 1, name: '刘晓阳' },
    { id: 2, name: '王珊' },
    { id: 3, name: '安娜' },
    { id: 4, name: '赵敏' },
  ];
  // In the week of 22–28 November 2026: 王珊 two days (one locked), 赵敏 two days (both options),
  // 安娜 one locked day; 刘晓阳 only a cancelled day, an expired option and a day outside the week.
  const index = indexCalendar(
    calendarFixture({
      entries: [
        entryFixture({ id: 1, model_id: 2, order_id: 10, date: '2026-11-23' }),
        entryFixture({ id: 2, model_id: 2, order_id: 11, date: '2026-11-24', status: 'reserved', rank: 1 }),
        // A second option the same day is still one day.
        entryFixture({ id: 3, model_id: 2, order_id: 12, date: '2026-11-24', status: 'reserved', rank: 2 }),
        entryFixture({ id: 4, model_id: 4, order_id: 13, date: '2026-11-25', status: 'reserved', rank: 1 }),
        entryFixture({ id: 5, model_id: 4, order_id: 14, date: '2026-11-26', status: 'pending' }),
        entryFixture({ id: 6, model_id: 3, order_id: 15, date: '2026-11-27' }),
        entryFixture({ id: 7, model_id: 1, order_id: 16, date: '2026-11-23', status: 'cancelled' }),
        entryFixture({ id: 8, model_id: 1, order_id: 17, date: '2026-11-24', status: 'expired' }),
        entryFixture({ id: 9, model_id: 1, order_id: 18, date: '2026-11-30' }),
      ],
    }),
  );
  const week = { from: '2026-11-22', to: '2026-11-28' };
  const arranged = (show: 'all' | 'booked', order: 'name' | 'booked') =>
    arrangeResourceRows(rows, index, { ...week, show, order }).map((row) => row.name);

  it('keeps every row in name order unless asked otherwise', () => {
    expect(arranged('all', 'name')).toEqual(['刘晓阳', '王珊', '安娜', '赵敏']);
  });

  it('shows only the models with a live entry in the period', () => {
    expect(arranged('booked', 'name')).toEqual(['王珊', '安娜', '赵敏']);
  });

  it('puts the most booked first: days with a live entry, then locked days, then the name', () => {
    expect(arranged('all', 'booked')).toEqual(['王珊', '赵敏', '安娜', '刘晓阳']);
    expect(arranged('booked', 'booked')).toEqual(['王珊', '赵敏', '安娜']);
    expect(bookingOf(index, 2, week.from, week.to)).toEqual({ days: 2, locked: 1 });
    expect(bookingOf(index, 1, week.from, week.to)).toEqual({ days: 0, locked: 0 });
  });
});

describe('splitOverflow', () => {
  it('shows everything that fits, else one line fewer and the rest hidden', () => {
    expect(splitOverflow([1, 2, 3], 4)).toEqual({ shown: [1, 2, 3], hidden: [] });
    expect(splitOverflow([1, 2, 3, 4], 4)).toEqual({ shown: [1, 2, 3, 4], hidden: [] });
    expect(splitOverflow([1, 2, 3, 4, 5], 4)).toEqual({ shown: [1, 2, 3], hidden: [4, 5] });
  });
});
