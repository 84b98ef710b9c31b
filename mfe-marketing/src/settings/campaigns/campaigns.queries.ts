// The settings of the shop's campaigns (api modules/campaigns):
//   GET /v1/campaigns/settings → CampaignSettings (defaults filled in)                 owner, iam with createCampaign
//   PUT /v1/campaigns/settings  body CampaignSettings → CampaignSettings + message     owner
// Both answer 403 while the campaigns module is off.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { CampaignSettings } from './campaigns.schema';

export const campaignSettingsKeys = createQueryKeys<void, string>('marketing', 'campaigns-settings');
const PATH = '/campaigns/settings';

export function useCampaignSettings(enabled = true) {
  const keys = useQueryKeys(campaignSettingsKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) => api.get<CampaignSettings>(PATH, { silent: true, signal }),
    enabled,
  });
}

export function useSaveCampaignSettings() {
  const client = useQueryClient();
  const keys = useQueryKeys(campaignSettingsKeys);
  return useMutation({
    mutationFn: (input: CampaignSettings) => api.put<CampaignSettings & { message: string }>(PATH, input, { silent: true }),
    onSuccess: ({ message: _message, ...saved }) => client.setQueryData(keys.lists(), saved),
  });
}
