/** @jest-environment jsdom */
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Paginated } from 'shared-kernel/contracts';
import { api, useSession } from 'shared-kernel/runtime';
import { createTestQueryClient, DEMO_SHOP, fakeApi, OWNER, renderPage, reply, setSession, BUYER } from '../../testing';
import { createQueryKeys, useQueryKeys, viewerKeyOf } from './keys';
import { createResourceHooks } from './resource-hooks';

interface Order {
  id: number;
  number: string;
}
type OrderQuery = { page: number; pageSize: number; status?: string };

const orderKeys = createQueryKeys<OrderQuery, number>('sales', 'orders');
const orders = createResourceHooks({
  keys: orderKeys,
  list: (q: OrderQuery, signal) => api.get<Paginated<Order>>('/orders', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<Order>(`/orders/${id}`, { silent: true, signal }),
  create: (input: { number: string }) => api.post<Order>('/orders', input, { silent: true }),
  update: (id: number, input: { number: string }) => api.put<Order>(`/orders/${id}`, input, { silent: true }),
  remove: (id: number) => api.del(`/orders/${id}`, undefined, { silent: true }),
});

describe('createQueryKeys', () => {
  it('nests list(q) under lists() and detail(id) under details(), all under the viewer', () => {
    const k = orderKeys.forViewer('u2:s1');
    expect(k.all).toEqual(['sales', 'orders', 'u2:s1']);
    expect(k.lists()).toEqual(['sales', 'orders', 'u2:s1', 'list']);
    expect(k.list({ page: 2, pageSize: 20 })).toEqual(['sales', 'orders', 'u2:s1', 'list', { page: 2, pageSize: 20 }]);
    expect(k.list({ page: 2, pageSize: 20 }).slice(0, k.lists().length)).toEqual(k.lists());
    expect(k.detail(42)).toEqual(['sales', 'orders', 'u2:s1', 'detail', 42]);
    expect(k.detail(42).slice(0, k.details().length)).toEqual(k.details());
    expect(orderKeys.all).toEqual(['sales', 'orders']);
  });

  it('scopes the keys by user and shop: a switched account never reads the previous cache', () => {
    expect(viewerKeyOf({ user: OWNER, shop: DEMO_SHOP })).toBe('u2:s1');
    expect(viewerKeyOf({ user: BUYER, shop: null })).toBe('u6:s-');
    expect(viewerKeyOf({ user: null, shop: null })).toBe('uanon:s-');
    expect(viewerKeyOf({ user: OWNER, shop: { ...DEMO_SHOP, id: 7 } })).not.toBe(viewerKeyOf({ user: OWNER, shop: DEMO_SHOP }));

    setSession('owner');
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useQueryKeys(orderKeys).list({ page: 1, pageSize: 20 }), { wrapper });
    expect(result.current[2]).toBe('u2:s1');
    act(() => setSession({ user: { ...OWNER, id: 3 }, shop: { ...DEMO_SHOP, id: 2 } }));
    expect(result.current[2]).toBe('u3:s2');
  });
});

function OrdersProbe() {
  const list = orders.useList({ page: 1, pageSize: 20 });
  const one = orders.useOne(7);
  const create = orders.useCreate();
  const update = orders.useUpdate();
  const remove = orders.useDelete();
  return (
    <div>
      <p data-testid="list">
        {list.data ? list.data.items.map((o) => o.number).join(',') : list.isError ? `erreur ${list.error.status}` : '…'}
      </p>
      <p data-testid="one">{one.data ? one.data.number : one.isError ? `erreur ${one.error.status}` : '…'}</p>
      <button onClick={() => create.mutate({ number: 'C-3' })}>créer</button>
      <button onClick={() => update.mutate({ id: 7, input: { number: 'C-7 bis' } })}>modifier</button>
      <button onClick={() => remove.mutate(7)}>supprimer</button>
    </div>
  );
}

