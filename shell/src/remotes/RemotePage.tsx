import { Component, Suspense, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteModule } from 'shared-kernel/contracts';
import { useShell } from '../app/shell-context';
import type { RouteEntry } from './registry';
import { RemoteUnavailableError } from './module-cache';
import { RemoteUnavailable } from './RemoteUnavailable';
import { PageLoading } from '../feedback/PageLoading';

/**
 * Renders the page a remote maps to `entry.path` (remote code loaded on first visit).
 * The module load is tracked in state rather than with use(): a navigation runs in a
 * transition, and a transition that suspends keeps the previous screen; we want the
 * layout (header, sidebar) and a spinner at once instead.
 */
function RemotePageContent({ entry }: { entry: RouteEntry }) {
  const { modules } = useShell();
  const [mod, setMod] = useState<RemoteModule | undefined>(() => modules.peek(entry.remote));
  const [, setError] = useState<unknown>(null);

  useEffect(() => {
    if (mod) return;
    let alive = true;
    modules.load(entry.remote).then(
      (m) => alive && setMod(m),
      (err: unknown) =>
        alive &&
        setError(() => {
          throw err; // re-thrown during render: caught by the remote's error boundary
        }),
    );
    return () => {
      alive = false;
    };
  }, [modules, entry.remote, mod]);

  if (!mod) return <PageLoading />;
  const Page = mod.pages[entry.path];
  if (!Page) throw new RemoteUnavailableError(entry.remote, new Error(`no page for ${entry.path}`));
  return <Page routePath={entry.path} />;
}

interface BoundaryProps {
  remote: string;
  onRetry: () => void;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
}

/** Error boundary of one remote subtree: load or render failures stay inside it. */
export class RemoteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('unknown') };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[shell] remote ${this.props.remote} failed`, error, info.componentStack);
  }
  private retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };
  override render() {
    if (this.state.error) {
      return <RemoteUnavailable onRetry={this.retry} renderError={!(this.state.error instanceof RemoteUnavailableError)} />;
    }
    return this.props.children;
  }
}

/** One route's remote area: its own error boundary and Suspense. */
export function RemotePage({ entry }: { entry: RouteEntry }) {
  const { modules } = useShell();
  return (
    <RemoteBoundary key={entry.path} remote={entry.remote} onRetry={() => modules.invalidate(entry.remote)}>
      <Suspense fallback={<PageLoading />}>
        <RemotePageContent entry={entry} />
      </Suspense>
    </RemoteBoundary>
  );
}
