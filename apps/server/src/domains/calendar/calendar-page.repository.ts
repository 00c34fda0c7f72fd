/**
 * The calendar page's reads (GET /v1/calendar): its entries ranked among every live option of their
 * model and day, their orders, the models' trips and names.
 */
import type { CalendarBookingDisplayStatus, JobType } from '@trackit/contract/enums';
import { and, asc, eq, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies } from '../company/company.tables';
import { models, modelTrips } from '../model/model.tables';
import { orders } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { calendarEntries as entries } from './calendar.tables';
import {
  rankedEntries,
  SHOWN_ENTRY_COLUMNS,
  type ShownEntryRow,
  shownRanked,
  unexpiredOptionAt,
} from './calendar-ranks.repository';

export interface CalendarFilter {
  from: string;
  to: string;
  modelIds?: number[] | undefined;
  statuses?: CalendarBookingDisplayStatus[] | undefined;
  jobTypes?: JobType[] | undefined;
  ownerMembershipId?: number | undefined;
}

/** Entries shown with a display status (`expired`: a reserved option past its expiry). */
function displayStatusCondition(status: CalendarBookingDisplayStatus, now: Date): SQL | undefined {
  const expired = and(
    eq(entries.status, 'reserved'),
    or(isNotNull(entries.releasedAt), lte(entries.expiresAt, now)),
  );
  switch (status) {
    case 'expired':
      return expired;
    case 'reserved':
      return unexpiredOptionAt(now);
    default:
      return eq(entries.status, status);
  }
}

/** The entries the calendar shows: in the date range, by the filter. */
function calendarWhere(teamId: number, filter: CalendarFilter, now: Date): SQL | undefined {
  const byOrder =
    filter.jobTypes?.length || filter.ownerMembershipId !== undefined
      ? sql`exists (select 1 from "orders" where "orders"."id" = ${entries.orderId} and "orders"."team_id" = ${teamId} and ${and(
          filter.jobTypes?.length ? inArray(orders.jobType, filter.jobTypes) : undefined,
          filter.ownerMembershipId !== undefined
            ? eq(orders.ownerMembershipId, filter.ownerMembershipId)
            : undefined,
        )})`
      : undefined;
  return and(
    eq(entries.teamId, teamId),
    gte(entries.date, filter.from),
    lte(entries.date, filter.to),
    filter.modelIds?.length ? inArray(entries.modelId, filter.modelIds) : undefined,
    filter.statuses?.length
      ? or(...filter.statuses.map((status) => displayStatusCondition(status, now)))
      : undefined,
    byOrder,
  );
}

/**
 * The calendar's entries, ranked among every live option of their model and day (also those the filter
 * leaves out), by date, model and start. The query itself, so a test can EXPLAIN it.
 */
export function calendarEntriesQuery(db: Database, teamId: number, filter: CalendarFilter, now: Date) {
  const ranked = rankedEntries(
    db,
    SHOWN_ENTRY_COLUMNS,
    and(
      eq(entries.teamId, teamId),
      gte(entries.date, filter.from),
      lte(entries.date, filter.to),
      filter.modelIds?.length ? inArray(entries.modelId, filter.modelIds) : undefined,
    ),
    calendarWhere(teamId, filter, now),
    now,
  );
  return shownRanked(db, ranked).orderBy(
    asc(ranked.date),
    asc(ranked.modelId),
    asc(ranked.startAt),
    asc(ranked.id),
  );
}

export function listCalendarEntries(
  db: Database,
  teamId: number,
  filter: CalendarFilter,
  now: Date,
): Promise<ShownEntryRow[]> {
  return calendarEntriesQuery(db, teamId, filter, now);
}

/** The orders of the calendar's entries, once each, with company name and owner. */
export function listCalendarOrders(db: Database, teamId: number, filter: CalendarFilter, now: Date) {
  const shown = db
    .selectDistinct({ orderId: entries.orderId })
    .from(entries)
    .where(calendarWhere(teamId, filter, now));
  return db
    .select({
      id: orders.id,
      number: orders.number,
      title: orders.title,
      status: orders.status,
      lastDate: orders.lastDate,
      jobType: orders.jobType,
      companyName: companies.name,
      ownerMembershipId: orders.ownerMembershipId,
      ownerNickname: memberships.nickname,
    })
    .from(orders)
    .leftJoin(companies, and(eq(companies.id, orders.companyId), eq(companies.teamId, orders.teamId)))
    .leftJoin(
      memberships,
      and(eq(memberships.id, orders.ownerMembershipId), eq(memberships.teamId, orders.teamId)),
    )
    .where(and(eq(orders.teamId, teamId), inArray(orders.id, shown)))
    .orderBy(asc(orders.id));
}

/** The trips of these models overlapping [from, to]. */
export function listModelTripsBetween(
  db: Database,
  teamId: number,
  /** Undefined: every model of the team (trips are few; a model away shows even without bookings). */
  modelIds: number[] | undefined,
  from: string,
  to: string,
) {
  if (modelIds?.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: modelTrips.id,
      modelId: modelTrips.modelId,
      kind: modelTrips.kind,
      startDate: modelTrips.startDate,
      endDate: modelTrips.endDate,
      place: modelTrips.place,
    })
    .from(modelTrips)
    .where(
      and(
        eq(modelTrips.teamId, teamId),
        modelIds ? inArray(modelTrips.modelId, modelIds) : undefined,
        lte(modelTrips.startDate, to),
        gte(modelTrips.endDate, from),
      ),
    )
    .orderBy(asc(modelTrips.startDate), asc(modelTrips.modelId), asc(modelTrips.id));
}

/** The team's models among `modelIds`: names, for the calendar's rows. */
export function listModelNames(db: Database, teamId: number, modelIds: number[]) {
  if (modelIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: models.id, name: models.name, englishName: models.englishName })
    .from(models)
    .where(and(eq(models.teamId, teamId), inArray(models.id, modelIds)))
    .orderBy(asc(models.id));
}
