import { remotesRegistrySchema, type ParsedRouteMeta, type RemotesRegistry } from 'shared-kernel/contracts';

/** A route of the registry with the Module Federation name of the remote that owns it. */
export type RouteEntry = ParsedRouteMeta & {
  /** MF remote name ('mfe_sales'), used as `loadRemote('<remote>/module')`. */
  remote: string;
};

/** Module Federation names cannot hold '-': 'mfe-sales' → 'mfe_sales'. */
export const federationName = (name: string): string => name.replace(/-/g, '_');

export class RegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryError';
  }
}

/** GET /remotes.json, validated with the shared contract. */
export async function fetchRegistry(fetchImpl: typeof fetch = fetch): Promise<RemotesRegistry> {
  let res: Response;
  try {
    res = await fetchImpl('/remotes.json', { headers: { Accept: 'application/json' }, cache: 'no-cache' });
  } catch {
    throw new RegistryError('Impossible de joindre le serveur.');
  }
  if (!res.ok) throw new RegistryError(`/remotes.json a répondu ${res.status}`);
  const parsed = remotesRegistrySchema.safeParse(await res.json());
  if (!parsed.success) throw new RegistryError(`/remotes.json invalide : ${parsed.error.message}`);
  return parsed.data;
}

/**
 * Flattens the registry into route entries. When two remotes declare the same path
 * the first one wins (and a warning names both), so the router never has duplicates.
 */
export function routeEntries(registry: RemotesRegistry): RouteEntry[] {
  const seen = new Map<string, string>();
  const out: RouteEntry[] = [];
  for (const remote of registry.remotes) {
    const name = federationName(remote.name);
    for (const meta of remote.routes) {
      const owner = seen.get(meta.path);
      if (owner) {
        console.warn(`[shell] route ${meta.path} declared by ${owner} and ${remote.name}; keeping ${owner}`);
        continue;
      }
      seen.set(meta.path, remote.name);
      out.push({ ...meta, remote: name });
    }
  }
  return out;
}
