// Orders and reservations data (contracts: shared-kernel/contracts/orders.ts and sales-dashboard.ts).
//   GET  /v1/orders?page=&pageSize=&sort=&status=&kind=order|reservation → Paginated<OrderSummary> (buyer, agent: the
//        orders they placed; owner/iam with seeAllOrder: the shop's). Each item carries its booked slots
//        (`reservations`): the reservations list needs no detail request per row.
//   GET  /v1/orders/:id → OrderDetail (its buyer, or the seller shop's staff; anyone else 404)
//   POST /v1/orders/:id/validate → { success, message }
// Every key lives under ['sales', 'orders', <viewer>] (the dashboard figures too, ../dashboard/dashboard.queries.ts):
// validating an order refreshes its detail, the lists and the dashboard figures at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail, OrderSummary, Paginated } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { ordersList } from './list/filters';

export type OrderKind = 'order' | 'reservation';

/** The list screen of each kind (its details are `${KIND_BASE[kind]}/:id`). */
export const KIND_BASE: Readonly<Record<OrderKind, string>> = { order: '/dashboard/orders', reservation: '/dashboard/reservations' };

/** The list query: the URL list state of the screen, plus its fixed `kind`. */
export type OrdersQuery = ApiQueryOf<typeof ordersList> & { kind: OrderKind };

export const orderKeys = createQueryKeys<OrdersQuery, number>('sales', 'orders');

const hooks = createResourceHooks({
  keys: orderKeys,
  list: (q: OrdersQuery, signal) => api.get<Paginated<OrderSummary>>('/orders', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<OrderDetail>(`/orders/${id}`, { silent: true, signal }),
});

export const { useList: useOrders, useOne: useOrder, fetchList: fetchOrders } = hooks;

/**
 * 'Valider la commande'. Not silent: the api's message (success or refusal) shows as a snackbar. On success every
 * query of the viewer under the orders keys refetches: the detail, the lists and the dashboard figures (orders to
 * validate, revenue, upcoming reservations).
 */
export function useValidateOrder() {
  const client = useQueryClient();
  const keys = useQueryKeys(orderKeys);
  return useMutation({
    mutationFn: (id: number) => api.post<{ success: boolean; message?: string }>(`/orders/${id}/validate`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
