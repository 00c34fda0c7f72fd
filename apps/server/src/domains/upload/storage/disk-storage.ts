import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import {
  access,
  constants,
  link,
  mkdir,
  readdir,
  readFile,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { API_BASE_PATH } from '@trackit/contract/constants';
import { uploadEndpoints } from '@trackit/contract/upload.endpoints';
import type { BlobStorage, ListedBlob, PresignGetInput, PresignPutInput, StoredBlob } from './blob-storage';

/** Object keys are our own (`teams/12/2026/11/<uuid>.jpg`): nothing that could climb out of the root. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;
export const isValidKey = (key: string) => KEY_PATTERN.test(key) && !key.includes('..') && key.length <= 320;

/** Bytes being received, under the root; moved to their key only once size and MD5 hold. */
const INCOMING_FOLDER = '.incoming';

/** Where the signed addresses point: the upload endpoints' path without its wildcard. */
const BLOB_ROUTE = `${API_BASE_PATH}${uploadEndpoints.putBlob.path.replace(/\/\*$/, '')}`;

export interface DiskStorageSettings {
  root: string;
  /** Signs the addresses; derived from the installation's secret. */
  signingKey: Buffer;
  /** Origin put in front of download addresses (docs/product.md §1 {host}); empty: same origin. */
  downloadHost?: string | undefined;
  clock?: () => Date;
}

export type PutRefusal = 'expired' | 'forged' | 'exists' | 'size' | 'checksum';

/** What the upload handler checks a PUT against; every field is bound into the signature. */
export interface PutClaims {
  key: string;
  expires: number;
  contentType: string;
  checksum: string;
  byteSize: number;
  signature: string;
}

export interface GetClaims {
  key: string;
  expires: number;
  contentType: string;
  downloadName: string;
  signature: string;
}

const safeEqual = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The default store: files under DATA_DIR/files, uploaded and downloaded through this server with
 * HMAC-signed, expiring addresses, like a cloud store's pre-signed URLs. A sidecar `.md5` keeps the
 * checksum computed while the bytes came in.
 */
export function createDiskStorage(settings: DiskStorageSettings) {
  const clock = settings.clock ?? (() => new Date());
  const sign = (parts: (string | number)[]) =>
    createHmac('sha256', settings.signingKey).update(parts.join('\n')).digest('base64url');
  const fileOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(settings.root, key);
  };
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);

  async function writeVerified(
    key: string,
    body: Readable,
    expected: { byteSize: number; checksum: string },
  ) {
    const target = fileOf(key);
    const incoming = path.join(settings.root, INCOMING_FOLDER, randomUUID());
    await mkdir(path.dirname(incoming), { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    try {
      await pipeline(
        body,
        async function* count(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > expected.byteSize) throw Object.assign(new Error('too large'), { refusal: 'size' });
            md5.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(incoming, { flags: 'wx' }),
      );
      if (size !== expected.byteSize) return 'size' as const;
      const checksum = md5.digest('base64');
      if (checksum !== expected.checksum) return 'checksum' as const;
      await writeFile(`${incoming}.md5`, checksum);
      // link() refuses an existing target: a second PUT to the same key never replaces the first.
      try {
        await link(incoming, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'exists' as const;
        throw error;
      }
      await link(`${incoming}.md5`, `${target}.md5`).catch(() => writeFile(`${target}.md5`, checksum));
      return null;
    } catch (error) {
      const refusal = (error as { refusal?: PutRefusal }).refusal;
      if (refusal) return refusal;
      throw error;
    } finally {
      await rm(incoming, { force: true });
      await rm(`${incoming}.md5`, { force: true });
    }
  }

  const storage: BlobStorage & {
    verifyAndStore(claims: PutClaims, body: Readable): Promise<PutRefusal | null>;
    verifyGet(claims: GetClaims): boolean;
    removePartialUploads(lastWrittenBefore: Date): Promise<number>;
    filePath(key: string): string;
  } = {
    driver: 'disk',
    browserOrigins: settings.downloadHost ? [settings.downloadHost] : [],

    async presignPut(input: PresignPutInput) {
      const expires = nowSeconds() + input.expiresInSeconds;
      const signature = sign(['put', input.key, expires, input.contentType, input.checksum, input.byteSize]);
      const query = new URLSearchParams({
        expires: String(expires),
        size: String(input.byteSize),
        signature,
      });
      return {
        url: `${BLOB_ROUTE}/${input.key}?${query}`,
        headers: { 'Content-Type': input.contentType, 'Content-MD5': input.checksum },
      };
    },

    async presignGet(input: PresignGetInput) {
      const expires = nowSeconds() + input.expiresInSeconds;
      const contentType = input.contentType ?? 'application/octet-stream';
      const downloadName = input.downloadName ?? '';
      const signature = sign(['get', input.key, expires, contentType, downloadName]);
      const query = new URLSearchParams({ expires: String(expires), type: contentType, signature });
      if (downloadName) query.set('name', downloadName);
      return `${settings.downloadHost ?? ''}${BLOB_ROUTE}/${input.key}?${query}`;
    },

    async stat(key): Promise<StoredBlob | null> {
      try {
        const info = await stat(fileOf(key));
        const checksum = await readFile(`${fileOf(key)}.md5`, 'utf8').catch(() => undefined);
        return { byteSize: info.size, checksum };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async put(key, body) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
      await writeFile(`${target}.md5`, createHash('md5').update(body).digest('base64'));
    },

    async read(key) {
      return createReadStream(fileOf(key));
    },

    async write(key, body, expected) {
      const refusal = await writeVerified(key, body, expected);
      if (refusal) throw new Error(`storage refused ${key}: ${refusal}`);
    },

    /** The stored files under the root, without the uploads being received nor the `.md5` sidecars. */
    async *list(): AsyncIterable<ListedBlob> {
      const entries = await readdir(settings.root, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      const files = new Set(
        entries
          .filter((entry) => entry.isFile())
          .map((entry) =>
            path.relative(settings.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
          ),
      );
      for (const key of [...files].sort()) {
        if (key.startsWith(`${INCOMING_FOLDER}/`) || !isValidKey(key)) continue;
        if (key.endsWith('.md5') && files.has(key.slice(0, -'.md5'.length))) continue;
        const info = await stat(fileOf(key)).catch(() => null);
        if (info) yield { key, byteSize: info.size };
      }
    },

    withLocalFile: (key, use) => use(fileOf(key)),

    async delete(key) {
      await unlink(fileOf(key)).catch(() => undefined);
      await unlink(`${fileOf(key)}.md5`).catch(() => undefined);
    },

    async probe() {
      await mkdir(settings.root, { recursive: true });
      await access(settings.root, constants.W_OK);
    },

    /** Checks a PUT's signature and expiry, then stores the body only if its size and MD5 match. */
    async verifyAndStore(claims, body) {
      if (!isValidKey(claims.key)) return 'forged';
      const expected = sign([
        'put',
        claims.key,
        claims.expires,
        claims.contentType,
        claims.checksum,
        claims.byteSize,
      ]);
      if (!safeEqual(claims.signature, expected)) return 'forged';
      if (claims.expires < nowSeconds()) return 'expired';
      if (await storage.stat(claims.key)) return 'exists';
      return writeVerified(claims.key, body, claims);
    },

    verifyGet(claims) {
      if (!isValidKey(claims.key) || claims.expires < nowSeconds()) return false;
      const expected = sign(['get', claims.key, claims.expires, claims.contentType, claims.downloadName]);
      return safeEqual(claims.signature, expected);
    },

    /**
     * Removes what uploads cut short by a crash left under the incoming folder (a finished or refused
     * upload removes its own): the files last written before the given time. A live upload writes at
     * least once per idle time-out, so an old enough file is no request's, whichever process wrote it.
     */
    async removePartialUploads(lastWrittenBefore) {
      const folder = path.join(settings.root, INCOMING_FOLDER);
      const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      let removed = 0;
      for (const name of names) {
        const file = path.join(folder, name);
        const info = await stat(file).catch(() => null);
        if (info?.isFile() && info.mtime < lastWrittenBefore) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },

    filePath: fileOf,
  };
  return storage;
}

export type DiskStorage = ReturnType<typeof createDiskStorage>;
