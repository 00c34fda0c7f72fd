import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3StorageSettings } from '../domains/upload/storage/s3-storage';

// s3rver ships no types: the little of it used here.
type S3rverClass = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => { run(): Promise<AddressInfo>; close(): Promise<void> };

export interface TestBucket {
  /** The S3 driver's settings for the bucket. */
  settings: S3StorageSettings;
  /** What buildTestApp needs to store its files in the bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** An s3rver (a real S3-compatible HTTP server, files in a temporary folder) with one empty bucket. */
export async function startTestBucket(bucket = 'trackit-files'): Promise<TestBucket> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'trackit-s3rver-'));
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: {
      endpoint,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
