// The react-query key factories of the sales documents (issue 14), apart from the orders' own (orders/orders.queries.ts):
// an action on an order issues invoices, a payment settles them, a credit note changes a client's credit, so each
// module refreshes the others' lists through these factories without importing their hooks.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { createQueryKeys, retryUnlessClientError, type QueryKeyFactory } from 'shared-kernel/kit';
import type { DeliveriesQuery } from './delivery/delivery.queries';
import type { InvoicesQuery } from './invoices/invoices.queries';
import type { ClientCreditsQuery, PaymentsQuery } from './payments/payments.queries';

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
