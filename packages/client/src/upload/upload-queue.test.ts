import { DIRECT_UPLOAD_SETTLE_MS } from '@trackit/contract/constants';
import type { EndpointSpec } from '@trackit/contract/endpoint';
import { folderEndpoints } from '@trackit/contract/folder.endpoints';
import { readFailed, storageFailed } from '@trackit/contract/messages';
import { uploadEndpoints } from '@trackit/contract/upload.endpoints';
import type { FileItem } from '@trackit/contract/upload.schema';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { CallOptions } from '../api-client';
import { FileReadError } from './checksum';
import type { ComputeMd5 } from './compute-md5';
import {
  ANNOUNCEMENT_FRESH_MS,
  createUploadQueue,
  progressPercent,
  summarizeUploads,
  type UploadItem,
} from './upload-queue';
import { type PutFile, sleep, type UploadApi, type UploadDeps } from './upload-steps';

const CHECKSUM = 'XUFAKrxLKna5cZ2REBfFkg==';

const fileItem = (folderId: number, signedId: string): FileItem => ({
  id: Number(signedId.replace(/\D/g, '')) || 1,
  folder_id: folderId,
  name: signedId,
  content_type: 'image/png',
  byte_size: 5,
  checksum: CHECKSUM,
  kind: 'image',
  thumbnail_state: 'pending',
  url: `/files/${signedId}`,
  thumb_url: null,
  preview_url: null,
  created_at: '2025-01-01T00:00:00Z',
});

const png = (name: string, size = 5) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** `call` and `callEnvelope` as the steps use them: an endpoint, its `{ body }`, the options. */
type ApiCall = (
  endpoint: EndpointSpec,
  input?: { body?: unknown },
  options?: CallOptions,
) => Promise<unknown>;
type ApiMock = Mock<ApiCall>;

interface Harness {
  deps: UploadDeps;
  log: string[];
  api: { call: ApiMock; callEnvelope: ApiMock };
}

/** Dependencies that succeed and log each step, unless a test replaces one. */
const harness = (overrides: Partial<UploadDeps> = {}): Harness => {
  const log: string[] = [];
  let uploads = 0;
  const api = {
    callEnvelope: vi.fn<ApiCall>(async (endpoint, input) => {
      const body = input?.body as { filename: string };
      log.push(`${endpoint.method.toLowerCase()} ${endpoint.path} ${body.filename}`);
      uploads += 1;
      return {
        code: 0,
        message: 'ok',
        data: {
          direct_upload: {
            url: `https://store.example/blob-${uploads}`,
            headers: { 'Content-Type': 'image/png', 'Content-MD5': CHECKSUM },
            preview_url: `https://store.example/view-${uploads}`,
          },
          signed_id: `signed-${uploads}`,
        },
      };
    }),
    call: vi.fn<ApiCall>(async (endpoint, input) => {
      const record = input?.body as { folder_id: number; signed_id: string };
      log.push(`${endpoint.method.toLowerCase()} ${endpoint.path} ${record.signed_id}`);
      return fileItem(record.folder_id, record.signed_id);
    }),
  };
  const computeMd5: ComputeMd5 = async (file, onProgress) => {
    log.push(`md5 ${file.name}`);
    onProgress?.(file.size);
    return CHECKSUM;
  };
  const putFile: PutFile = async ({ url, body, onProgress }) => {
    log.push(`put ${url}`);
    onProgress?.(body.size, body.size);
    return 200;
  };
  const deps: UploadDeps = {
    api: api as unknown as UploadApi,
    computeMd5,
    putFile,
    sleep: async (ms) => {
      log.push(`sleep ${ms}`);
    },
    ...overrides,
  };
  return { deps, log, api };
};

/** Resolves once the queue has nothing uploading. */
const settled = (queue: ReturnType<typeof createUploadQueue>) =>
  vi.waitFor(() => {
    if (queue.isBusy()) throw new Error('still uploading');
  });

const only = (queue: ReturnType<typeof createUploadQueue>): UploadItem => {
  const [item] = queue.getSnapshot();
  if (!item) throw new Error('no item');
  return item;
};

