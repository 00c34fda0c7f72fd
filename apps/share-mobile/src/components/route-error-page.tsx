import { MESSAGES } from '@trackit/contract/messages';
import { Component, type ReactNode } from 'react';
import { Failure } from './load-error';

/** Shown when a page fails to render or its code fails to load; a reload fetches the current version. */
export function RouteErrorPage() {
  return (
    <Failure
      title={MESSAGES.systemError}
      message=""
      action={MESSAGES.refresh}
      onAction={() => window.location.reload()}
    />
  );
}

/** Catches a page's render errors (and a chunk that failed to download). */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
