import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The counts of every rate limit when no Redis is configured (limits/rate-limits.ts): one row per limit
 * and key (`share:203.0.113.7`), the calls counted in its window and when the window ends. The shape is
 * the one rate-limiter-flexible's Drizzle store reads and writes (key, points, expire); rows whose window
 * ended are reused by the key's next call and purged hourly.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true, mode: 'date' }),
});
