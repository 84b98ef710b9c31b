// renderPage: the one harness of back-office component tests (jest only). A data router (createMemoryRouter, so
// useBlocker works) opened at `route`, a fresh QueryClient (no retry), the session of a demo user, antd's
// ConfigProvider (fr) + App + the GlobalPopup as the shell renders them, and a faked api (fake-api.ts).
//
// react-router is imported directly here: this folder is jest-only (router/imports.test.ts skips testing/), and in jest
// it is the same module instance as the shared-kernel/router facade. Nothing is added to the facade for tests.
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { act, render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import enUS from 'antd/locale/en_US';
import { createMemoryRouter, RouterProvider, useLocation, type Location, type RouteObject } from 'react-router';
import type { RemoteModule } from 'shared-kernel/contracts';
import { addResources, initI18n, type Language } from 'shared-kernel/i18n';
import { GlobalPopup } from 'shared-kernel/ui';
import { usePopup, useSnackbars, type SnackbarItem } from 'shared-kernel/runtime';
import { activeFakeApi, fakeApi, uninstallFakeApi, type ApiCall, type ApiHandlers, type FakeApi } from './fake-api';
import { clearSession, setSession, type SessionOption } from './demo-session';

// antd's Select schedules its open/close through MessageChannel, which jsdom lacks: a timer-based stand-in.
if (typeof globalThis.MessageChannel === 'undefined') {
  class TimerChannel {
    port1: { onmessage: ((e: { data: unknown }) => void) | null } = { onmessage: null };
    port2 = {
      postMessage: (data: unknown) => {
        setTimeout(() => this.port1.onmessage?.({ data }), 0);
      },
    };
  }
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = TimerChannel;
}

// jsdom has no fetch Request; the data router builds one per navigation (no loaders or actions run here).
if (typeof globalThis.Request === 'undefined') {
  (globalThis as { Request?: unknown }).Request = class Request {
    url: string;
    method: string;
    signal?: AbortSignal;
    headers: Headers | undefined;
    constructor(url: string | URL, init?: { method?: string; signal?: AbortSignal }) {
      this.url = String(url);
      this.method = init?.method ?? 'GET';
      this.signal = init?.signal;
      this.headers = typeof Headers === 'undefined' ? undefined : new Headers();
    }
  };
}

// jsdom implements getComputedStyle without pseudo-elements and says so on every antd popup: read the element itself.
if (typeof window !== 'undefined' && !(window.getComputedStyle as { wzPatched?: boolean }).wzPatched) {
  const original = window.getComputedStyle.bind(window);
  const patched = ((elt: Element) => original(elt)) as typeof window.getComputedStyle & { wzPatched?: boolean };
  patched.wzPatched = true;
  window.getComputedStyle = patched;
}

export interface RenderPageOptions {
  /** The URL the page opens at ('/dashboard/orders?page=2'). Default: `path`, else '/'. */
  route?: string;
  /** Route pattern of the element ('/dashboard/orders/:id'). Default: the pathname of `route`. */
  path?: string;
  /** More routes (the detail a row opens…): `{ '/dashboard/orders/:id': <p>détail</p> }` or RouteObjects. */
  routes?: Record<string, ReactNode> | RouteObject[];
  /** Who is signed in (default 'owner'; null = anonymous). */
  session?: SessionOption;
  /** The faked api; unmatched calls fail the test. */
  api?: ApiHandlers;
  /** i18next language (default 'fr', as the dashboard). */
  language?: Language;
  /** Default: a fresh client, retry off, nothing garbage-collected during the test. */
  queryClient?: QueryClient;
  /** With a route path as first argument: the remote module whose page (lazy or not) is rendered, as the shell does. */
  module?: RemoteModule;
}

export interface RenderPageResult extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  client: QueryClient;
  api: FakeApi;
  /** Every api call so far (method, path, query, body, params, route). */
  calls: ApiCall[];
  /** The router's current location. */
  location(): Location;
  /** Navigates (inside act). */
  navigate(to: string | number, options?: { replace?: boolean; state?: unknown }): Promise<void>;
  /** The browser's back button. */
  back(): Promise<void>;
  /** The snackbars shown since the page was rendered (the shell renders them; here they are read from the store),
   * including those already closed: on busy cores a test may look after their 5 seconds. */
  snackbars(): Array<{ text: string; error: boolean }>;
}

/** A QueryClient for tests: no retry, no garbage collection timer, no refetch on focus. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Every snackbar pushed since the current page was rendered (`page.snackbars()`). */
let shownSnackbars: SnackbarItem[] = [];
let stopSnackbarLog: (() => void) | null = null;

