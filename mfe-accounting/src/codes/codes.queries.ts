// The shop's chart of accounts (issue 15, contract shared-kernel/contracts/accounting.ts):
//   GET /v1/accounting/codes → AccountingCodes (its own numbers over the French defaults)
//   PUT /v1/accounting/codes body AccountingCodesInput → AccountingCodes + message (400 names the field)
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountingCodes, AccountingCodesInput } from 'shared-kernel/contracts';
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
