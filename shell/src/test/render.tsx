import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { MasterAccount, RemoteModule, RemotesRegistry, Shop, User } from 'shared-kernel/contracts';
import { initI18n } from 'shared-kernel/i18n';
import { useSession, useSnackbars, usePopup } from 'shared-kernel/runtime';
import { Providers } from '../app/App';
import { pageQueryClient } from '../app/query-client';
import { createShell } from '../app/create-shell';
import { registerShellTexts } from '../app/i18n';
import { useShellUi } from '../app/ui-store';
import type { RemoteLoader } from '../remotes/module-cache';
import { buildRoutes } from '../router/build-routes';
import { registryFixture } from './fixtures';

/** Fake remote loader: every declared path renders 'Page <path>', every declared widget 'Widget <id>'. */
export function fakeLoader(registry: RemotesRegistry, failing: string[] = []): jest.MockedFunction<RemoteLoader> {
  return jest.fn(async (remote: string) => {
    if (failing.includes(remote)) throw new Error('[ Federation Runtime ]: RUNTIME-008 failed to load script');
    const entry = registry.remotes.find((r) => r.name.replace(/-/g, '_') === remote);
    const pages: RemoteModule['pages'] = {};
    for (const route of entry?.routes ?? []) {
      const Page = () => <div data-testid="page">Page {route.path}</div>;
      pages[route.path] = Page;
    }
    const widgets: NonNullable<RemoteModule['widgets']> = {};
    for (const w of entry?.widgets ?? []) widgets[w.id] = () => <div data-testid="widget-content">Widget {w.id}</div>;
    const mod: RemoteModule = { name: remote, pages, widgets };
    return { default: mod };
  });
}

type Json = unknown;
export type FetchRoutes = Record<string, Json | ((init: RequestInit | undefined, url: string) => Json)>;

/** Global fetch mock: keys 'GET /v1/users/me' or '/version.json'; unknown → 404. */
export function mockFetch(routes: FetchRoutes = {}) {
  const fn = jest.fn(async (input: string, init?: RequestInit) => {
    const url = String(input);
    const path = url.split('?')[0];
    const method = (init?.method ?? 'GET').toUpperCase();
    const key = [`${method} ${path}`, path].find((k) => k in routes);
    if (!key) return fakeResponse(404, { success: false, message: 'Not found' });
    const value = routes[key];
    const body = typeof value === 'function' ? (value as (i: RequestInit | undefined, u: string) => Json)(init, url) : value;
    return fakeResponse(200, body);
  });
  (globalThis as { fetch: unknown }).fetch = fn;
  return fn;
}

function fakeResponse(status: number, body: Json) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    text: async () => text,
    json: async () => JSON.parse(text || 'null'),
  } as unknown as Response;
}

export interface RenderShellOptions {
  path: string;
  user?: User | null;
  shop?: Shop | null;
  masterAccount?: MasterAccount | null;
  registry?: RemotesRegistry;
  loader?: RemoteLoader;
  failing?: string[];
}

/** jsdom's default width (1024) is 'tablet'; tests run on a desktop unless they resize. */
export function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

export function resetStores() {
  setWidth(1440);
  localStorage.clear();
  useSession.setState({ user: null, jwt: null, masterAccount: null, shop: null });
  useSnackbars.getState().clear();
  usePopup.getState().close();
  useShellUi.setState({ shopLoad: 'idle', notificationsOpen: false, accountSwitchOpen: false, drawerOpen: false });
}

export function renderShell(opts: RenderShellOptions) {
  initI18n({ lng: 'fr' });
  registerShellTexts();
  const registry = opts.registry ?? registryFixture();
  const loader = (opts.loader ?? fakeLoader(registry, opts.failing)) as jest.MockedFunction<RemoteLoader>;
  const logged = !!opts.user || !!opts.masterAccount;
  act(() => {
    useSession.setState({
      user: opts.user ?? null,
      masterAccount: opts.masterAccount ?? null,
      shop: opts.shop ?? null,
      jwt: logged ? 'jwt-test' : null,
    });
  });
  const shell = createShell(registry, loader);
  const router = createMemoryRouter(buildRoutes(shell.routes), { initialEntries: [opts.path] });
  // the page's client, as in production (QueryScope/AntdScope provide it where react-query is used)
  const queryClient = pageQueryClient();
  queryClient.clear();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const utils = render(
    <Providers shell={shell}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, loader, queryClient, shell };
}
