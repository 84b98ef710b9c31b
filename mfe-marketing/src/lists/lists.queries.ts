// Client lists (api/src/modules/marketing):
//   GET/POST /v1/marketing/lists · GET/PUT/DELETE /v1/marketing/lists/:id (the detail carries the live count)
//   POST /v1/marketing/lists/count (unsaved filters) · GET /v1/marketing/lists/:id/members (reason filter)
//   POST /v1/marketing/lists/:id/members(/remove) · GET /v1/marketing/lists/:id/export (CSV) · GET /v1/marketing/clients
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarketingListCount,
  MarketingListDetail,
  MarketingListFilters,
  MarketingListKindValue,
  MarketingListMember,
  MarketingListSummary,
  Paginated,
} from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { listsList, membersList } from './filters';

export type ListsQuery = ApiQueryOf<typeof listsList>;
export type MembersQuery = ApiQueryOf<typeof membersList>;
export interface ListInput {
  name: string;
  kind: MarketingListKindValue;
  filters: MarketingListFilters;
  clientIds?: number[];
}
export interface PickedClient {
  id: number;
  name: string;
  email: string | null;
  kind: string;
  marketingConsent: boolean;
}
type Saved = MarketingListDetail & { message: string };

export const listKeys = createQueryKeys<ListsQuery, number>('marketing', 'lists');

const hooks = createResourceHooks({
  keys: listKeys,
  list: (q: ListsQuery, signal) => api.get<Paginated<MarketingListSummary>>('/marketing/lists', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<MarketingListDetail>(`/marketing/lists/${id}`, { silent: true, signal }),
  create: (input: ListInput) => api.post<Saved>('/marketing/lists', input, { silent: true }),
  update: (id: number, input: Pick<ListInput, 'name' | 'filters'>) => api.put<Saved>(`/marketing/lists/${id}`, input, { silent: true }),
  remove: (id: number) => api.del<{ success: true; message: string }>(`/marketing/lists/${id}`, undefined, { silent: true }),
});

export const {
  useList: useLists,
  useOne: useListDetail,
  useCreate: useCreateList,
  useUpdate: useUpdateList,
  useDelete: useDeleteList,
  fetchList: fetchLists,
} = hooks;

/** The members of a list, a page at a time, with why each cannot be mailed. */
export function useMembers(id: number, q: MembersQuery) {
  const keys = useQueryKeys(listKeys);
  return useQuery({
    queryKey: [...keys.detail(id), 'members', q],
    queryFn: ({ signal }) => api.get<Paginated<MarketingListMember>>(`/marketing/lists/${id}/members`, { query: q, silent: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The live count of unsaved filters (the dynamic list editor). */
export function useFiltersCount(filters: MarketingListFilters, enabled = true) {
  const keys = useQueryKeys(listKeys);
  return useQuery({
    queryKey: [...keys.all, 'count', filters],
    queryFn: ({ signal }) => api.post<MarketingListCount>('/marketing/lists/count', { filters }, { silent: true, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The static list's client picker: by name, company or mail (`q`), by the city of an address, a page at a time. */
export interface ClientSearch {
  q: string;
  city: string;
  page: number;
}
export const PICKER_PAGE_SIZE = 20;

export function useClientSearch({ q, city, page }: ClientSearch) {
  const keys = useQueryKeys(listKeys);
  return useQuery({
    queryKey: [...keys.all, 'clients', q, city, page],
    queryFn: ({ signal }) =>
      api.get<Paginated<PickedClient>>('/marketing/clients', {
        query: { q: q || undefined, city: city || undefined, page, pageSize: PICKER_PAGE_SIZE },
        silent: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Adds or removes members of a static list; the list, its count and members refresh. */
export function useMembersChange(id: number, action: 'add' | 'remove') {
  const client = useQueryClient();
  const keys = useQueryKeys(listKeys);
  return useMutation({
    mutationFn: (clientIds: number[]) =>
      api.post<{ message: string }>(
        `/marketing/lists/${id}/members${action === 'remove' ? '/remove' : ''}`,
        { clientIds },
        { silent: true },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
