// The correspondence grids of the imports (api modules/shops), and what their selects offer:
//   GET /v1/shops/me/settings/match-grids → MatchGrids                                     owner, iam
//   PUT /v1/shops/me/settings/match-grids  body MatchGridsBody → MatchGrids + message      owner
//     400 { field: 'products.0.formatId' | 'typologies.2.typologyId' | 'paymentMethods.1.code' … } naming the row
//   GET /v1/stock/format-options?q= → [{ value, label }]   the shop's formats ('Produit – 2022 – 75 cl'), 50 at most
//   GET /v1/tariffs/typologies → the shop's typologies (the typos section's query: one cache, refreshed by its changes)
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TariffTypologyUsage } from 'shared-kernel/contracts';
import { createQueryKeys, retryUnlessClientError, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import { typologyKeys } from '../typos/typos.queries';
import type { MatchGrids, MatchGridsBody } from './matchGrids.schema';

export interface FormatOption {
  value: number;
  label: string;
}

export const matchGridsKeys = createQueryKeys<void, string>('crm', 'match-grids-settings');
export const formatOptionKeys = createQueryKeys<string, number>('crm', 'match-grids-formats');
const PATH = '/shops/me/settings/match-grids';

export function useMatchGrids() {
  const keys = useQueryKeys(matchGridsKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) => api.get<MatchGrids>(PATH, { silent: true, signal }),
  });
}

export function useSaveMatchGrids() {
  const client = useQueryClient();
  const keys = useQueryKeys(matchGridsKeys);
  return useMutation({
    mutationFn: (input: MatchGridsBody) => api.put<MatchGrids & { message: string }>(PATH, input, { silent: true }),
    onSuccess: ({ message: _message, ...saved }) => client.setQueryData(keys.lists(), saved),
  });
}

/** The shop's formats matching `q` (searched on the server). */
export function useFormatOptions(q: string, enabled: boolean) {
  const keys = useQueryKeys(formatOptionKeys);
  return useQuery({
    queryKey: keys.list(q),
    queryFn: ({ signal }) => api.get<FormatOption[]>('/stock/format-options', { query: q ? { q } : {}, silent: true, signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError(),
  });
}

/** The shop's typologies (owner: the iam may lack the rights of /tariffs/typologies and reads the session's). */
export function useShopTypologies(enabled: boolean) {
  const keys = useQueryKeys(typologyKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) => api.get<TariffTypologyUsage[]>('/tariffs/typologies', { silent: true, signal }),
    enabled,
    retry: retryUnlessClientError(),
  });
}
