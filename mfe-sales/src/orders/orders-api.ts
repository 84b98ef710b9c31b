// Orders and reservations data (contract: shared-kernel/contracts/orders.ts), through the shared api client.
// GET /v1/orders?page=&pageSize=&status=&kind=order|reservation → OrderList (buyer, agent: own orders; owner/iam: the shop's);
//   each item carries its booked slots (`reservations`), so the reservations list needs no detail request per row
// GET /v1/orders/:id → OrderDetail (the buyer, or staff of the seller shop)
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderDetail, OrderList } from 'shared-kernel/contracts';
import type { OrderStatus } from 'shared-kernel/domain';
import { api, ApiError, useSession } from 'shared-kernel/runtime';

export type OrderKind = 'order' | 'reservation';

export interface OrderListParams {
  page: number;
  pageSize: number;
  status?: OrderStatus;
  kind: OrderKind;
}

/** The cache is per account (a master account can switch users in the same page). */
function useViewerKey(): string {
  return useSession((s) => `${s.user?.id ?? 'anon'}:${s.shop?.id ?? ''}`);
}

export const orderKeys = {
  all: ['sales', 'orders'] as const,
  list: (viewer: string, p: OrderListParams) => ['sales', 'orders', viewer, 'list', p] as const,
  detail: (viewer: string, id: number) => ['sales', 'orders', viewer, 'detail', id] as const,
};

export function fetchOrders(p: OrderListParams, signal?: AbortSignal): Promise<OrderList> {
  return api.get<OrderList>('/orders', { query: { page: p.page, pageSize: p.pageSize, status: p.status, kind: p.kind }, silent: true, signal });
}

export function fetchOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return api.get<OrderDetail>(`/orders/${id}`, { silent: true, signal });
}

/** Client errors (404 unknown order, 403 someone else's) are answers, not hiccups: no retry. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** 404, 403 and a malformed id all mean the same to the user: this order is not theirs to see. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400);
}

export const errorMessage = (error: unknown): string =>
  error instanceof ApiError && error.message ? error.message : 'Une erreur est survenue';

export function useOrders(p: OrderListParams) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: orderKeys.list(viewer, p),
    queryFn: ({ signal }) => fetchOrders(p, signal),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function useOrder(id: number | null) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: orderKeys.detail(viewer, id ?? 0),
    queryFn: ({ signal }) => fetchOrder(id as number, signal),
    enabled: id !== null,
    retry: retryTransient,
  });
}
