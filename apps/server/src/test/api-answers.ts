import { expect } from 'vitest';

/** The data of a successful answer (code 0); a failure stops the test with the server's message. */
export async function ok<T>(
  promise: Promise<{ body: { code: number; message: string; data: T } }>,
): Promise<T> {
  const res = await promise;
  expect(res.body.code, res.body.message).toBe(0);
  return res.body.data;
}

/** A refused answer: its HTTP status and, when given, its (Chinese) message. */
export async function refused(
  promise: Promise<{ status: number; body: { message: string } }>,
  status: number,
  message?: string,
): Promise<void> {
  const res = await promise;
  expect(res.status, res.body.message).toBe(status);
  if (message !== undefined) expect(res.body.message).toBe(message);
}
