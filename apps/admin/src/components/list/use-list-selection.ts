import {
  type Key,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/** The rows ticked for a bulk action, with the rows themselves (a kept selection spans pages). */
export interface ListSelection<T, K extends Key> {
  readonly keys: readonly K[];
  /** The selected rows, in the order they were ticked. */
  readonly rows: readonly T[];
  has(key: K): boolean;
  /** Ticks or unticks rows (a row's box, a page's 全选). */
  select(rows: readonly T[], selected: boolean): void;
  /** What a page's boxes say: its rows among `keys` are selected, its others not; other pages' stay. */
  setPage(pageRows: readonly T[], keys: readonly K[]): void;
  remove(key: K): void;
  clear(): void;
}

/**
 * How long a selection lives: `scope` (the list's query) empties it whenever the query changes, so a bulk
 * action only reaches rows on screen; `keep` (a name) keeps it across searches, pages and views until it
 * is cleared, in memory while the app is open (a team switch reloads the app).
 */
export type SelectionLife = { scope: unknown } | { keep: string };

type Entries = ReadonlyMap<Key, unknown>;
const NONE: Entries = new Map();

/** The kept selections by name, outliving the page that shows them (open a model, come back). */
const kept = new Map<string, Entries>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const writeKept = (name: string, entries: Entries) => {
  kept.set(name, entries);
  for (const listener of listeners) listener();
};

/** Forgets every kept selection (tests; a sign-out reloads the app anyway). */
export const clearKeptSelections = () => {
  kept.clear();
  for (const listener of listeners) listener();
};

/**
 * The selected rows of a list, by `rowKey`, living as `life` says. The selection keeps the rows it was
 * given, so a bulk action and the 查看已选 drawer have them even when they are on another page.
 */
export function useListSelection<T, K extends Key>(
  rowKey: (row: T) => K,
  life: SelectionLife,
): ListSelection<T, K> {
  // Callers pass an inline function; the latest one is used when a box is ticked.
  const keyOf = useRef(rowKey);
  useLayoutEffect(() => {
    keyOf.current = rowKey;
  });
  const keepName = 'keep' in life ? life.keep : null;
  const scope = 'scope' in life ? JSON.stringify(life.scope) : null;

  const [local, setLocal] = useState<{ scope: string | null; entries: Entries }>({ scope, entries: NONE });
  const keptEntries = useSyncExternalStore(subscribe, () => (keepName ? (kept.get(keepName) ?? NONE) : NONE));
  const entries = (keepName ? keptEntries : local.scope === scope ? local.entries : NONE) as ReadonlyMap<
    K,
    T
  >;

  const update = useCallback(
    (change: (current: ReadonlyMap<K, T>) => ReadonlyMap<K, T>) => {
      if (keepName) {
        writeKept(keepName, change((kept.get(keepName) ?? NONE) as ReadonlyMap<K, T>));
        return;
      }
      setLocal((current) => ({
        scope,
        entries: change((current.scope === scope ? current.entries : NONE) as ReadonlyMap<K, T>),
      }));
    },
    [keepName, scope],
  );

  const select = useCallback(
    (rows: readonly T[], selected: boolean) =>
      update((current) => {
        const next = new Map(current);
        for (const row of rows) {
          const key = keyOf.current(row);
          if (!selected) next.delete(key);
          // A row already selected keeps its place in the order of ticking, with its latest values.
          else next.set(key, row);
        }
        return next;
      }),
    [update],
  );
  const setPage = useCallback(
    (pageRows: readonly T[], keys: readonly K[]) =>
      update((current) => {
        const next = new Map(current);
        for (const row of pageRows) {
          const key = keyOf.current(row);
          if (keys.includes(key)) next.set(key, row);
          else next.delete(key);
        }
        return next;
      }),
    [update],
  );
  const remove = useCallback(
    (key: K) =>
      update((current) => {
        const next = new Map(current);
        next.delete(key);
        return next;
      }),
    [update],
  );
  const clear = useCallback(() => update(() => NONE as ReadonlyMap<K, T>), [update]);

  return useMemo(
    () => ({
      keys: [...entries.keys()],
      rows: [...entries.values()],
      has: (key: K) => entries.has(key),
      select,
      setPage,
      remove,
      clear,
    }),
    [entries, select, setPage, remove, clear],
  );
}
