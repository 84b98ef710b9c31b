import type { RemotesRegistry } from 'shared-kernel/contracts';
import { addResources } from 'shared-kernel/i18n';
import { RemoteModuleCache, type RemoteLoader } from '../remotes/module-cache';
import { routeEntries } from '../remotes/registry';
import { reservedFirstSegments } from '../router/reserved';
import type { ShellContextValue } from './shell-context';

/** Everything the shell derives from the registry, with an injectable remote loader. */
export function createShell(registry: RemotesRegistry, loader: RemoteLoader): ShellContextValue {
  const routes = routeEntries(registry);
  const modules = new RemoteModuleCache(loader, (mod) => {
    if (mod.i18n) addResources(mod.i18n.namespace, mod.i18n.resources);
  });
  return { routes, modules, reserved: reservedFirstSegments(routes.map((r) => r.path)) };
}
