import type { ComponentType, LazyExoticComponent } from 'react';

/** Props every page component receives from the shell. */
export interface PageProps {
  /** The route meta path that matched (e.g. '/dashboard/orders/:id'). */
  routePath: string;
}

export type LazyPage = LazyExoticComponent<ComponentType<PageProps>> | ComponentType<PageProps>;

/**
 * What a remote's `./module` exposes (default export).
 * `pages` is keyed by the exact `path` of its `./routes` entries.
 */
export interface RemoteModule {
  name: string;
  pages: Record<string, LazyPage>;
  /** i18n resources merged into the shell's i18next instance: { fr: {...}, en: {...} } under the remote's namespace. */
  i18n?: { namespace: string; resources: { fr: Record<string, unknown>; en: Record<string, unknown> } };
}
