import './test-env';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApi, resetApiConfig } from 'shared-kernel/runtime';
import type { PosCatalog } from 'shared-kernel/contracts';
import { loadCatalog, saveCatalog, tillDb } from './db';
import { useCachedCatalog, useTillQueue } from './hooks';

const catalog = (price: number): PosCatalog => ({
  typology: 'caveau',
  at: '2026-11-26T08:00:00.000Z',
  items: [
    {
      formatId: 1,
      vintageId: 11,
      productId: 100,
      label: 'Crozes-Hermitage rouge',
      details: '2022 · 75 cl',
      gtin: '3760000000017',
      gamme: null,
      productType: 'wine',
      color: 'red',
      unitPriceTTC: price,
      vatRate: 20,
      accountingType: 'product',
      stock: 120,
      visual: null,
    },
  ],
});

const answer = (status: number, body: unknown) =>
  ({ status, ok: status >= 200 && status < 300, text: async () => JSON.stringify(body) }) as Response;

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return Wrapper;
}

afterEach(() => resetApiConfig());

describe('useCachedCatalog', () => {
  it('saves every good answer and answers the saved copy with offline: true when the api cannot be reached', async () => {
    const fetch = jest.fn(async (_url: string, _init: RequestInit) => answer(200, catalog(1500)));
    configureApi({ fetch });
    const online = renderHook(() => useCachedCatalog(21), { wrapper: wrapper() });
    await waitFor(() => expect(online.result.current.catalog).toEqual(catalog(1500)));
    expect(online.result.current.offline).toBe(false);
    expect(fetch.mock.calls[0][0]).toBe('/v1/pos/salespoints/21/catalog');
    await waitFor(async () => expect((await loadCatalog(await tillDb(), 21))?.catalog).toEqual(catalog(1500)));
    online.unmount();

    // the till reopens at the fair: no network
    configureApi({ fetch: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) });
    const offline = renderHook(() => useCachedCatalog(21), { wrapper: wrapper() });
    await waitFor(() => expect(offline.result.current.isPending).toBe(false));
    expect(offline.result.current).toMatchObject({ catalog: catalog(1500), offline: true, error: null });
    offline.unmount();
  });

  it('a 502 answers the saved copy too; a refusal or no saved copy is an error', async () => {
    await saveCatalog(await tillDb(), 22, catalog(900));
    configureApi({ fetch: jest.fn(async () => answer(502, 'Bad gateway')) });
    const gateway = renderHook(() => useCachedCatalog(22), { wrapper: wrapper() });
    await waitFor(() => expect(gateway.result.current.offline).toBe(true));
    expect(gateway.result.current.catalog?.items[0].unitPriceTTC).toBe(900);
    gateway.unmount();

    configureApi({ fetch: jest.fn(async () => answer(404, { success: false, message: 'Point de vente introuvable' })) });
    const refused = renderHook(() => useCachedCatalog(22), { wrapper: wrapper() });
    await waitFor(() => expect(refused.result.current.error).toMatchObject({ status: 404 }));
    expect(refused.result.current.catalog).toBeUndefined();
    refused.unmount();

    configureApi({ fetch: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) });
    const never = renderHook(() => useCachedCatalog(23), { wrapper: wrapper() });
    await waitFor(() => expect(never.result.current.error).toMatchObject({ status: 0 }));
    never.unmount();
  });
});

describe('useTillQueue', () => {
  it('shows the queue state: offline with a ticket waiting, then sent when the network is back', async () => {
    await saveCatalog(await tillDb(), 24, catalog(1500));
    const fetch = jest.fn<Promise<Response>, [string, RequestInit]>().mockRejectedValue(new TypeError('Failed to fetch'));
    configureApi({ fetch });
    const { result, unmount } = renderHook(() => useTillQueue(24));
    expect(result.current).toMatchObject({ online: true, pending: 0, rejected: 0 });

    let number = '';
    await act(async () => {
      const r = await result.current.queue.submit({ lines: [{ formatId: 1, quantity: 1 }], payments: [{ method: 'cash', amount: 1500 }] });
      number = r.status === 'queued' ? r.number : '';
    });
    expect(number).toBe('HL-24-1');
    expect(result.current).toMatchObject({ online: false, pending: 1, rejected: 0 });

    fetch.mockImplementation(async (_url, init) =>
      answer(201, { id: 1, number: 1, ref: 'CAVEAU-000001', ...JSON.parse(String(init.body)) }),
    );
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await result.current.queue.flush();
    });
    expect(result.current).toMatchObject({ online: true, pending: 0, rejected: 0 });
    const body = JSON.parse(String(fetch.mock.calls.at(-1)![1].body));
    expect(body).toMatchObject({ offline: { number: 'HL-24-1' }, key: expect.any(String) });
    expect(fetch.mock.calls.at(-1)![0]).toBe('/v1/pos/salespoints/24/tickets');
    unmount();
  });
});
