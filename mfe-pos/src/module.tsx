// What mfe-pos's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// No screen of this remote is built yet: each route renders the honest 'not yet available' page naming the screen;
// the new-order page already hosts the cash register parcel, whose content is itself 'not yet available'.
import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/remote';
import routes from './routes';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'pos';

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = {
  // The cash register runs as a single-spa parcel inside this page (see ./lifecycles).
  '/dashboard/salespoints/:id/new-order': lazy(() => import('./cash-register/NewOrderPage')),
};

export default defineRemoteModule({ name: 'mfe-pos', namespace: NAMESPACE, routes, built });
