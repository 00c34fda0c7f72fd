import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeError } from './error-log';

describe('serializeError', () => {
  it('logs a failed query with its SQL and codes but none of its bound values', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "刘晓阳 13912345678"'), {
      code: '22P02',
      detail: 'Key (mobile)=(13912345678) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into "models" ("name", "mobile") values ($1, $2)',
      ['刘晓阳 13912345678', '13912345678'],
      cause,
    );
    const logged = serializeError(error);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('13912345678');
    expect(text).not.toContain('刘晓阳');
    expect(logged.query).toBe('insert into "models" ("name", "mobile") values ($1, $2)');
    expect(logged.cause).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type integer: "[redacted]"',
    });
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('keeps an ordinary error whole', () => {
    const logged = serializeError(Object.assign(new Error('boom'), { code: 'E_BOOM' }));
    expect(logged).toMatchObject({ type: 'Error', message: 'boom', code: 'E_BOOM' });
    expect(logged.stack).toContain('boom');
  });
});
