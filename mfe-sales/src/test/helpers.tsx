// Test helpers of mfe-sales: a mocked /v1 api (through shared-kernel's client), the session, and a router.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import type { OrderDetail, OrderSummary, User } from 'shared-kernel/contracts';
import { configureApi, useSession } from 'shared-kernel/runtime';
import { GlobalPopup } from 'shared-kernel/ui';

export const json = (status: number, body: unknown) =>
  ({ status, ok: status >= 200 && status < 300, text: async () => JSON.stringify(body) }) as unknown as Response;

export interface Call { url: string; method: string }

/** Answers by a handler; records every call (url without origin, method). A never-resolving answer = 'pending'. */
export function mockApi(handler: (url: string, method: string) => Response | 'pending' | Promise<Response>): Call[] {
  const calls: Call[] = [];
  configureApi({
    fetch: (url, init) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method });
      const answer = handler(url, method);
      return answer === 'pending' ? new Promise<Response>(() => {}) : Promise.resolve(answer);
    },
  });
  return calls;
}

export const OWNER: User = { id: 2, username: 'Olivier Owner', email: 'owner@demo.test', role: 'owner', shops: [{ id: 1, authorizations: null }] };
export const AGENT: User = { id: 5, username: 'Agathe Agent', email: 'agent@demo.test', role: 'agent', shops: [{ id: 1, authorizations: null }] };
export const BUYER: User = { id: 6, username: 'Béatrice Acheteuse', email: 'buyer@demo.test', role: 'buyer', shops: [] };

export function loginAs(user: User | null) {
  useSession.setState({ user, jwt: user ? 'jwt' : null, masterAccount: null, shop: null } as never);
}

export function summary(over: Partial<OrderSummary> & { id: number }): OrderSummary {
  return {
    number: `C-2026-${String(over.id).padStart(4, '0')}`,
    createdAt: '2026-03-21T14:05:00',
    status: 'validated',
    paymentStatus: 'paid',
    deliveryStatus: 'pending',
    hasReservations: false,
    shop: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
    buyer: { id: 6, name: 'Béatrice Acheteuse', email: 'buyer@demo.test' },
    totalTTC: 12345,
    reservations: [],
    ...over,
  };
}

export function detail(over: Partial<OrderDetail> & { id: number }): OrderDetail {
  return {
    ...summary(over),
    lines: [],
    price: { totalHT: 0, tva: 0, totalTTC: 0, shipping: 0, promoAmount: 0, touristTax: 0 },
    deliveryAddress: null,
    billingAddress: null,
    phone: null,
    shipping: { type: null, name: null, collectionPoint: null, instructions: null, nbrPackages: 0 },
    payments: [],
    expiresAt: null,
    ...over,
  } as OrderDetail;
}

// antd's Select schedules its open/close through MessageChannel, which jsdom lacks: a timer-based stand-in.
if (typeof globalThis.MessageChannel === 'undefined') {
  class TimerChannel {
    port1: { onmessage: ((e: { data: unknown }) => void) | null } = { onmessage: null };
    port2 = { postMessage: (data: unknown) => { setTimeout(() => this.port1.onmessage?.({ data }), 0); } };
  }
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = TimerChannel;
}

let current: Location | null = null;
function LocationProbe() {
  current = useLocation();
  return null;
}

/** Renders `element` at `path` (a route pattern) opened at `url`, with a fresh query client and the global popup. */
export function renderAt(element: ReactElement, { path, url, extraRoutes = [] }: { path: string; url: string; extraRoutes?: Array<{ path: string; element: ReactElement }> }) {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0, gcTime: Infinity } } });
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={element} />
          {extraRoutes.map((r) => <Route key={r.path} path={r.path} element={r.element} />)}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <GlobalPopup />
    </QueryClientProvider>,
  );
  return { ...utils, client, location: () => current as Location };
}
