import type { RemoteModule } from 'shared-kernel/contracts';

/**
 * Loads a remote's `./module` (injectable so tests give a fake). The default one, in
 * federation.ts, calls `loadRemote('<remote>/module')`. It may resolve to the module,
 * to its ES namespace `{ default: module }`, or to null/undefined/a failover marker when
 * the files could not be loaded.
 */
export type RemoteLoader = (remote: string) => Promise<unknown>;

/** Thrown (and shown as 'Module indisponible') when a remote's code cannot be loaded. */
export class RemoteUnavailableError extends Error {
  readonly remote: string;
  constructor(remote: string, cause?: unknown) {
    super(`Le module ${remote} n'a pas pu être chargé`, { cause });
    this.name = 'RemoteUnavailableError';
    this.remote = remote;
  }
}

/** Marker the runtime plugin returns instead of throwing (see federation.ts). */
export const LOAD_FAILED = Symbol.for('wineriz.shell.remote-load-failed');
export interface LoadFailedMarker {
  [LOAD_FAILED]: true;
  error: unknown;
}
export const isLoadFailed = (value: unknown): value is LoadFailedMarker =>
  typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[LOAD_FAILED] === true;

function isRemoteModule(value: unknown): value is RemoteModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RemoteModule).pages === 'object' &&
    (value as RemoteModule).pages !== null
  );
}

/** Accepts the module itself or its ES namespace; anything else means "unavailable". */
export function normalizeRemoteModule(remote: string, value: unknown): RemoteModule {
  if (isLoadFailed(value)) throw new RemoteUnavailableError(remote, value.error);
  if (isRemoteModule(value)) return value;
  const def = (value as { default?: unknown } | null | undefined)?.default;
  if (isRemoteModule(def)) return def;
  throw new RemoteUnavailableError(remote);
}

/**
 * One promise per remote, kept so React's `use()` sees a stable promise; a failed load
 * stays failed until `invalidate` (the 'Réessayer' button).
 */
export class RemoteModuleCache {
  private readonly promises = new Map<string, Promise<RemoteModule>>();
  private readonly loaded = new Map<string, RemoteModule>();
  constructor(
    private readonly loader: RemoteLoader,
    private readonly onLoaded?: (module: RemoteModule) => void,
  ) {}

  load(remote: string): Promise<RemoteModule> {
    let promise = this.promises.get(remote);
    if (!promise) {
      promise = Promise.resolve()
        .then(() => this.loader(remote))
        .then(
          (value) => normalizeRemoteModule(remote, value),
          (error: unknown) => {
            throw error instanceof RemoteUnavailableError ? error : new RemoteUnavailableError(remote, error);
          },
        )
        .then((mod) => {
          this.loaded.set(remote, mod);
          try {
            this.onLoaded?.(mod);
          } catch (err) {
            console.warn(`[shell] ${remote}: i18n resources not merged`, err);
          }
          return mod;
        });
      // avoid "unhandled rejection" noise: React reads the rejection through use()
      promise.catch(() => undefined);
      this.promises.set(remote, promise);
    }
    return promise;
  }

  /** The module when already loaded (renders without a loading flash). */
  peek(remote: string): RemoteModule | undefined {
    return this.loaded.get(remote);
  }

  invalidate(remote: string): void {
    this.promises.delete(remote);
    this.loaded.delete(remote);
  }
}
