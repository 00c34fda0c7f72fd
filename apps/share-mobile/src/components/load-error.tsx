/**
 * A page whose data failed: the 404 page for an unknown, revoked or expired link (the server tells
 * them apart from nothing else), else the server's message with 重试.
 */
import { PublicCallError } from '@trackit/client/share/public-client';
import { MESSAGES } from '@trackit/contract/messages';
import { lazy, Suspense } from 'react';
import { TEXTS } from '../texts';
import styles from './load-error.module.css';

// The 404 page uses antd-mobile's ErrorBlock; only a wrong link downloads it.
export const NotFoundPage = lazy(() =>
  import('./not-found-page').then((module) => ({ default: module.NotFoundPage })),
);

export function NotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}

export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof PublicCallError && error.isNotFound) return <NotFound />;
  const message = error instanceof PublicCallError ? error.message : MESSAGES.systemError;
  return <Failure title={TEXTS.loadFailed} message={message} action={TEXTS.retry} onAction={onRetry} />;
}

/** A quiet full-page failure with one action (retry, reload). Plain CSS: it must show offline. */
export function Failure({
  title,
  message,
  action,
  onAction,
}: {
  title: string;
  message: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <div className={styles.failure} role="alert">
      <p className={styles.title}>{title}</p>
      {message ? <p className={styles.message}>{message}</p> : null}
      <button type="button" className={styles.button} onClick={onAction}>
        {action}
      </button>
    </div>
  );
}
