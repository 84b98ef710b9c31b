import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';

/** The excise screens of mfe-stock, by route path (spread into ./module's `built`). */
export const pages: Record<string, LazyPage> = {
  '/dashboard/stocks/crdColors': lazy(() => import('./crd/CrdColorsPage')),
  '/dashboard/stocks/drm': lazy(() => import('./drm/DrmPage')),
};
