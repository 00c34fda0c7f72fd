/**
 * The MD5 of a file as the direct upload declares it (docs/product.md §3, §5): fed to an incremental hasher in
 * 2 MB chunks, so a 2 GB video never sits in memory whole. The file is read in larger slices (8 MB, each
 * fed 2 MB at a time): a browser reads a Blob through its own process, a round trip per read, so fewer
 * reads hash faster; the checksum is the same MD5 whatever the read size. Pure: runs in a Web Worker (see
 * md5.worker.ts), in the page as a fallback, and in Node for tests.
 */
// Nothing from the contract's constants here: they bring zod along, and this file is the worker's bundle.
import { readFailed } from '@trackit/contract/messages';

/** The part of hash-wasm's incremental hasher this code uses. */
export interface IncrementalHasher {
  init(): unknown;
  update(data: Uint8Array): unknown;
  digest(outputType: 'binary'): Uint8Array;
}

/** Reading the file failed (moved, deleted, permission lost): the message is 读取文件 {file} 出错. */
export class FileReadError extends Error {
  override readonly name = 'FileReadError';
  constructor(fileName: string, options?: { cause?: unknown }) {
    super(readFailed(fileName), options);
  }
}

export interface Md5Options {
  /** Shown in the read-error message. */
  name: string;
  /** Bytes per hasher update: UPLOAD_CHECKSUM_CHUNK_BYTES (2,097,152, docs/product.md §9), passed in by the page. */
  chunkBytes: number;
  /**
   * Bytes per read of the blob, rounded down to whole chunks (at least one); defaults to one chunk.
   * The page reads CHECKSUM_READ_BYTES (8 MB).
   */
  readBytes?: number;
  /** Bytes hashed so far, after each read. */
  onProgress?: (loaded: number) => void;
  /** hash-wasm's `createMD5()`, reused across files (initialised here); passed in so the page can load it lazily. */
  hasher: IncrementalHasher;
}

/** Base64 of raw bytes (the checksum is base64 of the 16 digest bytes, as S3's Content-MD5). */
export const bytesToBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

const readChunk = async (blob: Blob, start: number, end: number, name: string): Promise<Uint8Array> => {
  try {
    return new Uint8Array(await blob.slice(start, end).arrayBuffer());
  } catch (cause) {
    throw new FileReadError(name, { cause });
  }
};

/**
 * Base64 MD5 of a blob. The next slice is read while the current one is hashed, so disk and CPU work
 * side by side; each slice goes to the hasher `chunkBytes` at a time. Rejects with FileReadError when a
 * read fails.
 */
export async function md5Base64OfBlob(blob: Blob, options: Md5Options): Promise<string> {
  const { name, chunkBytes, onProgress, hasher } = options;
  const readBytes = Math.max(1, Math.floor((options.readBytes ?? chunkBytes) / chunkBytes)) * chunkBytes;
  hasher.init();
  const size = blob.size;
  let start = 0;
  let next: Promise<Uint8Array> | undefined = size > 0 ? readChunk(blob, 0, readBytes, name) : undefined;
  while (next) {
    const slice: Uint8Array = await next;
    start += readBytes;
    next = start < size ? readChunk(blob, start, start + readBytes, name) : undefined;
    // A failed prefetch must not surface as an unhandled rejection before it is awaited.
    next?.catch(() => undefined);
    for (let offset = 0; offset < slice.length; offset += chunkBytes) {
      hasher.update(slice.subarray(offset, offset + chunkBytes));
    }
    onProgress?.(Math.min(start, size));
  }
  return bytesToBase64(hasher.digest('binary'));
}
