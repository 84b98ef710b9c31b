import type { ReactNode } from 'react';
import type { RouteEntry } from '../remotes/registry';

export interface LayoutProps {
  /** The matched route (null on the 404 page). */
  entry: RouteEntry | null;
  children: ReactNode;
}
