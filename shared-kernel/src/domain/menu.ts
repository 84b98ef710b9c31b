import { MENU_GROUPS, type MenuGroup, type MenuRoute, type SessionMasterAccount, type SessionShop, type SessionUser } from './access';
import { canOpenRoute } from './guard';

export interface MenuContext {
  user: SessionUser | null;
  masterAccount: SessionMasterAccount | null;
  shop: SessionShop | null;
}

export interface MenuItem {
  /** Route path (react-router). */
  path: string;
  /** French label (fallback while the remote's translations are not loaded). */
  label: string;
  labelKey: string;
  icon?: string;
  /** External link, opened in a new tab. */
  href?: string;
}

export interface MenuSection {
  group: MenuGroup;
  entries: MenuItem[];
}

/** The seller sidebar groups of spec §2 in display order. */
export const SELLER_MENU_GROUPS: readonly MenuGroup[] = MENU_GROUPS.filter((g) => g !== 'admin' && g !== 'buyer' && g !== 'agent');

/** Which menu groups a session sees. */
export function menuGroupsFor(ctx: MenuContext): readonly MenuGroup[] {
  const role = ctx.user?.role;
  if (!role) return ctx.masterAccount ? ['dashboard'] : [];
  switch (role) {
    case 'owner':
    case 'iam':
      return SELLER_MENU_GROUPS;
    case 'buyer':
      return ['buyer'];
    case 'agent':
      return ['agent'];
    case 'superAdmin':
      return ['dashboard', 'admin'];
  }
}

/**
 * The sidebar for a session: groups in MENU_GROUPS order, entries sorted by order
 * (then label), hidden when the guard would not let the user open the route (role,
 * module switch, iam permission). Empty groups are left out.
 */
export function buildMenu(routes: readonly MenuRoute[], ctx: MenuContext): MenuSection[] {
  const groups = menuGroupsFor(ctx);
  if (groups.length === 0) return [];
  const byGroup = new Map<MenuGroup, (MenuItem & { order: number })[]>();
  for (const route of routes) {
    if (!route.menu?.length) continue;
    const wanted = route.menu.filter((m) => groups.includes(m.group));
    if (wanted.length === 0 || !canOpenRoute(route, ctx)) continue;
    for (const m of wanted) {
      const list = byGroup.get(m.group) ?? [];
      const item: MenuItem & { order: number } = { path: route.path, label: m.label, labelKey: m.labelKey, order: m.order };
      if (m.icon !== undefined) item.icon = m.icon;
      if (m.href !== undefined) item.href = m.href;
      list.push(item);
      byGroup.set(m.group, list);
    }
  }
  return MENU_GROUPS.filter((g) => groups.includes(g) && byGroup.has(g)).map((group) => ({
    group,
    entries: byGroup
      .get(group)!
      .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label, 'fr'))
      .map(({ order: _order, ...item }) => item),
  }));
}

export interface SearchableRoute {
  path: string;
  label: string;
  labelKey: string;
}

/**
 * Routes offered by the header's 'Aller à' search: the ones the user may open, without
 * ':params', not guest-only, not opted out (searchable: false). Spec §6: search is for
 * everyone but buyers (and anonymous visitors), who get an empty list.
 */
export function searchableRoutes(routes: readonly MenuRoute[], ctx: MenuContext): SearchableRoute[] {
  if (!ctx.user && !ctx.masterAccount) return [];
  if (ctx.user?.role === 'buyer') return [];
  const seen = new Set<string>();
  const out: SearchableRoute[] = [];
  for (const route of routes) {
    if (route.searchable === false || route.guestOnly || route.path.includes(':') || route.path.includes('*')) continue;
    if (seen.has(route.path) || !canOpenRoute(route, ctx)) continue;
    seen.add(route.path);
    out.push({ path: route.path, label: route.title, labelKey: route.titleKey });
  }
  return out.sort((a, b) => a.label.localeCompare(b.label, 'fr'));
}