describe('createResourceHooks', () => {
  function serve() {
    let rows: Order[] = [{ id: 7, number: 'C-7' }];
    return {
      'GET /orders': () => ({ items: rows, total: rows.length, page: 1, pageSize: 20 }),
      'GET /orders/:id': (req: { params: Record<string, string> }) =>
        rows.find((r) => r.id === Number(req.params.id)) ?? reply(404, { success: false, message: 'Commande introuvable' }),
      'POST /orders': (req: { body: unknown }) => {
        const o = { id: 8, ...(req.body as { number: string }) };
        rows = [...rows, o];
        return [201, o];
      },
      'PUT /orders/:id': (req: { body: unknown }) => {
        rows = rows.map((r) => (r.id === 7 ? { ...r, ...(req.body as { number: string }) } : r));
        return rows[0];
      },
      'DELETE /orders/:id': () => {
        rows = rows.filter((r) => r.id !== 7);
        return reply(204);
      },
    };
  }
  const countOf = (calls: { method: string; path: string }[], method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path).length;

  it('refreshes the lists after a creation (not the detail)', async () => {
    const page = renderPage(<OrdersProbe />, { api: serve() });
    expect(await screen.findByText('C-7', { selector: '[data-testid="list"]' })).toBeInTheDocument();
    await screen.findByText('C-7', { selector: '[data-testid="one"]' });
    act(() => screen.getByRole('button', { name: 'créer' }).click());
    await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent('C-7,C-3'));
    expect(countOf(page.calls, 'GET', '/orders')).toBe(2);
    expect(countOf(page.calls, 'GET', '/orders/7')).toBe(1);
  });

  it('refreshes the detail and the lists after an update', async () => {
    const page = renderPage(<OrdersProbe />, { api: serve() });
    await screen.findByText('C-7', { selector: '[data-testid="one"]' });
    act(() => screen.getByRole('button', { name: 'modifier' }).click());
    await waitFor(() => expect(screen.getByTestId('one')).toHaveTextContent('C-7 bis'));
    await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent('C-7 bis'));
    expect(page.api.callsTo('PUT /orders/:id')[0].body).toEqual({ number: 'C-7 bis' });
    expect(countOf(page.calls, 'GET', '/orders/7')).toBe(2);
    expect(countOf(page.calls, 'GET', '/orders')).toBe(2);
  });

  it('refreshes the lists after a deletion', async () => {
    const page = renderPage(<OrdersProbe />, { api: serve() });
    await screen.findByText('C-7', { selector: '[data-testid="list"]' });
    act(() => screen.getByRole('button', { name: 'supprimer' }).click());
    await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent(/^$/));
    expect(countOf(page.calls, 'DELETE', '/orders/7')).toBe(1);
    expect(countOf(page.calls, 'GET', '/orders')).toBe(2);
  });

  it('never retries a 4xx, and retries other failures as the QueryClient says', async () => {
    setSession('owner');
    const calls = fakeApi({
      'GET /orders/:id': reply(404, { success: false, message: 'Commande introuvable' }),
      'GET /orders': reply(503, { success: false, message: 'Indisponible' }),
    }).calls;
    const client = createTestQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: 2, retryDelay: 0 } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const one = renderHook(() => orders.useOne(9), { wrapper });
    await waitFor(() => expect(one.result.current.isError).toBe(true));
    expect(one.result.current.error?.status).toBe(404);
    const list = renderHook(() => orders.useList({ page: 1, pageSize: 20 }), { wrapper });
    await waitFor(() => expect(list.result.current.isError).toBe(true));
    expect(calls.filter((c) => c.path === '/orders/9')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/orders')).toHaveLength(3);
  });

  it('keeps the previous page on screen while the next one loads', async () => {
    setSession('owner');
    let release: (() => void) | null = null;
    fakeApi({
      'GET /orders': (req) =>
        req.query.page === '1'
          ? { items: [{ id: 1, number: 'C-1' }], total: 2, page: 1, pageSize: 1 }
          : new Promise((resolve) => {
              release = () => resolve({ items: [{ id: 2, number: 'C-2' }], total: 2, page: 2, pageSize: 1 });
            }),
    });
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const hook = renderHook(({ p }) => orders.useList({ page: p, pageSize: 1 }), { wrapper, initialProps: { p: 1 } });
    await waitFor(() => expect(hook.result.current.data?.items[0].number).toBe('C-1'));
    hook.rerender({ p: 2 });
    expect(hook.result.current.isPlaceholderData).toBe(true);
    expect(hook.result.current.data?.items[0].number).toBe('C-1');
    await waitFor(() => expect(release).not.toBeNull());
    act(() => release!());
    await waitFor(() => expect(hook.result.current.data?.items[0].number).toBe('C-2'));
  });

  it('does not fetch a detail without an id (malformed URL param)', async () => {
    setSession('owner');
    const { calls } = fakeApi({});
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const hook = renderHook(() => orders.useOne(null), { wrapper });
    expect(hook.result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
  });

  it("keeps each viewer's cache apart", async () => {
    const page = renderPage(<OrdersProbe />, {
      api: {
        ...serve(),
        'GET /orders': (req) => ({ items: [{ id: 1, number: `vu par ${req.headers.Authorization}` }], total: 1, page: 1, pageSize: 20 }),
      },
    });
    await screen.findByText('vu par Bearer test-jwt', { selector: '[data-testid="list"]' });
    act(() => useSession.setState({ user: { ...OWNER, id: 3 }, jwt: 'other-jwt' }));
    await screen.findByText('vu par Bearer other-jwt', { selector: '[data-testid="list"]' });
    expect(page.calls.filter((c) => c.path === '/orders')).toHaveLength(2);
  });
});
