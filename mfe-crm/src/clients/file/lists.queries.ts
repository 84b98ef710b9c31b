// The marketing lists the client file's bulk action « Ajouter à une liste » adds clients to: the shop's
// static lists (GET /v1/marketing/lists?kind=static), a new static list (POST /v1/marketing/lists) and the bulk
// addition (POST /v1/marketing/lists/:id/members). The api answers 403 without createList or with the campaigns
// module off: the action is only shown when both are there (useCanAddToList).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketingListDetail, MarketingListSummary, Paginated } from 'shared-kernel/contracts';
import { currentShopId, hasPermission, shopModuleActive } from 'shared-kernel/domain';
import { useViewerKey } from 'shared-kernel/kit';
import { api, useSession, type ApiError } from 'shared-kernel/runtime';

/** Lists offered by the picker (a search narrows them). */
export const STATIC_LISTS_PAGE_SIZE = 50;

/** Owner, or iam with createList, of a shop whose campaigns module is on. */
export function useCanAddToList(): boolean {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const staff = user?.role === 'owner' || user?.role === 'iam';
  return staff && shopModuleActive(shop, 'campaigns') && hasPermission(user, currentShopId(user, shop), 'createList');
}

export function useStaticLists(q: string, enabled: boolean) {
  const viewer = useViewerKey();
  const search = q.trim();
  return useQuery({
    queryKey: ['crm', 'static-lists', viewer, search],
    queryFn: ({ signal }) =>
      api.get<Paginated<MarketingListSummary>>('/marketing/lists', {
        query: { kind: 'static', sort: 'name', pageSize: String(STATIC_LISTS_PAGE_SIZE), ...(search ? { q: search } : {}) },
        silent: true,
        signal,
      }),
    enabled,
  });
}

export interface AddToListResult {
  added: number;
  message: string;
}

/** A new static list named `name` (no member yet). */
export function useCreateStaticList() {
  const client = useQueryClient();
  return useMutation<MarketingListDetail & { message: string }, ApiError, string>({
    mutationFn: (name) => api.post('/marketing/lists', { name, kind: 'static' }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['crm', 'static-lists'] }),
  });
}

export function useAddToList() {
  const client = useQueryClient();
  return useMutation<AddToListResult, ApiError, { listId: number; clientIds: number[] }>({
    mutationFn: ({ listId, clientIds }) => api.post<AddToListResult>(`/marketing/lists/${listId}/members`, { clientIds }, { silent: true }),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['crm', 'static-lists'] }),
        // the marketing screens' lists, when they share this cache
        client.invalidateQueries({ queryKey: ['marketing', 'lists'] }),
      ]);
    },
  });
}
