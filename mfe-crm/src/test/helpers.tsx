// Test helpers of mfe-crm: a mocked /v1 api (through shared-kernel's client), the session, a router and the global popup.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Shop, User } from 'shared-kernel/contracts';
import { configureApi, useSession } from 'shared-kernel/runtime';
import { GlobalPopup } from 'shared-kernel/ui';

export const json = (status: number, body: unknown) =>
  ({ status, ok: status >= 200 && status < 300, text: async () => JSON.stringify(body) }) as unknown as Response;

export interface Call { url: string; method: string; body: unknown }

/** Answers by a handler; records every call (url without origin, method, parsed body). 'pending' never resolves. */
export function mockApi(handler: (url: string, method: string, body: unknown) => Response | 'pending'): Call[] {
  const calls: Call[] = [];
  configureApi({
    fetch: (url, init) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ url, method, body });
      const answer = handler(url, method, body);
      return answer === 'pending' ? new Promise<Response>(() => {}) : Promise.resolve(answer);
    },
  });
  return calls;
}

export const SHOP = {
  id: 1, code: 'DOMDEM', name: 'Domaine de Démo', urlShop: 'domaine-demo', businessType: 'wine',
  settings: { logStartMonth: 0, logStartDay: 1, hasTVA: true, vatRate: { standard: 20, medium: 10, reduced: 5.5 } },
  typologies: [
    { id: 'particulier', name: 'Particulier', public: true, ttc: true },
    { id: 'professionnel', name: 'Professionnel', public: false, ttc: false },
    { id: 'caviste', name: 'Caviste', public: false, ttc: false },
  ],
  integration: { crm: { active: true } },
} as unknown as Shop;

export const OWNER: User = { id: 2, username: 'Olivier Owner', email: 'owner@demo.test', role: 'owner', shops: [{ id: 1, authorizations: null }] };
export const IAM_READER: User = { id: 4, username: 'Inès Iam', email: 'iam@demo.test', role: 'iam', shops: [{ id: 1, authorizations: { seeAllClient: true } }] };
export const AGENT: User = { id: 5, username: 'Agathe Agent', email: 'agent@demo.test', role: 'agent', shops: [{ id: 1, authorizations: null }] };

export function loginAs(user: User | null, shop: Shop | null = user && user.role !== 'agent' ? SHOP : null) {
  useSession.setState({ user, jwt: user ? 'jwt' : null, masterAccount: null, shop } as never);
}

// antd's Select schedules its open/close through MessageChannel, which jsdom lacks: a timer-based stand-in.
if (typeof globalThis.MessageChannel === 'undefined') {
  class TimerChannel {
    port1: { onmessage: ((e: { data: unknown }) => void) | null } = { onmessage: null };
    port2 = { postMessage: (data: unknown) => { setTimeout(() => this.port1.onmessage?.({ data }), 0); } };
  }
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = TimerChannel;
}

/** Renders a page with a fresh query client, a router and the global popup. */
export function renderPage(element: ReactElement, url = '/dashboard/clients') {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0, gcTime: Infinity } } });
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{element}</MemoryRouter>
      <GlobalPopup />
    </QueryClientProvider>,
  );
  return { ...utils, client };
}
