/**
 * The upload queue (docs/product.md §3 "Upload list item", §4 "Upload item"): each file goes checksum → direct
 * upload → PUT → 200 ms → POST /v1/files, and ends `success` or `error` with the reason. A failed item can be
 * retried from 0%. A store for React's useSyncExternalStore (subscribe/getSnapshot) and framework-free
 * otherwise.
 *
 * The files overlap like a pipeline, so a batch runs near the speed of its PUTs alone:
 * - up to `concurrency` PUTs at once (3, docs/product.md §9); a freed place takes the first file in line
 *   that is ready to send;
 * - up to `checksumConcurrency` checksums at once (one per core), ahead of the PUTs, each file announced
 *   (POST /v1/direct_uploads) as soon as its checksum is known, while earlier files are still sending;
 * - no more files checked and announced ahead than both pools can take next, so a pre-signed address is
 *   used soon after it is made (one older than half its lifetime is asked for again before the PUT);
 * - the 200 ms wait and the file record hold no place.
 */
import { SIGNED_URL_EXPIRY_SECONDS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import type { DirectUploadResponse, FileItem } from '@trackit/contract/upload.schema';
import { checksumConcurrency as defaultChecksumConcurrency } from './compute-md5';
import {
  announceUpload,
  checksumOf,
  createFileRecord,
  putUpload,
  settleUpload,
  type UploadDeps,
  type UploadProgress,
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
  /** PUTs running at once; the other files wait their turn (still `uploading`). Defaults to 3. */
  concurrency?: number;
  /**
   * Checksums running at once, ahead of the PUTs. Defaults to one per core (navigator.hardwareConcurrency,
   * at most 4), as many as the checksum workers.
   */
  checksumConcurrency?: number;
  /**
   * Progress (percent) changes are announced at most this often; other changes (added, done, failed)
   * at once. 0 (the default) announces every whole percent. The admin app passes 150: a batch of
   * hundreds of files otherwise re-renders the page for every percent of every file, and on a small
   * machine that CPU is taken from the uploads themselves.
   */
  progressIntervalMs?: number;
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

/** An announced address older than this is asked for again before its PUT (half its lifetime). */
export const ANNOUNCEMENT_FRESH_MS = (SIGNED_URL_EXPIRY_SECONDS * 1000) / 2;

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
  /**
   * 0–100 over the files that can still finish (failed ones left out): how far the batch is towards
   * uploading them. 0 when every file failed.
   */
  percent: number;
  /** Share of the whole batch's bar (0–100) that is uploaded: the done files and the progress of the others. */
  progressShare: number;
  /** Share of the whole batch's bar (0–100) that failed, shown apart (in red). */
  failedShare: number;
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
    else progress += item.status === 'success' ? 100 : item.percent;
  }
  const total = items.length;
  const uploading = total - done - failed;
  const finishable = total - failed;
  return {
    total,
    done,
    failed,
    uploading,
    percent: finishable === 0 ? 0 : Math.floor(progress / finishable),
    progressShare: total === 0 ? 0 : progress / total,
    failedShare: total === 0 ? 0 : (100 * failed) / total,
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

/** Where a file is in the pipeline. */
type Stage = 'waiting' | 'checksum' | 'announce' | 'ready' | 'put' | 'record' | 'ended';

interface Entry {
  item: UploadItem;
  file: File;
  /** Kept from the first attempt: a retry does not read the file twice. */
  checksum: string | undefined;
  /** Its place in line: files in the order added, a retried one ahead of all (the latest first). */
  order: number;
  stage: Stage;
  /** The direct upload of this attempt, and when it was made. */
  announced: { answer: DirectUploadResponse; at: number } | undefined;
}

let uidCounter = 0;
const nextUid = (): string => {
  uidCounter += 1;
  return `upload-${Date.now().toString(36)}-${uidCounter}`;
};

const firstInLine = (list: readonly Entry[]): number => {
  let best = 0;
  for (let index = 1; index < list.length; index += 1) {
    if ((list[index] as Entry).order < (list[best] as Entry).order) best = index;
  }
  return best;
};

export function createUploadQueue(options: UploadQueueOptions): UploadQueue {
  const {
    deps,
    concurrency = DEFAULT_UPLOAD_CONCURRENCY,
    checksumConcurrency = defaultChecksumConcurrency(),
    progressIntervalMs = 0,
    createThumbUrl = defaultThumbUrl,
    revokeThumbUrl = defaultRevoke,
  } = options;
  const unloadTarget = options.unloadTarget === undefined ? defaultUnloadTarget() : options.unloadTarget;
  const putLimit = Math.max(1, Math.floor(concurrency));
  const checksumLimit = Math.max(1, Math.floor(checksumConcurrency));
  /** Files checked or announced ahead of the PUTs, at most: what both pools can take next. */
  const aheadLimit = checksumLimit + putLimit;

  const listeners = new Set<() => void>();
  let entries: Entry[] = [];
  let snapshot: readonly UploadItem[] = [];
  /** Files not started yet, in line. */
  const waiting: Entry[] = [];
  /** Files announced, waiting for a PUT place. */
  const ready: Entry[] = [];
  let checksums = 0;
  /** Files in `checksum` or `announce`. */
  let preparing = 0;
  let sending = 0;
  let addedCount = 0;
  let retriedCount = 0;
  let guarding = false;

  const isBusy = () => entries.some((entry) => entry.item.status === 'uploading');

  const syncUnloadGuard = () => {
    const busy = isBusy();
    if (!unloadTarget || busy === guarding) return;
    guarding = busy;
    if (busy) unloadTarget.addEventListener('beforeunload', confirmLeaving);
    else unloadTarget.removeEventListener('beforeunload', confirmLeaving);
  };

  let progressTimer: ReturnType<typeof setTimeout> | undefined;

  const emit = () => {
    if (progressTimer !== undefined) {
      clearTimeout(progressTimer);
      progressTimer = undefined;
    }
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
    if (entry.item.status !== 'uploading' || percent <= entry.item.percent) return;
    if (progressIntervalMs <= 0) {
      update(entry, { percent });
      return;
    }
    // Kept on the item now, announced with the next change or when the interval ends.
    entry.item = { ...entry.item, percent };
    progressTimer ??= setTimeout(emit, progressIntervalMs);
  };

  const fail = (entry: Entry, error: unknown) => {
    entry.stage = 'ended';
    entry.announced = undefined;
    update(entry, { status: 'error', error: messageOf(error) });
  };

  /** Checksum (unless known) and direct upload, then in line for a PUT place. */
  const prepare = async (entry: Entry) => {
    preparing += 1;
    const hashes = entry.checksum === undefined;
    if (hashes) checksums += 1;
    entry.stage = 'checksum';
    let checksum: string;
    try {
      checksum = await checksumOf(deps, entry.file, {
        checksum: entry.checksum,
        onProgress: (progress) => advance(entry, progress),
      });
      entry.checksum = checksum;
    } catch (error) {
      preparing -= 1;
      if (hashes) checksums -= 1;
      fail(entry, error);
      pump();
      return;
    }
    // The checksum place is free: the next file's checksum starts while this one is announced.
    if (hashes) checksums -= 1;
    entry.stage = 'announce';
    pump();
    try {
      const answer = await announceUpload(deps, entry.file, checksum);
      entry.announced = { answer, at: Date.now() };
      entry.stage = 'ready';
      ready.push(entry);
    } catch (error) {
      fail(entry, error);
    } finally {
      preparing -= 1;
      pump();
    }
  };

  /** The PUT in one of the places, then (the place freed) the settle wait and the file record. */
  const send = async (entry: Entry) => {
    sending += 1;
    entry.stage = 'put';
    let holdsPlace = true;
    const releasePlace = () => {
      if (!holdsPlace) return;
      holdsPlace = false;
      sending -= 1;
      pump();
    };
    try {
      let announced = entry.announced as NonNullable<Entry['announced']>;
      if (Date.now() - announced.at > ANNOUNCEMENT_FRESH_MS) {
        // Waited so long its address may expire during the PUT: a fresh one (the old blob is purged unused).
        announced = {
          answer: await announceUpload(deps, entry.file, entry.checksum as string),
          at: Date.now(),
        };
        entry.announced = announced;
      }
      const { direct_upload: target, signed_id } = announced.answer;
      await putUpload(deps, entry.file, target, { onProgress: (progress) => advance(entry, progress) });
      // The place limits sending bytes; the settle wait and the record need none, so the next file starts
      // now (200 files would otherwise spend 200 × 200 ms waiting in the places).
      entry.stage = 'record';
      releasePlace();
      await settleUpload(deps);
      const file = await createFileRecord(deps.api, {
        folder_id: entry.item.foldId,
        signed_id,
      });
      entry.stage = 'ended';
      entry.announced = undefined;
      update(entry, { status: 'success', percent: 100, file, error: undefined });
    } catch (error) {
      fail(entry, error);
    } finally {
      releasePlace();
    }
  };

  function pump() {
    // Free PUT places first, each to the first file in line that is ready.
    while (sending < putLimit && ready.length > 0) {
      const [entry] = ready.splice(firstInLine(ready), 1) as [Entry];
      void send(entry);
    }
    // Then checksums ahead, as many as the checksum places, no further ahead than the pools can take next;
    // a retried file (first in line) is announced at once, to take the next PUT place.
    while (waiting.length > 0) {
      const entry = waiting[0] as Entry;
      if (entry.order > 0 && preparing + ready.length >= aheadLimit) break;
      if (entry.checksum === undefined && checksums >= checksumLimit) break;
      waiting.shift();
      void prepare(entry);
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
      const added = files.map((file): Entry => {
        addedCount += 1;
        return {
          file,
          checksum: undefined,
          order: addedCount,
          stage: 'waiting',
          announced: undefined,
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
        };
      });
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
      retriedCount += 1;
      entry.order = -retriedCount;
      entry.stage = 'waiting';
      entry.announced = undefined;
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
