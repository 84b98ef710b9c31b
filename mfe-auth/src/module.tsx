// What mfe-auth's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// Built so far: the login page; every other route is the honest 'not yet available' page.
import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/ui';
import routes from './routes';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'auth';

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = {
  '/auth/login': lazy(() => import('./login/LoginPage')),
};

export default defineRemoteModule({ name: 'mfe-auth', namespace: NAMESPACE, routes, built });
