import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from 'shared-kernel/runtime';
import { SHOP_CLOSED_MESSAGE } from 'shared-kernel/contracts';
import type {
  CatalogProduct,
  Gs1Resolution,
  ProductFilter,
  ProductListResponse,
  PublicEvent,
  PublicShopPage,
} from 'shared-kernel/contracts';
import type { FirstPaintData } from './first-paint';

export type Loadable<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; code: number; message: string };

/**
 * Runs `load` whenever `key` changes; silent (the page shows its own empty/error state). `initial`, when it gives
 * data, is the first state and replaces the first load (data the page already carries).
 */
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, initial?: () => T | null): Loadable<T> {
  const [first] = useState(() => {
    const data = initial?.() ?? null;
    return data === null ? null : { key, data };
  });
  const [state, setState] = useState<Loadable<T>>(first ? { status: 'ok', data: first.data } : { status: 'loading' });
  const skip = useRef(first?.key ?? null);
  useEffect(() => {
    if (key === null) return;
    if (skip.current !== null && skip.current === key) {
      skip.current = null;
      return;
    }
    skip.current = null;
    const ctrl = new AbortController();
    setState({ status: 'loading' });
    load(ctrl.signal).then(
      (data) => {
        if (!ctrl.signal.aborted) setState({ status: 'ok', data });
      },
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

/** The api's 404 for a shop whose online shop is switched off (§1 module `shop`), apart from an unknown shop. */
export function isShopClosed(state: Loadable<unknown>): boolean {
  return state.status === 'error' && state.code === 404 && state.message === SHOP_CLOSED_MESSAGE;
}

export const fetchShopPage = (name: string, signal?: AbortSignal) =>
  api.get<PublicShopPage>(`/shops/by-name/${encodeURIComponent(name)}`, { silent: true, signal });

const taken = new Set<string>();
/**
 * The first render's data, when the page came with it: in the server render (the gateway's first paint) the
 * `FirstPaintData` field the gateway passed; in the browser the same answer as an inert JSON script the gateway put
 * into the page, read once (a later visit of the page within the app asks the api again). Null when it is not the
 * data asked for (`accept`), for a signed-in visitor (the inlined answers are the anonymous view), or when absent.
 */
function takeInlined<T>(
  id: string,
  accept: (data: T) => boolean,
  loggedIn: boolean,
  server: FirstPaintData | null,
  fromServer: (d: FirstPaintData) => T | null | undefined,
): T | null {
  if (server) {
    const data = fromServer(server);
    return data && accept(data) ? data : null;
  }
  if (loggedIn || taken.has(id) || typeof document === 'undefined') return null;
  const el = document.getElementById(id);
  if (!el?.textContent) return null;
  taken.add(id);
  try {
    const data = JSON.parse(el.textContent) as T;
    return data && accept(data) ? data : null;
  } catch {
    return null;
  }
}

/** The shop (`<script id="wz-shop-data">`, anonymous view) when it is the one asked for (`ref`: its url name or id). */
export function takeInlinedShop(ref: string, loggedIn: boolean, server: FirstPaintData | null = null): PublicShopPage | null {
  return takeInlined<PublicShopPage>(
    'wz-shop-data',
    (shop) => shop.urlShop === ref || String(shop.id) === ref,
    loggedIn,
    server,
    (d) => d.shop,
  );
}

/** The first listing page (`<script id="wz-listing-data">`) when it answers exactly this request (same key). */
export function takeInlinedListing(key: string, loggedIn: boolean, server: FirstPaintData | null = null): ProductListResponse | null {
  return (
    takeInlined<{ key: string; data: ProductListResponse }>(
      'wz-listing-data',
      (l) => l.key === key,
      loggedIn,
      server,
      (d) => d.listing,
    )?.data ?? null
  );
}

/** The product (`<script id="wz-product-data">`) when it is the one asked for (`ref`: its id or id-slug). */
export function takeInlinedProduct(ref: string, loggedIn: boolean, server: FirstPaintData | null = null): CatalogProduct | null {
  return takeInlined<CatalogProduct>(
    'wz-product-data',
    (p) => String(p.id) === String(parseInt(ref, 10)),
    loggedIn,
    server,
    (d) => d.product,
  );
}

/** The shop's online events with their slots to come and places left (an empty list while it takes no booking). */
export const fetchShopEvents = (shopId: number, signal?: AbortSignal) =>
  api.get<PublicEvent[]>(`/shops/${shopId}/events`, { silent: true, signal });

export const fetchProducts = (
  shopId: number,
  filter: ProductFilter,
  opts: { limit?: number; offset?: number; signal?: AbortSignal } = {},
) =>
  api.get<ProductListResponse>('/products', {
    silent: true,
    signal: opts.signal,
    query: { shopIds: [shopId], filter, origin: 'shop', limit: opts.limit ?? 100, offset: opts.offset ?? 0 },
  });

export const fetchProduct = (id: string | number, signal?: AbortSignal) =>
  api.get<CatalogProduct>(`/products/${encodeURIComponent(String(id))}`, { silent: true, signal });

export const resolveGs1 = (path: string, signal?: AbortSignal) => api.get<Gs1Resolution>(path, { silent: true, signal });

export const fetchShops = (search: string, signal?: AbortSignal) =>
  api.get<
    Array<{ id: number; code: string; name: string; urlShop: string; businessType: string; editedShop: { logo?: string | null } | null }>
  >('/shops', {
    silent: true,
    signal,
    query: search ? { search, limit: 50 } : { limit: 50 },
  });
