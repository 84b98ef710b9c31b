import type { RemotesRegistry, RouteMeta, Shop, User } from 'shared-kernel/contracts';

type M = NonNullable<RouteMeta['menu']>[number];
const m = (group: M['group'], label: string, order = 1, extra: Partial<M> = {}): M => ({ group, label, labelKey: label, order, ...extra });
const r = (path: string, roles: RouteMeta['roles'], extra: Partial<RouteMeta> = {}): RouteMeta => ({
  path,
  layout: 'dashboard',
  roles,
  permissions: [],
  modules: [],
  titleKey: path,
  title: extra.title ?? path,
  ...extra,
});
const seller = ['owner', 'iam'] as RouteMeta['roles'];

/** A registry shaped like the real one: every seller group, buyer and agent menus. */
export const registryFixture = (): RemotesRegistry => ({
  version: '5.5.1',
  remotes: [
    {
      name: 'mfe-auth',
      entry: '/apps/mfe-auth/mf-manifest.json',
      routes: [
        r('/auth/login', ['public'], { layout: 'auth', guestOnly: true, title: 'Connexion' }),
        r('/auth/register', ['public'], { layout: 'auth', guestOnly: true, title: 'Inscription' }),
      ].map(fill),
    },
    {
      name: 'mfe-shop',
      entry: '/apps/mfe-shop/mf-manifest.json',
      routes: [
        r('/', [], { layout: 'shops', title: 'Accueil' }),
        r('/shops', [], {
          layout: 'shops',
          title: 'Producteurs',
          menu: [m('buyer', 'Boutique(s) en ligne', 5), m('agent', 'Producteurs', 7)],
        }),
        r('/shops/:id', [], { layout: 'shops', title: 'Boutique' }),
        r('/dashboard/customize', seller, { modules: ['shop'], title: 'Boutique en ligne', menu: [m('boutique', 'Boutique en ligne')] }),
        r('/help', [], {
          layout: 'headerOnly',
          title: "Centre d'aide",
          menu: [
            m('aide', "Centre d'aide", 1, { href: 'https://help.example' }),
            m('aide', 'Nouveautés', 2, { href: 'https://news.example' }),
          ],
        }),
        r('/dashboard/settings', ['buyer', 'owner', 'iam', 'agent'], {
          title: 'Paramètres',
          menu: [m('parametres', 'Paramètres'), m('buyer', 'Paramètres', 6), m('agent', 'Paramètres', 8)],
        }),
        r('/:name', [], { layout: 'shops', title: 'Boutique' }),
        r('/:name/:product', [], { layout: 'shops', title: 'Produit' }),
      ].map(fill),
    },
    {
      name: 'mfe-sales',
      entry: '/apps/mfe-sales/mf-manifest.json',
      routes: [
        r('/dashboard/orders', ['buyer', 'owner', 'iam', 'agent'], {
          permissions: ['seeAllOrder'],
          title: 'Commandes',
          menu: [m('ventes', 'Commandes', 2), m('buyer', 'Commandes', 2), m('agent', 'Commandes', 2)],
        }),
        r('/dashboard/orders/quotes', seller, { permissions: ['createQuote'], title: 'Devis', menu: [m('ventes', 'Devis', 1)] }),
        r('/dashboard/orders/add', ['owner', 'iam', 'agent'], { permissions: ['createOrder'], title: 'Nouvelle commande' }),
        r('/dashboard/orders/samples', ['owner', 'iam', 'agent'], {
          permissions: ['seeAllOrder', 'createQuote'],
          title: 'Échantillons',
          menu: [m('articles', 'Échantillons', 6), m('agent', 'Échantillons', 3)],
        }),
        r('/dashboard/orders/:id', ['buyer', 'owner', 'iam', 'agent'], { permissions: ['seeAllOrder'], title: 'Commande' }),
        r('/dashboard/reservations', ['buyer', 'owner', 'iam'], {
          modules: ['reservations'],
          permissions: ['seeAllResa'],
          title: 'Réservations',
          menu: [m('oenotourisme', 'Prise de Réservations', 2), m('buyer', 'Réservations', 3)],
        }),
        r('/dashboard/reservations/events', seller, {
          modules: ['reservations'],
          permissions: ['accessEvent'],
          title: 'Evénements',
          menu: [m('oenotourisme', 'Evénements', 1)],
        }),
      ].map(fill),
      // dashboard widgets (the home screen is the shell's: /dashboard)
      widgets: [
        {
          id: 'revenue',
          title: "Chiffre d'affaires",
          roles: ['owner', 'iam'],
          permissions: ['seeAllOrder'],
          modules: [],
          order: 2,
          span: 1,
        },
        {
          id: 'toValidate',
          title: 'Commandes à valider',
          roles: ['owner', 'iam'],
          permissions: ['seeAllOrder'],
          modules: [],
          order: 1,
          span: 1,
        },
        { id: 'myOrders', title: 'Mes dernières commandes', roles: ['buyer'], permissions: [], modules: [], order: 1, span: 2 },
        {
          id: 'reservations',
          title: 'Prochaines réservations',
          roles: ['owner', 'iam'],
          permissions: ['seeAllResa'],
          modules: ['reservations'],
          order: 3,
          span: 1,
        },
      ],
    },
    {
      name: 'mfe-crm',
      entry: '/apps/mfe-crm/mf-manifest.json',
      routes: [
        r('/dashboard/clients', ['owner', 'iam', 'agent'], {
          permissions: ['seeAllClient'],
          title: 'Clients',
          menu: [m('crm', 'Clients', 1), m('agent', 'Clients', 4)],
        }),
        r('/dashboard/clients/add', ['owner', 'iam', 'agent'], { permissions: ['createClient'], title: 'Nouveau client' }),
        r('/dashboard/clients/opportunities', seller, {
          modules: ['crm'],
          permissions: ['seeAllClient'],
          title: 'Opportunités',
          menu: [m('crm', 'Opportunités', 2)],
        }),
        r('/dashboard/tasks', ['owner', 'iam', 'agent'], { permissions: ['seeAllTask'], title: 'Tâches', menu: [m('crm', 'Tâches', 5)] }),
        r('/dashboard/calendar', ['owner', 'iam', 'agent'], {
          permissions: ['seeAllTask'],
          title: 'Calendrier',
          menu: [m('crm', 'Calendrier', 4), m('agent', 'Calendrier', 6)],
        }),
        r('/dashboard/collaborators', seller, {
          modules: ['iam'],
          permissions: ['accessCollaborator'],
          title: 'Collaborateurs',
          menu: [m('commercial', 'Collaborateurs', 1)],
        }),
        r('/dashboard/analytics', seller, {
          modules: ['analytics'],
          permissions: ['accessAnalytics'],
          title: 'Rapports',
          menu: [m('rapports', 'Rapports')],
        }),
        r('/tickets', ['buyer', 'owner', 'iam'], {
          layout: 'tickets',
          permissions: ['seeAllMessages'],
          title: 'Messagerie',
          menu: [m('messagerie', 'Messagerie'), m('buyer', 'Messagerie', 4)],
        }),
      ].map(fill),
    },
    {
      name: 'mfe-stock',
      entry: '/apps/mfe-stock/mf-manifest.json',
      routes: [
        r('/dashboard/products', ['owner', 'iam', 'agent'], {
          permissions: ['seeAllProduct'],
          title: 'Catalogue',
          menu: [m('articles', 'Catalogue', 1), m('agent', 'Catalogue', 5)],
        }),
        r('/dashboard/products/add', ['owner', 'iam'], { permissions: ['createProduct'], title: 'Nouveau produit' }),
        r('/dashboard/suppliers', seller, {
          modules: ['purchase'],
          permissions: ['seeSupplier'],
          title: 'Fournisseurs',
          menu: [m('achats', 'Fournisseurs', 1)],
        }),
      ].map(fill),
    },
    {
      name: 'mfe-marketing',
      entry: '/apps/mfe-marketing/mf-manifest.json',
      routes: [
        r('/dashboard/crm/lists', seller, {
          modules: ['campaigns'],
          permissions: ['createList'],
          title: 'Listes',
          menu: [m('marketing', 'Listes', 1)],
        }),
      ].map(fill),
    },
    {
      name: 'mfe-accounting',
      entry: '/apps/mfe-accounting/mf-manifest.json',
      routes: [
        r('/dashboard/accounting/journals', seller, {
          modules: ['accounting'],
          permissions: ['accessAccounting'],
          title: 'Journaux',
          menu: [m('precompta', 'Journaux', 4)],
        }),
      ].map(fill),
    },
    {
      name: 'mfe-pos',
      entry: '/apps/mfe-pos/mf-manifest.json',
      routes: [
        r('/dashboard/salespoints', seller, {
          modules: ['salesPoint'],
          permissions: ['createOrderSalesPoint'],
          title: 'Caisse',
          menu: [m('caisse', 'Caisse')],
        }),
      ].map(fill),
    },
    {
      name: 'mfe-auth-admin',
      entry: '/apps/mfe-auth/mf-manifest.json',
      routes: [r('/admin', ['superAdmin'], { layout: 'admin', title: 'Admin', menu: [m('admin', 'Admin')] })].map(fill),
    },
  ],
});

