import type { Permission, RouteAccess, RouteRole, SessionMasterAccount, SessionShop, SessionUser, ShopModule } from './access';
import { currentShopId, hasPermission, shopModuleActive } from './permissions';

/**
 * Spec §2 "Route guard" and "Route access by role" as one pure function, driven by the
 * route metadata the remotes declare.
 */

export interface RouteDecisionInput {
  user: SessionUser | null;
  masterAccount: SessionMasterAccount | null;
  /** The owner's/iam's shop. The shell must decide only once it is loaded (null = no active module). */
  shop: SessionShop | null;
  /** Matched route meta; null = no route matches (unknown route). */
  route: RouteAccess | null;
  pathname: string;
  search: string;
}

export type RouteDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'notFound' };

/** Why the guard decided what it decided (menus and tests use it; the shell only needs RouteDecision). */
export type RouteReason =
  | 'allowed'
  | 'login' // anonymous on a non-public or unknown route
  | 'notFound' // logged in on an unknown route
  | 'guestOnly' // logged in on a guest-only page → home
  | 'ownShop' // owner/iam opening /shops → their shop page
  | 'role' // role not allowed → dashboard
  | 'module' // required shop module inactive → dashboard
  | 'permission'; // iam missing a required permission → dashboard

export type DetailedRouteDecision = RouteDecision & { reason: RouteReason };

export const LOGIN_ROUTE = '/auth/login';
export const DASHBOARD_ROUTE = '/dashboard';
export const ADMIN_ROUTE = '/admin';
export const SHOPS_ROUTE = '/shops';

/** Home page of a logged-in user: '/admin' for superAdmin, '/dashboard' for everyone else (incl. master accounts). */
export function homeFor(user: Pick<SessionUser, 'role'> | null | undefined): string {
  return user?.role === 'superAdmin' ? ADMIN_ROUTE : DASHBOARD_ROUTE;
}

/** '/auth/login?redirectLink=<encoded path+search>' (no redirectLink for the site root). */
export function loginRedirectFor(pathname: string, search = ''): string {
  const back = `${pathname}${search && !search.startsWith('?') ? `?${search}` : search}`;
  if (!pathname || back === '/') return LOGIN_ROUTE;
  return `${LOGIN_ROUTE}?redirectLink=${encodeURIComponent(back)}`;
}

const stripSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

export function decideRouteDetailed(input: RouteDecisionInput): DetailedRouteDecision {
  const { user, masterAccount, shop, route, pathname, search } = input;
  const loggedIn = user !== null || masterAccount !== null;
  const redirect = (to: string, reason: RouteReason): DetailedRouteDecision => {
    // Never redirect to the page we are on (misconfigured meta): show 404 instead of looping.
    if (stripSlash(to.split('?')[0]) === stripSlash(pathname)) return { kind: 'notFound', reason };
    return { kind: 'redirect', to, reason };
  };

  if (!route) {
    return loggedIn ? { kind: 'notFound', reason: 'notFound' } : redirect(loginRedirectFor(pathname, search), 'login');
  }

  if (route.guestOnly) {
    return loggedIn ? redirect(homeFor(user), 'guestOnly') : { kind: 'allow', reason: 'allowed' };
  }

  const roles: readonly RouteRole[] = route.roles;
  // An empty role list means the route is open to everyone (contract: routeMetaSchema.roles).
  const openToAll = roles.length === 0;
  const isPublic = openToAll || roles.includes('public');

  // Anonymous visitor (counts as a buyer on routes open to 'public').
  if (!loggedIn) {
    return isPublic ? { kind: 'allow', reason: 'allowed' } : redirect(loginRedirectFor(pathname, search), 'login');
  }

  // Master account that has not chosen a sub-account yet: only the dashboard (account choice) and open pages.
  if (!user) {
    if (route.path === DASHBOARD_ROUTE || openToAll) return { kind: 'allow', reason: 'allowed' };
    return redirect(DASHBOARD_ROUTE, 'role');
  }

  const role = user.role;

  if ((role === 'owner' || role === 'iam') && shop && stripSlash(pathname) === SHOPS_ROUTE) {
    return redirect(`${SHOPS_ROUTE}/${encodeURIComponent(shop.code)}`, 'ownShop');
  }

  if (role === 'superAdmin') {
    if (openToAll || roles.includes('superAdmin') || route.path === DASHBOARD_ROUTE) return { kind: 'allow', reason: 'allowed' };
    return redirect(DASHBOARD_ROUTE, 'role');
  }

  if (!openToAll && !roles.includes(role)) return redirect(DASHBOARD_ROUTE, 'role');

  if (role === 'owner' || role === 'iam') {
    const modules: readonly ShopModule[] = route.modules ?? [];
    if (!modules.every((m) => shopModuleActive(shop, m))) return redirect(DASHBOARD_ROUTE, 'module');
  }

  if (role === 'iam') {
    const permissions: readonly Permission[] = route.permissions ?? [];
    const shopId = currentShopId(user, shop);
    if (!permissions.every((p) => hasPermission(user, shopId, p))) return redirect(DASHBOARD_ROUTE, 'permission');
  }

  return { kind: 'allow', reason: 'allowed' };
}

/** The guard decision for the current location. */
export function decideRoute(input: RouteDecisionInput): RouteDecision {
  const { reason: _reason, ...decision } = decideRouteDetailed(input);
  return decision;
}

/**
 * Whether the user may open this route from a menu or the 'Aller à' search. The
 * owner/iam '/shops' redirect to their own shop counts as openable.
 */
export function canOpenRoute(route: RouteAccess, ctx: Pick<RouteDecisionInput, 'user' | 'masterAccount' | 'shop'>): boolean {
  const d = decideRouteDetailed({ ...ctx, route, pathname: route.path, search: '' });
  return d.kind === 'allow' || d.reason === 'ownShop';
}
