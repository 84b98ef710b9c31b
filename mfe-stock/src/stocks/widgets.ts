import { lazy } from 'react';
import type { LazyWidget } from 'shared-kernel/contracts';

/** mfe-stock's dashboard widgets, by the id declared in ../routes `widgets`. */
export const stockWidgets: Record<string, LazyWidget> = {
  stockAlerts: lazy(() => import('./AlertsWidget')),
};
