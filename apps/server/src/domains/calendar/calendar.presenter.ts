import type { Calendar, CalendarEntry } from '@trackit/contract/calendar.schema';
import type { CalendarBookingDisplayStatus } from '@trackit/contract/enums';
import type { OrderEntry } from '@trackit/contract/order.schema';
import { presentedStatus } from '../order/order.policy';
import type { CalendarView, ShownEntryRow } from './calendar.service';

/** How an entry shows: a reserved option past its expiry (swept or not yet) is `expired`. */
export function displayStatus(entry: ShownEntryRow, now: Date): CalendarBookingDisplayStatus {
  if (
    entry.status === 'reserved' &&
    (entry.releasedAt !== null || (entry.expiresAt !== null && entry.expiresAt.getTime() <= now.getTime()))
  ) {
    return 'expired';
  }
  return entry.status;
}

/** An entry as an order's page shows it. */
export function presentOrderEntry(entry: ShownEntryRow, now: Date): OrderEntry {
  const status = displayStatus(entry, now);
  return {
    id: entry.id,
    model_id: entry.modelId,
    date: entry.date,
    start: entry.startAt.toISOString(),
    end: entry.endAt.toISOString(),
    status,
    rank: entry.rank,
    expires_at:
      status === 'reserved' || status === 'expired' ? (entry.expiresAt?.toISOString() ?? null) : null,
  };
}

function presentCalendarEntry(entry: ShownEntryRow, now: Date): CalendarEntry {
  return { ...presentOrderEntry(entry, now), order_id: entry.orderId };
}

export function presentCalendar(view: CalendarView): Calendar {
  return {
    entries: view.entries.map((entry) => presentCalendarEntry(entry, view.now)),
    orders: view.orders.map((order) => ({
      id: order.id,
      number: order.number,
      title: order.title,
      status: presentedStatus(order, view.today),
      job_type: order.jobType,
      company_name: order.companyName,
      owner:
        order.ownerMembershipId !== null && order.ownerNickname !== null
          ? { id: order.ownerMembershipId, nickname: order.ownerNickname }
          : null,
    })),
    trips: view.trips.map((trip) => ({
      id: trip.id,
      model_id: trip.modelId,
      kind: trip.kind,
      start_date: trip.startDate,
      end_date: trip.endDate,
      place: trip.place,
    })),
    models: view.models.map((model) => ({ id: model.id, name: model.name, english_name: model.englishName })),
  };
}
