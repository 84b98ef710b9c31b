// The CRM settings of the shop: GET/PUT /crm/settings (api module opportunities).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrmSettings, CrmSettingsBody, CrmSettingsSaved } from 'shared-kernel/contracts';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export const crmSettingsKeys = createQueryKeys<void, string>('crm', 'crmSettings');

export function useCrmSettings() {
  const keys = useQueryKeys(crmSettingsKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) => api.get<CrmSettings>('/crm/settings', { silent: true, signal }),
  });
}

export function useSaveCrmSettings() {
  const client = useQueryClient();
  const keys = useQueryKeys(crmSettingsKeys);
  return useMutation({
    mutationFn: (input: CrmSettingsBody) => api.put<CrmSettingsSaved>('/crm/settings', input, { silent: true }),
    onSuccess: (saved) => {
      client.setQueryData(keys.lists(), saved);
      // the opportunities board draws its columns from the stages
      void client.invalidateQueries({ queryKey: ['crm', 'opportunities'] });
    },
  });
}
