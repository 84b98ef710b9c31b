// Data of /dashboard/customize, through the shared api client.
// GET /v1/shops/me/page → ShopCustomization (editedShop, headerStyle, every tab including hidden ones)
// GET /v1/products?shopIds=[shop]&limit=1 → only its facets: the colours and ranges a tab can be filtered on
// PUT /v1/shops/me → the shop with its saved headerStyle and tabs (an uploaded image first, alone, with noMessage)
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductListResponse, ShopCustomization } from 'shared-kernel/contracts';
import { createQueryKeys, retryUnlessClientError, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { SaveAnswer, SaveRequest } from './draft';

/** One customization per signed-in shop ('me'). */
export const customizationKeys = createQueryKeys<never, 'me'>('shop', 'customization');
/** The product facets of a shop, by shop id. */
export const shopFacetKeys = createQueryKeys<never, number>('shop', 'product-facets');

export function useCustomization() {
  const keys = useQueryKeys(customizationKeys);
  return useQuery({
    queryKey: keys.detail('me'),
    queryFn: ({ signal }) => api.get<ShopCustomization>('/shops/me/page', { silent: true, signal }),
    retry: retryUnlessClientError(),
  });
}

/** The filters a products tab offers; null while loading or when it fails (the filters then offer the types only). */
export function useShopFacets(shopId: number | undefined): ProductListResponse['facets'] | null {
  const keys = useQueryKeys(shopFacetKeys);
  const query = useQuery({
    queryKey: keys.detail(shopId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ProductListResponse>('/products', { silent: true, signal, query: { shopIds: [shopId], limit: 1 } }).then((r) => r.facets),
    enabled: !!shopId,
    retry: retryUnlessClientError(),
  });
  return query.data ?? null;
}

/**
 * Saves the customization. Silent: the form puts an error naming a field under it, the page shows the api's
 * confirmation. The customization is read again afterwards (the api trims names and numbers new tabs).
 */
export function useSaveCustomization() {
  const client = useQueryClient();
  const keys = useQueryKeys(customizationKeys);
  return useMutation({
    mutationFn: async ({ images, body }: SaveRequest) => {
      for (const image of images) await api.put('/shops/me', image, { silent: true });
      return api.put<SaveAnswer>('/shops/me', body, { silent: true });
    },
    onSuccess: () => {
      // not awaited: the page already holds the answer, the refetch only refreshes the cache for the next visit
      void client.invalidateQueries({ queryKey: keys.all });
    },
  });
}
