// The shop's billing settings (contract: shared-kernel/contracts/sales.ts):
//   GET /v1/sales/settings/billing → BillingSettings (a 404 or an empty answer: not set yet)      owner
//   PUT /v1/sales/settings/billing  body BillingSettingsInput → BillingSettings + message          owner
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingSettings, BillingSettingsInput } from 'shared-kernel/contracts';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api, ApiError } from 'shared-kernel/runtime';

export const billingSettingsKeys = createQueryKeys<void, string>('sales', 'billing-settings');

export type BillingSettingsSaved = BillingSettings & { message?: string };

/** The answer carries the saved settings (the contract), not only `{ success, message }`. */
export const isSettings = (v: unknown): v is BillingSettingsSaved => !!v && typeof v === 'object' && 'companyName' in v;

/** null when the shop has not set its billing settings yet. */
export async function fetchBillingSettings(signal?: AbortSignal): Promise<BillingSettings | null> {
  try {
    const s = await api.get<BillingSettings | null | undefined>('/sales/settings/billing', { silent: true, signal });
    return s && typeof s === 'object' && Object.keys(s).length > 0 ? s : null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useBillingSettings(enabled = true) {
  const keys = useQueryKeys(billingSettingsKeys);
  return useQuery({ queryKey: keys.lists(), queryFn: ({ signal }) => fetchBillingSettings(signal), enabled });
}

export function useSaveBillingSettings() {
  const client = useQueryClient();
  const keys = useQueryKeys(billingSettingsKeys);
  return useMutation({
    mutationFn: (input: BillingSettingsInput) => api.put<BillingSettingsSaved>('/sales/settings/billing', input, { silent: true }),
    onSuccess: (saved) => {
      if (isSettings(saved)) {
        const { message: _message, ...settings } = saved;
        client.setQueryData(keys.lists(), settings);
      } else void client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}
