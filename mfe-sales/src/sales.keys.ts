// The react-query key factories of the sales documents, apart from the orders' own (orders/orders.queries.ts):
// an action on an order issues invoices, a payment settles them, a credit note changes a client's credit, so each
// module refreshes the others' lists through these factories without importing their hooks.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { InvoiceKind } from 'shared-kernel/contracts';
import { createQueryKeys, retryUnlessClientError, type ApiQueryOf, type QueryKeyFactory } from 'shared-kernel/kit';
import type { deliveriesList } from './delivery/filters';
import type { invoicesList } from './invoices/list/filters';
import type { clientCreditsList, paymentsList } from './payments/list/filters';

// The list queries are typed here, from the screens' filters, so that the resources' query modules import the key
// factories without this file importing them back.
/** The invoices list: the URL state of the screen plus what the screen fixes (kind, open, overdue, clientId). */
export type InvoicesQuery = ApiQueryOf<typeof invoicesList> & { kind?: InvoiceKind; open?: boolean; clientId?: number };
export type PaymentsQuery = ApiQueryOf<typeof paymentsList> & { clientId?: number };
export type ClientCreditsQuery = ApiQueryOf<typeof clientCreditsList>;
export type DeliveriesQuery = ApiQueryOf<typeof deliveriesList>;

export const invoiceKeys = createQueryKeys<InvoicesQuery, number>('sales', 'invoices');
export const paymentKeys = createQueryKeys<PaymentsQuery, number>('sales', 'payments');
export const creditKeys = createQueryKeys<ClientCreditsQuery, number>('sales', 'credits');
/** The orders to ship (/dashboard/delivery): shipping an order from its detail refreshes them, and the other way round. */
export const deliveryKeys = createQueryKeys<DeliveriesQuery, number>('sales', 'deliveries');

/** Refreshes every cached query of the given resources (every viewer: `factory.all`). */
export function useInvalidate() {
  const client = useQueryClient();
  return useCallback(
    (...factories: QueryKeyFactory<never, never>[]) =>
      Promise.all(factories.map((f) => client.invalidateQueries({ queryKey: f.all }))).then(() => undefined),
    [client],
  );
}

/** A query's retry outside createResourceHooks: none on a 4xx, else the QueryClient's default (the shell retries once). */
export function useSalesRetry() {
  const client = useQueryClient();
  return retryUnlessClientError(client.getDefaultOptions().queries?.retry as Parameters<typeof retryUnlessClientError>[0]);
}
