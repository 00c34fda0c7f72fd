import { createHash } from 'node:crypto';
import { MESSAGES, readFailed } from '@trackit/contract/messages';
import { describe, expect, it, vi } from 'vitest';
import { FileReadError } from './checksum';
import {
  ChecksumError,
  checksumConcurrency,
  computeMd5InPage,
  createMd5Pool,
  MAX_CHECKSUM_WORKERS,
  type Md5Worker,
  type Md5WorkerAnswer,
  type Md5WorkerJob,
} from './compute-md5';

/** A stand-in for a Web Worker: records its jobs; the test answers them. */
class FakeWorker implements Md5Worker {
  jobs: Md5WorkerJob[] = [];
  terminated = false;
  private readonly listeners: {
    message: ((event: MessageEvent<Md5WorkerAnswer>) => void)[];
    error: ((event: Event) => void)[];
  } = { message: [], error: [] };

  postMessage(job: Md5WorkerJob) {
    this.jobs.push(job);
  }
  addEventListener(type: 'message' | 'error', listener: (event: never) => void) {
    this.listeners[type].push(listener as never);
  }
  terminate() {
    this.terminated = true;
  }
  answer(answer: Md5WorkerAnswer) {
    for (const listener of this.listeners.message)
      listener({ data: answer } as MessageEvent<Md5WorkerAnswer>);
  }
  crash() {
    for (const listener of this.listeners.error) listener(new Event('error'));
  }
  get current(): Md5WorkerJob {
    const job = this.jobs.at(-1);
    if (!job) throw new Error('no job');
    return job;
  }
}

const file = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('createMd5Pool', () => {
  it('asks the worker to hash 2 MB chunks (docs/product.md §9), read 8 MB at a time', () => {
    const worker = new FakeWorker();
    void createMd5Pool({ createWorker: () => worker }).computeMd5(file('a.jpg'));
    expect(worker.current).toMatchObject({ name: 'a.jpg', chunkBytes: 2_097_152, readBytes: 8_388_608 });
  });

  it('has a worker per core by default, between 1 and 4', () => {
    expect(checksumConcurrency(2)).toBe(2);
    expect(checksumConcurrency(1)).toBe(1);
    expect(checksumConcurrency(16)).toBe(MAX_CHECKSUM_WORKERS);
    expect(MAX_CHECKSUM_WORKERS).toBe(4);
    expect(checksumConcurrency(Number.NaN)).toBe(2);
    expect(checksumConcurrency(0)).toBe(2);

    const workers: FakeWorker[] = [];
    const pool = createMd5Pool({
      createWorker: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker;
      },
    });
    for (let index = 0; index < 8; index += 1) void pool.computeMd5(file(`${index}.jpg`));
    expect(workers).toHaveLength(checksumConcurrency());
  });

  it('hashes with at most `size` workers, reusing them file after file', async () => {
    const workers: FakeWorker[] = [];
    const pool = createMd5Pool({
      size: 2,
      createWorker: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker;
      },
    });
    const results = ['a', 'b', 'c'].map((name) => pool.computeMd5(file(`${name}.jpg`)));
    expect(workers).toHaveLength(2);
    const [first, second] = workers as [FakeWorker, FakeWorker];
    expect(first.jobs.map((job) => job.name)).toEqual(['a.jpg']);
    expect(second.jobs.map((job) => job.name)).toEqual(['b.jpg']);

    first.answer({ id: first.current.id, type: 'done', checksum: 'AAA' });
    expect(first.jobs.map((job) => job.name)).toEqual(['a.jpg', 'c.jpg']);
    second.answer({ id: second.current.id, type: 'done', checksum: 'BBB' });
    first.answer({ id: first.current.id, type: 'done', checksum: 'CCC' });
    expect(await Promise.all(results)).toEqual(['AAA', 'BBB', 'CCC']);
    expect(workers).toHaveLength(2);
  });

  it('passes progress on and turns a read error into 读取文件 {file} 出错', async () => {
    const worker = new FakeWorker();
    const pool = createMd5Pool({ createWorker: () => worker });
    const onProgress = vi.fn();
    const result = pool.computeMd5(file('a.jpg'), onProgress);
    worker.answer({ id: worker.current.id, type: 'progress', loaded: 1 });
    worker.answer({ id: worker.current.id, type: 'error', readError: true, message: 'NotReadableError' });
    expect(onProgress).toHaveBeenCalledWith(1);
    await expect(result).rejects.toBeInstanceOf(FileReadError);
    await expect(result).rejects.toThrow(readFailed('a.jpg'));
  });

  it('fails other worker errors with the system message', async () => {
    const worker = new FakeWorker();
    const pool = createMd5Pool({ createWorker: () => worker });
    const result = pool.computeMd5(file('a.jpg'));
    worker.answer({ id: worker.current.id, type: 'error', readError: false, message: 'CompileError' });
    await expect(result).rejects.toBeInstanceOf(ChecksumError);
    await expect(result).rejects.toThrow(MESSAGES.systemError);
  });

  it('hands the job of a crashed worker to the fallback and replaces the worker', async () => {
    const workers: FakeWorker[] = [];
    const pool = createMd5Pool({
      size: 1,
      createWorker: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker;
      },
      fallback: async (picked) => `fallback:${picked.name}`,
    });
    const first = pool.computeMd5(file('a.jpg'));
    const second = pool.computeMd5(file('b.jpg'));
    workers[0]?.crash();
    expect(await first).toBe('fallback:a.jpg');
    expect(workers[0]?.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    workers[1]?.answer({ id: workers[1].current.id, type: 'done', checksum: 'BBB' });
    expect(await second).toBe('BBB');
  });

  it('uses the fallback when no worker can be created', async () => {
    const pool = createMd5Pool({
      createWorker: () => {
        throw new Error('blocked');
      },
      fallback: async () => 'in-page',
    });
    expect(await pool.computeMd5(file('a.jpg'))).toBe('in-page');
  });
});

describe('computeMd5InPage', () => {
  it('hashes in 2 MB chunks (docs/product.md §9), reading 8 MB at a time', async () => {
    const bytes = new Uint8Array(8_388_608 + 10);
    const starts: number[] = [];
    const blob = new Blob([bytes]);
    const spied = {
      name: 'big.jpg',
      size: blob.size,
      slice: (start: number, end: number) => {
        starts.push(start);
        return blob.slice(start, end);
      },
    } as unknown as File;
    expect(await computeMd5InPage(spied)).toBe(createHash('md5').update(bytes).digest('base64'));
    expect(starts).toEqual([0, 8_388_608]);
  });
});
