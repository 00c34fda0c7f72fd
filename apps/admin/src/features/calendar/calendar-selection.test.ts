import { calendarHoldSchema } from '@trackit/contract/calendar.schema';
import { describe, expect, it } from 'vitest';
import { calendarFixture, entryFixture, orderFixture, tripFixture } from './calendar.fixtures';
import {
  checkHold,
  DEFAULT_HOLD_TIMES,
  holdDraftOf,
  holdPayload,
  holdWarnings,
  isSelected,
  selectionDays,
  selectionTimes,
} from './calendar-selection';

describe('drag selection', () => {
  it('covers the days between where the drag started and ended, whichever way it went', () => {
    expect(selectionDays({ anchor: '2026-11-24', current: '2026-11-26' })).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    expect(selectionDays({ anchor: '2026-12-01', current: '2026-11-29' })).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
    const drag = { modelId: 4, anchor: '2026-11-26', current: '2026-11-24' };
    expect(isSelected(drag, '2026-11-25', 4)).toBe(true);
    expect(isSelected(drag, '2026-11-25', 5)).toBe(false);
    expect(isSelected(drag, '2026-11-27', 4)).toBe(false);
    expect(isSelected(null, '2026-11-25')).toBe(false);
  });

  it('takes the hours dragged over in the time grid, else 09:00–18:00', () => {
    expect(selectionTimes({ modelId: null, anchor: '2026-11-24', current: '2026-11-24' })).toEqual(
      DEFAULT_HOLD_TIMES,
    );
    expect(
      selectionTimes({
        modelId: null,
        anchor: '2026-11-24',
        current: '2026-11-25',
        anchorMinutes: 600,
        currentMinutes: 600,
      }),
    ).toEqual({ start: '09:00', end: '18:00' });
    expect(
      selectionTimes({
        modelId: null,
        anchor: '2026-11-24',
        current: '2026-11-24',
        anchorMinutes: 14 * 60,
        currentMinutes: 10 * 60,
      }),
    ).toEqual({ start: '10:00', end: '14:30' });
  });

  it('turns a drag in a model row into the hold body, each day with the same hours', () => {
    const draft = holdDraftOf({ modelId: 4, anchor: '2026-11-25', current: '2026-11-24' }, [9]);
    expect(draft).toEqual({
      modelIds: [4],
      days: ['2026-11-24', '2026-11-25'],
      startTime: '09:00',
      endTime: '18:00',
      title: '',
    });
    const body = holdPayload({ ...draft, title: '  春季新品  ' });
    expect(body).toEqual({
      model_ids: [4],
      days: [
        { date: '2026-11-24', start_time: '09:00', end_time: '18:00' },
        { date: '2026-11-25', start_time: '09:00', end_time: '18:00' },
      ],
      title: '春季新品',
    });
    expect(calendarHoldSchema.safeParse(body).success).toBe(true);
  });

  it('starts with the filtered models when the drag had no model row, and leaves an empty title out', () => {
    const draft = holdDraftOf({ modelId: null, anchor: '2026-11-24', current: '2026-11-24' }, [9, 10]);
    expect(draft.modelIds).toEqual([9, 10]);
    expect(holdPayload(draft)).toEqual({
      model_ids: [9, 10],
      days: [{ date: '2026-11-24', start_time: '09:00', end_time: '18:00' }],
    });
  });

  it('says in Chinese what is missing before calling', () => {
    const draft = holdDraftOf({ modelId: null, anchor: '2026-11-24', current: '2026-11-24' });
    expect(checkHold(draft)).toEqual({ ok: false, message: '请选择模特' });
    expect(checkHold({ ...draft, modelIds: [1], days: [] })).toEqual({ ok: false, message: '请选择日期' });
    const reversed = checkHold({ ...draft, modelIds: [1], startTime: '18:00', endTime: '09:00' });
    expect(reversed.ok).toBe(false);
    expect(checkHold({ ...draft, modelIds: [1] }).ok).toBe(true);
  });

  it('warns about a trip or a locked entry on a chosen model and day', () => {
    const calendar = calendarFixture({
      entries: [
        entryFixture({ id: 1, model_id: 1, order_id: 10, date: '2026-11-25' }),
        // Options and other models' bookings are no conflict.
        entryFixture({ id: 2, model_id: 1, order_id: 11, date: '2026-11-24', status: 'reserved', rank: 1 }),
        entryFixture({ id: 3, model_id: 2, order_id: 10, date: '2026-11-24' }),
      ],
      orders: [orderFixture({ id: 10, number: 'HF20261120001' }), orderFixture({ id: 11 })],
      trips: [tripFixture({ id: 5, model_id: 1, start_date: '2026-11-20', end_date: '2026-11-24' })],
    });
    const names = new Map([
      [1, '刘晓阳'],
      [2, '王珊'],
    ]);
    expect(holdWarnings(calendar, { modelIds: [1], days: ['2026-11-24', '2026-11-25'] }, names)).toEqual([
      '「刘晓阳」2026-11-24 有休假行程（三亚）',
      '「刘晓阳」2026-11-25 已有锁定档期（订单 HF20261120001）',
    ]);
    expect(holdWarnings(calendar, { modelIds: [1], days: ['2026-11-26'] }, names)).toEqual([]);
    expect(holdWarnings(undefined, { modelIds: [1], days: ['2026-11-24'] }, names)).toEqual([]);
  });
});
