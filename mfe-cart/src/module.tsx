// What mfe-cart's './module' exposes: a page for every path of ./routes, the fr/en texts of its
// titles and menu labels, and the cart drawer widget the shell mounts on bus 'cart:open'.
import { lazy } from 'react';
import type { LazyPage, RemoteModule } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/remote';
import routes from './routes';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'cart';

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = {
  '/cart': lazy(() => import('./cart/CartPage')),
  '/validate3ds': lazy(() => import('./payment/Validate3dsPage')),
  '/paypal-return': lazy(() => import('./payment/PayPalReturnPage')),
  '/payment-group/:token': lazy(() => import('./payment/PaymentGroupPage')),
};

const mod: RemoteModule = {
  ...defineRemoteModule({ name: 'mfe-cart', namespace: NAMESPACE, routes, built }),
  widgets: { cartDrawer: lazy(() => import('./cart/CartDrawer')) },
};

export default mod;
