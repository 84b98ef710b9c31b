// Data of mfe-sales' dashboard widgets (contract: shared-kernel/contracts/sales-dashboard.ts). Keyed under the orders'
// keys of the viewer (['sales', 'orders', <viewer>, …]): validating an order refreshes these figures too. The last
// orders are a page of the orders list itself (useOrders, ../orders/orders.queries.ts).
//   GET /v1/orders/summary                → SalesSummary (owner, iam with seeAllOrder)
//   GET /v1/orders/upcoming-reservations  → UpcomingReservations (buyer: theirs; owner, iam with seeAllResa: the shop's)
//   GET /v1/orders?page=1&pageSize=5&kind=order → the newest orders the viewer may see
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SalesSummary, UpcomingReservations } from 'shared-kernel/contracts';
import { retryUnlessClientError, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import { orderKeys, useOrders, type OrdersQuery } from '../orders/orders.queries';

export const LAST_ORDERS = 5;
const LAST_ORDERS_QUERY: OrdersQuery = { page: 1, pageSize: LAST_ORDERS, kind: 'order' };

/** No retry on a 4xx; otherwise the QueryClient's default (the shell retries once, tests never), as the kit's hooks. */
function useRetry() {
  const client = useQueryClient();
  return retryUnlessClientError(client.getDefaultOptions().queries?.retry as Parameters<typeof retryUnlessClientError>[0]);
}

export function useSalesSummary() {
  const keys = useQueryKeys(orderKeys);
  const retry = useRetry();
  return useQuery({
    queryKey: [...keys.all, 'summary'],
    queryFn: ({ signal }) => api.get<SalesSummary>('/orders/summary', { silent: true, signal }),
    retry,
  });
}

export function useUpcomingReservations() {
  const keys = useQueryKeys(orderKeys);
  const retry = useRetry();
  return useQuery({
    queryKey: [...keys.all, 'upcoming-reservations'],
    queryFn: ({ signal }) => api.get<UpcomingReservations>('/orders/upcoming-reservations', { silent: true, signal }),
    retry,
  });
}

/** The newest orders the viewer may see (the list endpoint scopes them: the shop's, the agent's or the buyer's). */
export function useLastOrders() {
  return useOrders(LAST_ORDERS_QUERY);
}
