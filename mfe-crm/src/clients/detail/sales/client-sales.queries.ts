// What the client file shows of the client's sales. Keys live under the sales domain ('sales', 'orders' |
// 'invoices' | 'payments' | 'credits'), so a write of the sales screens that refreshes its resource refreshes these too.
//   GET /v1/orders?as=seller|agent&clientId=&subType=&page=&pageSize=&sort=   → Paginated<OrderSummary> (contracts/orders.ts)
//   GET /v1/sales/invoices?clientId=&page=&pageSize=&sort=                      → Paginated<InvoiceSummary>   seeAllPayment | billOrder
//   GET /v1/sales/invoices?clientId=&open=true (every page)                     → the client's open invoices (balance)
//   GET /v1/sales/payments?clientId=&page=&pageSize=&sort=                      → Paginated<SalesPayment>     seeAllPayment
//   GET /v1/sales/credits?clientId=                                             → Paginated<ClientCredit>     seeAllPayment
import { useQuery } from '@tanstack/react-query';
import type { ClientCredit, InvoiceSummary, OrderSummary, Paginated, SalesOrderSubType, SalesPayment } from 'shared-kernel/contracts';
import { collectRows, createQueryKeys, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { clientInvoicesList, clientOrdersList, clientPaymentsList } from './filters';

export type ClientOrdersQuery = ApiQueryOf<typeof clientOrdersList> & {
  as: 'seller' | 'agent';
  clientId: number;
  subType?: SalesOrderSubType;
};
export type ClientInvoicesQuery = ApiQueryOf<typeof clientInvoicesList> & { clientId: number };
export type ClientPaymentsQuery = ApiQueryOf<typeof clientPaymentsList> & { clientId: number };

export const clientOrderKeys = createQueryKeys<ClientOrdersQuery, number>('sales', 'orders');
export const clientInvoiceKeys = createQueryKeys<ClientInvoicesQuery, number>('sales', 'invoices');
export const clientPaymentKeys = createQueryKeys<ClientPaymentsQuery, number>('sales', 'payments');
export const clientCreditKeys = createQueryKeys<{ clientId: number }, number>('sales', 'credits');

export const { useList: useClientOrders } = createResourceHooks({
  keys: clientOrderKeys,
  list: (q: ClientOrdersQuery, signal) => api.get<Paginated<OrderSummary>>('/orders', { query: q, silent: true, signal }),
});

export const { useList: useClientInvoices } = createResourceHooks({
  keys: clientInvoiceKeys,
  list: (q: ClientInvoicesQuery, signal) => api.get<Paginated<InvoiceSummary>>('/sales/invoices', { query: q, silent: true, signal }),
});

export const { useList: useClientPayments } = createResourceHooks({
  keys: clientPaymentKeys,
  list: (q: ClientPaymentsQuery, signal) => api.get<Paginated<SalesPayment>>('/sales/payments', { query: q, silent: true, signal }),
});

export interface ClientOpenInvoices {
  /** cents TTC still owed on the open invoices (credit notes excluded) */
  remaining: number;
  count: number;
}

/** The client's open invoices (remaining > 0), every page: what the client still owes. */
export function useClientOpenInvoices(clientId: number) {
  const keys = useQueryKeys(clientInvoiceKeys);
  return useQuery({
    queryKey: [...keys.lists(), 'open', clientId],
    queryFn: async ({ signal }): Promise<ClientOpenInvoices> => {
      const { rows } = await collectRows(
        (q: { page: number; pageSize: number }) =>
          api.get<Paginated<InvoiceSummary>>('/sales/invoices', { query: { ...q, clientId, open: true }, silent: true, signal }),
        { page: 1, pageSize: 100 },
      );
      const open = rows.filter((i) => i.kind !== 'credit' && i.remaining > 0);
      return { remaining: open.reduce((sum, i) => sum + i.remaining, 0), count: open.length };
    },
  });
}

/** The client's credit balance (unallocated payments + credit notes kept as credit − credit used), 0 when none. */
export function useClientCredit(clientId: number, enabled: boolean) {
  const keys = useQueryKeys(clientCreditKeys);
  return useQuery({
    queryKey: keys.list({ clientId }),
    queryFn: async ({ signal }) => {
      const page = await api.get<Paginated<ClientCredit>>('/sales/credits', { query: { clientId }, silent: true, signal });
      // the client's line (the first one when the api filters by client, as asked)
      return (page.items.find((c) => c.client.id === clientId) ?? null)?.balance ?? 0;
    },
    enabled,
  });
}
