import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemotesRegistry } from 'shared-kernel/contracts';
import { federationName } from './registry';
import { LOAD_FAILED, RemoteUnavailableError, type LoadFailedMarker, type RemoteLoader } from './module-cache';

/**
 * Runtime plugin: a remote whose files cannot be loaded (manifest 404, remoteEntry
 * network error, unknown remote…) resolves to a marker instead of crashing the shell;
 * the RemotePage turns the marker into the 'Module indisponible' area.
 * Only the 'onLoad' lifecycle may fail over: in the other lifecycles the runtime would
 * use our return value as a manifest or request args.
 */
export function remoteFailoverPlugin(onFailure?: (id: string, error: unknown) => void): ModuleFederationRuntimePlugin {
  return {
    name: 'wineriz-remote-failover',
    errorLoadRemote(args) {
      const { id, error, lifecycle } = args;
      if (lifecycle !== 'onLoad') return undefined;
      console.warn(`[shell] remote ${id} could not be loaded`, error);
      onFailure?.(id, error);
      const marker: LoadFailedMarker = { [LOAD_FAILED]: true, error };
      return marker;
    },
  };
}

/** Remotes whose registration itself failed: their loader rejects at once. */
const failedRegistrations = new Set<string>();

/** registerRemotes for every registry entry, one by one so that one bad entry does not hide the others. */
export function registerRegistry(registry: RemotesRegistry): void {
  try {
    registerPlugins([remoteFailoverPlugin()]);
  } catch (err) {
    console.warn('[shell] failover plugin not registered', err);
  }
  for (const remote of registry.remotes) {
    const name = federationName(remote.name);
    try {
      registerRemotes([{ name, entry: remote.entry }]);
    } catch (err) {
      console.warn(`[shell] remote ${remote.name} not registered`, err);
      failedRegistrations.add(name);
    }
  }
}

/** The production loader: `loadRemote('<remote>/module')`. */
export const federationLoader: RemoteLoader = async (remote) => {
  if (failedRegistrations.has(remote)) throw new RemoteUnavailableError(remote);
  return loadRemote(`${remote}/module`);
};
