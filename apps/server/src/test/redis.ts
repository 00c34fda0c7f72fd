import { randomBytes } from 'node:crypto';

/** The Redis the tests use: TEST_REDIS_URL, else the local one (.ci/run starts it). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of one test's own, so tests running at once never count each other's calls. */
export const testRedisPrefix = () => `trackit-test:${randomBytes(6).toString('hex')}:`;

/** The environment of a server whose rate limits count in the test Redis, under a prefix of its own. */
export const redisEnv = (prefix = testRedisPrefix()): Record<string, string> => ({
  REDIS_URL: TEST_REDIS_URL,
  REDIS_KEY_PREFIX: prefix,
});
