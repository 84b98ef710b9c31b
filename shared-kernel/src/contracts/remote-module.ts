import type { ComponentType, LazyExoticComponent } from 'react';

/** Props every page component receives from the shell. */
export interface PageProps {
  /** The route meta path that matched (e.g. '/dashboard/orders/:id'). */
  routePath: string;
}

export type LazyPage = LazyExoticComponent<ComponentType<PageProps>> | ComponentType<PageProps>;

/** Props of the `cartDrawer` widget (mfe-cart): the shell owns the open state. */
export interface CartDrawerWidgetProps {
  open: boolean;
  onClose(): void;
}

/** A component a remote lends to the shell outside of its pages (e.g. the cart drawer). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LazyWidget = LazyExoticComponent<ComponentType<any>> | ComponentType<any>;

/**
 * What a remote's `./module` exposes (default export).
 * `pages` is keyed by the exact `path` of its `./routes` entries.
 */
export interface RemoteModule {
  name: string;
  pages: Record<string, LazyPage>;
  /**
   * Components mounted by the shell outside the router's pages, by name: mfe-cart's `cartDrawer`, and the dashboard
   * widgets declared in the remote's ./routes `widgets` (by their id).
   */
  widgets?: Record<string, LazyWidget>;
  /**
   * The settings sections declared in the remote's ./routes `settingsSections`, by their key (the `?link=` value):
   * the settings page renders the one opened, whichever remote lends it.
   */
  settingsSections?: Record<string, LazyWidget>;
  /** i18n resources merged into the shell's i18next instance: { fr: {...}, en: {...} } under the remote's namespace. */
  i18n?: { namespace: string; resources: { fr: Record<string, unknown>; en: Record<string, unknown> } };
}
