import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';

/** The opportunities screens of mfe-crm, by route path (spread into ./module's `built`). */
export const pages: Record<string, LazyPage> = {
  '/dashboard/clients/opportunities': lazy(() => import('./OpportunitiesPage')),
};
