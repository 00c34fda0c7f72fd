/// <reference lib="dom" />
/**
 * What antd needs from a browser that jsdom lacks, for unit tests that render components (files with
 * the `@vitest-environment jsdom` docblock). Does nothing in the Node environment.
 */
/** How long `findBy…` and `waitFor` wait for their condition; below the unit suite's test timeout. */
const ASYNC_UTIL_TIMEOUT_MS = 20_000;

if (typeof window !== 'undefined') {
  // `findBy…` and `waitFor` give up after 1 s by default: on a two-core machine busy with other work an
  // antd page can take longer than that to render. They return as soon as the condition holds, so a
  // long limit costs nothing on a quiet machine and only lets a slow one finish (issue 21).
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// A module, for the top-level await above (the Node environment never loads the testing library).
export {};
