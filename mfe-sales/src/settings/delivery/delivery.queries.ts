// The shop's delivery settings (contract: shared-kernel/contracts/delivery-settings.ts):
//   GET /v1/orders/settings/delivery → DeliverySettings                                    owner, iam with manageDelivery
//   PUT /v1/orders/settings/delivery  body DeliverySettingsInput → DeliverySettings + message   same
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliverySettings, DeliverySettingsInput, DeliverySettingsSaved } from 'shared-kernel/contracts';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export const deliverySettingsKeys = createQueryKeys<void, string>('sales', 'delivery-settings');

export function useDeliverySettings(enabled = true) {
  const keys = useQueryKeys(deliverySettingsKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) => api.get<DeliverySettings>('/orders/settings/delivery', { silent: true, signal }),
    enabled,
  });
}

export function useSaveDeliverySettings() {
  const client = useQueryClient();
  const keys = useQueryKeys(deliverySettingsKeys);
  return useMutation({
    mutationFn: (input: DeliverySettingsInput) => api.put<DeliverySettingsSaved>('/orders/settings/delivery', input, { silent: true }),
    onSuccess: (saved) => {
      const { message: _message, ...settings } = saved;
      client.setQueryData(keys.lists(), settings);
    },
  });
}
