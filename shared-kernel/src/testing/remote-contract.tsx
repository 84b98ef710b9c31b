// Test helpers shared by every remote's src/routes.test.ts: the contract checks of a route table
// and its module (jest globals), plus small lookups for the spec §2 access spot checks.
import { createElement } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { routeMetaSchema, type MenuEntry, type RemoteModule, type RouteMeta } from '../contracts';

export function routeLookups(routes: RouteMeta[]) {
  const byPath = (path: string): RouteMeta => {
    const route = routes.find((r) => r.path === path);
    if (!route) throw new Error(`no route ${path}`);
    return route;
  };
  const menuOf = (group: MenuEntry['group']) =>
    routes
      .flatMap((r) => (r.menu ?? []).filter((m) => m.group === group).map((m) => ({ ...m, path: r.path })))
      .sort((a, b) => a.order - b.order);
  return { byPath, menuOf };
}

/** Registers the contract tests of a remote: route metadata, pages, menu entries and texts. */
export function describeRemoteContract(remoteModule: RemoteModule, routes: RouteMeta[], namespace: string): void {
  const { menuOf } = routeLookups(routes);
  const lookup = (texts: Record<string, unknown>, key: string): unknown =>
    key
      .slice(namespace.length + 1)
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);

  describe(`${namespace} route contract`, () => {
    it('declares routes and names the module after the remote', () => {
      expect(routes.length).toBeGreaterThan(0);
      expect(remoteModule.name).toBe(`mfe-${namespace}`);
    });

    it.each(routes.map((r) => [r.path, r] as const))('%s validates against routeMetaSchema', (_path, route) => {
      const parsed = routeMetaSchema.safeParse(route);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(route.roles.length).toBeGreaterThan(0);
      expect(route.title.trim()).not.toBe('');
      expect(route.titleEn?.trim()).toBeTruthy();
      expect(route.titleKey.startsWith(`${namespace}.`)).toBe(true);
      if (route.path.includes(':')) expect(route.searchable).toBe(false);
      if (route.guestOnly) expect(route.roles).toEqual(['public']);
    });

    it('has unique paths and unique title keys', () => {
      const paths = routes.map((r) => r.path);
      expect(new Set(paths).size).toBe(paths.length);
      const keys = routes.map((r) => r.titleKey);
      expect(new Set(keys).size).toBe(keys.length);
    });

    it('maps every declared path to a page, and nothing else', () => {
      expect(Object.keys(remoteModule.pages).sort()).toEqual(routes.map((r) => r.path).sort());
      for (const page of Object.values(remoteModule.pages)) expect(page).toBeTruthy();
    });

    it('renders the not-yet-available page naming each unbuilt screen', () => {
      for (const route of routes) {
        const Page = remoteModule.pages[route.path] as { $$typeof?: symbol };
        if (Page.$$typeof === Symbol.for('react.lazy')) continue; // built screens are lazy chunks, tested on their own
        render(createElement(remoteModule.pages[route.path], { routePath: route.path }));
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(route.title);
        expect(screen.getByRole('status')).toHaveTextContent('pas encore disponible');
        cleanup();
      }
    });

    it('gives every menu entry a namespaced label key, an antd icon and distinct orders per group', () => {
      const entries = routes.flatMap((r) => r.menu ?? []);
      for (const entry of entries) {
        expect(entry.labelKey.startsWith(`${namespace}.menu.`)).toBe(true);
        expect(entry.labelEn).toBeTruthy();
        expect(entry.icon).toMatch(/^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/);
        expect(() => require.resolve(`@ant-design/icons/${entry.icon}`)).not.toThrow();
        // an href opens in a new tab: an outside site, or a page of the product itself (the help centre)
        if (entry.href) expect(entry.href).toMatch(/^(https:\/\/|\/)/);
      }
      for (const group of new Set(entries.map((e) => e.group))) {
        const orders = menuOf(group).map((m) => m.order);
        expect(new Set(orders).size).toBe(orders.length);
      }
    });

    it('ships the fr and en text of every title and menu label', () => {
      const { i18n } = remoteModule;
      expect(i18n?.namespace).toBe(namespace);
      for (const route of routes) {
        expect(lookup(i18n!.resources.fr, route.titleKey)).toBe(route.title);
        expect(lookup(i18n!.resources.en, route.titleKey)).toBe(route.titleEn);
        for (const entry of route.menu ?? []) {
          expect(lookup(i18n!.resources.fr, entry.labelKey)).toBe(entry.label);
          expect(lookup(i18n!.resources.en, entry.labelKey)).toBe(entry.labelEn);
        }
      }
    });
  });
}
