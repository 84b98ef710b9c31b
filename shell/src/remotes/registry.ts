import type { ParsedRouteMeta, ParsedWidgetMeta, RemotesRegistry } from 'shared-kernel/contracts';
import type { SettingsSectionEntry } from 'shared-kernel/runtime';

/** A route of the registry with the Module Federation name of the remote that owns it. */
export type RouteEntry = ParsedRouteMeta & {
  /** MF remote name ('mfe_sales'), used as `loadRemote('<remote>/module')`. */
  remote: string;
};

/** A dashboard widget of the registry with the Module Federation name of the remote that lends it. */
export type WidgetEntry = ParsedWidgetMeta & { remote: string };

/** Pages the shell renders itself (SHELL_REMOTE in place of a remote name: no remote code to load). */
export const SHELL_REMOTE = 'shell';

/** Module Federation names cannot hold '-': 'mfe-sales' → 'mfe_sales'. */
export const federationName = (name: string): string => name.replace(/-/g, '_');

export class RegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryError';
  }
}

/**
 * The gateway validates /remotes.json with the shared zod contract (and fills its defaults)
 * before serving it; the shell only checks its shape, so zod stays off the first paint.
 */
function isRegistry(body: unknown): body is RemotesRegistry {
  const remotes = (body as { remotes?: unknown } | null)?.remotes;
  return (
    Array.isArray(remotes) &&
    remotes.every(
      (r) =>
        typeof r?.name === 'string' &&
        typeof r?.entry === 'string' &&
        Array.isArray(r?.routes) &&
        (r.widgets === undefined || Array.isArray(r.widgets)) &&
        (r.settingsSections === undefined || Array.isArray(r.settingsSections)) &&
        r.routes.every(
          (m: ParsedRouteMeta) =>
            typeof m?.path === 'string' &&
            typeof m?.layout === 'string' &&
            Array.isArray(m?.roles) &&
            Array.isArray(m?.permissions) &&
            Array.isArray(m?.modules),
        ),
    )
  );
}

/** The registry the gateway inlined into index.html (`<script id="wz-remotes" type="application/json">`), read once. */
export function inlineRegistry(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): RemotesRegistry | null {
  const node = doc?.getElementById('wz-remotes');
  if (!node) return null;
  node.remove();
  try {
    const body: unknown = JSON.parse(node.textContent ?? '');
    return isRegistry(body) ? body : null;
  } catch {
    return null;
  }
}

/** The registry inlined in the page, else GET /remotes.json. */
export async function fetchRegistry(fetchImpl: typeof fetch = fetch): Promise<RemotesRegistry> {
  const inline = inlineRegistry();
  if (inline) return inline;
  let res: Response;
  try {
    res = await fetchImpl('/remotes.json', { headers: { Accept: 'application/json' }, cache: 'no-cache' });
  } catch {
    throw new RegistryError('Impossible de joindre le serveur.');
  }
  if (!res.ok) throw new RegistryError(`/remotes.json a répondu ${res.status}`);
  const body: unknown = await res.json().catch(() => null);
  if (!isRegistry(body)) throw new RegistryError('/remotes.json invalide');
  return body;
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

/** Every dashboard widget the remotes declare, smallest `order` first (an absent `widgets` list counts as none). */
export function widgetEntries(registry: RemotesRegistry): WidgetEntry[] {
  return registry.remotes
    .flatMap((remote) =>
      (remote.widgets ?? []).map((w) => ({
        ...w,
        permissions: w.permissions ?? [],
        modules: w.modules ?? [],
        span: w.span ?? 1,
        remote: federationName(remote.name),
      })),
    )
    .sort((a, b) => a.order - b.order);
}

/**
 * Every settings section the remotes declare, smallest `order` first (an absent `settingsSections` list counts as none):
 * what the settings page lists, through shared-kernel/runtime `useContributions` (createShell fills it).
 */
export function settingsSectionsOf(registry: RemotesRegistry): SettingsSectionEntry[] {
  return registry.remotes
    .flatMap((remote) =>
      (remote.settingsSections ?? []).map((s) => ({
        ...s,
        permissions: s.permissions ?? [],
        modules: s.modules ?? [],
        remote: federationName(remote.name),
      })),
    )
    .sort((a, b) => a.order - b.order);
}
