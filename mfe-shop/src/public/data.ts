import { useEffect, useState } from 'react';
import { api, ApiError } from 'shared-kernel/runtime';
import type { CatalogProduct, Gs1Resolution, ProductFilter, ProductListResponse, PublicShopPage } from 'shared-kernel/contracts';

export type Loadable<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; code: number; message: string };

/** Runs `load` whenever `key` changes; silent (the page shows its own empty/error state). */
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Loadable<T> {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  useEffect(() => {
    if (key === null) return;
    const ctrl = new AbortController();
    setState({ status: 'loading' });
    load(ctrl.signal).then(
      (data) => { if (!ctrl.signal.aborted) setState({ status: 'ok', data }); },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        const e = err instanceof ApiError ? err : null;
        setState({ status: 'error', code: e?.status ?? 0, message: e?.message ?? String(err) });
      },
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}

export const fetchShopPage = (name: string, signal?: AbortSignal) =>
  api.get<PublicShopPage>(`/shops/by-name/${encodeURIComponent(name)}`, { silent: true, signal });

export const fetchProducts = (shopId: number, filter: ProductFilter, opts: { limit?: number; offset?: number; signal?: AbortSignal } = {}) =>
  api.get<ProductListResponse>('/products', {
    silent: true, signal: opts.signal,
    query: { shopIds: [shopId], filter, origin: 'shop', limit: opts.limit ?? 100, offset: opts.offset ?? 0 },
  });

export const fetchProduct = (id: string | number, signal?: AbortSignal) =>
  api.get<CatalogProduct>(`/products/${encodeURIComponent(String(id))}`, { silent: true, signal });

export const resolveGs1 = (path: string, signal?: AbortSignal) => api.get<Gs1Resolution>(path, { silent: true, signal });

export const fetchShops = (search: string, signal?: AbortSignal) =>
  api.get<Array<{ id: number; code: string; name: string; urlShop: string; businessType: string; editedShop: { logo?: string | null } | null }>>('/shops', {
    silent: true, signal, query: search ? { search, limit: 50 } : { limit: 50 },
  });
