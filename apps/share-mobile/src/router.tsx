/**
 * The app's router: the history API and five patterns (routes.ts), in place of react-router, which
 * alone was ~25 KB of the 120 KB the package page may load (docs/benchmarks.md "Share pages (/h5)").
 * Paths here are below the base path (`/s/abc`, not `/h5/s/abc`).
 */
import { BASE_PATHS } from '@trackit/contract/constants';
import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';

const BASE = BASE_PATHS.h5;

export interface AppLocation {
  /** Below the base path, always starting with `/`. */
  pathname: string;
  /** `?i=3` or ''. */
  search: string;
  /** Identifies the history entry (its saved scroll position). */
  key: string;
  /** The entry's position in this tab's history, counted from the first page of the app. */
  idx: number;
  /** How the entry was reached: a link (`push`/`replace`) or the browser's back and forward (`pop`). */
  action: 'push' | 'replace' | 'pop';
}

interface EntryState {
  key: string;
  idx: number;
}

const listeners = new Set<() => void>();
/** The app-relative path of each entry met in this tab, by idx (lost on reload: then we navigate). */
const visited = new Map<number, string>();
const scrollByKey = new Map<string, number>();

const newKey = () => Math.random().toString(36).slice(2, 10);

function read(action: AppLocation['action']): AppLocation {
  const state = window.history.state as Partial<EntryState> | null;
  const path = window.location.pathname;
  const below = path === BASE || path.startsWith(`${BASE}/`) ? path.slice(BASE.length) : path;
  return {
    pathname: below || '/',
    search: window.location.search,
    key: state?.key ?? 'init',
    idx: state?.idx ?? 0,
    action,
  };
}

let current: AppLocation | undefined;

function location(): AppLocation {
  if (current) return current;
  // The first page of the tab: give its entry a key so back and forward can tell it apart.
  if (typeof window.history.state?.key !== 'string') {
    window.history.replaceState({ key: newKey(), idx: 0 } satisfies EntryState, '');
  }
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  window.addEventListener('popstate', () => change('pop'));
  current = read('push');
  visited.set(current.idx, current.pathname);
  return current;
}

function change(action: AppLocation['action']) {
  // The page being left is still on screen (the browser's back included): keep where it was scrolled.
  if (current) scrollByKey.set(current.key, window.scrollY);
  current = read(action);
  visited.set(current.idx, current.pathname);
  for (const listener of listeners) listener();
}

/** Goes to `to` (below the base path, with its query if any). */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const from = location();
  const state: EntryState = options.replace
    ? { key: from.key, idx: from.idx }
    : { key: newKey(), idx: from.idx + 1 };
  const url = `${BASE}${to}`;
  if (options.replace) window.history.replaceState(state, '', url);
  else window.history.pushState(state, '', url);
  change(options.replace ? 'replace' : 'push');
}

/**
 * Returns to `to`: with the browser's back when the previous entry is that page (its scroll position
 * comes back), else by a link to it (a shared link opened straight on a model's page).
 */
export function backTo(to: string, options: { replace?: boolean } = {}): void {
  const here = location();
  if (here.idx > 0 && visited.get(here.idx - 1) === to) window.history.back();
  else navigate(to, options);
}

/** Where the page was scrolled when its entry was left; undefined for an entry not seen yet. */
export const savedScroll = (key: string): number | undefined => scrollByKey.get(key);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Listens to every change of location (the app starts each page's data early this way). */
export const onLocationChange = subscribe;

export const currentLocation = (): AppLocation => location();

export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, location);
}

/** A search parameter of the current location. */
export function useSearchParam(name: string): string | null {
  const { search } = useLocation();
  return new URLSearchParams(search).get(name);
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** Below the base path. */
  to: string;
  replace?: boolean;
};

/** A real link (long-press, open in browser) that navigates in place on a plain tap. */
export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      (rest.target && rest.target !== '_self')
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a href={`${BASE}${to}`} onClick={handleClick} {...rest} />;
}
