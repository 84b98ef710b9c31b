// The shop's client typologies (§3), through the tariffs api: GET/POST /tariffs/typologies, PUT/DELETE /tariffs/typologies/:key.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TariffTypology, TariffTypologyInput, TariffTypologyUsage } from 'shared-kernel/contracts';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export const typologyKeys = createQueryKeys<void, string>('crm', 'typologies');

export function useTypologies() {
  const keys = useQueryKeys(typologyKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) => api.get<TariffTypologyUsage[]>('/tariffs/typologies', { silent: true, signal }),
  });
}

function useRefresh() {
  const client = useQueryClient();
  const keys = useQueryKeys(typologyKeys);
  return () => client.invalidateQueries({ queryKey: keys.all });
}

export function useSaveTypology() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ key, input }: { key?: string; input: TariffTypologyInput }) =>
      key
        ? api.put<TariffTypology & { message: string }>(`/tariffs/typologies/${encodeURIComponent(key)}`, input, { silent: true })
        : api.post<TariffTypology & { message: string }>('/tariffs/typologies', input, { silent: true }),
    onSuccess: refresh,
  });
}

export function useDeleteTypology() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (key: string) =>
      api.del<{ success: true; message: string }>(`/tariffs/typologies/${encodeURIComponent(key)}`, undefined, { silent: true }),
    onSuccess: refresh,
  });
}
