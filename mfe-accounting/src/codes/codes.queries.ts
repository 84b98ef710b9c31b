// The shop's chart of accounts (contract shared-kernel/contracts/accounting.ts):
//   GET /v1/accounting/codes → AccountingCodes (its own numbers over the French defaults)
//   PUT /v1/accounting/codes body AccountingCodesInput → AccountingCodes + message (400 names the field)
//   GET /v1/catalogue/products?q= → the products an override can name
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountingCodes, AccountingCodesInput, Paginated, ProductAdminRow } from 'shared-kernel/contracts';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export const codesKeys = createQueryKeys<void, string>('accounting', 'codes');

export function useAccountingCodes() {
  const keys = useQueryKeys(codesKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) => api.get<AccountingCodes>('/accounting/codes', { silent: true, signal }),
  });
}

export function useSaveAccountingCodes() {
  const client = useQueryClient();
  const keys = useQueryKeys(codesKeys);
  return useMutation({
    mutationFn: (input: AccountingCodesInput) =>
      api.put<AccountingCodes & { message: string }>('/accounting/codes', input, { silent: true }),
    onSuccess: ({ message: _message, ...codes }) => client.setQueryData(keys.lists(), codes),
  });
}

/** Products matching a search, for an override (GET /catalogue/products?q=, 20 at most; nothing under 2 letters). */
export function useProductSearch(q: string) {
  return useQuery({
    queryKey: ['accounting', 'codes', 'products', q],
    enabled: q.trim().length >= 2,
    queryFn: ({ signal }) =>
      api.get<Paginated<Pick<ProductAdminRow, 'id' | 'name' | 'gamme' | 'vintages'>>>('/catalogue/products', {
        query: { q: q.trim(), pageSize: '20' },
        silent: true,
        signal,
      }),
    staleTime: 30_000,
  });
}
