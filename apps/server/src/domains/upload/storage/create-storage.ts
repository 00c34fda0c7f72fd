import path from 'node:path';
import type { Config } from '../../../config';
import type { BlobStorage } from './blob-storage';
import { createDiskStorage, type DiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';

/** The store STORAGE_DRIVER names: files under DATA_DIR/files by default, or an S3-compatible bucket. */
export function createStorage(
  config: Config,
  signingKey: Buffer,
  clock: () => Date,
): { storage: BlobStorage; disk: DiskStorage | null } {
  if (config.storage.driver === 's3') {
    const { driver: _driver, endpoint, publicEndpoint, ...settings } = config.storage;
    return {
      storage: createS3Storage({
        ...settings,
        ...(endpoint ? { endpoint } : {}),
        ...(publicEndpoint ? { publicEndpoint } : {}),
      }),
      disk: null,
    };
  }
  const disk = createDiskStorage({
    root: path.join(config.dataDir, 'files'),
    signingKey,
    downloadHost: config.staticHost,
    clock,
  });
  return { storage: disk, disk };
}
