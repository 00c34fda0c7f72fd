import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler';

/** An app whose one route fails with `error`, answered by the error handling every app registers. */
async function failingWith(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/fails', async () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/fails' });
  await app.close();
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: unknown } };
}

describe('error handling', () => {
  it("answers 503 服务暂不可用 while the database restarts, never the driver's words", async () => {
    const lost = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const { status, body } = await failingWith(new DrizzleQueryError('select * from "models"', [], lost));
    expect(status).toBe(503);
    expect(body).toEqual({ code: 50300, message: '服务暂不可用，请稍后再试', data: null });
  });

  it('answers 500 系统异常 for anything unexpected, with no details', async () => {
    const { status, body } = await failingWith(new Error('secret detail'));
    expect(status).toBe(500);
    expect(body).toEqual({ code: 50000, message: '系统异常', data: null });
  });
});
