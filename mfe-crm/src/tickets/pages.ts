import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';

/** The tickets screens of mfe-crm, by route path (spread into ./module's `built`). */
export const pages: Record<string, LazyPage> = {
  '/tickets': lazy(() => import('./TicketsPage')),
};
