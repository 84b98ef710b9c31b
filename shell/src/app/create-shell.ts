import type { RemotesRegistry } from 'shared-kernel/contracts';
import { addResources } from 'shared-kernel/i18n';
import { provideContributions } from 'shared-kernel/runtime';
import { RemoteModuleCache, type RemoteLoader } from '../remotes/module-cache';
import { routeEntries, settingsSectionsOf, widgetEntries } from '../remotes/registry';
import { SHELL_ROUTES } from '../router/shell-routes';
import { reservedFirstSegments } from '../router/reserved';
import type { ShellContextValue } from './shell-context';

/**
 * Everything the shell derives from the registry, with an injectable remote loader; also lends the remotes the settings
 * sections and the module loader (shared-kernel/runtime contributions).
 */
export function createShell(registry: RemotesRegistry, loader: RemoteLoader): ShellContextValue {
  // the shell's own pages first: a remote declaring the same path does not replace them
  const routes = [...SHELL_ROUTES, ...routeEntries(registry).filter((r) => !SHELL_ROUTES.some((s) => s.path === r.path))];
  const modules = new RemoteModuleCache(loader, (mod) => {
    if (mod.i18n) addResources(mod.i18n.namespace, mod.i18n.resources);
  });
  // remote pages that show other remotes' contributions (mfe-auth's settings page) read them through the runtime
  provideContributions({
    settingsSections: settingsSectionsOf(registry),
    loadModule: (remote) => modules.load(remote),
    peekModule: (remote) => modules.peek(remote),
  });
  return { routes, widgets: widgetEntries(registry), modules, reserved: reservedFirstSegments(routes.map((r) => r.path)) };
}
