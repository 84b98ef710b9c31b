// Data of /dashboard/iframes, through the shared api client.
// GET /v1/iframes?page=&pageSize=&sort=&q=&kind= → Paginated<Iframe> (the caller's shop)
// DELETE /v1/iframes/:id
// GET /v1/products?shopIds=[shop]&filterByProductIds=[ids]&limit=100 → the names of the products shown by the iframes
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paginated, ProductListResponse } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, retryUnlessClientError, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { IframeConfig as PublicIframe } from '../public/IframePage';
import type { iframesList } from './iframes.filters';

/** GET /v1/iframes item. */
export type Iframe = Omit<PublicIframe, 'urlShop'> & { createdAt: string };
export type IframesQuery = ApiQueryOf<typeof iframesList>;

export const iframeKeys = createQueryKeys<IframesQuery, number>('shop', 'iframes');

const hooks = createResourceHooks({
  keys: iframeKeys,
  list: (q: IframesQuery, signal) => api.get<Paginated<Iframe>>('/iframes', { query: q, silent: true, signal }),
  // not silent: the api's message ("L'iframe a été supprimée", or the error) shows as a snackbar
  remove: (id: number) => api.del(`/iframes/${id}`),
});

export const { useList: useIframes, useDelete: useDeleteIframe } = hooks;

const NO_NAMES: Record<number, string> = {};

export const iframeProductKeys = createQueryKeys<readonly number[], number>('shop', 'iframe-products');

/** id → name of the products some iframes of the page show (empty while loading or when it fails: the id is shown). */
export function useIframeProductNames(shopId: number | null, iframes: readonly Iframe[] | undefined): Record<number, string> {
  const keys = useQueryKeys(iframeProductKeys);
  const ids = [...new Set((iframes ?? []).map((i) => i.productId).filter((x): x is number => !!x))].sort((a, b) => a - b);
  const query = useQuery<Record<number, string>>({
    queryKey: keys.list(ids),
    queryFn: ({ signal }) =>
      api
        .get<ProductListResponse>('/products', { silent: true, signal, query: { shopIds: [shopId], filterByProductIds: ids, limit: 100 } })
        .then((r) => Object.fromEntries(r.items.map((p) => [p.id, p.name]))),
    enabled: !!shopId && ids.length > 0,
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError(),
  });
  return query.data ?? NO_NAMES;
}