function fill(meta: RouteMeta) {
  return { ...meta, permissions: meta.permissions ?? [], modules: meta.modules ?? [] };
}

const allModules = Object.fromEntries(
  [
    'crm',
    'ups',
    'campaigns',
    'salesPoint',
    'stocks',
    'agents',
    'iam',
    'shop',
    'analytics',
    'reservations',
    'accounting',
    'purchase',
    'futures',
    'iframes',
  ].map((k) => [k, { active: true }]),
);

export const shopFixture: Shop = {
  id: 10,
  code: 'DEMO01',
  name: 'Domaine de Démo',
  urlShop: 'domaine-demo',
  businessType: 'wine',
  settings: { logStartMonth: 0, logStartDay: 1, hasTVA: true, vatRate: { standard: 20, medium: 10, reduced: 5.5 } },
  typologies: [],
  integration: allModules,
  editedShop: null,
};

const base = { lastname: null, firstname: null, business: null };
export const users = {
  owner: { ...base, id: 1, username: 'owner', email: 'owner@demo.test', role: 'owner', shops: [{ id: 10, authorizations: null }] } as User,
  iam: {
    ...base,
    id: 3,
    username: 'iam',
    email: 'iam@demo.test',
    role: 'iam',
    shops: [{ id: 10, authorizations: { seeAllOrder: true, createOrder: true, seeAllClient: true, createClient: true } }],
  } as User,
  agent: { ...base, id: 4, username: 'agent', email: 'agent@demo.test', role: 'agent', shops: [{ id: 10 }] } as User,
  buyer: { ...base, id: 5, username: 'buyer', email: 'buyer@demo.test', role: 'buyer', shops: [] } as User,
  admin: { ...base, id: 6, username: 'admin', email: 'admin@demo.test', role: 'superAdmin', shops: [] } as User,
};
