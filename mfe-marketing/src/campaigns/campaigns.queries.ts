// The campaigns' data (api modules/campaigns):
//   GET  /v1/campaigns (list query: sort name, createdAt, scheduledAt, sentAt; filter status) · POST /v1/campaigns
//   GET/PUT/DELETE /v1/campaigns/:id · GET /v1/campaigns/:id/preview · GET /v1/campaigns/:id/recipients (list query)
//   POST /v1/campaigns/:id/test { emails } · /send · /schedule { scheduledAt } · /cancel
//   GET  /v1/campaigns/options (models and lists to pick) · GET /v1/campaigns/audience?listIds=1,2 → { count }
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsCampaignFigures, Paginated } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, retryUnlessClientError, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { CampaignInput } from './form/campaign.schema';
import type { campaignsList } from './list/filters';
import type { recipientsList } from './detail/filters';
import type { CampaignStatus, RecipientStatus } from './texts';

/** The campaign page's figures: those of the analytics report, and the bounce rate (over sent). */
export interface CampaignStats extends AnalyticsCampaignFigures {
  bounceRate: number;
}

export interface Campaign {
  id: number;
  name: string;
  status: CampaignStatus;
  subject: string;
  previewText: string | null;
  modelId: number | null;
  modelName: string | null;
  listIds: number[];
  scheduledAt: string | null;
  startedAt: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
  stats: CampaignStats;
}

export interface CampaignDetail extends Campaign {
  lists: Array<{ id: number; name: string; kind: 'static' | 'dynamic' }>;
  actions: { edit: boolean; send: boolean; schedule: boolean; cancel: boolean; delete: boolean };
}

export interface Recipient {
  id: number;
  clientId: number | null;
  email: string;
  name: string;
  status: RecipientStatus;
  error: string | null;
  sentAt: string | null;
  openedAt: string | null;
  clickedAt: string | null;
  unsubscribedAt: string | null;
}

export interface CampaignOptions {
  models: Array<{ id: number; name: string; kind: 'standard' | 'advanced'; subject: string | null }>;
  lists: Array<{ id: number; name: string; kind: 'static' | 'dynamic' }>;
}

export type CampaignsQuery = ApiQueryOf<typeof campaignsList>;
export type RecipientsQuery = ApiQueryOf<typeof recipientsList>;

export const campaignKeys = createQueryKeys<CampaignsQuery, number>('marketing', 'campaigns');

const hooks = createResourceHooks({
  keys: campaignKeys,
  list: (q: CampaignsQuery, signal) => api.get<Paginated<Campaign>>('/campaigns', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<CampaignDetail>(`/campaigns/${id}`, { silent: true, signal }),
  create: (input: CampaignInput) => api.post<CampaignDetail>('/campaigns', input, { silent: true }),
  update: (id: number, input: CampaignInput) => api.put<CampaignDetail>(`/campaigns/${id}`, input, { silent: true }),
  remove: (id: number) => api.del(`/campaigns/${id}`, undefined, { silent: true }),
});

export const {
  useList: useCampaigns,
  useOne: useCampaign,
  useCreate: useCreateCampaign,
  useUpdate: useUpdateCampaign,
  useDelete: useDeleteCampaign,
  fetchList: fetchCampaigns,
} = hooks;

export function useCampaignOptions() {
  const keys = useQueryKeys(campaignKeys);
  return useQuery({
    queryKey: [...keys.all, 'options'],
    queryFn: ({ signal }) => api.get<CampaignOptions>('/campaigns/options', { silent: true, signal }),
    retry: retryUnlessClientError(),
  });
}

/** The live count of the people the chosen lists reach. */
export function useAudience(listIds: number[]) {
  const keys = useQueryKeys(campaignKeys);
  const ids = [...listIds].sort((a, b) => a - b).join(',');
  return useQuery({
    queryKey: [...keys.all, 'audience', ids],
    queryFn: ({ signal }) => api.get<{ count: number }>('/campaigns/audience', { query: { listIds: ids }, silent: true, signal }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError(),
  });
}

export function useCampaignPreview(id: number, version: string) {
  const keys = useQueryKeys(campaignKeys);
  return useQuery({
    queryKey: [...keys.detail(id), 'preview', version],
    queryFn: ({ signal }) =>
      api.get<{ subject: string; previewText: string | null; html: string }>(`/campaigns/${id}/preview`, { silent: true, signal }),
    retry: retryUnlessClientError(),
  });
}

export function useCampaignRecipients(id: number, q: RecipientsQuery, refresh: boolean) {
  const keys = useQueryKeys(campaignKeys);
  return useQuery({
    queryKey: [...keys.detail(id), 'recipients', q],
    queryFn: ({ signal }) => api.get<Paginated<Recipient>>(`/campaigns/${id}/recipients`, { query: q, silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError(),
    refetchInterval: refresh ? 5000 : false,
  });
}

/** send, schedule, cancel, test: the campaign and the lists refresh. */
export function useCampaignAction() {
  const client = useQueryClient();
  const keys = useQueryKeys(campaignKeys);
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: 'send' | 'schedule' | 'cancel' | 'test'; body?: object }) =>
      api.post<CampaignDetail & { message?: string }>(`/campaigns/${id}/${action}`, body ?? {}, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
