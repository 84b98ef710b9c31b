/**
 * Module-level state of the runtime must exist once per page, even if two copies of
 * shared-kernel end up loaded (a remote built without the Module Federation singleton,
 * a version mismatch…). Each singleton is therefore parked on globalThis under a
 * registry symbol, and every copy of this module reuses the first instance created.
 */
const REGISTRY = Symbol.for('wineriz.shared-kernel.singletons');

type Registry = Map<string, unknown>;

function registry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  let reg = g[REGISTRY];
  if (!reg) {
    reg = new Map();
    g[REGISTRY] = reg;
  }
  return reg;
}

export function singleton<T>(key: string, create: () => T): T {
  const reg = registry();
  if (!reg.has(key)) reg.set(key, create());
  return reg.get(key) as T;
}
