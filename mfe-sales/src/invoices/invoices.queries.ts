// Invoices, deposit invoices and credit notes (issue 14, contract shared-kernel/contracts/sales.ts):
//   GET  /v1/sales/invoices?kind=&paymentStatus=&overdue=&open=&clientId=&q=&sort=&page=&pageSize= → Paginated<InvoiceSummary>
//   GET  /v1/sales/invoices/:id → InvoiceDetail (another shop's id: 404)
//   GET  /v1/sales/invoices/:id/pdf → the Factur-X PDF (authenticated download)
//   POST /v1/sales/invoices/:id/send { email? } → { message }
//   POST /v1/sales/invoices/:id/credit-notes CreditNoteInput → 201 InvoiceDetail (the credit note)
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreditNoteInput, InvoiceDetail, InvoiceKind, InvoiceSummary, Paginated } from 'shared-kernel/contracts';
import { collectRows, createResourceHooks, downloadApiFile, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import { orderKeys } from '../orders/orders.queries';
import { creditKeys, invoiceKeys, paymentKeys, useInvalidate } from '../sales.keys';
import type { invoicesList } from './list/filters';

/** The list query: the URL state of the screen plus what the screen fixes (kind, open, overdue, clientId). */
export type InvoicesQuery = ApiQueryOf<typeof invoicesList> & { kind?: InvoiceKind; open?: boolean; clientId?: number };

const hooks = createResourceHooks({
  keys: invoiceKeys,
  list: (q: InvoicesQuery, signal) => api.get<Paginated<InvoiceSummary>>('/sales/invoices', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<InvoiceDetail>(`/sales/invoices/${id}`, { silent: true, signal }),
});

export const { useList: useInvoices, useOne: useInvoice, fetchList: fetchInvoices } = hooks;

/** Rows summed for the totals of a list (the api answers pages only): at most this many. */
export const TOTALS_CAP = 2000;

export interface InvoiceTotals {
  count: number;
  remaining: number;
  overdue: number;
  capped: boolean;
}

/** Totals of every invoice of a filter (remaining due, of which overdue), paging through the list. */
export function useInvoiceTotals(query: Omit<InvoicesQuery, 'page' | 'pageSize' | 'sort'>) {
  const keys = useQueryKeys(invoiceKeys);
  return useQuery({
    queryKey: [...keys.all, 'totals', query],
    queryFn: async (): Promise<InvoiceTotals> => {
      const { rows, total, capped } = await collectRows((q) => fetchInvoices(q), { ...query, page: 1, pageSize: 100 }, TOTALS_CAP);
      return {
        count: total,
        remaining: rows.reduce((s, r) => s + r.remaining, 0),
        overdue: rows.reduce((s, r) => s + (r.overdueDays > 0 ? r.remaining : 0), 0),
        capped,
      };
    },
  });
}

/** 'Envoyer par mail': the PDF goes to the client through the mail queue. */
export function useSendInvoice() {
  return useMutation({
    mutationFn: ({ id, email }: { id: number; email?: string }) =>
      api.post<{ message: string }>(`/sales/invoices/${id}/send`, email ? { email } : {}, { silent: true }),
  });
}

/** 'Émettre un avoir': refreshes the invoices, the orders (remaining to invoice), the payments and the credits. */
export function useCreateCreditNote() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CreditNoteInput }) =>
      api.post<InvoiceDetail>(`/sales/invoices/${id}/credit-notes`, input, { silent: true }),
    onSuccess: () => invalidate(invoiceKeys, orderKeys, paymentKeys, creditKeys),
  });
}

/** The invoice's PDF (an authenticated GET saved as '<number>.pdf'). */
export function downloadInvoicePdf(id: number, number: string): Promise<void> {
  return downloadApiFile(`/sales/invoices/${id}/pdf`, undefined, `${number}.pdf`);
}
