import type { RouteMeta } from '../contracts/route-meta';
import type { MasterAccount, Shop, User } from '../contracts/session';
import { buildMenu, menuGroupsFor, searchableRoutes } from './menu';

const mkUser = (role: User['role'], authorizations?: Record<string, boolean>): User => ({
  id: 1,
  username: role,
  email: 'x@y.fr',
  role,
  shops: [{ id: 7, authorizations }],
});
const shop = (active: string[]): Shop =>
  ({ id: 7, code: 'demo', integration: Object.fromEntries(active.map((m) => [m, { active: true }])) }) as unknown as Shop;
const master: MasterAccount = { id: 1, email: 'm@x.fr', username: 'm', subAccounts: [] };

const route = (path: string, roles: RouteMeta['roles'], menu: RouteMeta['menu'], extra: Partial<RouteMeta> = {}): RouteMeta => ({
  path,
  layout: 'dashboard',
  roles,
  titleKey: `title.${path}`,
  title: `Titre ${path}`,
  menu,
  ...extra,
});

const routes: RouteMeta[] = [
  route(
    '/dashboard',
    ['buyer', 'owner', 'agent', 'iam'],
    [
      { group: 'dashboard', label: 'Dashboard', labelKey: 'menu.dashboard', order: 0, icon: 'home' },
      { group: 'buyer', label: 'Tableau de bord', labelKey: 'menu.dashboard', order: 0 },
      { group: 'agent', label: 'Tableau de bord', labelKey: 'menu.dashboard', order: 0 },
    ],
  ),
  route(
    '/dashboard/orders',
    ['buyer', 'owner', 'agent', 'iam'],
    [
      { group: 'ventes', label: 'Commandes', labelKey: 'menu.orders', order: 2 },
      { group: 'buyer', label: 'Commandes', labelKey: 'menu.orders', order: 1 },
      { group: 'agent', label: 'Commandes', labelKey: 'menu.orders', order: 1 },
    ],
    { permissions: ['seeAllOrder'] },
  ),
  route('/dashboard/orders/quotes', ['owner', 'iam'], [{ group: 'ventes', label: 'Devis', labelKey: 'menu.quotes', order: 1 }], {
    permissions: ['createQuote'],
  }),
  route(
    '/dashboard/clients',
    ['owner', 'iam', 'agent'],
    [
      { group: 'crm', label: 'Clients', labelKey: 'menu.clients', order: 1 },
      { group: 'agent', label: 'Clients', labelKey: 'menu.clients', order: 3 },
    ],
    { modules: ['crm'], permissions: ['seeAllClient'] },
  ),
  route('/dashboard/stocks', ['owner', 'iam'], [{ group: 'articles', label: 'Stocks', labelKey: 'menu.stocks', order: 3 }], {
    modules: ['stocks'],
    permissions: ['seeAllStock'],
  }),
  route('/help', [], [{ group: 'aide', label: "Centre d'aide", labelKey: 'menu.help', order: 1, href: 'https://help.example' }], {
    searchable: false,
  }),
  route('/admin', ['superAdmin'], [{ group: 'admin', label: 'Admin', labelKey: 'menu.admin', order: 1 }], { layout: 'admin' }),
  route('/dashboard/orders/:id', ['owner', 'iam', 'buyer', 'agent'], undefined),
  route('/auth/login', ['public'], undefined, { guestOnly: true, layout: 'auth' }),
];

const paths = (menu: ReturnType<typeof buildMenu>) => menu.map((s) => [s.group, s.entries.map((e) => e.label)]);

describe('menuGroupsFor', () => {
  it('maps roles to groups', () => {
    expect(menuGroupsFor({ user: null, masterAccount: null, shop: null })).toEqual([]);
    expect(menuGroupsFor({ user: null, masterAccount: master, shop: null })).toEqual(['dashboard']);
    expect(menuGroupsFor({ user: mkUser('buyer'), masterAccount: null, shop: null })).toEqual(['buyer']);
    expect(menuGroupsFor({ user: mkUser('superAdmin'), masterAccount: null, shop: null })).toEqual(['dashboard', 'admin']);
    expect(menuGroupsFor({ user: mkUser('owner'), masterAccount: null, shop: null })).not.toContain('admin');
  });
});

describe('buildMenu', () => {
  it('gives an owner every seller group in order, filtered by modules', () => {
    const menu = buildMenu(routes, { user: mkUser('owner'), masterAccount: null, shop: shop(['crm']) });
    expect(paths(menu)).toEqual([
      ['dashboard', ['Dashboard']],
      ['ventes', ['Devis', 'Commandes']],
      ['crm', ['Clients']],
      ['aide', ["Centre d'aide"]],
    ]);
    expect(menu.find((s) => s.group === 'aide')?.entries[0]).toEqual({
      path: '/help',
      label: "Centre d'aide",
      labelKey: 'menu.help',
      href: 'https://help.example',
    });
    expect(menu[0].entries[0].icon).toBe('home');
  });
  it('shows the stocks entry once the module is on', () => {
    const menu = buildMenu(routes, { user: mkUser('owner'), masterAccount: null, shop: shop(['crm', 'stocks']) });
    expect(menu.map((s) => s.group)).toContain('articles');
  });
  it('hides entries for iam lacking a permission', () => {
    const iam = mkUser('iam', { seeAllOrder: true, seeAllClient: true });
    const menu = buildMenu(routes, { user: iam, masterAccount: null, shop: shop(['crm', 'stocks']) });
    expect(paths(menu)).toEqual([
      ['dashboard', ['Dashboard']],
      ['ventes', ['Commandes']],
      ['crm', ['Clients']],
      ['aide', ["Centre d'aide"]],
    ]);
  });
  it('gives buyers and agents their flat menu', () => {
    expect(paths(buildMenu(routes, { user: mkUser('buyer'), masterAccount: null, shop: null }))).toEqual([
      ['buyer', ['Tableau de bord', 'Commandes']],
    ]);
    expect(paths(buildMenu(routes, { user: mkUser('agent'), masterAccount: null, shop: null }))).toEqual([
      ['agent', ['Tableau de bord', 'Commandes', 'Clients']],
    ]);
  });
  it('gives superAdmin the dashboard and admin', () => {
    expect(paths(buildMenu(routes, { user: mkUser('superAdmin'), masterAccount: null, shop: null }))).toEqual([
      ['dashboard', ['Dashboard']],
      ['admin', ['Admin']],
    ]);
  });
  it('gives nothing to anonymous visitors and only the dashboard to a master account', () => {
    expect(buildMenu(routes, { user: null, masterAccount: null, shop: null })).toEqual([]);
    expect(paths(buildMenu(routes, { user: null, masterAccount: master, shop: null }))).toEqual([['dashboard', ['Dashboard']]]);
  });
});

describe('searchableRoutes', () => {
  it('lists openable routes without params, guest-only pages or opted-out ones, labelled by title', () => {
    const list = searchableRoutes(routes, { user: mkUser('iam', { seeAllOrder: true }), masterAccount: null, shop: shop(['crm']) });
    expect(list).toEqual([
      { path: '/dashboard', label: 'Titre /dashboard', labelKey: 'title./dashboard' },
      { path: '/dashboard/orders', label: 'Titre /dashboard/orders', labelKey: 'title./dashboard/orders' },
    ]);
  });
  it('is empty for buyers and anonymous visitors', () => {
    expect(searchableRoutes(routes, { user: mkUser('buyer'), masterAccount: null, shop: null })).toEqual([]);
    expect(searchableRoutes(routes, { user: null, masterAccount: null, shop: null })).toEqual([]);
  });
});
