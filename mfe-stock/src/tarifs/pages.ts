import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';

/** The tarifs screens of mfe-stock, by route path (spread into ./module's `built`). */
export const pages: Record<string, LazyPage> = {
  '/dashboard/tarifs': lazy(() => import('./grid/TariffsPage')),
};
