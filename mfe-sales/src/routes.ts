// mfe-sales's part of the spec §2 route table (DESIGN §1: dashboard home, orders and their documents,
// futures, delivery, payments, reservations and events administration).
// Static and serialisable: the build writes it to dist/routes.json for the gateway's /remotes.json.
import type { MenuEntry, MenuGroup, RouteMeta, RouteRole, SettingsSectionMeta, WidgetMeta } from 'shared-kernel/contracts';

const ALL_USERS: RouteRole[] = ['buyer', 'owner', 'iam', 'agent'];
const OWNER_IAM: RouteRole[] = ['owner', 'iam'];
const OWNER_IAM_AGENT: RouteRole[] = ['owner', 'iam', 'agent'];
const BUYER_OWNER_IAM: RouteRole[] = ['buyer', 'owner', 'iam'];

const menu = (group: MenuGroup, key: string, label: string, labelEn: string, order: number, icon: string): MenuEntry => ({
  group,
  labelKey: `sales.menu.${key}`,
  label,
  labelEn,
  order,
  icon,
});

const routes: RouteMeta[] = [
  // /dashboard (the home screen) is the shell's: it assembles the widgets of every remote (see `widgets` below).

  // Orders and sales documents. /dashboard/orders/add takes ?subType=quote|bill.
  {
    path: '/dashboard/orders',
    layout: 'dashboard',
    roles: ALL_USERS,
    permissions: ['seeAllOrder'],
    titleKey: 'sales.orders',
    title: 'Commandes',
    titleEn: 'Orders',
    menu: [
      menu('ventes', 'orders', 'Commandes', 'Orders', 2, 'ShoppingCartOutlined'),
      menu('buyer', 'orders', 'Commandes', 'Orders', 2, 'ShoppingCartOutlined'),
      menu('agent', 'orders', 'Commandes', 'Orders', 2, 'ShoppingCartOutlined'),
    ],
  },
  {
    path: '/dashboard/orders/add',
    layout: 'dashboard',
    roles: OWNER_IAM_AGENT,
    permissions: ['createOrder'],
    titleKey: 'sales.orderAdd',
    title: 'Nouvelle commande',
    titleEn: 'New order',
  },
  {
    path: '/dashboard/orders/bills',
    layout: 'dashboard',
    roles: OWNER_IAM,
    permissions: ['billOrder'],
    titleKey: 'sales.bills',
    title: 'Factures',
    titleEn: 'Invoices',
    menu: [menu('ventes', 'bills', 'Factures', 'Invoices', 3, 'FileDoneOutlined')],
  },
  {
    path: '/dashboard/orders/credits',
    layout: 'dashboard',
    roles: OWNER_IAM,
    permissions: ['billOrder'],
    titleKey: 'sales.creditNotes',
    title: "Factures d'avoir",
    titleEn: 'Credit notes',
    menu: [menu('ventes', 'creditNotes', "Factures d'avoir", 'Credit notes', 5, 'RollbackOutlined')],
  },
  {
    path: '/dashboard/orders/deposits',
    layout: 'dashboard',
    roles: OWNER_IAM,
    permissions: ['billOrder'],
    titleKey: 'sales.deposits',
    title: "Factures d'acompte",
    titleEn: 'Deposit invoices',
    menu: [menu('ventes', 'deposits', "Factures d'acompte", 'Deposit invoices', 4, 'FileProtectOutlined')],
  },
  {
    path: '/dashboard/orders/quotes',
    layout: 'dashboard',
    roles: OWNER_IAM,
    permissions: ['createQuote'],
    titleKey: 'sales.quotes',
    title: 'Devis',
    titleEn: 'Quotes',
    menu: [menu('ventes', 'quotes', 'Devis', 'Quotes', 1, 'FileTextOutlined')],
  },
  {
    path: '/dashboard/orders/samples',
    layout: 'dashboard',
    roles: OWNER_IAM_AGENT,
    permissions: ['seeAllOrder'],
    titleKey: 'sales.samples',
    title: 'Échantillons',
    titleEn: 'Samples',
    menu: [
      menu('articles', 'samples', 'Échantillons', 'Samples', 6, 'ExperimentOutlined'),
      menu('agent', 'samples', 'Échantillons', 'Samples', 3, 'ExperimentOutlined'),
    ],
  },
  {
    path: '/dashboard/orders/ventilate',
    layout: 'dashboard',
    roles: OWNER_IAM,
    permissions: ['seeAllOrder'],
    titleKey: 'sales.ventilations',
    title: 'Ventilations',
    titleEn: 'Breakdowns',
    menu: [menu('ventes', 'ventilations', 'Ventilations', 'Breakdowns', 6, 'PartitionOutlined')],
  },
  {
    path: '/dashboard/orders/:id',
    layout: 'dashboard',
    roles: ALL_USERS,
    permissions: ['seeAllOrder'],
    titleKey: 'sales.orderDetail',
    title: 'Commande',
    titleEn: 'Order',
    searchable: false,
  },

  // A quote opened by the client from the link of its mail (token in the path): read, accept or decline it, no account.
  {
    path: '/quotes/:token',
    layout: 'headerOnly',
    roles: ['public', 'buyer', 'owner', 'iam', 'agent', 'superAdmin'],
    titleKey: 'sales.quoteAnswer',
    title: 'Votre devis',
    titleEn: 'Your quote',
    searchable: false,
  },

  // Futures (primeurs).
  {
    path: '/dashboard/futures',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['futures'],
    permissions: ['seeFutureOrder'],
    titleKey: 'sales.futures',
    title: 'Primeurs',
    titleEn: 'Futures',
    menu: [menu('ventes', 'futures', 'Primeurs', 'Futures', 7, 'HourglassOutlined')],
  },
  {
    path: '/dashboard/futures/add',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['futures'],
    permissions: ['createFutureOrder'],
    titleKey: 'sales.futureAdd',
    title: 'Nouvelle vente en primeur',
    titleEn: 'New futures sale',
  },
  {
    path: '/dashboard/futures/:id',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['futures'],
    permissions: ['seeFutureOrder'],
    titleKey: 'sales.futureDetail',
    title: 'Vente en primeur',
    titleEn: 'Futures sale',
    searchable: false,
  },

  {
    path: '/dashboard/delivery',
    layout: 'dashboard',
    roles: OWNER_IAM,
    permissions: ['manageDelivery'],
    titleKey: 'sales.delivery',
    title: 'Expéditions',
    titleEn: 'Shipments',
    menu: [menu('ventes', 'delivery', 'Expéditions', 'Shipments', 8, 'CarOutlined')],
  },

  // Payments: listed both in Ventes and in Pré-comptabilité.
  {
    path: '/dashboard/payments',
    layout: 'dashboard',
    roles: OWNER_IAM,
    permissions: ['seeAllPayment'],
    titleKey: 'sales.payments',
    title: 'Règlements',
    titleEn: 'Payments',
    menu: [
      menu('ventes', 'payments', 'Règlements', 'Payments', 11, 'EuroCircleOutlined'),
      menu('precompta', 'payments', 'Règlements', 'Payments', 3, 'EuroCircleOutlined'),
    ],
  },
  {
    path: '/dashboard/payments/credits',
    layout: 'dashboard',
    roles: OWNER_IAM,
    permissions: ['seeAllPayment'],
    titleKey: 'sales.paymentCredits',
    title: 'Notes de crédit',
    titleEn: 'Credit memos',
    menu: [menu('ventes', 'paymentCredits', 'Notes de crédit', 'Credit memos', 12, 'CreditCardOutlined')],
  },
  {
    path: '/dashboard/payments/outstandings',
    layout: 'dashboard',
    roles: OWNER_IAM,
    permissions: ['seeAllPayment'],
    titleKey: 'sales.outstandings',
    title: 'Encours',
    titleEn: 'Outstanding',
    menu: [
      menu('ventes', 'outstandings', 'Encours', 'Outstanding', 9, 'ClockCircleOutlined'),
      menu('precompta', 'outstandings', 'Encours', 'Outstanding', 1, 'ClockCircleOutlined'),
    ],
  },
  {
    path: '/dashboard/payments/unpaids',
    layout: 'dashboard',
    roles: OWNER_IAM,
    permissions: ['seeAllPayment'],
    titleKey: 'sales.unpaids',
    title: 'Impayés',
    titleEn: 'Unpaid',
    menu: [
      menu('ventes', 'unpaids', 'Impayés', 'Unpaid', 10, 'ExclamationCircleOutlined'),
      menu('precompta', 'unpaids', 'Impayés', 'Unpaid', 2, 'ExclamationCircleOutlined'),
    ],
  },

  // Reservations and events (oenotourisme).
  {
    path: '/dashboard/reservations',
    layout: 'dashboard',
    roles: BUYER_OWNER_IAM,
    modules: ['reservations'],
    permissions: ['seeAllResa'],
    titleKey: 'sales.reservations',
    title: 'Réservations',
    titleEn: 'Reservations',
    menu: [
      menu('oenotourisme', 'takeReservations', 'Prise de Réservations', 'Reservations', 2, 'ScheduleOutlined'),
      menu('buyer', 'reservations', 'Réservations', 'Reservations', 3, 'ScheduleOutlined'),
    ],
  },
  {
    path: '/dashboard/reservations/add',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['reservations'],
    permissions: ['createResa'],
    titleKey: 'sales.reservationAdd',
    title: 'Nouvelle réservation',
    titleEn: 'New reservation',
  },
  {
    path: '/dashboard/reservations/events',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['reservations'],
    permissions: ['accessEvent'],
    titleKey: 'sales.events',
    title: 'Evénements',
    titleEn: 'Events',
    menu: [menu('oenotourisme', 'events', 'Evénements', 'Events', 1, 'StarOutlined')],
  },
  {
    path: '/dashboard/reservations/events/add',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['reservations'],
    permissions: ['createEvent'],
    titleKey: 'sales.eventAdd',
    title: 'Nouvel événement',
    titleEn: 'New event',
  },
  {
    path: '/dashboard/reservations/events/:id',
    layout: 'dashboard',
    roles: OWNER_IAM,
    modules: ['reservations'],
    permissions: ['accessEvent'],
    titleKey: 'sales.eventDetail',
    title: 'Evénement',
    titleEn: 'Event',
    searchable: false,
  },
  {
    path: '/dashboard/reservations/:id',
    layout: 'dashboard',
    roles: BUYER_OWNER_IAM,
    modules: ['reservations'],
    permissions: ['seeAllResa'],
    titleKey: 'sales.reservationDetail',
    title: 'Réservation',
    titleEn: 'Reservation',
    searchable: false,
  },
];

