// What mfe-pos's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// Built: the sales points list (/dashboard/salespoints) and a sales point's page (/dashboard/salespoints/:id: tickets,
// sessions, closings, journal integrity), in ./salespoints; the new-order page hosts the cash register parcel
// (./cash-register, mounted through ./lifecycles).
import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/remote';
import routes from './routes';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'pos';

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = {
  '/dashboard/salespoints': lazy(() => import('./salespoints/list/SalesPointsListPage')),
  '/dashboard/salespoints/:id': lazy(() => import('./salespoints/detail/SalesPointDetailPage')),
  // The cash register runs as a single-spa parcel inside this page (see ./lifecycles).
  '/dashboard/salespoints/:id/new-order': lazy(() => import('./cash-register/NewOrderPage')),
};

export default defineRemoteModule({ name: 'mfe-pos', namespace: NAMESPACE, routes, built });
