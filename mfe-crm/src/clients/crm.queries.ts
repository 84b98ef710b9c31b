// Data of the client file (contract: shared-kernel/contracts/clients.ts), through the shared api client.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CrmBulkBody,
  CrmBulkResult,
  CrmClientBody,
  CrmClientDetail,
  CrmClientListItem,
  CrmClientSaved,
  CrmInteractionBody,
  CrmSettings,
  Paginated,
  TariffTypologyUsage,
} from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, downloadApiFile, useQueryKeys, useViewerKey, type ApiQueryOf } from 'shared-kernel/kit';
import { api, type ApiError } from 'shared-kernel/runtime';
import type { clientFileList } from './file/filters';

export type ClientFileQuery = ApiQueryOf<typeof clientFileList>;

export const clientFileKeys = createQueryKeys<ClientFileQuery, number>('crm', 'client-file');

const hooks = createResourceHooks({
  keys: clientFileKeys,
  list: (q: ClientFileQuery, signal) => api.get<Paginated<CrmClientListItem>>('/crm/clients', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<CrmClientDetail>(`/crm/clients/${id}`, { silent: true, signal }),
  create: (input: CrmClientBody) => api.post<CrmClientSaved>('/crm/clients', input, { silent: true }),
  update: (id: number, input: CrmClientBody) => api.put<CrmClientSaved>(`/crm/clients/${id}`, input, { silent: true }),
});

export const {
  useList: useClientFile,
  useOne: useCrmClient,
  useCreate: useCreateCrmClient,
  useUpdate: useUpdateCrmClient,
  fetchList: fetchClientFile,
} = hooks;

/** Refreshes the lists and the detail after an action answered with the client. */
function useClientAction<V>(fn: (v: V) => Promise<CrmClientSaved>) {
  const client = useQueryClient();
  const keys = useQueryKeys(clientFileKeys);
  return useMutation<CrmClientSaved, ApiError, V>({
    mutationFn: fn,
    onSuccess: async (saved) => {
      client.setQueryData(keys.detail(saved.id), saved);
      await client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

export const useAddInteraction = () =>
  useClientAction(({ id, input }: { id: number; input: CrmInteractionBody }) =>
    api.post<CrmClientSaved>(`/crm/clients/${id}/interactions`, input, { silent: true }),
  );
export const useConvertClient = () =>
  useClientAction(({ id, kind }: { id: number; kind: 'professional' | 'private' }) =>
    api.post<CrmClientSaved>(`/crm/clients/${id}/convert`, { kind }, { silent: true }),
  );
export const useEraseClient = () =>
  useClientAction((id: number) => api.post<CrmClientSaved>(`/crm/clients/${id}/erase`, {}, { silent: true }));

export function useBulkClients() {
  const client = useQueryClient();
  const keys = useQueryKeys(clientFileKeys);
  return useMutation<CrmBulkResult, ApiError, CrmBulkBody>({
    mutationFn: (body) => api.post<CrmBulkResult>('/crm/clients/bulk', body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** RGPD art. 15/20: the client's data as a JSON file. */
export const exportClientData = (c: { id: number; code: string | null }) =>
  downloadApiFile(`/crm/clients/${c.id}/export`, undefined, `client-${c.code ?? c.id}.json`);

/** The shop's typologies (GET /tariffs/typologies). */
export function useTypologies() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['crm', 'typologies', viewer],
    queryFn: ({ signal }) => api.get<TariffTypologyUsage[]>('/tariffs/typologies', { silent: true, signal }),
    staleTime: 60_000,
  });
}

/** The shop's crm settings (GET /crm/settings): custom fields' labels and values, stages, code prefix. */
export function useCrmSettings() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['crm', 'settings', viewer],
    queryFn: ({ signal }) => api.get<CrmSettings>('/crm/settings', { silent: true, signal }),
    staleTime: 60_000,
  });
}

export interface ShopAgent {
  id: number;
  username: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
}
/** The shop's agents (GET /agents?userType=agent): owner and iam only (an agent never reassigns). */
export function useShopAgents(enabled: boolean) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['crm', 'agents', viewer],
    queryFn: ({ signal }) => api.get<ShopAgent[]>('/agents', { query: { userType: 'agent' }, silent: true, signal }),
    enabled,
    staleTime: 60_000,
  });
}
export const agentName = (a: ShopAgent) => [a.firstname, a.lastname].filter(Boolean).join(' ') || a.username;