function ElsewhereProbe() {
  const location = useLocation();
  return <div data-testid="elsewhere">{`${location.pathname}${location.search}`}</div>;
}

function toRouteObjects(routes: RenderPageOptions['routes']): RouteObject[] {
  if (!routes) return [];
  if (Array.isArray(routes)) return routes;
  return Object.entries(routes).map(([path, element]) => ({ path, element }));
}

let mounted: { client: QueryClient } | null = null;

/**
 * Renders a page at `route` as the shell would, signed in as `session`, against the faked `api`. The page is an element
 * (at `path`), a table of RouteObjects, or a route path of `options.module` (`renderPage('/dashboard/orders/:id',
 * { module, route: '/dashboard/orders/42' })`: the remote's own page, lazy chunk included, with its i18n texts).
 * Navigation to a path no route matches renders `data-testid="elsewhere"` with that path.
 */
export function renderPage(page: ReactElement | RouteObject[] | string, options: RenderPageOptions = {}): RenderPageResult {
  const fromModule = typeof page === 'string';
  const route = options.route ?? (fromModule ? page : options.path) ?? '/';
  const path = fromModule ? page : (options.path ?? new URL(route, 'http://test.local').pathname);
  let element: ReactElement | null = null;
  if (typeof page === 'string') {
    const Page = options.module?.pages[page];
    if (!Page)
      throw new Error(
        `renderPage: ${options.module ? `${options.module.name} has no page '${page}'` : 'a route path needs the `module` option'}`,
      );
    if (options.module?.i18n) addResources(options.module.i18n.namespace, options.module.i18n.resources);
    element = (
      <Suspense fallback={<p data-testid="page-loading">…</p>}>
        <Page routePath={page} />
      </Suspense>
    );
  } else if (!Array.isArray(page)) {
    element = page;
  }
  initI18n({ lng: options.language ?? 'fr' });
  setSession(options.session === undefined ? 'owner' : options.session);
  const api = fakeApi(options.api ?? {});
  const client = options.queryClient ?? createTestQueryClient();
  mounted = { client };
  shownSnackbars = [...useSnackbars.getState().items];
  stopSnackbarLog?.();
  stopSnackbarLog = useSnackbars.subscribe((state) => {
    for (const item of state.items) if (!shownSnackbars.some((s) => s.id === item.id)) shownSnackbars.push(item);
  });

  const pages: RouteObject[] = element ? [{ path, element }] : (page as RouteObject[]);
  const router = createMemoryRouter([...pages, ...toRouteObjects(options.routes), { path: '*', element: <ElsewhereProbe /> }], {
    initialEntries: [route],
  });
  const lang = options.language ?? 'fr';

  const utils = render(
    <QueryClientProvider client={client}>
      <ConfigProvider locale={lang === 'en' ? enUS : frFR}>
        <AntApp component={false}>
          <RouterProvider router={router} />
          <GlobalPopup />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );

  const navigate = async (to: string | number, opts?: { replace?: boolean; state?: unknown }) => {
    await act(async () => {
      if (typeof to === 'number') await router.navigate(to);
      else await router.navigate(to, opts);
    });
  };

  return {
    ...utils,
    router,
    client,
    api,
    calls: api.calls,
    location: () => router.state.location,
    navigate,
    back: () => navigate(-1),
    snackbars: () => shownSnackbars.map(({ text, error }) => ({ text, error })),
  };
}

/**
 * Run after each test (registered when this module loads): the calls no handler answered fail the test; the api,
 * session, popup, snackbars and query cache are reset.
 */
export function finishPageTest(): void {
  // a test that used neither renderPage nor fakeApi keeps its own state (routes.test.ts files import this module too)
  if (!mounted && !activeFakeApi()) return;
  const unmatched = uninstallFakeApi();
  mounted?.client.clear();
  mounted = null;
  clearSession();
  usePopup.setState({ popup: null });
  useSnackbars.getState().clear();
  stopSnackbarLog?.();
  stopSnackbarLog = null;
  shownSnackbars = [];
  if (unmatched.length) {
    const list = unmatched.map((c) => `  ${c.method} ${c.url}`).join('\n');
    throw new Error(`renderPage: api call(s) without a handler (add them to the \`api\` option):\n${list}`);
  }
}

declare const afterEach: ((fn: () => void) => void) | undefined;
if (typeof afterEach === 'function') {
  try {
    afterEach(finishPageTest);
  } catch {
    // imported from inside a test: the caller cleans up
  }
}
