/**
 * The checksum worker: hashes one file at a time off the page's thread, so the page stays responsive
 * while hundreds of photos are checked. One hash-wasm hasher per worker, reused for every file.
 */
import { createMD5 } from 'hash-wasm';
import { FileReadError, type IncrementalHasher, md5Base64OfBlob } from './checksum';
import type { Md5WorkerAnswer, Md5WorkerJob } from './compute-md5';

interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<Md5WorkerJob>) => void): void;
  postMessage(answer: Md5WorkerAnswer): void;
}

const scope = self as unknown as WorkerScope;

let hasher: Promise<IncrementalHasher> | undefined;

scope.addEventListener('message', async ({ data: job }) => {
  try {
    hasher ??= createMD5();
    const checksum = await md5Base64OfBlob(job.file, {
      name: job.name,
      chunkBytes: job.chunkBytes,
      readBytes: job.readBytes,
      hasher: await hasher,
      onProgress: (loaded) => scope.postMessage({ id: job.id, type: 'progress', loaded }),
    });
    scope.postMessage({ id: job.id, type: 'done', checksum });
  } catch (error) {
    // A failed WebAssembly set-up is retried with the next file rather than cached.
    if (!(error instanceof FileReadError)) hasher = undefined;
    scope.postMessage({
      id: job.id,
      type: 'error',
      readError: error instanceof FileReadError,
      message: error instanceof Error ? error.message : String(error),
    });
  }
});
