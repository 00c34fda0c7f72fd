/**
 * MD5 checksums in Web Workers (docs/product.md §5): a pool of workers sized to the cores, created on first use
 * and reused for every file, each hashing one file at a time. Without Worker support the page hashes itself.
 */
import { UPLOAD_CHECKSUM_CHUNK_BYTES } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import { FileReadError, md5Base64OfBlob } from './checksum';

/** Bytes per read of a file being hashed (4 chunks of 2 MB, fed to the hasher one chunk at a time). */
export const CHECKSUM_READ_BYTES = 4 * UPLOAD_CHECKSUM_CHUNK_BYTES;

/** Most checksum workers, whatever the cores: reading files, not the CPU, limits beyond that. */
export const MAX_CHECKSUM_WORKERS = 4;

/**
 * Checksums at once: one per core (navigator.hardwareConcurrency), between 1 and MAX_CHECKSUM_WORKERS;
 * 2 where the browser does not say.
 */
export const checksumConcurrency = (
  cores: number | undefined = typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency,
): number =>
  typeof cores === 'number' && Number.isFinite(cores) && cores >= 1
    ? Math.min(Math.floor(cores), MAX_CHECKSUM_WORKERS)
    : 2;

/** Base64 MD5 of a file; `onProgress` gets the bytes hashed so far. Rejects with FileReadError on a read error. */
export type ComputeMd5 = (file: File, onProgress?: (loaded: number) => void) => Promise<string>;

/** Page → worker. */
export interface Md5WorkerJob {
  id: number;
  file: Blob;
  name: string;
  chunkBytes: number;
  readBytes: number;
}

/** Worker → page. */
export type Md5WorkerAnswer =
  | { id: number; type: 'progress'; loaded: number }
  | { id: number; type: 'done'; checksum: string }
  | { id: number; type: 'error'; readError: boolean; message: string };

/** What the pool needs of a Worker (a fake in tests). */
export interface Md5Worker {
  postMessage(job: Md5WorkerJob): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Md5WorkerAnswer>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

export interface Md5PoolOptions {
  /** Workers at most; defaults to checksumConcurrency() (one per core, at most 4). */
  size?: number;
  createWorker: () => Md5Worker;
  /** Where a job goes when no worker can be created or its worker crashed (the page itself). */
  fallback?: ComputeMd5;
}

export interface Md5Pool {
  computeMd5: ComputeMd5;
  /** Ends every worker; jobs still running or waiting are rejected. */
  dispose(): void;
}

/** The checksum could not be computed for another reason than reading (the worker or WebAssembly failed). */
export class ChecksumError extends Error {
  override readonly name = 'ChecksumError';
  constructor(options?: { cause?: unknown }) {
    super(MESSAGES.systemError, options);
  }
}

interface Job {
  id: number;
  file: File;
  onProgress: ((loaded: number) => void) | undefined;
  resolve: (checksum: string) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Md5Worker;
  job: Job | undefined;
}

/**
 * Hashes in the page itself: for environments without Web Workers, and when a worker fails. hash-wasm
 * is loaded on first use, so the page's bundle does not carry it for a fallback it rarely needs.
 */
export const computeMd5InPage: ComputeMd5 = async (file, onProgress) => {
  try {
    const { createMD5 } = await import('hash-wasm');
    return await md5Base64OfBlob(file, {
      name: file.name,
      chunkBytes: UPLOAD_CHECKSUM_CHUNK_BYTES,
      readBytes: CHECKSUM_READ_BYTES,
      hasher: await createMD5(),
      onProgress,
    });
  } catch (error) {
    throw error instanceof FileReadError ? error : new ChecksumError({ cause: error });
  }
};

export function createMd5Pool({
  size = checksumConcurrency(),
  createWorker,
  fallback,
}: Md5PoolOptions): Md5Pool {
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  let nextId = 1;

  const runElsewhere = (job: Job, cause: unknown) => {
    if (fallback) fallback(job.file, job.onProgress).then(job.resolve, job.reject);
    else job.reject(new ChecksumError({ cause }));
  };

  const drop = (slot: Slot) => {
    slot.worker.terminate();
    const index = slots.indexOf(slot);
    if (index !== -1) slots.splice(index, 1);
  };

  const addSlot = (): Slot => {
    const slot: Slot = { worker: createWorker(), job: undefined };
    slot.worker.addEventListener('message', ({ data }) => {
      const job = slot.job;
      if (!job || data.id !== job.id) return;
      if (data.type === 'progress') {
        job.onProgress?.(data.loaded);
        return;
      }
      if (data.type === 'done') job.resolve(data.checksum);
      else
        job.reject(
          data.readError ? new FileReadError(job.file.name) : new ChecksumError({ cause: data.message }),
        );
      slot.job = undefined;
      pump();
    });
    // The worker's script failed to load or it crashed: its job goes elsewhere, a new worker comes next time.
    slot.worker.addEventListener('error', (event) => {
      const job = slot.job;
      drop(slot);
      if (job) runElsewhere(job, event);
      pump();
    });
    slots.push(slot);
    return slot;
  };

  function pump() {
    while (waiting.length > 0) {
      let slot = slots.find((candidate) => !candidate.job);
      if (!slot && slots.length < size) {
        try {
          slot = addSlot();
        } catch (cause) {
          // No worker can be created here (blocked by policy): the jobs no worker will take go elsewhere.
          if (slots.length === 0) for (const job of waiting.splice(0)) runElsewhere(job, cause);
          return;
        }
      }
      if (!slot) return;
      const job = waiting.shift() as Job;
      slot.job = job;
      slot.worker.postMessage({
        id: job.id,
        file: job.file,
        name: job.file.name,
        chunkBytes: UPLOAD_CHECKSUM_CHUNK_BYTES,
        readBytes: CHECKSUM_READ_BYTES,
      });
    }
  }

  return {
    computeMd5: (file, onProgress) =>
      new Promise<string>((resolve, reject) => {
        waiting.push({ id: nextId++, file, onProgress, resolve, reject });
        pump();
      }),
    dispose: () => {
      for (const slot of [...slots]) {
        slot.job?.reject(new ChecksumError());
        drop(slot);
      }
      for (const job of waiting.splice(0)) job.reject(new ChecksumError());
    },
  };
}

let defaultPool: Md5Pool | undefined;

/** The app-wide checksum function: a module worker per core, or the page itself where workers are missing. */
export const computeMd5: ComputeMd5 = (file, onProgress) => {
  if (typeof Worker === 'undefined') return computeMd5InPage(file, onProgress);
  defaultPool ??= createMd5Pool({
    size: checksumConcurrency(),
    fallback: computeMd5InPage,
    createWorker: () =>
      new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' }) as unknown as Md5Worker,
  });
  return defaultPool.computeMd5(file, onProgress);
};
