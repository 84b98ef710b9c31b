// The client's loyalty account on the client file (contract: shared-kernel/contracts/loyalty.ts).
//   GET  /v1/loyalty/clients/:clientId                                   → LoyaltyAccount (404: not a client of this shop)
//   POST /v1/loyalty/clients/:clientId/adjustments { points, note }      → LoyaltyAccount + message (400/409 { field, message })
// Keys: ['crm', 'loyalty', <viewer>, 'detail', clientId] — scoped by the signed-in viewer like every kit key.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoyaltyAccount, LoyaltyAdjustmentInput } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, useQueryKeys } from 'shared-kernel/kit';
import { api, type ApiError } from 'shared-kernel/runtime';

export type LoyaltyAdjusted = LoyaltyAccount & { message?: string };

export const loyaltyKeys = createQueryKeys<never, number>('crm', 'loyalty');

export const fetchClientLoyalty = (clientId: number, signal?: AbortSignal) =>
  api.get<LoyaltyAccount>(`/loyalty/clients/${clientId}`, { silent: true, signal });

const hooks = createResourceHooks({ keys: loyaltyKeys, get: fetchClientLoyalty });

/** The client's balance, standing, programme and points history (not fetched without an id). */
export const { useOne: useClientLoyalty } = hooks;

/**
 * A manual adjustment (positive: points given, negative: points taken back). Silent: the form puts a `{ field,
 * message }` answer under its field and the caller shows the success message. The answer (the updated account) goes
 * straight into the cache, then the account is refetched.
 */
export function useAdjustLoyalty(clientId: number) {
  const client = useQueryClient();
  const keys = useQueryKeys(loyaltyKeys);
  return useMutation<LoyaltyAdjusted, ApiError, LoyaltyAdjustmentInput>({
    mutationFn: (input) => api.post<LoyaltyAdjusted>(`/loyalty/clients/${clientId}/adjustments`, input, { silent: true }),
    onSuccess: async ({ message: _message, ...account }) => {
      client.setQueryData<LoyaltyAccount>(keys.detail(clientId), account);
      await client.invalidateQueries({ queryKey: keys.detail(clientId) });
    },
  });
}
