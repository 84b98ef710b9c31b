// Data of /dashboard/clients (contract: shared-kernel/contracts/clients.ts), through the shared api client.
// GET /v1/shops/me/price-grid-requests?status=pending&page=&pageSize=&sort= → Paginated<PriceGridRequestItem> (newest first)
// PUT /v1/shops/me/price-grid-requests/:id { decision: 'accept', typology } | { decision: 'refuse' }
// GET /v1/shops/me/clients?page=&pageSize=&sort= → Paginated<ShopClient>
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Paginated,
  PriceGridDecision,
  PriceGridDecisionResponse,
  PriceGridRequestItem,
  PriceGridRequestStatus,
  ShopClient,
} from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api, type ApiError } from 'shared-kernel/runtime';
import type { clientsList, requestsList } from './list/filters';

/** The requests list query: the list state, plus the status the page always asks for ('pending'). */
export type RequestsQuery = ApiQueryOf<typeof requestsList> & { status?: PriceGridRequestStatus };
export type ClientsQuery = ApiQueryOf<typeof clientsList>;

export const requestKeys = createQueryKeys<RequestsQuery, number>('crm', 'price-grid-requests');
export const clientKeys = createQueryKeys<ClientsQuery, number>('crm', 'clients');

const requests = createResourceHooks({
  keys: requestKeys,
  list: (q: RequestsQuery, signal) =>
    api.get<Paginated<PriceGridRequestItem>>('/shops/me/price-grid-requests', { query: q, silent: true, signal }),
});
const clients = createResourceHooks({
  keys: clientKeys,
  list: (q: ClientsQuery, signal) => api.get<Paginated<ShopClient>>('/shops/me/clients', { query: q, silent: true, signal }),
});

export const { useList: usePriceGridRequests } = requests;
export const { useList: useShopClients } = clients;

/**
 * Accept (with a typology) or refuse a request. Not silent: the api's message (success or refusal) shows as a
 * snackbar. The requests are refreshed whatever the answer (a 409 'already decided' is a stale list too); the attached
 * clients after an acceptance (the buyer just became one).
 */
export function useDecideRequest() {
  const client = useQueryClient();
  const requestQueries = useQueryKeys(requestKeys);
  const clientQueries = useQueryKeys(clientKeys);
  return useMutation<PriceGridDecisionResponse, ApiError, { id: number; decision: PriceGridDecision }>({
    mutationFn: ({ id, decision }) => api.put<PriceGridDecisionResponse>(`/shops/me/price-grid-requests/${id}`, decision),
    onSettled: async (data, _error, { decision }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: requestQueries.lists() }),
        data && decision.decision === 'accept' ? client.invalidateQueries({ queryKey: clientQueries.lists() }) : undefined,
      ]);
    },
  });
}
