/** The version tag of a page: `<meta name="version" content>` (the build sets it; `dev` in development). */
export const readVersionTag = (html: string): string | undefined => {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return document.querySelector('meta[name="version"]')?.getAttribute('content') ?? undefined;
};

/**
 * Whether a fetched root page announces a new release: a tag different from the one this page loaded
 * with, not yet announced. Never in development (`dev`), never when either tag is unknown.
 */
export const isNewVersion = (
  loaded: string | undefined,
  latest: string | undefined,
  announced: ReadonlySet<string>,
): boolean => Boolean(loaded && latest && loaded !== 'dev' && latest !== loaded && !announced.has(latest));