export default routes;

/**
 * Dashboard widgets (the shell's /dashboard shows those the viewer may see, by `order`; components in ./module).
 * Orders to validate and revenue need seeAllOrder; unpaid invoices seeAllPayment; reservations need seeAllResa and the
 * reservations module.
 */
export const widgets: WidgetMeta[] = [
  { id: 'toValidate', title: 'Commandes à valider', roles: OWNER_IAM, permissions: ['seeAllOrder'], order: 10 },
  { id: 'revenue', title: "Chiffre d'affaires du mois", roles: OWNER_IAM, permissions: ['seeAllOrder'], order: 20 },
  { id: 'unpaids', title: 'Impayés', roles: OWNER_IAM, permissions: ['seeAllPayment'], order: 25, span: 1 },
  { id: 'lastOrders', title: 'Dernières commandes', roles: ['owner', 'iam', 'agent'], permissions: ['seeAllOrder'], order: 30 },
  { id: 'myOrders', title: 'Mes dernières commandes', roles: ['buyer'], order: 30 },
  {
    id: 'upcomingReservations',
    title: 'Prochaines réservations',
    roles: BUYER_OWNER_IAM,
    permissions: ['seeAllResa'],
    modules: ['reservations'],
    order: 40,
  },
];

/**
 * The settings sections of the sales domain (/dashboard/settings?link=<key>, the page mfe-auth hosts; components in
 * ./module `settingsSections`). `order` places them among every remote's sections; who may open one is the api's rule
 * for the endpoints it calls.
 */
export const settingsSections: SettingsSectionMeta[] = [
  // GET and PUT /sales/settings/billing: the owner
  { key: 'billing', title: 'Facturation', titleEn: 'Billing', roles: ['owner'], order: 60 },
  // GET and PUT /orders/settings/delivery: manageDelivery
  { key: 'delivery', title: 'Livraison', titleEn: 'Delivery', roles: OWNER_IAM, permissions: ['manageDelivery'], order: 70 },
  // GET and PUT /sales/settings/documents: the owner
  { key: 'documents', title: 'Documents', titleEn: 'Documents', roles: ['owner'], order: 150 },
];
