/**
 * A page's code that fails to load (typically: a newer deployment removed the old chunks, docs/product.md §8
 * "preload error") reloads the page once, which fetches the current index.html and its chunks, instead
 * of leaving a blank screen. Loop guard: session storage remembers the version tag that was reloaded
 * away from; if the page that comes back has the same tag, a reload cannot help and the error shows.
 */

const GUARD_KEY = 'TRACK_IT_CHUNK_RELOAD';

export interface ChunkReloaderOptions {
  /** The version tag the page loaded with. */
  version: string;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
}

export interface ChunkReloader {
  /** Reloads unless a reload from this version already happened; true when it reloads. */
  tryReload(): boolean;
  /** Runs a dynamic import; when it fails, reloads once (never settling meanwhile) or rethrows. */
  load<T>(importer: () => Promise<T>): Promise<T>;
}

export const createChunkReloader = ({ version, storage, reload }: ChunkReloaderOptions): ChunkReloader => {
  let reloading = false;

  const tryReload = (): boolean => {
    if (reloading) return true;
    let last: string | null = null;
    try {
      last = storage.getItem(GUARD_KEY);
    } catch {
      // Storage disabled: without a guard, do not risk a loop.
      return false;
    }
    if (last === version) return false;
    try {
      storage.setItem(GUARD_KEY, version);
    } catch {
      return false;
    }
    reloading = true;
    reload();
    return true;
  };

  const load = async <T>(importer: () => Promise<T>): Promise<T> => {
    try {
      return await importer();
    } catch (error) {
      // Keep the spinner on screen until the browser has reloaded.
      if (tryReload()) return new Promise<T>(() => undefined);
      throw error;
    }
  };

  return { tryReload, load };
};

/** The version tag the build put in index.html (`dev` in development). */
export const loadedVersion = (): string =>
  document.querySelector<HTMLMetaElement>('meta[name="version"]')?.content ?? '';

let appReloader: ChunkReloader | undefined;
let pendingHref: () => string | undefined = () => undefined;

/**
 * Tells the reloader where a navigation in progress is going. The router commits the address only once
 * the page's code has loaded, so a plain reload would land on the page being left; the reload goes to
 * the page that was asked for instead.
 */
export const setPendingHref = (getHref: () => string | undefined): void => {
  pendingHref = getHref;
};

/** The app's reloader (created on first use, so tests do not touch the DOM early). */
export const chunkReloader = (): ChunkReloader => {
  appReloader ??= createChunkReloader({
    version: loadedVersion(),
    storage: window.sessionStorage,
    reload: () => {
      const href = pendingHref();
      if (href) window.location.assign(href);
      else window.location.reload();
    },
  });
  return appReloader;
};

/** Loads a page's module through the app's reloader. */
export const loadChunk = <T>(importer: () => Promise<T>): Promise<T> => chunkReloader().load(importer);

/**
 * Vite fires `vite:preloadError` when a chunk's preloaded dependency (CSS) fails; handled here, the
 * reload replaces the error Vite would otherwise rethrow.
 */
export const handlePreloadErrors = (): void => {
  window.addEventListener('vite:preloadError', (event) => {
    if (chunkReloader().tryReload()) event.preventDefault();
  });
};
