import { MESSAGES } from '@trackit/contract/messages';
import { Button, ErrorBlock } from 'antd-mobile';

/** Shown when a page fails to render or its code fails to load; a reload fetches the current version. */
export function RouteErrorPage() {
  return (
    <ErrorBlock status="default" fullPage title={MESSAGES.systemError} description="">
      <Button color="primary" onClick={() => window.location.reload()}>
        {MESSAGES.refresh}
      </Button>
    </ErrorBlock>
  );
}
