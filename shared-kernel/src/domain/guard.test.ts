import type { RouteMeta } from '../contracts/route-meta';
import type { MasterAccount, Shop, User } from '../contracts/session';
import {
  canOpenRoute,
  decideRoute,
  decideRouteDetailed,
  homeFor,
  loginRedirectFor,
  type RouteDecision,
  type RouteDecisionInput,
} from './guard';

const shopId = 7;
const mkUser = (role: User['role'], authorizations?: User['shops'][number]['authorizations']): User => ({
  id: 1,
  username: role,
  email: `${role}@demo.test`,
  role,
  shops: role === 'buyer' || role === 'superAdmin' ? [] : [{ id: shopId, authorizations }],
});
const owner = mkUser('owner');
const iamFull = mkUser('iam'); // no authorizations object → everything allowed
const iam = mkUser('iam', { seeAllOrder: true, createOrder: true, seeAllClient: true, createClient: true });
const agent = mkUser('agent');
const buyer = mkUser('buyer');
const superAdmin = mkUser('superAdmin');
const master: MasterAccount = { id: 9, email: 'master@demo.test', username: 'master', subAccounts: [] };

const shop = (modules: Partial<Record<string, boolean>> = {}): Shop => ({
  id: shopId,
  code: 'domaine-demo',
  name: 'Domaine de Démo',
  urlShop: 'domaine-demo',
  businessType: 'wine',
  settings: { logStartMonth: 0, logStartDay: 1, hasTVA: true, vatRate: { standard: 20, medium: 10, reduced: 5.5 } },
  typologies: [],
  integration: Object.fromEntries(Object.entries(modules).map(([k, v]) => [k, { active: Boolean(v) }])),
});
const fullShop = shop({ crm: true, stocks: true, accounting: true, reservations: true });

const r = (path: string, roles: RouteMeta['roles'], extra: Partial<RouteMeta> = {}): RouteMeta => ({
  path,
  layout: 'dashboard',
  roles,
  titleKey: 't',
  title: 'T',
  ...extra,
});

const routes = {
  dashboard: r('/dashboard', ['buyer', 'owner', 'agent', 'iam']),
  orders: r('/dashboard/orders', ['buyer', 'owner', 'agent', 'iam'], { permissions: ['seeAllOrder'] }),
  collaborators: r('/dashboard/collaborators', ['owner', 'iam'], { permissions: ['accessCollaborator'], modules: ['iam'] }),
  clients: r('/dashboard/clients', ['owner', 'iam', 'agent'], { permissions: ['seeAllClient'], modules: ['crm'] }),
  stocks: r('/dashboard/stocks', ['owner', 'iam'], { permissions: ['seeAllStock'], modules: ['stocks'] }),
  shopAdd: r('/shops/add', ['agent']),
  shops: r('/shops', ['public', 'buyer', 'owner', 'iam', 'agent', 'superAdmin'], { layout: 'shops' }),
  shopPage: r('/shops/:id', ['public', 'buyer', 'owner', 'iam', 'agent', 'superAdmin'], { layout: 'shops' }),
  cart: r('/cart', ['buyer', 'public', 'owner', 'iam']),
  tickets: r('/tickets', ['buyer', 'owner', 'iam'], { permissions: ['seeAllMessages'], layout: 'tickets' }),
  admin: r('/admin', ['superAdmin'], { layout: 'admin' }),
  login: r('/auth/login', ['public'], { layout: 'auth', guestOnly: true }),
  apiKey: r('/get-api-key', ['owner', 'iam']),
  open: r('/help', []),
};

const base = { user: null, masterAccount: null, shop: null, search: '' } satisfies Partial<RouteDecisionInput>;
const at = (route: RouteMeta | null, over: Partial<RouteDecisionInput> = {}): RouteDecisionInput => ({
  ...base,
  route,
  pathname: route?.path ?? '/nowhere',
  ...over,
});

const allow: RouteDecision = { kind: 'allow' };
const toDashboard: RouteDecision = { kind: 'redirect', to: '/dashboard' };

