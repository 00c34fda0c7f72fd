import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../app';
import { clearQueries } from '../queries/public-query';
import { navigate } from '../router';
// Loaded ahead, so the lazy pages resolve at once rather than after a cold transform.
import '../pages/package-page';
import '../pages/model-page';
import '../pages/files-page';
import '../pages/folder-page';
import '../components/not-found-page';

/** Renders the app at `path` (below /h5) with an empty cache and a device that has seen nothing. */
export function renderApp(path: string) {
  // jsdom does not scroll; the router scrolls on every navigation.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  clearQueries();
  localStorage.clear();
  navigate(path, { replace: true });
  return render(<App />);
}
