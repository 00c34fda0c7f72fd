import { expect } from 'vitest';

/** The data of a successful answer (code 0); a failure stops the test with the server's message. */
export async function ok<T>(
  promise: Promise<{ body: { code: number; message: string; data: T } }>,
): Promise<T> {
  const res = await promise;
  expect(res.body.code, res.body.message).toBe(0);
  return res.body.data;
}
