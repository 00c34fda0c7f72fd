/**
 * The upload queue (docs/product.md §3 "Upload list item", §4 "Upload item"): files wait their turn, a few upload
 * at once, each goes checksum → direct upload → PUT → 200 ms → POST /v1/files, and ends `success` or
 * `error` with the reason. A failed item can be retried from 0%. A store for React's
 * useSyncExternalStore (subscribe/getSnapshot) and framework-free otherwise.
 */
import { MESSAGES } from '@trackit/contract/messages';
import type { FileItem } from '@trackit/contract/upload.schema';
import {
  createFileRecord,
  settleUpload,
  type UploadDeps,
  type UploadProgress,
  uploadBlob,
} from './upload-steps';

export type UploadStatus = 'uploading' | 'success' | 'error';

/** One file of the queue (docs/product.md §3), plus what the progress card shows of it. */
export interface UploadItem {
  uid: string;
  name: string;
  status: UploadStatus;
  /** 0–100, whole numbers; 100 only once the file record exists. */
  percent: number;
  /** An object URL of the picked image (revoked when the item is cleared); none for other files. */
  thumbUrl: string | undefined;
  /** The folder the file goes into. */
  foldId: number;
  size: number;
  /** The browser's type of the file ('' when it does not know). */
  contentType: string;
  /** Why the item failed (status `error`). */
  error: string | undefined;
  /** The created file (status `success`). */
  file: FileItem | undefined;
}

/** Where the queue asks for confirmation before the tab closes (the window). */
export interface UnloadTarget {
  addEventListener(type: 'beforeunload', listener: (event: Event) => void): void;
  removeEventListener(type: 'beforeunload', listener: (event: Event) => void): void;
}

export interface UploadQueueOptions {
  deps: UploadDeps;
  /** Uploads running at once; the others wait (still `uploading` at 0%). Defaults to 3. */
  concurrency?: number;
  /** A preview address for the card; defaults to an object URL of image files. */
  createThumbUrl?: (file: File) => string | undefined;
  revokeThumbUrl?: (url: string) => void;
  /** Defaults to `window` in a browser; null for none. */
  unloadTarget?: UnloadTarget | null;
}

export interface UploadQueue {
  subscribe(listener: () => void): () => void;
  /** The items in the order they were added; a new array after every change, the same one otherwise. */
  getSnapshot(): readonly UploadItem[];
  /** Adds files for a folder; they start as soon as a place is free. Returns the new items. */
  enqueue(files: readonly File[], folderId: number): UploadItem[];
  /** Runs a failed item again from 0% (ahead of the files still waiting); anything else is ignored. */
  retry(uid: string): void;
  /** Removes the items that ended (success or error) and frees their previews. */
  clearFinished(): void;
  /** True while any item is uploading or waiting. */
  isBusy(): boolean;
}

export const DEFAULT_UPLOAD_CONCURRENCY = 3;

/** Share of the bar for the checksum; the PUT takes the rest up to 99, the file record the last 1. */
const CHECKSUM_SHARE = 10;
const UPLOAD_END = 99;

/** The item's percentage for a step's progress. */
export const progressPercent = ({ phase, loaded, total }: UploadProgress): number => {
  const fraction = total > 0 ? Math.min(Math.max(loaded / total, 0), 1) : 1;
  return phase === 'checksum'
    ? Math.floor(CHECKSUM_SHARE * fraction)
    : CHECKSUM_SHARE + Math.floor((UPLOAD_END - CHECKSUM_SHARE) * fraction);
};

export interface UploadSummary {
  total: number;
  /** Items uploaded (success); the `{done}` of 已完成 {done}/{total}. */
  done: number;
  failed: number;
  uploading: number;
  /** Whole batch, 0–100: an ended item counts as complete. */
  percent: number;
  /** Nothing uploading or waiting (and at least one item). */
  finished: boolean;
}

export const summarizeUploads = (items: readonly UploadItem[]): UploadSummary => {
  let done = 0;
  let failed = 0;
  let progress = 0;
  for (const item of items) {
    if (item.status === 'success') done += 1;
    if (item.status === 'error') failed += 1;
    progress += item.status === 'uploading' ? item.percent : 100;
  }
  const total = items.length;
  const uploading = total - done - failed;
  return {
    total,
    done,
    failed,
    uploading,
    percent: total === 0 ? 0 : Math.floor(progress / total),
    finished: total > 0 && uploading === 0,
  };
};

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : MESSAGES.systemError;

const defaultThumbUrl = (file: File): string | undefined =>
  file.type.startsWith('image/') && typeof URL.createObjectURL === 'function'
    ? URL.createObjectURL(file)
    : undefined;

const defaultRevoke = (url: string): void => URL.revokeObjectURL(url);

const defaultUnloadTarget = (): UnloadTarget | null => (typeof window === 'undefined' ? null : window);

