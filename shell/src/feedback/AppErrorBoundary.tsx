import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'shared-kernel/router';
import { ErrorPage } from './ErrorPage';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

/** Top-level error handling: chunk-load failures reload (once a minute), the rest shows the error page. */
function useHandled(error: unknown): boolean {
  // The reload is a side effect of rendering the error: acceptable here because the page goes away.
  return isChunkLoadError(error) && reloadOnceForChunkError();
}

export function ErrorView({ error }: { error: unknown }) {
  const reloading = useHandled(error);
  if (reloading) return <div className="wz-page-loading" aria-busy="true" />;
  return <ErrorPage />;
}

/** react-router errorElement. */
export function RouteErrorElement() {
  const error = useRouteError();
  return <ErrorView error={error} />;
}

interface State {
  error: unknown;
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };
  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('unknown') };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[shell] uncaught error', error, info.componentStack);
  }
  override render() {
    if (this.state.error) return <ErrorView error={this.state.error} />;
    return this.props.children;
  }
}
