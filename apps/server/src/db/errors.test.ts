import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './errors';

/** A failed query as drizzle reports it: the driver's error as its cause. */
const failedQuery = (cause: Error) => new DrizzleQueryError('select 1', [], cause);
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('isDatabaseUnavailable', () => {
  it('knows a database that restarts, starts, refuses or drops the connection', () => {
    for (const cause of [
      pgError('terminating connection due to administrator command', '57P01'),
      pgError('the database system is starting up', '57P03'),
      pgError('sorry, too many clients already', '53300'),
      pgError('connection failure', '08006'),
      pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      pgError('Connection terminated unexpectedly'),
      pgError('Client has encountered a connection error and is not queryable'),
      pgError('timeout exceeded when trying to connect'),
    ]) {
      expect(isDatabaseUnavailable(failedQuery(cause)), cause.message).toBe(true);
    }
  });

  it('leaves the errors of a request to their own answers', () => {
    const duplicate = failedQuery(pgError('duplicate key value violates unique constraint', '23505'));
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(pgError('division by zero', '22012')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