const quiet = { unloadTarget: null, createThumbUrl: () => undefined } as const;

afterEach(() => {
  vi.useRealTimers();
});

describe('upload queue', () => {
  it('checksums, asks for a direct upload, PUTs, waits 200 ms, then creates the file record', async () => {
    const { deps, log, api } = harness();
    const puts: Parameters<PutFile>[0][] = [];
    const put = deps.putFile;
    deps.putFile = async (request) => {
      puts.push(request);
      return put(request);
    };
    const queue = createUploadQueue({ deps, ...quiet });
    const file = png('look-1.png');
    const [added] = queue.enqueue([file], 12);
    expect(added).toMatchObject({ name: 'look-1.png', status: 'uploading', percent: 0, foldId: 12 });

    await settled(queue);
    expect(log).toEqual([
      'md5 look-1.png',
      'post /v1/direct_uploads look-1.png',
      'put https://store.example/blob-1',
      `sleep ${DIRECT_UPLOAD_SETTLE_MS}`,
      'post /v1/files signed-1',
    ]);
    expect(api.callEnvelope).toHaveBeenCalledExactlyOnceWith(
      uploadEndpoints.announce,
      {
        body: {
          checksum: CHECKSUM,
          content_type: 'image/png',
          byte_size: 5,
          filename: 'look-1.png',
          suffix: 'png',
        },
      },
      expect.objectContaining({ skipCodeCheck: true }),
    );
    expect(puts[0]).toMatchObject({
      url: 'https://store.example/blob-1',
      headers: { 'Content-Type': 'image/png', 'Content-MD5': CHECKSUM },
    });
    expect(puts[0]?.body).toBe(file);
    expect(api.call).toHaveBeenCalledExactlyOnceWith(
      folderEndpoints.addFile,
      { body: { folder_id: 12, signed_id: 'signed-1' } },
      expect.objectContaining({ hideToast: true }),
    );
    expect(only(queue)).toMatchObject({ status: 'success', percent: 100, error: undefined });
    expect(only(queue).file?.folder_id).toBe(12);
  });

  it('creates the file record only after the 200 ms settle time (docs/product.md §9)', async () => {
    vi.useFakeTimers();
    const { deps, api } = harness({ sleep });
    const queue = createUploadQueue({ deps, ...quiet });
    queue.enqueue([png('a.png')], 1);

    await vi.advanceTimersByTimeAsync(DIRECT_UPLOAD_SETTLE_MS - 1);
    expect(api.callEnvelope).toHaveBeenCalledTimes(1);
    expect(api.call).not.toHaveBeenCalled();
    expect(only(queue).percent).toBe(99);

    await vi.advanceTimersByTimeAsync(1);
    expect(api.call).toHaveBeenCalledTimes(1);
    expect(only(queue).status).toBe('success');
  });

  it('fails an item whose PUT answers outside 200–299 with 文件存储失败（状态码 500）', async () => {
    const { deps, api } = harness({ putFile: async () => 500 });
    const queue = createUploadQueue({ deps, ...quiet });
    queue.enqueue([png('a.png')], 1);
    await settled(queue);
    expect(only(queue)).toMatchObject({ status: 'error', error: storageFailed(500) });
    expect(only(queue).error).toBe('文件存储失败（状态码 500）');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('fails an item whose file cannot be read with 读取文件 {file} 出错', async () => {
    const { deps, api } = harness({
      computeMd5: async (file) => {
        throw new FileReadError(file.name);
      },
    });
    const queue = createUploadQueue({ deps, ...quiet });
    queue.enqueue([png('旅拍.png')], 1);
    await settled(queue);
    expect(only(queue)).toMatchObject({ status: 'error', error: readFailed('旅拍.png') });
    expect(only(queue).error).toBe('读取文件 旅拍.png 出错');
    expect(api.callEnvelope).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of the direct upload on the item', async () => {
    const { deps, api } = harness();
    api.callEnvelope.mockResolvedValueOnce({ code: 10413, message: '文件大小超过上限', data: null });
    const queue = createUploadQueue({ deps, ...quiet });
    queue.enqueue([png('huge.png')], 1);
    await settled(queue);
    expect(only(queue)).toMatchObject({ status: 'error', error: '文件大小超过上限' });
  });

  it('shows the server’s refusal of the file record on the item', async () => {
    const { deps, api } = harness();
    api.call.mockRejectedValueOnce(new Error('文件夹不存在'));
    const queue = createUploadQueue({ deps, ...quiet });
    queue.enqueue([png('a.png')], 99);
    await settled(queue);
    expect(only(queue)).toMatchObject({ status: 'error', error: '文件夹不存在' });
  });

  it('runs at most `concurrency` PUTs; the files behind wait as uploading', async () => {
    const releases: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const { deps } = harness({
      putFile: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return 200;
      },
    });
    const queue = createUploadQueue({ deps, concurrency: 2, checksumConcurrency: 1, ...quiet });
    queue.enqueue(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((n) => png(`${n}.png`)),
      1,
    );

    await vi.waitFor(() => expect(releases).toHaveLength(2));
    expect(queue.getSnapshot().every((item) => item.status === 'uploading')).toBe(true);
    // The last files have not even started their checksum.
    expect(queue.getSnapshot().at(-1)?.percent).toBe(0);
    while (releases.length > 0 || queue.isBusy()) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(most).toBe(2);
    expect(queue.getSnapshot().every((item) => item.status === 'success')).toBe(true);
  });

  it('frees the slot for the next file during the settle wait and the record', async () => {
    const settles: (() => void)[] = [];
    let md5Calls = 0;
    const { deps } = harness({
      computeMd5: async () => {
        md5Calls += 1;
        return CHECKSUM;
      },
      sleep: () => new Promise<void>((resolve) => settles.push(resolve)),
    });
    const queue = createUploadQueue({ deps, concurrency: 1, ...quiet });
    queue.enqueue([png('a.png'), png('b.png')], 1);
    // The first file waits to settle; the second is already being read and sent.
    await vi.waitFor(() => expect(settles).toHaveLength(2));
    expect(md5Calls).toBe(2);
    for (const settle of settles) settle();
    await vi.waitFor(() => expect(queue.getSnapshot().every((item) => item.status === 'success')).toBe(true));
  });

  it('defaults to 3 PUTs at once (docs/product.md §9)', async () => {
    const releases: (() => void)[] = [];
    const { deps } = harness({
      putFile: () => new Promise<number>((resolve) => releases.push(() => resolve(200))),
    });
    const queue = createUploadQueue({ deps, ...quiet });
    queue.enqueue(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'].map((n) => png(`${n}.png`)),
      1,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(releases).toHaveLength(3);
  });

  it('retries a failed item: back to uploading at 0%, then success', async () => {
    let status = 500;
    const { deps, log } = harness({ putFile: async () => status });
    const queue = createUploadQueue({ deps, ...quiet });
    queue.enqueue([png('a.png')], 3);
    await settled(queue);
    expect(only(queue).status).toBe('error');
    expect(only(queue).percent).toBeGreaterThan(0);

    status = 201;
    const seen: UploadItem[] = [];
    queue.subscribe(() => seen.push(only(queue)));
    queue.retry(only(queue).uid);
    expect(seen[0]).toMatchObject({ status: 'uploading', percent: 0, error: undefined });
    await settled(queue);
    expect(only(queue)).toMatchObject({ status: 'success', percent: 100 });
    // The checksum of the first attempt is kept: the file is read once.
    expect(log.filter((line) => line.startsWith('md5'))).toHaveLength(1);
  });

  it('ignores a retry of an item that did not fail', async () => {
    const { deps, api } = harness();
    const queue = createUploadQueue({ deps, ...quiet });
    const [item] = queue.enqueue([png('a.png')], 1);
    await settled(queue);
    queue.retry(item?.uid ?? '');
    queue.retry('nope');
    expect(only(queue).status).toBe('success');
    expect(api.callEnvelope).toHaveBeenCalledTimes(1);
  });

  it('reports whole percents that only move forward, then 100 on success', async () => {
    const { deps } = harness({
      computeMd5: async (file, onProgress) => {
        onProgress?.(file.size / 2);
        onProgress?.(file.size / 2);
        return CHECKSUM;
      },
      putFile: async ({ body, onProgress }) => {
        onProgress?.(body.size / 4, body.size);
        onProgress?.(body.size / 10, body.size);
        onProgress?.(body.size, body.size);
        return 200;
      },
    });
    const queue = createUploadQueue({ deps, ...quiet });
    const percents: number[] = [];
    queue.subscribe(() => percents.push(only(queue).percent));
    queue.enqueue([png('a.png', 1000)], 1);
    await settled(queue);
    expect(percents).toEqual([0, 5, 10, 32, 99, 100]);
  });

  it('makes image previews and frees them when finished items are cleared', async () => {
    const revoked: string[] = [];
    const releases: (() => void)[] = [];
    const { deps } = harness({
      computeMd5: (file) =>
        file.name === 'slow.png'
          ? new Promise<string>((resolve) => releases.push(() => resolve(CHECKSUM)))
          : Promise.resolve(CHECKSUM),
    });
    const queue = createUploadQueue({
      deps,
      unloadTarget: null,
      createThumbUrl: (file) => (file.type.startsWith('image/') ? `blob:${file.name}` : undefined),
      revokeThumbUrl: (url) => revoked.push(url),
    });
    queue.enqueue([png('done.png'), new File(['%PDF'], 'contract.pdf', { type: 'application/pdf' })], 1);
    queue.enqueue([png('slow.png')], 1);
    expect(queue.getSnapshot().map((item) => item.thumbUrl)).toEqual([
      'blob:done.png',
      undefined,
      'blob:slow.png',
    ]);

    await vi.waitFor(() => expect(summarizeUploads(queue.getSnapshot()).done).toBe(2));
    queue.clearFinished();
    expect(queue.getSnapshot().map((item) => item.name)).toEqual(['slow.png']);
    expect(revoked).toEqual(['blob:done.png']);

    releases.shift()?.();
    await settled(queue);
    queue.clearFinished();
    expect(queue.getSnapshot()).toEqual([]);
    expect(revoked).toEqual(['blob:done.png', 'blob:slow.png']);
  });

  it('asks before the tab closes only while uploads run', async () => {
    const target = new EventTarget();
    let release: () => void = () => undefined;
    const { deps } = harness({
      computeMd5: () => new Promise<string>((resolve) => (release = () => resolve(CHECKSUM))),
    });
    const queue = createUploadQueue({ deps, unloadTarget: target, createThumbUrl: () => undefined });
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      // Node's Event has a read-only returnValue; a browser's BeforeUnloadEvent lets pages set it.
      Object.defineProperty(event, 'returnValue', { value: undefined, writable: true });
      target.dispatchEvent(event);
      return event.defaultPrevented && Boolean((event as Event & { returnValue: unknown }).returnValue);
    };
    expect(leave()).toBe(false);
    queue.enqueue([png('a.png')], 1);
    expect(queue.isBusy()).toBe(true);
    expect(leave()).toBe(true);
    release();
    await settled(queue);
    expect(leave()).toBe(false);
  });

  it('keeps the same snapshot between changes (for useSyncExternalStore)', () => {
    const { deps } = harness({ computeMd5: () => new Promise<string>(() => undefined) });
    const queue = createUploadQueue({ deps, ...quiet });
    const empty = queue.getSnapshot();
    expect(queue.getSnapshot()).toBe(empty);
    queue.enqueue([png('a.png')], 1);
    const next = queue.getSnapshot();
    expect(next).not.toBe(empty);
    expect(queue.getSnapshot()).toBe(next);
  });
});

/** A promise the test settles when it wants. */
const deferred = <T>() => {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('upload queue scheduling (checksums ahead of the PUTs)', () => {
  it('checksums and announces the next file while the previous one is still sending', async () => {
    const puts = new Map<string, ReturnType<typeof deferred<number>>>();
    const { deps, log } = harness({
      putFile: ({ url }) => {
        log.push(`put ${url}`);
        const gate = deferred<number>();
        puts.set(url, gate);
        return gate.promise;
      },
    });
    const queue = createUploadQueue({ deps, concurrency: 1, checksumConcurrency: 1, ...quiet });
    queue.enqueue([png('a.png'), png('b.png'), png('c.png')], 1);

    await vi.waitFor(() => expect(log).toContain('put https://store.example/blob-1'));
    await tick();
    // a is sending; b (and c) are already checked and announced, but wait for the one PUT place.
    expect(log.indexOf('md5 b.png')).toBeGreaterThan(-1);
    expect(log).toContain('post /v1/direct_uploads b.png');
    expect(log.filter((line) => line.startsWith('put '))).toEqual(['put https://store.example/blob-1']);
    expect(queue.getSnapshot().map((item) => item.percent)).toEqual([10, 10, 10]);

    puts.get('https://store.example/blob-1')?.resolve(200);
    await vi.waitFor(() => expect(puts.has('https://store.example/blob-2')).toBe(true));
    // b's PUT started without a checksum or an announcement in between.
    const afterFirstPut = log.slice(log.indexOf('put https://store.example/blob-1') + 1);
    expect(
      afterFirstPut.filter((line) => line.startsWith('md5 b') || line.includes('direct_uploads b')),
    ).toEqual([]);
    puts.get('https://store.example/blob-2')?.resolve(200);
    await vi.waitFor(() => expect(puts.has('https://store.example/blob-3')).toBe(true));
    puts.get('https://store.example/blob-3')?.resolve(200);
    await settled(queue);
    expect(queue.getSnapshot().every((item) => item.status === 'success')).toBe(true);
  });

  it('runs at most K checksums and M PUTs at once, and uses both pools in full', async () => {
    let hashing = 0;
    let mostHashing = 0;
    let sending = 0;
    let mostSending = 0;
    const { deps } = harness({
      computeMd5: async (file) => {
        hashing += 1;
        mostHashing = Math.max(mostHashing, hashing);
        await new Promise((resolve) => setTimeout(resolve, 1 + (file.size % 3)));
        hashing -= 1;
        return CHECKSUM;
      },
      putFile: async ({ body }) => {
        sending += 1;
        mostSending = Math.max(mostSending, sending);
        await new Promise((resolve) => setTimeout(resolve, 4 + (body.size % 5)));
        sending -= 1;
        return 200;
      },
    });
    const queue = createUploadQueue({ deps, concurrency: 3, checksumConcurrency: 2, ...quiet });
    queue.enqueue(
      Array.from({ length: 24 }, (_, index) => png(`${index}.png`, 5 + index)),
      1,
    );
    await settled(queue);
    expect(queue.getSnapshot().every((item) => item.status === 'success')).toBe(true);
    expect(mostHashing).toBe(2);
    expect(mostSending).toBe(3);
  });

  it('checks and announces no further ahead than both pools can take next', async () => {
    const { deps, log } = harness({
      putFile: ({ url }) => {
        log.push(`put ${url}`);
        return new Promise<number>(() => undefined);
      },
    });
    const queue = createUploadQueue({ deps, concurrency: 3, checksumConcurrency: 2, ...quiet });
    queue.enqueue(
      Array.from({ length: 20 }, (_, index) => png(`${index}.png`)),
      1,
    );
    await tick();
    await tick();
    // 3 sending, then 2 + 3 checked and announced, waiting: the other 12 have not been read.
    expect(log.filter((line) => line.startsWith('put '))).toHaveLength(3);
    expect(log.filter((line) => line.startsWith('md5 '))).toHaveLength(8);
    expect(log.filter((line) => line.includes('/v1/direct_uploads'))).toHaveLength(8);
    expect(queue.getSnapshot().filter((item) => item.percent === 0)).toHaveLength(12);
  });

  it('gives a freed PUT place to the first ready file in line, whatever order they were announced in', async () => {
    const answers: (() => void)[] = [];
    const first = deferred<number>();
    const { deps, log, api } = harness({
      putFile: ({ url }) => {
        log.push(`put ${url}`);
        return url.endsWith('blob-1') ? first.promise : Promise.resolve(200);
      },
    });
    const announce = api.callEnvelope.getMockImplementation() as NonNullable<
      ReturnType<typeof api.callEnvelope.getMockImplementation>
    >;
    api.callEnvelope.mockImplementation((...args) =>
      (args[1]?.body as { filename?: string } | undefined)?.filename === 'x.png'
        ? announce(...args)
        : new Promise((resolve) => answers.push(() => resolve(announce(...args)))),
    );
    const queue = createUploadQueue({ deps, concurrency: 1, checksumConcurrency: 2, ...quiet });
    queue.enqueue([png('x.png'), png('a.png'), png('b.png')], 1);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    // x sends (blob-1); b is announced first (blob-2), then a (blob-3).
    answers[1]?.();
    await tick();
    answers[0]?.();
    await tick();
    first.resolve(200);
    await settled(queue);
    expect(log.filter((line) => line.startsWith('put '))).toEqual([
      'put https://store.example/blob-1',
      'put https://store.example/blob-3',
      'put https://store.example/blob-2',
    ]);
  });

  it('sends a retried file ahead of the files still waiting', async () => {
    const gates: ReturnType<typeof deferred<number>>[] = [];
    const { deps, log } = harness({
      putFile: ({ url }) => {
        log.push(`put ${url}`);
        if (url.endsWith('blob-1')) return Promise.resolve(500);
        const gate = deferred<number>();
        gates.push(gate);
        return gate.promise;
      },
    });
    const queue = createUploadQueue({ deps, concurrency: 1, checksumConcurrency: 1, ...quiet });
    const [first] = queue.enqueue(
      ['a', 'b', 'c', 'd'].map((name) => png(`${name}.png`)),
      1,
    );
    await vi.waitFor(() => expect(gates).toHaveLength(1));
    expect(queue.getSnapshot()[0]?.status).toBe('error');

    queue.retry(first?.uid ?? '');
    await tick();
    gates[0]?.resolve(200);
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    const puts = log.filter((line) => line.startsWith('put ')).map((line) => line.split('/').at(-1));
    // a (blob-1, failed), b (blob-2), then a again with a new announcement, before c and d.
    const retried = log.filter((line) => line === 'post /v1/direct_uploads a.png');
    expect(retried).toHaveLength(2);
    expect(puts.slice(0, 2)).toEqual(['blob-1', 'blob-2']);
    const third = puts[2];
    const announcedFor = log.filter((line) => line.startsWith('post /v1/direct_uploads'));
    // The third PUT is the address of a's second announcement.
    expect(announcedFor[Number(third?.replace('blob-', '')) - 1]).toBe('post /v1/direct_uploads a.png');
    for (const gate of gates.splice(0)) gate.resolve(200);
    while (queue.isBusy()) {
      await tick();
      for (const gate of gates.splice(0)) gate.resolve(200);
    }
    expect(queue.getSnapshot().every((item) => item.status === 'success')).toBe(true);
    // The retry did not read the file again.
    expect(log.filter((line) => line === 'md5 a.png')).toHaveLength(1);
  });

  it('asks again for an address announced more than half its lifetime before the PUT', async () => {
    vi.useFakeTimers();
    const gates: ReturnType<typeof deferred<number>>[] = [];
    const { deps, log } = harness({
      putFile: ({ url }) => {
        log.push(`put ${url}`);
        const gate = deferred<number>();
        gates.push(gate);
        return gate.promise;
      },
    });
    const queue = createUploadQueue({ deps, concurrency: 1, checksumConcurrency: 1, ...quiet });
    queue.enqueue([png('a.png'), png('b.png')], 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(log.filter((line) => line.includes('/v1/direct_uploads'))).toHaveLength(2);

    // a's PUT takes longer than half the address lifetime: b's address is too old to start with.
    await vi.advanceTimersByTimeAsync(ANNOUNCEMENT_FRESH_MS + 1);
    gates[0]?.resolve(200);
    await vi.advanceTimersByTimeAsync(0);
    expect(log.filter((line) => line.includes('/v1/direct_uploads b.png'))).toHaveLength(2);
    expect(log.at(-1)).toBe('put https://store.example/blob-3');
    gates[1]?.resolve(200);
    await vi.advanceTimersByTimeAsync(DIRECT_UPLOAD_SETTLE_MS);
    expect(queue.getSnapshot().map((item) => item.status)).toEqual(['success', 'success']);
  });

  it('fails only the file whose announcement fails; the others go on', async () => {
    const { deps, api } = harness();
    const announce = api.callEnvelope.getMockImplementation() as NonNullable<
      ReturnType<typeof api.callEnvelope.getMockImplementation>
    >;
    api.callEnvelope.mockImplementation(async (endpoint, input, options) => {
      if ((input?.body as { filename?: string } | undefined)?.filename === 'b.png')
        return { code: 10400, message: '不支持的文件类型', data: null };
      return announce(endpoint, input, options);
    });
    const queue = createUploadQueue({ deps, concurrency: 1, checksumConcurrency: 1, ...quiet });
    queue.enqueue([png('a.png'), png('b.png'), png('c.png')], 1);
    await settled(queue);
    expect(queue.getSnapshot().map((item) => [item.name, item.status, item.error])).toEqual([
      ['a.png', 'success', undefined],
      ['b.png', 'error', '不支持的文件类型'],
      ['c.png', 'success', undefined],
    ]);
  });
});

describe('progressPercent', () => {
  it('gives the checksum the first 10% and the PUT up to 99%', () => {
    expect(progressPercent({ phase: 'checksum', loaded: 0, total: 100 })).toBe(0);
    expect(progressPercent({ phase: 'checksum', loaded: 100, total: 100 })).toBe(10);
    expect(progressPercent({ phase: 'upload', loaded: 50, total: 100 })).toBe(54);
    expect(progressPercent({ phase: 'upload', loaded: 100, total: 100 })).toBe(99);
    expect(progressPercent({ phase: 'upload', loaded: 0, total: 0 })).toBe(99);
  });
});

describe('summarizeUploads', () => {
  const item = (status: UploadItem['status'], percent: number): UploadItem => ({
    uid: `${status}-${percent}`,
    name: 'a.png',
    status,
    percent,
    thumbUrl: undefined,
    foldId: 1,
    size: 1,
    contentType: 'image/png',
    error: undefined,
    file: undefined,
  });

  it('counts successes as done, and the percentage over the files that can still finish', () => {
    expect(summarizeUploads([item('success', 100), item('error', 40), item('uploading', 10)])).toEqual({
      total: 3,
      done: 1,
      failed: 1,
      uploading: 1,
      percent: 55,
      progressShare: 110 / 3,
      failedShare: 100 / 3,
      finished: false,
    });
    expect(summarizeUploads([item('success', 100), item('error', 40)])).toMatchObject({
      finished: true,
      percent: 100,
      progressShare: 50,
      failedShare: 50,
    });
    expect(summarizeUploads([])).toMatchObject({ total: 0, percent: 0, finished: false });
  });

  it('does not count failed files as done (已完成 0/6, 失败 5 is not 88 %)', () => {
    const batch = [
      ...Array.from({ length: 5 }, (_, index) => item('error', index * 10)),
      item('uploading', 30),
    ];
    const summary = summarizeUploads(batch);
    expect(summary).toMatchObject({ done: 0, failed: 5, total: 6, percent: 30 });
    expect(summary.progressShare).toBe(5);
    expect(summary.failedShare).toBeCloseTo(83.33, 1);

    const allFailed = summarizeUploads(Array.from({ length: 6 }, () => item('error', 90)));
    expect(allFailed).toMatchObject({ done: 0, failed: 6, percent: 0, progressShare: 0, failedShare: 100 });
    expect(allFailed.finished).toBe(true);
  });
});
