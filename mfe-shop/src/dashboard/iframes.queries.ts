// Data of /dashboard/iframes, through the shared api client.
// GET /v1/iframes?page=&pageSize=&sort=&q=&kind= → Paginated<Iframe> (the caller's shop)
// POST /v1/iframes · PUT /v1/iframes/:id { name, kind, productId } · DELETE /v1/iframes/:id
// GET /v1/products?shopIds=[shop]&filterByProductIds=[ids]&limit=100 → the names of the products shown by the iframes
// GET /v1/products?shopIds=[shop]&limit=100 → the products an iframe may show
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated, ProductListResponse } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, retryUnlessClientError, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api, ApiError } from 'shared-kernel/runtime';
import type { IframeConfig as PublicIframe } from '../public/iframe.api';
import type { iframesList } from './iframes.filters';

/** GET /v1/iframes item. */
export type Iframe = Omit<PublicIframe, 'urlShop'> & { createdAt: string };
export type IframesQuery = ApiQueryOf<typeof iframesList>;
export type IframeInput = Pick<Iframe, 'name' | 'kind' | 'productId'>;

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

/**
 * One iframe of the shop (`id` as in the URL), read from the first 100 of the list: a 404 when it is not there. Read
 * once, not retried: the edit page says at once that it is missing.
 */
export function useIframe(id: string | undefined) {
  const keys = useQueryKeys(iframeKeys);
  return useQuery({
    queryKey: [...keys.details(), id],
    queryFn: ({ signal }) =>
      api.get<Paginated<Iframe>>('/iframes', { signal, silent: true, query: { pageSize: 100 } }).then((l) => {
        const found = l.items.find((x) => String(x.id) === id);
        if (!found) throw new ApiError(404, 'Iframe introuvable');
        return found;
      }),
    enabled: !!id,
    retry: false,
  });
}

/** The shop's products an iframe may show (the first 100); read once, the select stays empty when it fails. */
export function useIframeProductChoices(shopId: number | null) {
  const keys = useQueryKeys(iframeProductKeys);
  return useQuery({
    queryKey: [...keys.all, 'choices', shopId],
    queryFn: ({ signal }) => api.get<ProductListResponse>('/products', { silent: true, signal, query: { shopIds: [shopId], limit: 100 } }),
    enabled: !!shopId,
    retry: false,
  });
}

/**
 * Creates the iframe (`id` undefined) or saves it. Not silent: the api's message shows as a snackbar (and the page
 * puts it under the field it names); the lists are refreshed.
 */
export function useSaveIframe() {
  const client = useQueryClient();
  const keys = useQueryKeys(iframeKeys);
  return useMutation<Iframe, ApiError, { id?: string; input: IframeInput }>({
    mutationFn: ({ id, input }) => (id ? api.put<Iframe>(`/iframes/${id}`, input) : api.post<Iframe>('/iframes', input)),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.lists() }),
  });
}
