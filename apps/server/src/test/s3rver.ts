/**
 * s3rver, a real S3-compatible HTTP server run in this process, with one bucket in a temporary folder:
 * the S3 driver's tests, the S3 cases of the upload tests and the cluster suite (ops/cluster). s3rver
 * does not verify SigV4 signatures nor Content-MD5.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3StorageSettings } from '../domains/upload/storage/s3-storage';

// s3rver ships no types: the little of it used here.
interface S3rverEvent {
  Records: { eventName: string; s3: { object: { key: string } } }[];
}
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  on(event: 'event', listener: (event: S3rverEvent) => void): void;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The driver's settings for this bucket. */
  settings: S3StorageSettings;
  /** The server's environment for this bucket (STORAGE_DRIVER=s3 and the S3_* variables). */
  env: Record<string, string>;
  /** Calls `listener` with the key of every object written (PUT, copy, multipart completion). */
  onObjectCreated(listener: (key: string) => void): void;
  close(): Promise<void>;
}

export async function startS3rver(bucket = 'trackit-test'): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = await mkdtemp(path.join(os.tmpdir(), 'trackit-s3rver-'));
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
    endpoint,
    bucket,
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
    onObjectCreated(listener) {
      server.on('event', (event) => {
        for (const record of event.Records) {
          if (record.eventName.startsWith('ObjectCreated'))
            listener(decodeURIComponent(record.s3.object.key));
        }
      });
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
