import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';

/** The tasks screens of mfe-crm, by route path (spread into ./module's `built`). */
export const pages: Record<string, LazyPage> = {
  '/dashboard/tasks': lazy(() => import('./list/TasksPage')),
  '/dashboard/calendar': lazy(() => import('./calendar/CalendarPage')),
};
