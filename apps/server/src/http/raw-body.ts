import type { Readable } from 'node:stream';
import { AppError } from './app-error';

/**
 * The whole body of a raw-body request (a small file such as a spreadsheet), refused with a 413 and
 * `message` past `limit` bytes. Past the limit nothing more is kept, but the rest is still read and
 * dropped rather than the connection cut, so the client gets the answer instead of a reset.
 */
export function readLimitedBody(body: Readable, limit: number, message: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = () => new AppError('payloadTooLarge', { message });
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      body.off('data', onData);
      body.off('end', onEnd);
      body.resume();
      reject(tooLarge());
    };
    const onEnd = () => resolve(Buffer.concat(chunks, size));
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', reject);
  });
}
