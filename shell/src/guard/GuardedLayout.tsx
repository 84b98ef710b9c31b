import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'shared-kernel/router';
import type { Layout } from 'shared-kernel/contracts';
import { currentShopId, decideRouteDetailed, hasPermission } from 'shared-kernel/domain';
import { useShell } from '../app/shell-context';
import { useShellUi } from '../app/ui-store';
import { isReservedCollision } from '../router/reserved';
import type { RouteEntry } from '../remotes/registry';
import { LayoutFrame } from '../layouts/LayoutFrame';
import { NotFound } from '../feedback/NotFound';
import { PageLoading } from '../feedback/PageLoading';
import { isSeller, useSessionCtx } from './use-session-ctx';

const Forbidden = lazy(() => import('../feedback/Forbidden'));

export interface RouteHandle {
  entry: RouteEntry;
}

/** The route entry of the deepest match, or null (unknown route, or a shop name that is a reserved segment). */
export function useMatchedEntry(): RouteEntry | null {
  const matches = useMatches();
  const { pathname } = useLocation();
  const { reserved } = useShell();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const entry = handle?.entry ?? null;
  if (entry && isReservedCollision(entry.path, pathname, reserved)) return null;
  return entry;
}

/**
 * Layout route: runs the §2 guard for the matched route (decideRouteDetailed from
 * shared-kernel), then renders the route's layout around the page, or around the page saying which §6 right an
 * iam lacks.
 */
export function GuardedLayout({ layout }: { layout: Layout | null }) {
  const { pathname, search } = useLocation();
  const entry = useMatchedEntry();
  const { user, masterAccount, shop, jwt } = useSessionCtx();
  const shopLoad = useShellUi((s) => s.shopLoad);

  // The guard needs the owner's/iam's shop (modules, own shop page): wait for it.
  if (jwt && isSeller(user) && !shop && (shopLoad === 'idle' || shopLoad === 'loading')) return <PageLoading full />;

  const decision = decideRouteDetailed({ user, masterAccount, shop, route: entry, pathname, search });
  // An iam missing a right is told which one, in the page's own layout, rather than bounced to the dashboard
  // without a word (a link someone sent them, a bookmark, the 'Aller à' search of an older session).
  if (decision.kind === 'redirect' && decision.reason === 'permission' && entry) {
    const shopId = currentShopId(user, shop);
    const missing = (entry.permissions ?? []).filter((p) => !hasPermission(user, shopId, p));
    return (
      <LayoutFrame layout={layout ?? entry.layout} entry={entry}>
        <Suspense fallback={<PageLoading />}>
          <Forbidden missing={missing} />
        </Suspense>
      </LayoutFrame>
    );
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'notFound' || !entry) {
    return (
      <LayoutFrame layout={user || masterAccount ? 'headerOnly' : 'default'} entry={null}>
        <NotFound />
      </LayoutFrame>
    );
  }
  return (
    <LayoutFrame layout={layout ?? entry.layout} entry={entry}>
      <Outlet />
    </LayoutFrame>
  );
}
