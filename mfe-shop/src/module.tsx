// What mfe-shop's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// Built: the public shop (shop directory, shop pages by id and by name, product pages, legal notice, nutrition e-label,
// GS1 Digital Link, embeddable /iframes/{id} and its configuration pages, box builders, the shop editor /dashboard/customize,
// the iframes list), and the iframes settings section. Every other route is the honest 'not yet available' page.
import { lazy } from 'react';
import type { LazyPage, LazyWidget } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/remote';
import routes from './routes';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'shop';

const ShopPage = lazy(() => import('./public/ShopPage'));
const ProductPage = lazy(() => import('./public/ProductPage'));
const LegalNoticePage = lazy(() => import('./public/LegalNoticePage'));
const Gs1Page = lazy(() => import('./public/Gs1Page'));
const IframeEditPage = lazy(() => import('./dashboard/IframeEditPage'));
const BuilderPage = lazy(() => import('./public/BuilderPages'));

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = {
  '/': lazy(() => import('./public/LandingPage')),
  '/shops': lazy(() => import('./public/ShopsPage')),
  '/shops/add': lazy(() => import('./shop-add/ShopAddPage')),
  '/shops/:id': ShopPage,
  '/shops/:id/:product': ProductPage,
  '/shops/:id/legal-notice': LegalNoticePage,
  '/shops/:id/builders': lazy(() => import('./public/BuilderPages').then((m) => ({ default: m.BuildersPage }))),
  '/shops/:id/builders/:builder': BuilderPage,
  '/shops/:id/builders/:builder/:product': BuilderPage,
  '/:name': ShopPage,
  '/:name/legal-notice': LegalNoticePage,
  '/:name/nutritiveValues': lazy(() => import('./public/NutritionPage')),
  '/:name/:product': ProductPage,
  '/gs1/01/:ean': Gs1Page,
  '/gs1/01/:ean/22/:vintage': Gs1Page,
  '/gs1/01/:ean/10/:lotNumber': Gs1Page,
  '/gs1/01/:ean/22/:vintage/10/:lotNumber': Gs1Page,
  '/iframes/:id': lazy(() => import('./public/IframePage')),
  '/dashboard/customize': lazy(() => import('./dashboard/customize/CustomizePage')),
  '/dashboard/iframes': lazy(() => import('./dashboard/IframesListPage')),
  '/dashboard/iframes/add': IframeEditPage,
  '/dashboard/iframes/:id': IframeEditPage,
  '/help': lazy(() => import('./help/HelpPage')),
  '/roi-simulator': lazy(() => import('./roi/RoiPage')),
};

/** Settings sections by the key declared in ./routes `settingsSections` (shown on mfe-auth's settings page). */
const settingsSections: Record<string, LazyWidget> = {
  iframes: lazy(() => import('./settings/iframes/IframesSection').then((m) => ({ default: m.IframesSection }))),
};

export default defineRemoteModule({ name: 'mfe-shop', namespace: NAMESPACE, routes, built, settingsSections });
