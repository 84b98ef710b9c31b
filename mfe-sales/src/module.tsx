// What mfe-sales's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// Built: the orders and reservations lists and details (buyer and seller, on shared-kernel/kit), the
// dashboard widgets, the billing, delivery and documents settings sections, and the back-office sales screens (order
// form, quotes, samples, invoices, deposit invoices, credit notes, ventilation, shipping, payments, outstandings,
// unpaids, clients' credits, primeurs). Every other route is the honest 'not yet available' page naming the screen.
import { lazy } from 'react';
import type { LazyPage, LazyWidget } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/remote';
import routes from './routes';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'sales';

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = {
  '/dashboard/orders': lazy(() => import('./orders/list/OrdersListPage')),
  '/dashboard/orders/add': lazy(() => import('./orders/form/SalesOrderAddPage')),
  '/dashboard/orders/quotes': lazy(() => import('./orders/list/QuotesListPage')),
  '/dashboard/orders/samples': lazy(() => import('./orders/list/SamplesListPage')),
  '/dashboard/orders/bills': lazy(() => import('./invoices/list/BillsListPage')),
  '/dashboard/orders/deposits': lazy(() => import('./invoices/list/DepositsListPage')),
  '/dashboard/orders/credits': lazy(() => import('./invoices/list/CreditNotesListPage')),
  '/dashboard/orders/ventilate': lazy(() => import('./ventilation/VentilationPage')),
  '/dashboard/orders/:id': lazy(() => import('./orders/detail/OrderDetailPage')),
  '/quotes/:token': lazy(() => import('./quotes/QuoteAnswerPage')),
  '/dashboard/delivery': lazy(() => import('./delivery/DeliveryListPage')),
  '/dashboard/payments': lazy(() => import('./payments/list/PaymentsListPage')),
  '/dashboard/payments/outstandings': lazy(() => import('./payments/open/OutstandingsPage')),
  '/dashboard/payments/unpaids': lazy(() => import('./payments/open/UnpaidsPage')),
  '/dashboard/payments/credits': lazy(() => import('./payments/list/ClientCreditsPage')),
  '/dashboard/reservations': lazy(() => import('./reservations/ReservationsListPage')),
  '/dashboard/reservations/add': lazy(() => import('./reservations/form/ReservationAddPage')),
  '/dashboard/reservations/events': lazy(() => import('./reservations/events/EventsListPage')),
  '/dashboard/reservations/events/add': lazy(() => import('./reservations/events/EventAddPage')),
  '/dashboard/reservations/events/:id': lazy(() => import('./reservations/events/EventDetailPage')),
  '/dashboard/reservations/:id': lazy(() => import('./reservations/ReservationDetailPage')),
  '/dashboard/futures': lazy(() => import('./futures/list/FuturesListPage')),
  '/dashboard/futures/add': lazy(() => import('./futures/form/CampaignAddPage')),
  '/dashboard/futures/:id': lazy(() => import('./futures/detail/CampaignDetailPage')),
};

/** Dashboard widgets by the id declared in ./routes `widgets`. */
const dashboard = () => import('./dashboard/widgets');
const widgets: Record<string, LazyWidget> = {
  toValidate: lazy(() => dashboard().then((m) => ({ default: m.ToValidateWidget }))),
  revenue: lazy(() => dashboard().then((m) => ({ default: m.RevenueWidget }))),
  unpaids: lazy(() => dashboard().then((m) => ({ default: m.UnpaidsWidget }))),
  lastOrders: lazy(() => dashboard().then((m) => ({ default: m.LastOrdersWidget }))),
  myOrders: lazy(() => dashboard().then((m) => ({ default: m.LastOrdersWidget }))),
  upcomingReservations: lazy(() => dashboard().then((m) => ({ default: m.UpcomingReservationsWidget }))),
};

/** Settings sections by the key declared in ./routes `settingsSections` (shown on mfe-auth's settings page). */
const settingsSections: Record<string, LazyWidget> = {
  billing: lazy(() => import('./settings/billing/BillingSection').then((m) => ({ default: m.BillingSection }))),
  delivery: lazy(() => import('./settings/delivery/DeliverySection').then((m) => ({ default: m.DeliverySection }))),
  documents: lazy(() => import('./settings/documents/DocumentsSection').then((m) => ({ default: m.DocumentsSection }))),
};

export default defineRemoteModule({ name: 'mfe-sales', namespace: NAMESPACE, routes, built, widgets, settingsSections });
