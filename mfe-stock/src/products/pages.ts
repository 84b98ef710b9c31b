import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';

/** The products screens of mfe-stock, by route path (spread into ./module's `built`). */
export const pages: Record<string, LazyPage> = {
  '/dashboard/products': lazy(() => import('./list/ProductsListPage')),
  '/dashboard/products/add': lazy(() => import('./form/ProductAddPage')),
  '/dashboard/products/:id': lazy(() => import('./detail/ProductDetailPage')),
};
