import { lazy, Suspense } from 'react';
import type { RouteEntry } from '../remotes/registry';
import { PageLoading } from '../feedback/PageLoading';
import { DASHBOARD_HOME } from './shell-routes';

const DashboardHome = lazy(() => import('../dashboard/DashboardHome'));

/** A page of the shell's own (shell-routes.ts), loaded on demand like a remote's. */
export function ShellPage({ entry }: { entry: RouteEntry }) {
  if (entry.path !== DASHBOARD_HOME) throw new Error(`no shell page for ${entry.path}`);
  return (
    <Suspense fallback={<PageLoading />}>
      <DashboardHome />
    </Suspense>
  );
}
