import { MESSAGES } from '@trackit/contract/messages';
import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';

/**
 * Shown when a page fails to render or its code fails to load (often: a newer deployment removed the
 * old chunks). A reload fetches the current version. An unknown path of a signed-out visitor arrives
 * here as a 404 answer of the shell's loader (require-session.ts) and gets the 404 page over the window;
 * a signed-in member gets it inside the shell.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage fullWindow />;
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
