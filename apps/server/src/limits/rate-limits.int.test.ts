/**
 * The rate limits' store (docs/decisions.md "Shared limits"), in the database the suite runs on (PGlite,
 * or PostgreSQL with DATABASE_URL) and in Redis: counts per key, the wait until a window ends, windows
 * that end, counts shared by every process on the store, and a store that fails.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { pollUntil } from '../test/poll';
import { TEST_REDIS_URL, testRedisPrefix, withTestRedis } from '../test/redis';
import { createTestDatabase } from '../test/test-database';
import { rateLimits } from './rate-limit.tables';
import { openRateLimitStore, type RateLimitStore, RateLimitStoreError } from './rate-limits';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const STORES = [
  {
    store: 'the database',
    open: () => () => openRateLimitStore({ redis: undefined, db: database.db }),
  },
  ...withTestRedis({
    store: 'Redis',
    // One prefix per test: every store it opens shares it, as the processes of one deployment do.
    open: () => {
      const keyPrefix = testRedisPrefix();
      return () =>
        openRateLimitStore({ redis: { url: TEST_REDIS_URL as string, keyPrefix }, db: database.db });
    },
  }),
];

describe.each(STORES)('rate limits in $store', ({ store: kind, open }) => {
  const opened: RateLimitStore[] = [];
  /** A store for one test; `again()` opens another on the same place, as a second process would. */
  const storeOfTest = async () => {
    const again = open();
    const first = await again();
    opened.push(first);
    return {
      store: first,
      again: async () => {
        const other = await again();
        opened.push(other);
        return other;
      },
    };
  };
  afterAll(async () => {
    for (const store of opened) await store.close();
  });

  it('allows so many calls per key, then answers the seconds until the window ends', async () => {
    const { store } = await storeOfTest();
    expect(store.kind).toBe(kind === 'Redis' ? 'redis' : 'database');
    const limit = store.limit('probe', { points: 3, durationSeconds: 60 });
    expect([await limit.hit('a'), await limit.hit('a'), await limit.hit('a')]).toEqual([0, 0, 0]);
    const wait = await limit.hit('a');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Another key, and the same key under another limit's name, have counts of their own.
    expect(await limit.hit('b')).toBe(0);
    expect(await store.limit('other', { points: 1, durationSeconds: 60 }).hit('a')).toBe(0);
  });

  it('allows the key again once its window has ended', async () => {
    const { store } = await storeOfTest();
    const limit = store.limit('short', { points: 1, durationSeconds: 1 });
    // Calls until one is refused (two calls may straddle the end of a window on a busy machine)…
    await pollUntil(async () => ((await limit.hit('a')) > 0 ? true : undefined));
    // …then waits for the window to end.
    await pollUntil(async () => ((await limit.hit('a')) === 0 ? true : undefined));
  });

  it('counts the calls of every process on the store together, exactly, when they come at once', async () => {
    const { store, again } = await storeOfTest();
    const limits = [store, await again()].map((each) =>
      each.limit('shared', { points: 30, durationSeconds: 60 }),
    );
    const waits = await Promise.all(Array.from({ length: 50 }, (_, i) => limits[i % 2]?.hit('a')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(30);
    expect(waits.filter((wait) => (wait ?? 0) > 0)).toHaveLength(20);
  });
});

describe('rate limits in the database', () => {
  it('purges the counts whose window ended over an hour ago', async () => {
    const store = await openRateLimitStore({ redis: undefined, db: database.db });
    const now = Date.now();
    await database.db.insert(rateLimits).values([
      { key: 'purge:old', points: 4, expire: new Date(now - 2 * 3_600_000) },
      { key: 'purge:recent', points: 4, expire: new Date(now - 60_000) },
      { key: 'purge:current', points: 4, expire: new Date(now + 60_000) },
    ]);
    await store.purgeExpired();
    const keys = await database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, 'purge:%'));
    expect(keys.map((row) => row.key).sort()).toEqual(['purge:current', 'purge:recent']);
  });

  it('counts in the rate_limits table of the migrations', async () => {
    const store = await openRateLimitStore({ redis: undefined, db: database.db });
    await store.limit('table', { points: 5, durationSeconds: 60 }).hit('203.0.113.7');
    await store.limit('table', { points: 5, durationSeconds: 60 }).hit('203.0.113.7');
    const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, 'table:203.0.113.7'));
    expect(row?.points).toBe(2);
    expect(row?.expire?.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('rate limits in Redis', () => {
  it('will not open on a Redis that does not answer, and says so', async () => {
    await expect(
      openRateLimitStore({ redis: { url: 'redis://127.0.0.1:1', keyPrefix: 'x:' }, db: database.db }),
    ).rejects.toThrow(/Redis at REDIS_URL does not answer/);
  });

  // With a Redis to count in (TEST_REDIS_URL; .ci/run's PostgreSQL suite).
  it.for(withTestRedis(TEST_REDIS_URL as string))(
    'fails a call with a RateLimitStoreError once Redis is gone',
    async (url) => {
      const store = await openRateLimitStore({
        redis: { url, keyPrefix: testRedisPrefix() },
        db: database.db,
      });
      const limit = store.limit('gone', { points: 5, durationSeconds: 60 });
      expect(await limit.hit('a')).toBe(0);
      await store.close();
      await expect(limit.hit('a')).rejects.toBeInstanceOf(RateLimitStoreError);
    },
  );
});
