// Test helpers of mfe-cart: a mocked /v1 api (configureApi fetch) routed by 'METHOD /path', and a
// render with the providers the shell gives every page (react-query client, router).
import type { CartReservation } from 'shared-kernel/domain';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { configureApi, resetApiConfig } from 'shared-kernel/runtime';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}
export type Reply = { status?: number; body?: unknown } | 'network';
export type Handler = (call: Call) => Reply | Promise<Reply>;

/** Mocks the api: `routes['POST /orders']` answers; a function runs per call; unknown routes → 404. */
export function mockApi(routes: Record<string, Reply | Handler | Array<Reply | Handler>>) {
  const calls: Call[] = [];
  const queues = new Map<string, Array<Reply | Handler>>();
  for (const [k, v] of Object.entries(routes)) if (Array.isArray(v)) queues.set(k, [...v]);
  resetApiConfig();
  configureApi({
    fetch: (async (url: string, init: RequestInit) => {
      const u = new URL(url, 'http://test.local');
      const path = u.pathname.replace(/^\/v1/, '');
      const call: Call = {
        method: init.method ?? 'GET',
        path,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: { ...(init.headers as Record<string, string>) },
      };
      calls.push(call);
      const key = `${call.method} ${path}`;
      let entry: Reply | Handler | undefined;
      const queue = queues.get(key);
      if (queue) entry = queue.length > 1 ? queue.shift() : queue[0];
      else entry = routes[key] as Reply | Handler | undefined;
      const reply: Reply =
        typeof entry === 'function' ? await entry(call) : (entry ?? { status: 404, body: { success: false, message: 'Introuvable' } });
      if (reply === 'network') throw new TypeError('Failed to fetch');
      const status = reply.status ?? 200;
      return {
        status,
        ok: status >= 200 && status < 300,
        text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
      } as unknown as Response;
    }) as unknown as typeof fetch,
  });
  return { calls, of: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

export function renderPage(ui: ReactElement, { path = '/cart', route = '/cart' }: { path?: string; route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A cart reservation: 2 counting places, 1 optional, 2 tourist-tax places, at the Brasserie's tour. */
export function breweryTour(): CartReservation {
  return {
    eventId: 9,
    event: { title: 'Visite de la brasserie' },
    selectedSlot: { id: 1, name: 'Matin', start: '2025-04-01T09:00:00', end: '2025-04-01T11:00:00' },
    selectedPrices: [
      { quantity: 2, priceTTC: 12 },
      { quantity: 1, priceTTC: 5, notCounting: true },
      { quantity: 2, priceTTC: 1, productType: 'touristTax' },
    ],
    totalQuantity: 2,
    optionalQuantities: 1,
    taxQuantities: 2,
  };
}
