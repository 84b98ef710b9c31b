// What mfe-sales's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// Built: the orders and reservations lists and details (buyer and seller, issue 5). Every other route is the honest
// 'not yet available' page naming the screen.
import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/remote';
import routes from './routes';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'sales';

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = {
  '/dashboard/orders': lazy(() => import('./orders/OrdersListPage')),
  '/dashboard/orders/:id': lazy(() => import('./orders/OrderDetailPage')),
  '/dashboard/reservations': lazy(() => import('./reservations/ReservationsListPage')),
  '/dashboard/reservations/:id': lazy(() => import('./reservations/ReservationDetailPage')),
};

export default defineRemoteModule({ name: 'mfe-sales', namespace: NAMESPACE, routes, built });
