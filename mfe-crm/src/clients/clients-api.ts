// Professional clients of the caller's shop (contract: shared-kernel/contracts/clients.ts), through the shared api client.
// GET /v1/shops/me/price-grid-requests?status=pending&page=&pageSize= → PriceGridRequestList (newest first)
// PUT /v1/shops/me/price-grid-requests/:id { decision: 'accept', typology } | { decision: 'refuse' }
// GET /v1/shops/me/clients?page=&pageSize= → ShopClientList
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceGridDecision, PriceGridDecisionResponse, PriceGridRequestList, ShopClientList } from 'shared-kernel/contracts';
import { api, ApiError, useSession } from 'shared-kernel/runtime';

export const REQUESTS_PAGE_SIZE = 20;
export const CLIENTS_PAGE_SIZE = 20;

/** The cache is per account (a master account can switch users in the same page). */
function useViewerKey(): string {
  return useSession((s) => `${s.user?.id ?? 'anon'}:${s.shop?.id ?? ''}`);
}

export const clientKeys = {
  all: ['crm', 'clients'] as const,
  requests: (viewer: string, page: number) => ['crm', 'clients', viewer, 'requests', page] as const,
  clients: (viewer: string, page: number) => ['crm', 'clients', viewer, 'list', page] as const,
};

/** Client errors (403…) are answers, not hiccups: no retry. */
function retryTransient(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback;

export function usePendingRequests(page: number) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: clientKeys.requests(viewer, page),
    queryFn: ({ signal }) => api.get<PriceGridRequestList>('/shops/me/price-grid-requests', {
      query: { status: 'pending', page, pageSize: REQUESTS_PAGE_SIZE }, silent: true, signal,
    }),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function useShopClients(page: number) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: clientKeys.clients(viewer, page),
    queryFn: ({ signal }) => api.get<ShopClientList>('/shops/me/clients', { query: { page, pageSize: CLIENTS_PAGE_SIZE }, silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** Not silent: the api's message (success or refusal) is shown as a snackbar by the shared client. */
export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: PriceGridDecision }) =>
      api.put<PriceGridDecisionResponse>(`/shops/me/price-grid-requests/${id}`, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
