// What mfe-stock's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// Each resource folder lists its built screens in its pages.ts; a route not listed there is the honest 'not yet
// available' page naming the screen.
import type { LazyPage } from 'shared-kernel/contracts';
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

export default defineRemoteModule({ name: 'mfe-stock', namespace: NAMESPACE, routes, built, widgets: stockWidgets });
