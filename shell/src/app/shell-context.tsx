import { createContext, useContext } from 'react';
import type { RouteEntry, WidgetEntry } from '../remotes/registry';
import type { RemoteModuleCache } from '../remotes/module-cache';

export interface ShellContextValue {
  /** Every route the remotes declare (from /remotes.json), and the shell's own pages (shell-routes.ts). */
  routes: RouteEntry[];
  /** Every dashboard widget the remotes declare (from /remotes.json). */
  widgets: WidgetEntry[];
  /** Loads remote modules (injectable for tests). */
  modules: RemoteModuleCache;
  /** Static first segments a shop name may not take. */
  reserved: ReadonlySet<string>;
}

export const ShellContext = createContext<ShellContextValue | null>(null);

export function useShell(): ShellContextValue {
  const ctx = useContext(ShellContext);
  if (!ctx) throw new Error('useShell outside <ShellContext.Provider>');
  return ctx;
}
