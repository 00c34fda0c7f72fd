import { createUploadQueue, type UploadItem } from '@trackit/client/upload/upload-queue';
import { browserUploadDeps } from '@trackit/client/upload/upload-steps';
import { useSyncExternalStore } from 'react';
import { api } from './api';

/** The browser's upload steps with the admin app's API client (worker checksums, XHR PUT with progress). */
export const uploadDeps = browserUploadDeps(api);

/** Progress of the files is shown at most this often (a batch of hundreds would re-render for every percent). */
export const UPLOAD_PROGRESS_INTERVAL_MS = 150;

/**
 * The admin app's one upload queue: module-level, so uploads go on while the user moves between pages,
 * and the floating progress card shows them wherever the user is.
 */
export const uploadQueue = createUploadQueue({
  deps: uploadDeps,
  progressIntervalMs: UPLOAD_PROGRESS_INTERVAL_MS,
});

/** The queue's items, re-rendering on every change (each progress tick). */
export const useUploadItems = (queue = uploadQueue): readonly UploadItem[] =>
  useSyncExternalStore(queue.subscribe, queue.getSnapshot);

/** How many files have been uploaded into a folder; re-renders only when that number changes. */
export const useUploadedCount = (folderId: number, queue = uploadQueue): number =>
  useSyncExternalStore(queue.subscribe, () =>
    queue
      .getSnapshot()
      .reduce((count, item) => count + Number(item.foldId === folderId && item.status === 'success'), 0),
  );
