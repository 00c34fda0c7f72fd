import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { AppMetrics } from '../../metrics/metrics';
import { makeThumbnails } from './images';
import type { BlobStorage } from './storage/blob-storage';
import {
  countFilesAwaitingThumbnails,
  listFilesAwaitingThumbnails,
  recordThumbnails,
} from './upload.repository';
import { videoPoster } from './video-poster';

/**
 * Makes thumbnails off the request path: `schedule()` after a file is added (and once at start, to
 * finish what a restart interrupted) runs one worker that takes pending files from the database until
 * none is left. `drain()` waits for it (tests, shutdown).
 */
export function createThumbnailQueue(deps: {
  db: Database;
  storage: BlobStorage;
  clock: () => Date;
  log: FastifyBaseLogger;
  metrics?: AppMetrics | undefined;
}) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function processOne(file: { id: number; teamId: number; blobKey: string; contentType: string }) {
    try {
      // Decoded from the stored file, never read whole into memory: uploads may be gigabytes.
      const { thumb, preview } = await deps.storage.withLocalFile(file.blobKey, async (stored) =>
        makeThumbnails(file.contentType.startsWith('video/') ? await videoPoster(stored) : stored),
      );
      const thumbKey = `${file.blobKey}.thumb.webp`;
      const previewKey = `${file.blobKey}.preview.webp`;
      await deps.storage.put(thumbKey, thumb, 'image/webp');
      await deps.storage.put(previewKey, preview, 'image/webp');
      await recordThumbnails(deps.db, file, { state: 'ready', thumbKey, previewKey }, deps.clock());
    } catch (error) {
      deps.log.warn({ err: error, fileId: file.id }, 'thumbnail failed');
      deps.metrics?.jobFailed('thumbnail');
      await recordThumbnails(deps.db, file, { state: 'failed' }, deps.clock());
    }
  }

  async function run() {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const batch = await listFilesAwaitingThumbnails(deps.db, 10);
        if (batch.length === 0) break;
        for (const file of batch) await processOne(file);
      }
    } while (again && !stopped);
  }

  return {
    schedule() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = run()
        .catch((error: unknown) => deps.log.error({ err: error }, 'thumbnail queue stopped'))
        .finally(() => {
          running = null;
        });
    },
    /** Files waiting for their thumbnails, in every team (metrics). */
    depth: () => countFilesAwaitingThumbnails(deps.db),
    async drain() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      await this.drain();
    },
  };
}

export type ThumbnailQueue = ReturnType<typeof createThumbnailQueue>;
