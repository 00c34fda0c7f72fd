/**
 * A small cache of the share pages' answers, in place of TanStack Query (~10 kB compressed for what
 * three GET calls need, docs/benchmarks.md "Share pages (/h5)"): one entry per key, shared by the pages,
 * so going back to the grid shows it at once where it was. Calls in flight are shared. The answers hold
 * signed file addresses that expire: an answer older than STALE_MS is asked again when a page shows it,
 * and a picture that fails to load asks for fresh addresses at once (refreshAddresses). Failures are
 * not retried (docs/product.md §7), but for a 503 (the server a moment without its database), asked
 * twice more: then the page offers 重试.
 */
import { retryWhileUnavailable } from '@trackit/client/unavailable-retry';
import { SIGNED_URL_EXPIRY_SECONDS } from '@trackit/contract/constants';
import { useEffect, useSyncExternalStore } from 'react';

export interface QueryState<T> {
  data: T | undefined;
  error: Error | undefined;
  fetching: boolean;
}

interface Entry {
  state: QueryState<unknown>;
  /** When the last call ended (0: never). */
  settledAt: number;
  /** When `data` was answered. */
  updatedAt: number;
  promise: Promise<void> | undefined;
  listeners: Set<() => void>;
  subscribe: (listener: () => void) => () => void;
}

/**
 * Before a signed address ends (the contract promises SIGNED_URL_EXPIRY_SECONDS): each new answer has
 * new addresses, so the pictures are downloaded again; not more often than this.
 */
export const STALE_MS = SIGNED_URL_EXPIRY_SECONDS * 800;
/** A picture failing on an answer younger than this is not an expired address: no new call. */
const FRESH_MS = 60_000;

const entries = new Map<string, Entry>();
const IDLE: QueryState<never> = { data: undefined, error: undefined, fetching: false };

function entryOf(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) {
    const listeners = new Set<() => void>();
    entry = {
      state: IDLE,
      settledAt: 0,
      updatedAt: 0,
      promise: undefined,
      listeners,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    entries.set(key, entry);
  }
  return entry;
}

function update(entry: Entry, patch: Partial<QueryState<unknown>>) {
  entry.state = { ...entry.state, ...patch };
  for (const listener of entry.listeners) listener();
}

/** Starts the call of `key` unless one is in flight; resolves when it ends (never rejects). */
export function fetchQuery<T>(key: string, load: () => Promise<T>): Promise<void> {
  const entry = entryOf(key);
  if (entry.promise) return entry.promise;
  // A retry shows the loading state again; a refresh of shown data keeps it on screen.
  update(entry, entry.state.data === undefined ? { fetching: true, error: undefined } : { fetching: true });
  entry.promise = retryWhileUnavailable(load).then(
    (data) => {
      entry.updatedAt = Date.now();
      entry.settledAt = entry.updatedAt;
      entry.promise = undefined;
      update(entry, { data, error: undefined, fetching: false });
    },
    (error: unknown) => {
      entry.settledAt = Date.now();
      entry.promise = undefined;
      update(entry, { error: error instanceof Error ? error : new Error(String(error)), fetching: false });
    },
  );
  return entry.promise;
}

const needsFetch = (entry: Entry, now: number): boolean =>
  !entry.promise &&
  (entry.state.data === undefined
    ? // A failure seen a moment ago (the prefetch of the same page) is shown, not repeated.
      now - entry.settledAt > 1000
    : now - entry.updatedAt > STALE_MS);

/** Starts the call early (before the page's code has arrived) when it is needed. */
export function prefetchQuery<T>(key: string, load: () => Promise<T>): void {
  if (needsFetch(entryOf(key), Date.now())) void fetchQuery(key, load);
}

export function getQueryData<T>(key: string): T | undefined {
  return entries.get(key)?.state.data as T | undefined;
}

/** Changes the cached answer (an optimistic pick); nothing happens when there is none yet. */
export function setQueryData<T>(key: string, change: (data: T) => T): void {
  const entry = entries.get(key);
  if (entry?.state.data === undefined) return;
  update(entry, { data: change(entry.state.data as T) });
}

/** Forgets every answer (tests). */
export function clearQueries(): void {
  entries.clear();
}

export interface QueryResult<T> extends QueryState<T> {
  retry: () => void;
  /** A signed address of the answer failed (expired): asks again, unless the answer is fresh. */
  refreshAddresses: () => void;
}

export function useQuery<T>(key: string, load: () => Promise<T>): QueryResult<T> {
  const entry = entryOf(key);
  const state = useSyncExternalStore(entry.subscribe, () => entry.state) as QueryState<T>;

  // `load` is built from the key's parts on each render; the key alone says what to fetch.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key identifies the call
  useEffect(() => {
    const current = entryOf(key);
    if (needsFetch(current, Date.now())) void fetchQuery(key, load);
    // Back from another app (WeChat's chat) after a while: the addresses may have expired.
    const onVisible = () => {
      if (
        document.visibilityState === 'visible' &&
        current.state.data !== undefined &&
        needsFetch(current, Date.now())
      ) {
        void fetchQuery(key, load);
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [key]);

  return {
    ...state,
    retry: () => void fetchQuery(key, load),
    refreshAddresses: () => {
      const current = entryOf(key);
      if (!current.promise && Date.now() - current.updatedAt > FRESH_MS) void fetchQuery(key, load);
    },
  };
}
