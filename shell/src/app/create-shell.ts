import type { RemotesRegistry } from 'shared-kernel/contracts';
import { addResources } from 'shared-kernel/i18n';
import { RemoteModuleCache, type RemoteLoader } from '../remotes/module-cache';
import { routeEntries, widgetEntries } from '../remotes/registry';
import { SHELL_ROUTES } from '../router/shell-routes';
import { reservedFirstSegments } from '../router/reserved';
import type { ShellContextValue } from './shell-context';

/** Everything the shell derives from the registry, with an injectable remote loader. */
export function createShell(registry: RemotesRegistry, loader: RemoteLoader): ShellContextValue {
  // the shell's own pages first: a remote declaring the same path does not replace them
  const routes = [...SHELL_ROUTES, ...routeEntries(registry).filter((r) => !SHELL_ROUTES.some((s) => s.path === r.path))];
  const modules = new RemoteModuleCache(loader, (mod) => {
    if (mod.i18n) addResources(mod.i18n.namespace, mod.i18n.resources);
  });
  return { routes, widgets: widgetEntries(registry), modules, reserved: reservedFirstSegments(routes.map((r) => r.path)) };
}
