import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';

/** The analytics screens of mfe-crm, by route path (spread into ./module's `built`). */
export const pages: Record<string, LazyPage> = {
  '/dashboard/analytics': lazy(() => import('./pages/OverviewPage')),
  '/dashboard/analytics/activities': lazy(() => import('./pages/ActivitiesPage')),
  '/dashboard/analytics/budget': lazy(() => import('./pages/BudgetPage')),
  '/dashboard/analytics/campaigns': lazy(() => import('./pages/CampaignsPage')),
  '/dashboard/analytics/custom': lazy(() => import('./pages/CustomReportPage')),
  '/dashboard/analytics/objectives': lazy(() => import('./pages/ObjectivesPage')),
  '/dashboard/analytics/commissions': lazy(() => import('./pages/CommissionsPage')),
};
