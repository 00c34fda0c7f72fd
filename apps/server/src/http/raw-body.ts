import type { Readable } from 'node:stream';
import { MESSAGES } from '@trackit/contract/messages';
import { AppError } from './app-error';

/** The error of work stopped because its client closed the connection (answered to no one: a 400, not logged). */
export const requestAborted = () => new AppError('badRequest', { message: MESSAGES.requestAborted });

/** Throws `requestAborted()` once `signal` has fired: long work calls it between its steps. */
export function throwIfAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw requestAborted();
}

/**
 * The whole body of a raw-body request (a small file such as a spreadsheet), refused with a 413 and
 * `tooLarge` past `limit` bytes. Past the limit nothing more is kept, but the rest is still read and
 * dropped rather than the connection cut, so the client gets the answer instead of a reset. A body cut
 * short (the client left: `signal` fires, or the stream fails) is `requestAborted()`, not a server error.
 */
export function readLimitedBody(
  body: Readable | undefined,
  { limit, tooLarge, signal }: { limit: number; tooLarge: string; signal?: AbortSignal },
): Promise<Buffer> {
  // A request with no body at all reaches the handler without a stream: an empty file, said as such.
  if (!body) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error: AppError) => {
      body.off('data', onData);
      body.off('end', onEnd);
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stop(new AppError('payloadTooLarge', { message: tooLarge }));
      body.resume();
    };
    const onEnd = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve(Buffer.concat(chunks, size));
    };
    const onAbort = () => stop(requestAborted());
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', () => stop(requestAborted()));
  });
}
