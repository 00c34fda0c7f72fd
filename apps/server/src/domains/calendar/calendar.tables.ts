import { CALENDAR_BOOKING_STATUSES } from '@trackit/contract/enums';
import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference, timestamps } from '../../db/columns';
import { models } from '../model/model.tables';
import { orders } from '../order/order.tables';
import { teams } from '../team/team.tables';

/**
 * A model's working day on an order (docs/product.md "Calendar"). `reserved` and `pending` are options,
 * ranked per model and day by `placed_at`; `expires_at` ends a reserved option (shown as expired);
 * `locked` is a confirmed job; `rejected` and `cancelled` are released. `released_at` is set when an
 * option stops holding (also when it expires, by the sweep that promotes the next one and says so).
 */
export const calendarEntries = pgTable(
  'calendar_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    modelId: bigint('model_id', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: enumColumn('status', CALENDAR_BOOKING_STATUSES, 16).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    teamKey('calendar_entries', t),
    teamReference('calendar_entries_order_team_fk', t.teamId, t.orderId, orders).onDelete('cascade'),
    teamReference('calendar_entries_model_team_fk', t.teamId, t.modelId, models),
    // The calendar's range query, and a model's day (ranks, conflicts).
    index('calendar_entries_team_date_idx').on(t.teamId, t.date, t.modelId),
    index('calendar_entries_team_model_date_idx').on(t.teamId, t.modelId, t.date),
    index('calendar_entries_order_idx').on(t.orderId, t.modelId, t.date),
    // Options whose expiry the sweep has not dealt with yet.
    index('calendar_entries_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'reserved' and released_at is null`),
    enumCheck('calendar_entries_status_check', t.status, CALENDAR_BOOKING_STATUSES),
  ],
);
