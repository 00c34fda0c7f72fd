import { MESSAGES } from '@trackit/contract/messages';
import { Button, Result } from 'antd';

/**
 * Shown when a page fails to render or its code fails to load (often: a newer deployment removed the
 * old chunks). A reload fetches the current version. Unknown paths never get here: the `*` route
 * renders the 404 page.
 */
export function RouteErrorPage() {
  return (
    <Result
      status="500"
      title={MESSAGES.systemError}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {MESSAGES.refresh}
        </Button>
      }
    />
  );
}
