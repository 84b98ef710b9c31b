// The shop's accounting settings (contract: shared-kernel/contracts/accounting.ts):
//   GET /v1/accounting/settings → AccountingSettings                        owner, iam with accessAccounting or editAccountingCodes
//   PUT /v1/accounting/settings  body AccountingSettingsInput → AccountingSettings + message   owner, iam with editAccountingCodes
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountingSettings, AccountingSettingsInput } from 'shared-kernel/contracts';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export type AccountingSettingsSaved = AccountingSettings & { message: string };

export const accountingSettingsKeys = createQueryKeys<void, string>('accounting', 'accounting-settings');

export function useAccountingSettings(enabled = true) {
  const keys = useQueryKeys(accountingSettingsKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) => api.get<AccountingSettings>('/accounting/settings', { silent: true, signal }),
    enabled,
  });
}

export function useSaveAccountingSettings() {
  const client = useQueryClient();
  const keys = useQueryKeys(accountingSettingsKeys);
  return useMutation({
    mutationFn: (input: AccountingSettingsInput) => api.put<AccountingSettingsSaved>('/accounting/settings', input, { silent: true }),
    onSuccess: ({ message: _message, ...saved }) => client.setQueryData(keys.lists(), saved),
  });
}
