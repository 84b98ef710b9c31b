// What mfe-sales's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// Built: the orders and reservations lists and details (buyer and seller, issue 5; on shared-kernel/kit, issue 11) and
// the dashboard widgets. Every other route is the honest 'not yet available' page naming the screen.
import { lazy } from 'react';
import type { LazyPage, LazyWidget } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/remote';
import routes from './routes';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'sales';

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = {
  '/dashboard/orders': lazy(() => import('./orders/list/OrdersListPage')),
  '/dashboard/orders/:id': lazy(() => import('./orders/detail/OrderDetailPage')),
  '/dashboard/reservations': lazy(() => import('./reservations/ReservationsListPage')),
  '/dashboard/reservations/:id': lazy(() => import('./reservations/ReservationDetailPage')),
};

/** Dashboard widgets by the id declared in ./routes `widgets`. */
const dashboard = () => import('./dashboard/widgets');
const widgets: Record<string, LazyWidget> = {
  toValidate: lazy(() => dashboard().then((m) => ({ default: m.ToValidateWidget }))),
  revenue: lazy(() => dashboard().then((m) => ({ default: m.RevenueWidget }))),
  lastOrders: lazy(() => dashboard().then((m) => ({ default: m.LastOrdersWidget }))),
  myOrders: lazy(() => dashboard().then((m) => ({ default: m.LastOrdersWidget }))),
  upcomingReservations: lazy(() => dashboard().then((m) => ({ default: m.UpcomingReservationsWidget }))),
};

export default defineRemoteModule({ name: 'mfe-sales', namespace: NAMESPACE, routes, built, widgets });
