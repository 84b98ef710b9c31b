import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';

/** The agents screens of mfe-crm, by route path (spread into ./module's `built`). */
export const pages: Record<string, LazyPage> = {
  '/dashboard/agents': lazy(() => import('./AgentsListPage')),
  '/dashboard/agents/add': lazy(() => import('./AgentAddPage')),
  '/dashboard/agents/find': lazy(() => import('./AgentFindPage')),
  '/dashboard/agents/:id': lazy(() => import('./AgentDetailPage')),
};
