/**
 * The rate limits' one store, shared by every process of a deployment (docs/decisions.md "Shared limits"):
 * Redis when REDIS_URL is set, else the database the server runs on (PGlite or PostgreSQL, table
 * `rate_limits`). Counting is rate-limiter-flexible's, atomic in either store (a Lua script in Redis, one
 * INSERT … ON CONFLICT DO UPDATE in the database): a fixed window per key that starts at its first call.
 * Nothing is counted in the process's memory, so N processes allow what one would.
 *
 * The sign-in and code-request limits are not here: they are counted from the sign-in records themselves
 * (domains/session), checked in the transaction of the attempt.
 */
import { lt } from 'drizzle-orm';
import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Database } from '../db/client';
import { rateLimits } from './rate-limit.tables';

/** One limit: so many calls per key in a window. */
export interface RateLimit {
  /**
   * Counts one call of `key`: resolves 0 when it is within the limit, else the seconds until the key's
   * window ends (at least 1). Rejects with a RateLimitStoreError when the store does not answer.
   */
  hit(key: string): Promise<number>;
}

export interface RateLimitStore {
  readonly kind: 'redis' | 'database';
  /** A limit of `points` calls per key every `durationSeconds`; `name` keeps its keys apart from others'. */
  limit(name: string, options: { points: number; durationSeconds: number }): RateLimit;
  /** Removes the database's counts whose window ended over an hour ago (Redis expires its own keys). */
  purgeExpired(): Promise<void>;
  /** Closes the Redis connection; the database is the app's, closed by its owner. */
  close(): Promise<void>;
}

/** The store failed to count a call (Redis unreachable or too slow, a database error). */
export class RateLimitStoreError extends Error {
  constructor(cause: unknown) {
    super(`rate-limit store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'RateLimitStoreError';
  }
}

/** How long a call may wait for Redis before it is counted as a failure of the store. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** Counts are kept this long past their window before the hourly purge removes them. */
const EXPIRED_KEPT_MS = 3_600_000;

export interface RateLimitStoreOptions {
  /** From REDIS_URL and REDIS_KEY_PREFIX; undefined: the database holds the counts. */
  redis: { url: string; keyPrefix: string } | undefined;
  db: Database;
}

/**
 * Opens the configured store. With Redis, waits for the connection and throws when Redis does not
 * answer, so a wrong REDIS_URL stops the start instead of leaving every limit open.
 */
export async function openRateLimitStore({ redis, db }: RateLimitStoreOptions): Promise<RateLimitStore> {
  if (redis) return openRedisStore(redis.url, redis.keyPrefix);
  return {
    kind: 'database',
    limit: (name, { points, durationSeconds }) =>
      limitOf(
        new RateLimiterDrizzle({
          storeClient: db,
          schema: rateLimits,
          keyPrefix: name,
          points,
          duration: durationSeconds,
          // Purged by purgeExpired with the app's other hourly chores, not by a timer of the library's
          // that would outlive the app.
          clearExpiredByTimeout: false,
        }),
      ),
    purgeExpired: async () => {
      await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(Date.now() - EXPIRED_KEPT_MS)));
    },
    close: async () => undefined,
  };
}

async function openRedisStore(url: string, keyPrefix: string): Promise<RateLimitStore> {
  const client = new Redis(url, {
    lazyConnect: true,
    // While Redis is away a call fails at once (and the caller decides) instead of queueing behind it.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  // A lost connection is retried by ioredis; each call made meanwhile fails and its caller reports it.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`Redis at REDIS_URL does not answer: ${(error as Error).message}`, { cause: error });
  }
  return {
    kind: 'redis',
    limit: (name, { points, durationSeconds }) =>
      limitOf(
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${keyPrefix}${name}`,
          points,
          duration: durationSeconds,
        }),
      ),
    purgeExpired: async () => undefined,
    close: async () => {
      if (client.status === 'ready') await client.quit();
      else client.disconnect();
    },
  };
}

function limitOf(limiter: RateLimiterAbstract): RateLimit {
  return {
    async hit(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (outcome) {
        // The library rejects with the key's state when it is over the limit, with an error otherwise.
        if (outcome instanceof RateLimiterRes) return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
        throw new RateLimitStoreError(outcome);
      }
    },
  };
}
