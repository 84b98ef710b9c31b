// Orders and reservations data (contracts: shared-kernel/contracts/orders.ts and sales-dashboard.ts).
//   GET  /v1/orders?page=&pageSize=&sort=&status=&kind=order|reservation → Paginated<OrderSummary> (buyer, agent: the
//        orders they placed; owner/iam with seeAllOrder: the shop's). Each item carries its booked slots
//        (`reservations`): the reservations list needs no detail request per row.
//   GET  /v1/orders/:id → OrderDetail (its buyer, or the seller shop's staff; anyone else 404)
//   POST /v1/orders/:id/validate → { success, message }
// Back-office orders (contract shared-kernel/contracts/sales.ts):
//   GET  /v1/orders?as=seller&subType=quote|sample → the quotes and samples lists
//   POST /v1/sales/orders/preview · POST /v1/sales/orders · PUT /v1/sales/orders/:id  body SalesOrderInput
//   POST /v1/sales/orders/:id/actions/:action → OrderActionResult · POST /v1/sales/orders/bulk → BulkOrderActionResult
//   POST /v1/sales/orders/:id/deposits → InvoiceDetail (the deposit invoice)
// Every key lives under ['sales', 'orders', <viewer>] (the dashboard figures too, ../dashboard/dashboard.queries.ts):
// validating an order refreshes its detail, the lists and the dashboard figures at once.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkOrderActionResult,
  DepositInput,
  QuoteSendInput,
  InvoiceDetail,
  OrderActionInput,
  OrderActionResult,
  OrderDetail,
  OrderSummary,
  Paginated,
  SalesOrderInput,
  SalesOrderPreview,
  SalesOrderSubType,
} from 'shared-kernel/contracts';
import type { OrderAction } from 'shared-kernel/domain';
import { createQueryKeys, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api, ApiError } from 'shared-kernel/runtime';
import { creditKeys, deliveryKeys, invoiceKeys, useInvalidate } from '../sales.keys';
import type { ordersList } from './list/filters';

export type OrderKind = 'order' | 'reservation';

/** The list screen of each kind (its details are `${KIND_BASE[kind]}/:id`). */
export const KIND_BASE: Readonly<Record<OrderKind, string>> = { order: '/dashboard/orders', reservation: '/dashboard/reservations' };

/** The list query: the URL list state of the screen, plus its fixed `kind` (or `subType` and `as` for quotes and samples). */
export type OrdersQuery = ApiQueryOf<typeof ordersList> & { kind?: OrderKind; subType?: SalesOrderSubType; as?: 'seller' | 'agent' };

export const orderKeys = createQueryKeys<OrdersQuery, number>('sales', 'orders');

const hooks = createResourceHooks({
  keys: orderKeys,
  list: (q: OrdersQuery, signal) => api.get<Paginated<OrderSummary>>('/orders', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<OrderDetail>(`/orders/${id}`, { silent: true, signal }),
  create: (input: SalesOrderInput) => api.post<OrderDetail>('/sales/orders', input, { silent: true }),
  update: (id: number, input: SalesOrderInput) => api.put<OrderDetail>(`/sales/orders/${id}`, input, { silent: true }),
});

export const {
  useList: useOrders,
  useOne: useOrder,
  fetchList: fetchOrders,
  useCreate: useCreateSalesOrder,
  useUpdate: useUpdateSalesOrder,
} = hooks;

/**
 * 'Valider la commande', through the sales lifecycle (which hands a checkout order to the orders module, card imprints
 * captured, and keeps the order's history and tells its buyer or agent). Not silent: the api's message (success or
 * refusal) shows as a snackbar. On success every query of the viewer under the orders keys refetches: the detail, the
 * lists and the dashboard figures (orders to validate, revenue, upcoming reservations).
 */
export function useValidateOrder() {
  const client = useQueryClient();
  const keys = useQueryKeys(orderKeys);
  return useMutation({
    mutationFn: (id: number) => api.post<{ success: boolean; message?: string }>(`/sales/orders/${id}/actions/validate`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/**
 * The live price of the back-office order form (POST /sales/orders/preview, nothing saved). `input` null = nothing
 * to price yet. The previous answer stays on screen while the next one loads.
 */
export function useSalesOrderPreview(input: SalesOrderInput | null) {
  const keys = useQueryKeys(orderKeys);
  return useQuery({
    queryKey: [...keys.all, 'preview', input],
    queryFn: ({ signal }) => api.post<SalesOrderPreview>('/sales/orders/preview', input, { silent: true, signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

/**
 * A lifecycle action (POST /sales/orders/:id/actions/:action). Silent: the screen shows the api's message. After the
 * answer, a success or a 409 (the order moved meanwhile), the order, the lists, the invoices, the credits and the
 * orders to ship refetch.
 */
export function useOrderAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action, input }: { id: number; action: OrderAction; input?: OrderActionInput }) =>
      api.post<OrderActionResult>(`/sales/orders/${id}/actions/${action}`, input ?? {}, { silent: true }),
    onSettled: (_data, err) => {
      if (!err || (err instanceof ApiError && err.status === 409)) void invalidate(orderKeys, invoiceKeys, creditKeys, deliveryKeys);
    },
  });
}

/** 'Valider' / 'Facturer' on the selected orders (POST /sales/orders/bulk, one by one on the api). */
export function useBulkOrderAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { action: 'validate' | 'invoice'; ids: number[] }) =>
      api.post<BulkOrderActionResult>('/sales/orders/bulk', input, { silent: true }),
    onSuccess: () => invalidate(orderKeys, invoiceKeys),
  });
}

/** 'Acompte': a deposit invoice on the order (POST /sales/orders/:id/deposits, percent or amount TTC in cents). */
export function useSendQuote() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: QuoteSendInput }) =>
      api.post<{ success: true; message: string }>(`/sales/orders/${id}/quote/send`, input, { silent: true }),
    onSuccess: () => invalidate(orderKeys),
  });
}

export function useCreateDeposit() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: DepositInput }) =>
      api.post<InvoiceDetail>(`/sales/orders/${id}/deposits`, input, { silent: true }),
    onSuccess: () => invalidate(orderKeys, invoiceKeys),
  });
}
