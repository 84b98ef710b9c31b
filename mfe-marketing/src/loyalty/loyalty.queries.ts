// The buyer's loyalty points (contract shared-kernel/contracts/loyalty.ts, api modules/loyalty):
//   GET /v1/buyer/loyalty → { items: LoyaltyBuyerView[] } (every shop where the signed-in buyer holds points)
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoyaltyBuyerView } from 'shared-kernel/contracts';
import { createQueryKeys, retryUnlessClientError, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export const loyaltyKeys = createQueryKeys('marketing', 'loyalty');

/** The buyer's standing in every shop's programme (dashboard widget 'myLoyalty'). No retry on a 4xx. */
export function useMyLoyalty() {
  const keys = useQueryKeys(loyaltyKeys);
  const client = useQueryClient();
  const retry = retryUnlessClientError(client.getDefaultOptions().queries?.retry as Parameters<typeof retryUnlessClientError>[0]);
  return useQuery({
    queryKey: [...keys.all, 'buyer'],
    queryFn: ({ signal }) => api.get<{ items: LoyaltyBuyerView[] }>('/buyer/loyalty', { silent: true, signal }),
    retry,
  });
}
