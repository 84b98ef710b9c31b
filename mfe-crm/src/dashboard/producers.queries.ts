// The producers an agent represents, for the dashboard widget: GET /v1/shops/:id (the public shop) of each of the
// agent's memberships.
import { useQueries } from '@tanstack/react-query';
import type { PublicShop } from 'shared-kernel/contracts';
import { createQueryKeys, retryUnlessClientError, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export const producerKeys = createQueryKeys('crm', 'producers');

/** One query per shop, in the order of `shopIds`; a shop that cannot be read (404) is an error of its own. */
export function useProducerShops(shopIds: readonly number[]) {
  const keys = useQueryKeys(producerKeys);
  return useQueries({
    queries: shopIds.map((id) => ({
      queryKey: keys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<PublicShop>(`/shops/${id}`, { silent: true, signal }),
      retry: retryUnlessClientError(),
    })),
  });
}
