// The shop's promotion codes (api modules/promo-codes, contract shared-kernel/contracts/promo-codes.ts):
//   GET /v1/promo-codes?page&pageSize&sort&q&status · POST /v1/promo-codes · PUT /v1/promo-codes/:id
//   PUT /v1/promo-codes/:id/active { active } · DELETE /v1/promo-codes/:id (a used code is deactivated instead)
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated, PromoCode, PromoCodeInput } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { currentShopId, hasPermission } from 'shared-kernel/domain';
import { api, useSession } from 'shared-kernel/runtime';
import type { promoCodesList } from './filters';

export type PromoCodesQuery = ApiQueryOf<typeof promoCodesList>;
type Saved = PromoCode & { message: string };

export const promoCodeKeys = createQueryKeys<PromoCodesQuery, number>('marketing', 'promo-codes');

const hooks = createResourceHooks({
  keys: promoCodeKeys,
  list: (q: PromoCodesQuery, signal) => api.get<Paginated<PromoCode>>('/promo-codes', { query: q, silent: true, signal }),
  create: (input: PromoCodeInput) => api.post<Saved>('/promo-codes', input, { silent: true }),
  update: (id: number, input: PromoCodeInput) => api.put<Saved>(`/promo-codes/${id}`, input, { silent: true }),
  remove: (id: number) =>
    api.del<{ success: true; message: string; deactivated: boolean }>(`/promo-codes/${id}`, undefined, { silent: true }),
});

export const {
  useList: usePromoCodes,
  useCreate: useCreatePromoCode,
  useUpdate: useUpdatePromoCode,
  useDelete: useDeletePromoCode,
} = hooks;

/** Activate / deactivate a code; the lists are read again. */
export function useSetPromoCodeActive() {
  const qc = useQueryClient();
  const keys = useQueryKeys(promoCodeKeys);
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.put<Saved>(`/promo-codes/${id}/active`, { active }, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

/** The shop's products to pick from (a code for some products, a loyalty level's offered products). */
export const productOptionKeys = createQueryKeys<void, string>('marketing', 'product-options');

export function useProductOptions(enabled = true) {
  const keys = useQueryKeys(productOptionKeys);
  // GET /catalogue/products answers 403 to an iam without seeAllProduct or createProduct: not asked for them (the
  // chosen products then show by their number).
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const shopId = currentShopId(user, shop);
  const mayRead = hasPermission(user, shopId, 'seeAllProduct') || hasPermission(user, shopId, 'createProduct');
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) =>
      api.get<Paginated<{ id: number; name: string }>>('/catalogue/products', {
        query: { page: 1, pageSize: 100, sort: 'name' },
        silent: true,
        signal,
      }),
    enabled: enabled && mayRead,
    staleTime: 60_000,
  });
}
