import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';

/** The collaborators screens of mfe-crm, by route path (spread into ./module's `built`). */
export const pages: Record<string, LazyPage> = {
  '/dashboard/collaborators': lazy(() => import('./CollaboratorsListPage')),
  '/dashboard/collaborators/add': lazy(() => import('./CollaboratorAddPage')),
  '/dashboard/collaborators/:id': lazy(() => import('./CollaboratorDetailPage')),
};