/** Asks the browser to confirm leaving (spec: closing or reloading the tab while uploads run). */
const confirmLeaving = (event: Event): void => {
  event.preventDefault();
  // Browsers before the preventDefault() form need a non-empty returnValue.
  (event as BeforeUnloadEvent).returnValue = 'uploading';
};

interface Entry {
  item: UploadItem;
  file: File;
  /** Kept from the first attempt: a retry does not read the file twice. */
  checksum: string | undefined;
}

let uidCounter = 0;
const nextUid = (): string => {
  uidCounter += 1;
  return `upload-${Date.now().toString(36)}-${uidCounter}`;
};

export function createUploadQueue(options: UploadQueueOptions): UploadQueue {
  const {
    deps,
    concurrency = DEFAULT_UPLOAD_CONCURRENCY,
    createThumbUrl = defaultThumbUrl,
    revokeThumbUrl = defaultRevoke,
  } = options;
  const unloadTarget = options.unloadTarget === undefined ? defaultUnloadTarget() : options.unloadTarget;
  const limit = Math.max(1, Math.floor(concurrency));

  const listeners = new Set<() => void>();
  let entries: Entry[] = [];
  let snapshot: readonly UploadItem[] = [];
  const waiting: Entry[] = [];
  let running = 0;
  let guarding = false;

  const isBusy = () => entries.some((entry) => entry.item.status === 'uploading');

  const syncUnloadGuard = () => {
    const busy = isBusy();
    if (!unloadTarget || busy === guarding) return;
    guarding = busy;
    if (busy) unloadTarget.addEventListener('beforeunload', confirmLeaving);
    else unloadTarget.removeEventListener('beforeunload', confirmLeaving);
  };

  const emit = () => {
    snapshot = entries.map((entry) => entry.item);
    syncUnloadGuard();
    for (const listener of listeners) listener();
  };

  const update = (entry: Entry, patch: Partial<UploadItem>) => {
    entry.item = { ...entry.item, ...patch };
    emit();
  };

  /** Progress only ever moves forward within an attempt, and only whole percents are announced. */
  const advance = (entry: Entry, progress: UploadProgress) => {
    const percent = progressPercent(progress);
    if (entry.item.status === 'uploading' && percent > entry.item.percent) update(entry, { percent });
  };

  const run = async (entry: Entry) => {
    running += 1;
    let holdsSlot = true;
    const releaseSlot = () => {
      if (!holdsSlot) return;
      holdsSlot = false;
      running -= 1;
      pump();
    };
    try {
      const blob = await uploadBlob(deps, entry.file, {
        checksum: entry.checksum,
        onChecksum: (checksum) => {
          entry.checksum = checksum;
        },
        onProgress: (progress) => advance(entry, progress),
        settle: false,
      });
      // The slot limits reading and sending bytes; the settle wait and the record need neither, so the
      // next file starts now (200 files would otherwise spend 200 × 200 ms waiting in the slots).
      releaseSlot();
      await settleUpload(deps);
      const file = await createFileRecord(deps.api, {
        folder_id: entry.item.foldId,
        signed_id: blob.signedId,
      });
      update(entry, { status: 'success', percent: 100, file, error: undefined });
    } catch (error) {
      update(entry, { status: 'error', error: messageOf(error) });
    } finally {
      releaseSlot();
    }
  };

  function pump() {
    while (running < limit && waiting.length > 0) {
      const entry = waiting.shift() as Entry;
      // Cleared while waiting: nothing to do.
      if (!entries.includes(entry)) continue;
      void run(entry);
    }
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    enqueue(files, folderId) {
      const added = files.map(
        (file): Entry => ({
          file,
          checksum: undefined,
          item: {
            uid: nextUid(),
            name: file.name,
            status: 'uploading',
            percent: 0,
            thumbUrl: createThumbUrl(file),
            foldId: folderId,
            size: file.size,
            contentType: file.type,
            error: undefined,
            file: undefined,
          },
        }),
      );
      if (added.length === 0) return [];
      const items = added.map((entry) => entry.item);
      entries = [...entries, ...added];
      waiting.push(...added);
      emit();
      pump();
      return items;
    },
    retry(uid) {
      const entry = entries.find((candidate) => candidate.item.uid === uid);
      if (entry?.item.status !== 'error') return;
      update(entry, { status: 'uploading', percent: 0, error: undefined });
      waiting.unshift(entry);
      pump();
    },
    clearFinished() {
      const kept: Entry[] = [];
      for (const entry of entries) {
        if (entry.item.status === 'uploading') kept.push(entry);
        else if (entry.item.thumbUrl) revokeThumbUrl(entry.item.thumbUrl);
      }
      if (kept.length === entries.length) return;
      entries = kept;
      emit();
    },
    isBusy,
  };
}
