import type { LazyPage, LazyWidget, RemoteModule } from '../contracts/remote-module';
import type { RouteMeta } from '../contracts/route-meta';
import { notYetAvailable } from './NotYetAvailable';

type Texts = Record<string, unknown>;

function put(texts: Texts, namespace: string, key: string, value: string | undefined): void {
  if (value === undefined) return;
  if (!key.startsWith(`${namespace}.`)) throw new Error(`i18n key ${key} is outside the '${namespace}' namespace`);
  const parts = key.slice(namespace.length + 1).split('.');
  let node = texts;
  for (const part of parts.slice(0, -1)) {
    const next = node[part] ?? (node[part] = {});
    if (typeof next !== 'object') throw new Error(`i18n key ${key} conflicts with another key`);
    node = next as Texts;
  }
  const leaf = parts[parts.length - 1];
  if (node[leaf] !== undefined && node[leaf] !== value) throw new Error(`i18n key ${key} has two different texts`);
  node[leaf] = value;
}

/** fr/en resources of a remote's route titles and menu labels, keyed without the namespace: 'ns.x' → t('x', { ns }). */
export function routeTexts(namespace: string, routes: RouteMeta[], lang: 'fr' | 'en'): Texts {
  const out: Texts = {};
  for (const route of routes) {
    put(out, namespace, route.titleKey, lang === 'fr' ? route.title : (route.titleEn ?? route.title));
    for (const entry of route.menu ?? []) put(out, namespace, entry.labelKey, lang === 'fr' ? entry.label : (entry.labelEn ?? entry.label));
  }
  return out;
}

/**
 * A remote's `./module`: a page for every path of its `./routes` — the built screens from `built`,
 * every other one the honest 'not yet available' page naming the screen — plus its fr/en texts.
 */
export function defineRemoteModule(opts: {
  name: string;
  namespace: string;
  routes: RouteMeta[];
  built: Record<string, LazyPage>;
  /** Dashboard widgets by id (each declared in ./routes `widgets`), shown by the shell on /dashboard. */
  widgets?: Record<string, LazyWidget>;
  /** Settings sections by key (each declared in ./routes `settingsSections`), shown on /dashboard/settings?link=<key>. */
  settingsSections?: Record<string, LazyWidget>;
}): RemoteModule {
  const { name, namespace, routes, built, widgets, settingsSections } = opts;
  return {
    name,
    ...(widgets ? { widgets } : {}),
    ...(settingsSections ? { settingsSections } : {}),
    pages: Object.fromEntries(routes.map((route) => [route.path, built[route.path] ?? notYetAvailable(route.title)])),
    i18n: { namespace, resources: { fr: routeTexts(namespace, routes, 'fr'), en: routeTexts(namespace, routes, 'en') } },
  };
}
