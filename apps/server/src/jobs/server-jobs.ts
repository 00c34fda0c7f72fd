/**
 * The server's background work as queues of the job queue (jobs/job-queue.ts), each handler idempotent:
 * - `thumbnail`: one job per file (singleton key: the file id), sent after the upload commits;
 * - `option_sweep`: options past their expiry released, every minute;
 * - `daily_jobs`: a round of the daily jobs, every hour (job_runs keeps each once per team and day);
 * - `upload_cleanup`: uploads announced and never attached purged, rate-limit counts whose window ended
 *   long ago dropped, planner statistics kept, hourly.
 * At start every process sends one of each periodic job (the exclusive policy keeps it to one waiting)
 * and a thumbnail job for every file still pending.
 */
import type { Database } from '../db/client';
import { sweepExpiredOptions } from '../domains/calendar/option-sweep';
import type { BlobStorage } from '../domains/upload/storage/blob-storage';
import {
  enqueuePendingThumbnails,
  makeFileThumbnails,
  THUMBNAIL_QUEUE,
  type ThumbnailQueue,
} from '../domains/upload/thumbnail-queue';
import { purgeStaleBlobs } from '../domains/upload/upload.service';
import { type DailyJobDeps, runDailyJobsRound } from './daily-jobs';
import type { JobQueue } from './job-queue';

export const OPTION_SWEEP_QUEUE = 'option_sweep';
export const DAILY_JOBS_QUEUE = 'daily_jobs';
export const UPLOAD_CLEANUP_QUEUE = 'upload_cleanup';
const PERIODIC_QUEUES = [OPTION_SWEEP_QUEUE, DAILY_JOBS_QUEUE, UPLOAD_CLEANUP_QUEUE];

export interface ServerJobDeps extends DailyJobDeps {
  db: Database;
  storage: BlobStorage;
  /** Keeps the planner's statistics current (PGlite; nothing on PostgreSQL). */
  maintain(): Promise<void>;
  /** Drops the rate limits' counts whose window ended long ago (limits/rate-limits.ts). */
  purgeRateLimits(): Promise<void>;
}

/** Defines the server's queues on `queue` (before it starts); answers how the uploads send thumbnail jobs. */
export function defineServerJobs(queue: JobQueue, deps: ServerJobDeps): ThumbnailQueue {
  queue.define<{ fileId: number }>({
    name: THUMBNAIL_QUEUE,
    policy: 'exclusive',
    retryLimit: 3,
    retryDelaySeconds: 30,
    // A long video's poster may take minutes; a try older than this died with its process.
    expireInSeconds: 1800,
    handler: (data, attempt) => makeFileThumbnails(deps, data.fileId, attempt),
  });
  queue.define({
    name: OPTION_SWEEP_QUEUE,
    policy: 'exclusive',
    cron: '* * * * *',
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 600,
    handler: async () => {
      await sweepExpiredOptions(deps);
    },
  });
  queue.define({
    name: DAILY_JOBS_QUEUE,
    policy: 'exclusive',
    cron: '0 * * * *',
    retryLimit: 5,
    retryDelaySeconds: 60,
    expireInSeconds: 3600,
    handler: () => runDailyJobsRound(deps),
  });
  queue.define({
    name: UPLOAD_CLEANUP_QUEUE,
    policy: 'exclusive',
    cron: '30 * * * *',
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 3600,
    handler: async () => {
      await purgeStaleBlobs(deps);
      await deps.purgeRateLimits();
      await deps.maintain();
    },
  });
  return {
    enqueue: (fileId) => queue.send(THUMBNAIL_QUEUE, { fileId }, { singletonKey: String(fileId) }),
  };
}

/** At start: one run of each periodic job now, and the thumbnails older versions or failed sends left. */
export async function sendStartJobs(queue: JobQueue, thumbnails: ThumbnailQueue, deps: { db: Database }) {
  for (const name of PERIODIC_QUEUES) await queue.send(name);
  await enqueuePendingThumbnails(deps, thumbnails);
}
