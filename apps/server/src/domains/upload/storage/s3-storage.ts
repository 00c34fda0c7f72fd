import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from '../../../http/content-disposition';
import type { BlobStorage, ListedBlob, PresignGetInput, PresignPutInput, StoredBlob } from './blob-storage';

export interface S3StorageSettings {
  /** The store's address as the server reaches it; omitted = AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO, s3rver; not Aliyun OSS). */
  forcePathStyle: boolean;
  /** The store's address as browsers reach it, when it differs from `endpoint`. */
  publicEndpoint?: string;
}

/**
 * Headers bound into the signature of a pre-signed PUT: the store refuses a body whose MD5, length or
 * type differs from what the server signed. The presigner leaves content-type unsigned unless told.
 */
export const S3_SIGNED_PUT_HEADERS: ReadonlySet<string> = new Set([
  'content-md5',
  'content-type',
  'content-length',
]);

/**
 * An S3-compatible store (AWS S3, Aliyun OSS in S3 mode, MinIO) through the official AWS SDK.
 *
 * Browsers PUT and GET with pre-signed URLs made on a client configured with `publicEndpoint` (when
 * set), so the host in those URLs is the one browsers reach; the server's own calls use `endpoint`.
 * Checksums are computed only when an operation requires them: otherwise the SDK adds an
 * `x-amz-checksum-crc32` of an empty body to pre-signed PUT URLs, which S3 refuses for real bodies.
 */
export function createS3Storage(settings: S3StorageSettings): BlobStorage {
  const { bucket } = settings;
  const clientFor = (endpoint: string | undefined) =>
    new S3Client({
      region: settings.region,
      ...(endpoint ? { endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // These settings are the whole configuration: no AWS_ENDPOINT_URL* or ~/.aws/config override,
      // so the URLs made always match `browserOrigins`.
      ignoreConfiguredEndpointUrls: true,
    });
  const client = clientFor(settings.endpoint);
  const browserEndpoint = settings.publicEndpoint ?? settings.endpoint;
  const presignClient = settings.publicEndpoint ? clientFor(settings.publicEndpoint) : client;

  const storage: BlobStorage = {
    driver: 's3',
    browserOrigins: [bucketOrigin(presignClient, settings, browserEndpoint)],

    async presignPut(input: PresignPutInput) {
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: input.key,
        ContentType: input.contentType,
        ContentMD5: input.checksum,
        ContentLength: input.byteSize,
      });
      const url = await getSignedUrl(presignClient, command, {
        expiresIn: input.expiresInSeconds,
        signableHeaders: new Set(S3_SIGNED_PUT_HEADERS),
      });
      // Browsers set Content-Length themselves (and may not set it by hand); it is signed all the same.
      return { url, headers: { 'Content-Type': input.contentType, 'Content-MD5': input.checksum } };
    },

    presignGet(input: PresignGetInput) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: input.key,
        ResponseContentDisposition: contentDisposition(input.downloadName),
        ...(input.contentType ? { ResponseContentType: input.contentType } : {}),
      });
      return getSignedUrl(presignClient, command, { expiresIn: input.expiresInSeconds });
    },

    async stat(key: string): Promise<StoredBlob | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        if (head.ContentLength === undefined)
          throw new Error(`S3 HeadObject of ${key} gave no Content-Length`);
        return {
          byteSize: head.ContentLength,
          checksum: md5FromETag(head.ETag),
          contentType: head.ContentType,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async put(key: string, body: Buffer, contentType: string) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          ContentMD5: createHash('md5').update(body).digest('base64'),
        }),
      );
    },

    async read(key: string) {
      const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (Body instanceof Readable) return Body;
      throw new Error(`S3 GetObject of ${key} gave no Node stream`);
    },

    async write(key, body, expected) {
      if (await storage.stat(key)) throw new Error(`storage refused ${key}: exists`);
      // One PUT of a known length (objects are at most 5 GB, as browsers upload them); the store checks
      // the body against Content-MD5 and keeps nothing on a mismatch.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: expected.contentType,
          ContentLength: expected.byteSize,
          ContentMD5: expected.checksum,
        }),
      );
    },

    async *list(): AsyncIterable<ListedBlob> {
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: continuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, byteSize: object.Size ?? 0 };
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },

    async withLocalFile(key, use) {
      const folder = await mkdtemp(path.join(os.tmpdir(), 'trackit-s3-copy-'));
      try {
        const copy = path.join(folder, 'object');
        await pipeline(await storage.read(key), createWriteStream(copy));
        return await use(copy);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },

    async delete(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async probe() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
  return storage;
}

/**
 * The origin of the bucket's URLs, as the SDK's own endpoint rules make them: virtual-hosted
 * (`https://<bucket>.s3.<region>.amazonaws.com`, `https://<bucket>.oss-cn-hangzhou.aliyuncs.com`) or,
 * with forcePathStyle, an IP address or a bucket name with dots, the endpoint's origin itself.
 */
function bucketOrigin(client: S3Client, settings: S3StorageSettings, endpoint: string | undefined): string {
  const resolved = client.config.endpointProvider({
    Bucket: settings.bucket,
    Region: settings.region,
    ForcePathStyle: settings.forcePathStyle,
    UseFIPS: false,
    UseDualStack: false,
    Accelerate: false,
    ...(endpoint ? { Endpoint: endpoint } : {}),
  });
  return resolved.url.origin;
}

/**
 * Base64 MD5 from an ETag: a single-part upload's ETag is the hex MD5 of the body. Multipart ETags
 * (`<hex>-<parts>`) give undefined. Objects encrypted with SSE-KMS or SSE-C have 32-hex ETags that
 * are not their MD5 and cannot be told apart: keep this bucket on SSE-S3 (the default) or none.
 */
export function md5FromETag(etag: string | undefined): string | undefined {
  const hex = etag?.replace(/^(W\/)?"|"$/g, '');
  if (!hex || !/^[0-9a-f]{32}$/i.test(hex)) return undefined;
  return Buffer.from(hex, 'hex').toString('base64');
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}
