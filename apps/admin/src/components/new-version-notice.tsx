import { CloseOutlined, InfoCircleFilled } from '@ant-design/icons';
import { MESSAGES } from '@trackit/contract/messages';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { loadedVersion } from '../chunk-reload';
import { CORNER_PLACES, CornerSlot } from './corner-dock';
import styles from './new-version-notice.module.css';
import { isNewVersion, readVersionTag } from './version-tag';

export interface NewVersionNoticeProps {
  /** The version this page loaded with; defaults to the page's `<meta name="version">`. */
  loaded?: string;
  /** Reloads the page (刷新). */
  reload?: () => void;
}

/**
 * The refresh reminder (docs/product.md §4.8): whenever the window regains focus the root page is fetched
 * again (`/` redirects to /admin's index.html, never cached); a version tag different from the one this
 * page loaded with shows a notice with a 刷新 button, once per new version. It sits in the bottom-right
 * corner dock above the upload card, so a user who is uploading keeps the card's progress and 重试 links
 * in view.
 */
export function NewVersionNotice({
  loaded = loadedVersion(),
  reload = () => window.location.reload(),
}: NewVersionNoticeProps = {}) {
  /** The version being announced; none when nothing is shown (closed, or nothing new). */
  const [shown, setShown] = useState<string | undefined>(undefined);

  useEffect(() => {
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
        setShown(latest);
      } catch {
        // Offline or the server is restarting: the next focus tries again.
      } finally {
        checking = false;
      }
    };

    window.addEventListener('focus', check);
    return () => window.removeEventListener('focus', check);
  }, [loaded]);

  if (!shown) return null;
  return (
    <CornerSlot place={CORNER_PLACES.newVersionNotice}>
      <section className={styles.notice} role="alert" data-testid="new-version-notice" data-version={shown}>
        <InfoCircleFilled className={styles.icon} />
        <div className={styles.main}>
          <p className={styles.title}>{MESSAGES.newVersionTitle}</p>
          <p className={styles.text}>{MESSAGES.newVersionContent}</p>
          <div className={styles.actions}>
            <Button type="primary" size="small" onClick={reload} data-testid="new-version-refresh">
              {MESSAGES.refresh}
            </Button>
          </div>
        </div>
        <Button
          type="text"
          size="small"
          className={styles.close}
          icon={<CloseOutlined />}
          aria-label="关闭"
          onClick={() => setShown(undefined)}
          data-testid="new-version-close"
        />
      </section>
    </CornerSlot>
  );
}
