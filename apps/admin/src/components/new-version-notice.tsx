import { MESSAGES } from '@trackit/contract/messages';
import { App, Button } from 'antd';
import { useEffect } from 'react';
import { loadedVersion } from '../chunk-reload';
import { isNewVersion, readVersionTag } from './version-tag';

const NOTICE_KEY = 'new-version';

/**
 * The refresh reminder (docs/product.md §4 "New version"): whenever the window regains focus the root page is
 * fetched again (`/` redirects to /admin's index.html, never cached); a version tag different from the
 * one this page loaded with shows a notice with a 刷新 button, once per new version.
 */
export function NewVersionNotice() {
  const { notification } = App.useApp();

  useEffect(() => {
    const loaded = loadedVersion();
    if (!loaded || loaded === 'dev') return;
    const announced = new Set<string>();
    let checking = false;

    const check = async () => {
      if (checking) return;
      checking = true;
      try {
        const response = await fetch('/', { cache: 'no-store', credentials: 'same-origin' });
        if (!response.ok) return;
        const latest = readVersionTag(await response.text());
        if (!isNewVersion(loaded, latest, announced) || !latest) return;
        announced.add(latest);
        notification.info({
          key: NOTICE_KEY,
          title: MESSAGES.newVersionTitle,
          description: MESSAGES.newVersionContent,
          duration: false,
          placement: 'bottomRight',
          props: { 'data-testid': 'new-version-notice' },
          actions: (
            <Button type="primary" size="small" onClick={() => window.location.reload()}>
              {MESSAGES.refresh}
            </Button>
          ),
        });
      } catch {
        // Offline or the server is restarting: the next focus tries again.
      } finally {
        checking = false;
      }
    };

    window.addEventListener('focus', check);
    return () => window.removeEventListener('focus', check);
  }, [notification]);

  return null;
}
