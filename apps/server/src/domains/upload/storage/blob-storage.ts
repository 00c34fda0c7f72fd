import type { Readable } from 'node:stream';

/** What the browser must send with its PUT: the address and the headers bound into the signature. */
export interface PresignedPut {
  url: string;
  headers: Record<string, string>;
}

export interface PresignPutInput {
  key: string;
  byteSize: number;
  /** Base64 MD5 of the body (Content-MD5). */
  checksum: string;
  contentType: string;
  expiresInSeconds: number;
}

export interface PresignGetInput {
  key: string;
  expiresInSeconds: number;
  /** Offered as the download name (Content-Disposition), when given. */
  downloadName?: string;
  contentType?: string;
}

export interface StoredBlob {
  byteSize: number;
  /** Base64 MD5 of what is stored, when the store knows it. */
  checksum: string | undefined;
  /** The type the object is served with, when the store keeps one (S3; the disk keeps none). */
  contentType?: string | undefined;
}

/** One object of the store, as `list` yields it. */
export interface ListedBlob {
  key: string;
  byteSize: number;
}

/** What a streamed write must match: the store refuses other bytes. */
export interface BlobWrite {
  byteSize: number;
  /** Base64 MD5 of the body. */
  checksum: string;
  contentType: string;
}

/**
 * Where file bytes live: the local disk (default) or an S3-compatible store. Browsers upload and
 * download directly with pre-signed addresses; the server only signs, checks and makes thumbnails.
 */
export interface BlobStorage {
  readonly driver: 'disk' | 's3';
  /** Origins the browser talks to for PUT and GET (for the Content-Security-Policy); empty = same origin. */
  readonly browserOrigins: string[];
  presignPut(input: PresignPutInput): Promise<PresignedPut>;
  presignGet(input: PresignGetInput): Promise<string>;
  /** Size and checksum of a stored object, or null when there is none. */
  stat(key: string): Promise<StoredBlob | null>;
  /** Stores bytes the server made itself (thumbnails). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  read(key: string): Promise<Readable>;
  /**
   * Stores a stream (backups' restore) without holding it in memory; throws, storing nothing, when its
   * size or MD5 differ from `expected`, or when the key holds an object already.
   */
  write(key: string, body: Readable, expected: BlobWrite): Promise<void>;
  /** Every object of the store, in no particular order (backups). */
  list(): AsyncIterable<ListedBlob>;
  /**
   * Runs `use` with the object as a file on this machine, for decoders (sharp, ffmpeg) that read it from
   * disk, so a large file is never held in memory: the disk driver's own file, or a temporary copy of the
   * bucket's object, removed afterwards. (sharp buffers a piped stream whole, hence a file.)
   */
  withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T>;
  delete(key: string): Promise<void>;
  /** Throws when the store cannot be reached (readiness): the bucket answers, or the folder is writable. */
  probe(): Promise<void>;
}
