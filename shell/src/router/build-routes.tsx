import type { RouteObject } from 'shared-kernel/router';
import { LAYOUTS, type Layout } from 'shared-kernel/contracts';
import { SHELL_REMOTE, type RouteEntry } from '../remotes/registry';
import { RemotePage } from '../remotes/RemotePage';
import { GuardedLayout, type RouteHandle } from '../guard/GuardedLayout';
import { RouteErrorElement } from '../feedback/AppErrorBoundary';
import { Root } from './Root';
import { ShellPage } from './ShellPage';

/**
 * The router table, built from the remotes' route metadata (never hard-coded): one
 * pathless layout route per layout (so the chrome stays mounted between pages of the
 * same layout) whose children are the routes declaring it; a final '*' for unknown
 * paths. Route ranking is react-router's (static segments beat ':params').
 */
export function buildRoutes(entries: readonly RouteEntry[]): RouteObject[] {
  const byLayout = new Map<Layout, RouteEntry[]>();
  for (const e of entries) {
    const list = byLayout.get(e.layout) ?? [];
    list.push(e);
    byLayout.set(e.layout, list);
  }
  const children: RouteObject[] = LAYOUTS.filter((l) => byLayout.has(l)).map((layout) => ({
    id: `layout:${layout}`,
    element: <GuardedLayout layout={layout} />,
    children: byLayout.get(layout)!.map((entry): RouteObject => ({
      id: `route:${entry.path}`,
      path: entry.path,
      handle: { entry } satisfies RouteHandle,
      element: entry.remote === SHELL_REMOTE ? <ShellPage entry={entry} /> : <RemotePage entry={entry} />,
    })),
  }));
  children.push({ id: 'unknown', path: '*', element: <GuardedLayout layout={null} /> });
  return [{ id: 'root', element: <Root />, errorElement: <RouteErrorElement />, children }];
}
