import { createHash, randomBytes } from 'node:crypto';
import { UPLOAD_CHECKSUM_CHUNK_BYTES } from '@trackit/contract/constants';
import { readFailed } from '@trackit/contract/messages';
import { MD5_BASE64_PATTERN } from '@trackit/contract/upload.schema';
import { createMD5 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { bytesToBase64, FileReadError, md5Base64OfBlob } from './checksum';

const nodeMd5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('base64');

/** A blob that records where each read starts and ends. */
const spyBlob = (bytes: Uint8Array<ArrayBuffer>, reads: [number, number][]): Blob => {
  const blob = new Blob([bytes]);
  return {
    size: blob.size,
    slice: (start: number, end: number) => {
      reads.push([start, end]);
      return blob.slice(start, end);
    },
  } as unknown as Blob;
};

describe('md5Base64OfBlob', () => {
  const chunk = UPLOAD_CHECKSUM_CHUNK_BYTES;

  it.each([
    ['empty', 0],
    ['one byte', 1],
    ['one byte short of a chunk', chunk - 1],
    ['exactly one chunk', chunk],
    ['one byte past a chunk', chunk + 1],
    ['2.5 chunks', chunk * 2 + chunk / 2],
    ['4.5 reads of 4 chunks', chunk * 18],
  ])('matches Node’s MD5 for %s', async (_label, size) => {
    const bytes = randomBytes(size);
    const checksum = await md5Base64OfBlob(new Blob([bytes]), {
      name: 'a.bin',
      chunkBytes: chunk,
      readBytes: chunk * 4,
      hasher: await createMD5(),
    });
    expect(checksum).toBe(nodeMd5(bytes));
    expect(checksum).toMatch(MD5_BASE64_PATTERN);
  });

  it('reads in chunks of the given size and reports the bytes hashed', async () => {
    const bytes = randomBytes(10_000);
    const reads: [number, number][] = [];
    const spied = spyBlob(bytes, reads);
    const progress: number[] = [];
    const checksum = await md5Base64OfBlob(spied, {
      name: 'a.bin',
      hasher: await createMD5(),
      chunkBytes: 4096,
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(checksum).toBe(nodeMd5(bytes));
    expect(reads).toEqual([
      [0, 4096],
      [4096, 8192],
      [8192, 12288],
    ]);
    expect(progress).toEqual([4096, 8192, 10_000]);
  });

  it('reads larger slices and feeds the hasher chunk by chunk, with the same checksum', async () => {
    const bytes = randomBytes(20_000);
    const reads: [number, number][] = [];
    const updates: number[] = [];
    const real = await createMD5();
    const hasher = {
      init: () => real.init(),
      update: (data: Uint8Array) => {
        updates.push(data.length);
        return real.update(data);
      },
      digest: (type: 'binary') => real.digest(type),
    };
    const progress: number[] = [];
    const checksum = await md5Base64OfBlob(spyBlob(bytes, reads), {
      name: 'a.bin',
      hasher,
      chunkBytes: 4096,
      readBytes: 4096 * 4,
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(checksum).toBe(nodeMd5(bytes));
    expect(reads).toEqual([
      [0, 16_384],
      [16_384, 32_768],
    ]);
    expect(updates).toEqual([4096, 4096, 4096, 4096, 20_000 - 16_384]);
    expect(progress).toEqual([16_384, 20_000]);
  });

  it('rounds the read size down to whole chunks, at least one', async () => {
    const bytes = randomBytes(10_000);
    const reads: [number, number][] = [];
    await md5Base64OfBlob(spyBlob(bytes, reads), {
      name: 'a.bin',
      hasher: await createMD5(),
      chunkBytes: 4096,
      readBytes: 4096 * 2 + 100,
    });
    expect(reads).toEqual([
      [0, 8192],
      [8192, 16_384],
    ]);
    const small: [number, number][] = [];
    await md5Base64OfBlob(spyBlob(bytes, small), {
      name: 'a.bin',
      hasher: await createMD5(),
      chunkBytes: 4096,
      readBytes: 10,
    });
    expect(small[0]).toEqual([0, 4096]);
  });

  it('rejects a read error with 读取文件 {file} 出错', async () => {
    const failing = {
      size: chunk * 3,
      slice: () => ({ arrayBuffer: () => Promise.reject(new DOMException('gone', 'NotReadableError')) }),
    } as unknown as Blob;
    const attempt = md5Base64OfBlob(failing, {
      name: '模特.jpg',
      chunkBytes: chunk,
      hasher: await createMD5(),
    });
    await expect(attempt).rejects.toBeInstanceOf(FileReadError);
    await expect(attempt).rejects.toThrow(readFailed('模特.jpg'));
  });

  it('fails on a later chunk too, without an unhandled rejection of the prefetch', async () => {
    const bytes = randomBytes(3000);
    let calls = 0;
    const flaky = {
      size: bytes.length,
      slice: (start: number, end: number) => {
        calls += 1;
        return calls === 1
          ? new Blob([bytes]).slice(start, end)
          : { arrayBuffer: () => Promise.reject(new Error('disk gone')) };
      },
    } as unknown as Blob;
    await expect(
      md5Base64OfBlob(flaky, { name: 'b.mov', chunkBytes: 1000, hasher: await createMD5() }),
    ).rejects.toThrow(readFailed('b.mov'));
  });

  it('reuses a hasher across files', async () => {
    const hasher = await createMD5();
    const first = randomBytes(5000);
    const second = randomBytes(7000);
    expect(await md5Base64OfBlob(new Blob([first]), { name: 'a', chunkBytes: 4096, hasher })).toBe(
      nodeMd5(first),
    );
    expect(await md5Base64OfBlob(new Blob([second]), { name: 'b', chunkBytes: 4096, hasher })).toBe(
      nodeMd5(second),
    );
  });
});

describe('bytesToBase64', () => {
  it('encodes raw bytes', () => {
    expect(bytesToBase64(new Uint8Array([0, 255, 16, 32]))).toBe(
      Buffer.from([0, 255, 16, 32]).toString('base64'),
    );
  });
});
