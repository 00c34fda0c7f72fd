import { PublicCallError } from '@trackit/client/share/public-client';
import { MESSAGES } from '@trackit/contract/messages';
import { Button, Result } from 'antd';
import { NotFoundPage } from './not-found-page';

/**
 * What a share page shows when its call fails: the 404 page for an unknown, revoked or expired link
 * (the server does not say which), else the server's message with 重试.
 */
export function QueryFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof PublicCallError && error.isNotFound) return <NotFoundPage />;
  const message = error instanceof PublicCallError ? error.message : MESSAGES.systemError;
  return (
    <Result
      status="warning"
      title={message}
      style={{ paddingTop: '12vh' }}
      extra={
        <Button type="primary" onClick={onRetry} data-testid="retry">
          {MESSAGES.uploadRetry}
        </Button>
      }
    />
  );
}
