import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';

/** The clients screens of mfe-crm, by route path (spread into ./module's `built`). /dashboard/clients is in ./module. */
export const pages: Record<string, LazyPage> = {
  '/dashboard/clients/add': lazy(() => import('./form/ClientAddPage')),
  '/dashboard/clients/prospection': lazy(() => import('./prospection/ProspectionPage')),
  '/dashboard/clients/:id': lazy(() => import('./detail/ClientDetailPage')),
};