describe('homeFor', () => {
  it.each([
    [owner, '/dashboard'],
    [iam, '/dashboard'],
    [agent, '/dashboard'],
    [buyer, '/dashboard'],
    [superAdmin, '/admin'],
    [null, '/dashboard'],
  ])('%#: home of %j', (user, home) => expect(homeFor(user)).toBe(home));
});

describe('loginRedirectFor', () => {
  it('encodes path and query', () => {
    expect(loginRedirectFor('/dashboard/orders', '?page=2&x=a b')).toBe(
      '/auth/login?redirectLink=%2Fdashboard%2Forders%3Fpage%3D2%26x%3Da%20b',
    );
  });
  it('no redirectLink for the root', () => expect(loginRedirectFor('/', '')).toBe('/auth/login'));
});

describe('decideRoute', () => {
  const cases: [string, RouteDecisionInput, RouteDecision][] = [
    // Unauthenticated visitors
    [
      'anonymous on a non-public route → login with redirectLink',
      at(routes.orders, { search: '?status=pending' }),
      { kind: 'redirect', to: '/auth/login?redirectLink=%2Fdashboard%2Forders%3Fstatus%3Dpending' },
    ],
    ['anonymous on the dashboard → login', at(routes.dashboard), { kind: 'redirect', to: '/auth/login?redirectLink=%2Fdashboard' }],
    ['anonymous on a public route is allowed', at(routes.cart), allow],
    ['anonymous on a public shop page is allowed', at(routes.shopPage, { pathname: '/shops/domaine-demo' }), allow],
    ['anonymous on a route open to everyone', at(routes.open), allow],
    ['anonymous on admin → login', at(routes.admin), { kind: 'redirect', to: '/auth/login?redirectLink=%2Fadmin' }],
    // Unknown routes
    [
      'anonymous on an unknown route → login',
      at(null, { pathname: '/nope', search: '?a=1' }),
      { kind: 'redirect', to: '/auth/login?redirectLink=%2Fnope%3Fa%3D1' },
    ],
    ['logged-in user on an unknown route → 404', at(null, { user: owner, shop: fullShop, pathname: '/nope' }), { kind: 'notFound' }],
    ['master account on an unknown route → 404', at(null, { masterAccount: master, pathname: '/nope' }), { kind: 'notFound' }],
    // Guest-only pages
    ['anonymous on login is allowed', at(routes.login), allow],
    ['owner on login → dashboard', at(routes.login, { user: owner, shop: fullShop }), toDashboard],
    ['buyer on login → dashboard', at(routes.login, { user: buyer }), toDashboard],
    ['agent on login → dashboard', at(routes.login, { user: agent }), toDashboard],
    ['superAdmin on login → admin', at(routes.login, { user: superAdmin }), { kind: 'redirect', to: '/admin' }],
    ['master account on login → dashboard', at(routes.login, { masterAccount: master }), toDashboard],
    // Role not allowed
    ['buyer on a management page → dashboard', at(routes.collaborators, { user: buyer }), toDashboard],
    ['agent on an owner/iam page → dashboard', at(routes.stocks, { user: agent }), toDashboard],
    ['owner on the agent-only shop creation → dashboard', at(routes.shopAdd, { user: owner, shop: fullShop }), toDashboard],
    ['agent on shop creation is allowed', at(routes.shopAdd, { user: agent }), allow],
    ['agent on the cart → dashboard', at(routes.cart, { user: agent }), toDashboard],
    ['buyer on the cart is allowed', at(routes.cart, { user: buyer }), allow],
    ['buyer on admin → dashboard', at(routes.admin, { user: buyer }), toDashboard],
    ['owner on admin → dashboard', at(routes.admin, { user: owner, shop: fullShop }), toDashboard],
    ['buyer on the api-key page → dashboard', at(routes.apiKey, { user: buyer }), toDashboard],
    ['buyer on orders is allowed (no permission check for buyers)', at(routes.orders, { user: buyer }), allow],
    ['agent on orders is allowed', at(routes.orders, { user: agent }), allow],
    ['agent on clients is allowed (modules/permissions are for owner/iam)', at(routes.clients, { user: agent }), allow],
    // Owner/iam and the shops list
    [
      'owner opening /shops → own shop page',
      at(routes.shops, { user: owner, shop: fullShop }),
      { kind: 'redirect', to: '/shops/domaine-demo' },
    ],
    [
      'iam opening /shops/ → own shop page',
      at(routes.shops, { user: iam, shop: fullShop, pathname: '/shops/' }),
      { kind: 'redirect', to: '/shops/domaine-demo' },
    ],
    ['owner without loaded shop sees /shops', at(routes.shops, { user: owner }), allow],
    ['buyer opening /shops is allowed', at(routes.shops, { user: buyer }), allow],
    ['owner opening another shop page is allowed', at(routes.shopPage, { user: owner, shop: fullShop, pathname: '/shops/other' }), allow],
    // Modules
    ['owner with the module active is allowed', at(routes.clients, { user: owner, shop: fullShop }), allow],
    ['owner with the module inactive → dashboard', at(routes.clients, { user: owner, shop: shop({ crm: false }) }), toDashboard],
    ['owner with the module absent → dashboard', at(routes.collaborators, { user: owner, shop: fullShop }), toDashboard],
    ['owner whose shop is not loaded cannot open a module page', at(routes.clients, { user: owner }), toDashboard],
    ['iam with the module inactive → dashboard', at(routes.clients, { user: iamFull, shop: shop({ crm: false }) }), toDashboard],
    // Permissions
    ['iam with the permission is allowed', at(routes.clients, { user: iam, shop: fullShop }), allow],
    ['iam without the permission → dashboard', at(routes.stocks, { user: iam, shop: fullShop }), toDashboard],
    ['iam without seeAllMessages → dashboard from tickets', at(routes.tickets, { user: iam, shop: fullShop }), toDashboard],
    ['iam with no authorizations object has every permission', at(routes.stocks, { user: iamFull, shop: fullShop }), allow],
    ['owner has every permission', at(routes.stocks, { user: owner, shop: fullShop }), allow],
    ['iam permission falls back to the first shop when the shop is not loaded', at(routes.orders, { user: iam }), allow],
    // superAdmin
    ['superAdmin opens admin pages', at(routes.admin, { user: superAdmin }), allow],
    ['superAdmin opens the dashboard home', at(routes.dashboard, { user: superAdmin }), allow],
    ['superAdmin on a seller page → dashboard', at(routes.stocks, { user: superAdmin }), toDashboard],
    ['superAdmin on a route open to everyone', at(routes.open, { user: superAdmin }), allow],
    // Master account without a chosen sub-account
    ['master account on the dashboard (account choice)', at(routes.dashboard, { masterAccount: master }), allow],
    ['master account elsewhere → dashboard', at(routes.orders, { masterAccount: master }), toDashboard],
    // Loop protection
    [
      'a dashboard that does not allow the role shows 404 instead of looping',
      at(r('/dashboard', ['owner']), { user: buyer }),
      { kind: 'notFound' },
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(decideRoute(input)).toEqual(expected);
  });

  it('reports the reason', () => {
    expect(decideRouteDetailed(at(routes.stocks, { user: iam, shop: fullShop })).reason).toBe('permission');
    expect(decideRouteDetailed(at(routes.clients, { user: owner, shop: shop() })).reason).toBe('module');
    expect(decideRouteDetailed(at(routes.admin, { user: buyer })).reason).toBe('role');
  });
});

describe('canOpenRoute', () => {
  it('counts the owner /shops redirect as openable', () => {
    expect(canOpenRoute(routes.shops, { user: owner, masterAccount: null, shop: fullShop })).toBe(true);
  });
  it('refuses what the guard refuses', () => {
    expect(canOpenRoute(routes.stocks, { user: iam, masterAccount: null, shop: fullShop })).toBe(false);
    expect(canOpenRoute(routes.login, { user: owner, masterAccount: null, shop: fullShop })).toBe(false);
  });
});
