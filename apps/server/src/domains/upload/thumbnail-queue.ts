/**
 * Thumbnails and video posters, off the request path: one job per file on the `thumbnail` queue
 * (jobs/job-queue.ts), sent once the file's transaction has committed, its singleton key the file id so
 * a file waiting or being worked on is never queued twice. Bytes that are no readable picture or video
 * record the file's thumbnails as failed at once (the apps show the file's type instead); any other
 * failure (storage) is retried with back-off, and the last try records them failed.
 */
import type { Database } from '../../db/client';
import { FinalJobFailure } from '../../jobs/job-queue';
import { makeThumbnails } from './images';
import type { BlobStorage } from './storage/blob-storage';
import { findFileForThumbnails, listFilesAwaitingThumbnails, recordThumbnails } from './upload.repository';
import { videoPoster } from './video-poster';

export const THUMBNAIL_QUEUE = 'thumbnail';

/** What the upload services need: asks for a file's thumbnails to be made. */
export interface ThumbnailQueue {
  /** Resolves once the job is recorded (a failure leaves the file pending for the catch-up at start). */
  enqueue(fileId: number): Promise<void>;
}

export interface ThumbnailDeps {
  db: Database;
  storage: BlobStorage;
  clock: () => Date;
}

/** The job: makes the file's thumbnails, or does nothing when they are made or the file is gone. */
export async function makeFileThumbnails(
  deps: ThumbnailDeps,
  fileId: number,
  attempt: { lastAttempt: boolean },
): Promise<void> {
  const file = await findFileForThumbnails(deps.db, fileId);
  if (!file) return;
  let undecodable = false;
  try {
    // Decoded from the stored file, never read whole into memory: uploads may be gigabytes.
    const { thumb, preview } = await deps.storage.withLocalFile(file.blobKey, async (stored) => {
      try {
        return await makeThumbnails(
          file.contentType.startsWith('video/') ? await videoPoster(stored) : stored,
        );
      } catch (error) {
        // The bytes are no picture (or video) we can read: trying again would fail the same way.
        undecodable = true;
        throw error;
      }
    });
    const thumbKey = `${file.blobKey}.thumb.webp`;
    const previewKey = `${file.blobKey}.preview.webp`;
    await deps.storage.put(thumbKey, thumb, 'image/webp');
    await deps.storage.put(previewKey, preview, 'image/webp');
    await recordThumbnails(deps.db, file, { state: 'ready', thumbKey, previewKey }, deps.clock());
  } catch (error) {
    if (undecodable || attempt.lastAttempt) {
      await recordThumbnails(deps.db, file, { state: 'failed' }, deps.clock());
    }
    // Storage out of reach is tried again with back-off; undecodable bytes are not.
    throw undecodable ? new FinalJobFailure(error) : error;
  }
}

/**
 * Sends a job for every file still pending (left by a version without the queue, or whose send failed);
 * at start, from every process: the singleton keys make a second send of a waiting file a no-op.
 */
export async function enqueuePendingThumbnails(
  deps: { db: Database },
  queue: ThumbnailQueue,
): Promise<number> {
  let sent = 0;
  let afterId = 0;
  for (;;) {
    const batch = await listFilesAwaitingThumbnails(deps.db, 200, afterId);
    const last = batch.at(-1);
    if (!last) return sent;
    for (const file of batch) await queue.enqueue(file.id);
    sent += batch.length;
    afterId = last.id;
  }
}
