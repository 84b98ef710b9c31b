// Payments received and refunded, and the clients' credit balances (contract shared-kernel/contracts/sales.ts):
//   GET  /v1/sales/payments?direction=&method=&clientId=&from=&to=&sort=&page=&pageSize= → Paginated<SalesPayment>
//   POST /v1/sales/payments PaymentInput → 201 SalesPayment (allocated to invoices; the rest = the client's credit)
//   GET  /v1/sales/credits?page=&pageSize= → Paginated<ClientCredit>
//   POST /v1/sales/credits/use UseCreditInput → InvoiceDetail + message (the credit settles one of the client's invoices)
import { useMutation } from '@tanstack/react-query';
import type { ClientCredit, InvoiceDetail, Paginated, PaymentInput, SalesPayment, UseCreditInput } from 'shared-kernel/contracts';
import { createResourceHooks } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import { orderKeys } from '../orders/orders.queries';
import { creditKeys, invoiceKeys, paymentKeys, useInvalidate, type ClientCreditsQuery, type PaymentsQuery } from '../sales.keys';

export type { ClientCreditsQuery, PaymentsQuery };

const hooks = createResourceHooks({
  keys: paymentKeys,
  list: (q: PaymentsQuery, signal) => api.get<Paginated<SalesPayment>>('/sales/payments', { query: q, silent: true, signal }),
  create: (input: PaymentInput) => api.post<SalesPayment>('/sales/payments', input, { silent: true }),
});

export const { useList: usePayments, fetchList: fetchPayments } = hooks;

/** 'Enregistrer un règlement': the payments, the invoices it settles, the credits and the orders refresh. */
export function useRecordPayment() {
  const invalidate = useInvalidate();
  return hooks.useCreate({ onSuccess: () => invalidate(invoiceKeys, creditKeys, orderKeys) });
}

const credits = createResourceHooks({
  keys: creditKeys,
  list: (q: ClientCreditsQuery, signal) => api.get<Paginated<ClientCredit>>('/sales/credits', { query: q, silent: true, signal }),
});

export const { useList: useClientCredits, fetchList: fetchClientCredits } = credits;

/** 'Utiliser sur une facture': the credit settles an invoice; the credits, invoices, payments and orders refresh. */
export function useUseCredit() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: UseCreditInput) => api.post<InvoiceDetail & { message: string }>('/sales/credits/use', input, { silent: true }),
    onSuccess: () => invalidate(creditKeys, invoiceKeys, paymentKeys, orderKeys),
  });
}
