import { lazy } from 'react';
import type { LazyWidget } from 'shared-kernel/contracts';

/** The tasks widgets of mfe-crm, by the id declared in ../routes `widgets`. */
export const taskWidgets: Record<string, LazyWidget> = {
  tasksDue: lazy(() => import('./TasksDueWidget')),
};
