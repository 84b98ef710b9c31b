// The product defaults section's data: what a new product gets and the shop's typologies, and saving the defaults.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductDefaults, TariffTypologyUsage } from 'shared-kernel/contracts';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export const productDefaultsKeys = createQueryKeys<void, string>('stock', 'product-defaults');

export function useProductDefaults() {
  const k = useQueryKeys(productDefaultsKeys);
  return useQuery({
    queryKey: k.lists(),
    queryFn: async ({ signal }) => {
      const [defaults, typologies] = await Promise.all([
        api.get<ProductDefaults>('/tariffs/product-defaults', { silent: true, signal }),
        api.get<TariffTypologyUsage[]>('/tariffs/typologies', { silent: true, signal }),
      ]);
      return { defaults, typologies };
    },
  });
}

export function useSaveProductDefaults() {
  const client = useQueryClient();
  const k = useQueryKeys(productDefaultsKeys);
  return useMutation({
    mutationFn: (body: ProductDefaults) =>
      api.put<ProductDefaults & { message: string }>('/tariffs/product-defaults', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: k.all }),
  });
}
