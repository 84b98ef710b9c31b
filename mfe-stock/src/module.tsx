// What mfe-stock's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// Each resource folder lists its built screens in its pages.ts; a route not listed there is the honest 'not yet
// available' page naming the screen. Also lends the settings section declared in ./routes `settingsSections` (products).
import { lazy } from 'react';
import type { LazyPage, LazyWidget } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/remote';
import routes from './routes';
import { pages as productPages } from './products/pages';
import { pages as tariffPages } from './tarifs/pages';
import { pages as stockPages } from './stocks/pages';
import { pages as excisePages } from './excise/pages';
import { pages as purchasingPages } from './purchasing/pages';
import { stockWidgets } from './stocks/widgets';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'stock';

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = { ...productPages, ...tariffPages, ...stockPages, ...excisePages, ...purchasingPages };

/** Settings sections by the key declared in ./routes `settingsSections` (shown on mfe-auth's settings page). */
const settingsSections: Record<string, LazyWidget> = {
  products: lazy(() => import('./settings/products/ProductDefaultsSection').then((m) => ({ default: m.ProductDefaultsSection }))),
};

export default defineRemoteModule({ name: 'mfe-stock', namespace: NAMESPACE, routes, built, widgets: stockWidgets, settingsSections });
