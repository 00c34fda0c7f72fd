import { type Key, useCallback, useMemo, useState } from 'react';

/** The rows ticked for a bulk action. */
export interface ListSelection<K extends Key> {
  readonly keys: readonly K[];
  set(keys: readonly K[]): void;
  toggle(key: K, selected: boolean): void;
  clear(): void;
}

const NONE: readonly never[] = [];

/**
 * The selected rows of a list. The selection belongs to one query (filters, sort, page): when the query
 * changes it is empty again, so a bulk action never reaches rows the user no longer sees.
 */
export function useListSelection<K extends Key>(query: unknown): ListSelection<K> {
  const scope = JSON.stringify(query);
  const [state, setState] = useState<{ scope: string; keys: readonly K[] }>({ scope, keys: NONE });
  const keys = state.scope === scope ? state.keys : NONE;

  const set = useCallback((next: readonly K[]) => setState({ scope, keys: next }), [scope]);
  const toggle = useCallback(
    (key: K, selected: boolean) =>
      setState((current) => {
        const kept = (current.scope === scope ? current.keys : NONE).filter((item) => item !== key);
        return { scope, keys: selected ? [...kept, key] : kept };
      }),
    [scope],
  );
  const clear = useCallback(() => setState({ scope, keys: NONE }), [scope]);

  return useMemo(() => ({ keys, set, toggle, clear }), [keys, set, toggle, clear]);
}
