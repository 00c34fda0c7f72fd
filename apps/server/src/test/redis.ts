import { randomBytes } from 'node:crypto';

/**
 * The Redis the tests count in, when TEST_REDIS_URL names one: as DATABASE_URL adds the PostgreSQL run,
 * it adds the Redis cases (.ci/run's PostgreSQL suite sets both), so `npm test` needs no Redis.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

/** `entries` when the tests have a Redis, else none: the Redis cases of a `describe.each`. */
export const withTestRedis = <T>(...entries: T[]): T[] => (TEST_REDIS_URL ? entries : []);

/** A key prefix of one test's own, so tests running at once never count each other's calls. */
export const testRedisPrefix = () => `trackit-test:${randomBytes(6).toString('hex')}:`;

/** The environment of a server whose rate limits count in the test Redis, under a prefix of its own. */
export const redisEnv = (prefix = testRedisPrefix()): Record<string, string> => ({
  REDIS_URL: TEST_REDIS_URL ?? '',
  REDIS_KEY_PREFIX: prefix,
});
