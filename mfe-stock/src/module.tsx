// What mfe-stock's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// No screen of this remote is built yet: each route renders the honest 'not yet available' page naming the screen.
import type { LazyPage } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/remote';
import routes from './routes';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'stock';

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = {};

export default defineRemoteModule({ name: 'mfe-stock', namespace: NAMESPACE, routes, built });
