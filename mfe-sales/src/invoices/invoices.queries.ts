// Invoices, deposit invoices and credit notes (contract shared-kernel/contracts/sales.ts):
//   GET  /v1/sales/invoices?kind=&paymentStatus=&overdue=&open=&clientId=&q=&sort=&page=&pageSize= → Paginated<InvoiceSummary>
//   GET  /v1/sales/invoices/:id → InvoiceDetail (another shop's id: 404)
//   GET  /v1/sales/invoices/:id/pdf → the Factur-X PDF (authenticated download)
//   POST /v1/sales/invoices/:id/send { email? } → { message }
//   POST /v1/sales/invoices/:id/credit-notes CreditNoteInput → 201 InvoiceDetail (the credit note)
// Unpaid follow-up:
//   GET  /v1/sales/unpaid-summary → UnpaidSummary (what is owed, what is overdue, the 5 oldest overdue)
//   POST /v1/sales/invoices/:id/remind → { message, level } (409 nothing to remind, 400 no e-mail)
//   GET  /v1/sales/invoices/:id/formal-notice.pdf → the 'mise en demeure' letter
// Zip of a period's PDFs (not in the contract file yet, see the README):
//   POST /v1/sales/invoices/exports { from, to, kind } → 202 InvoiceExport (400 'Aucun document sur cette période')
//   GET  /v1/sales/invoices/exports/:id → InvoiceExport (done / total) · GET …/:id/file → the zip
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreditNoteInput, InvoiceDetail, InvoiceKind, InvoiceSummary, Paginated, UnpaidSummary } from 'shared-kernel/contracts';
import { createResourceHooks, downloadApiFile, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import { orderKeys } from '../orders/orders.queries';
import type { Period } from '../period';
import { creditKeys, invoiceKeys, paymentKeys, useInvalidate, useSalesRetry, type InvoicesQuery } from '../sales.keys';

export type { InvoicesQuery };

const hooks = createResourceHooks({
  keys: invoiceKeys,
  list: (q: InvoicesQuery, signal) => api.get<Paginated<InvoiceSummary>>('/sales/invoices', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<InvoiceDetail>(`/sales/invoices/${id}`, { silent: true, signal }),
});

export const { useList: useInvoices, useOne: useInvoice, fetchList: fetchInvoices } = hooks;

/**
 * What clients owe, what is overdue and the 5 oldest overdue documents (one request, the api sums every open invoice):
 * the totals of the outstandings and unpaids screens and the 'Impayés' dashboard widget. Under the invoices' keys: a
 * payment, a credit note or a reminder refreshes it.
 */
export function useUnpaidSummary() {
  const keys = useQueryKeys(invoiceKeys);
  const retry = useSalesRetry();
  return useQuery({
    queryKey: [...keys.all, 'unpaid-summary'],
    queryFn: ({ signal }) => api.get<UnpaidSummary>('/sales/unpaid-summary', { silent: true, signal }),
    retry,
  });
}

/** 'Relancer': a reminder mail now (the next level). Silent: the screen shows the api's message, or its refusal. */
export function useRemindInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ success: true; message: string; level: number }>(`/sales/invoices/${id}/remind`, {}, { silent: true }),
    onSuccess: () => invalidate(invoiceKeys),
  });
}

/** 'Mise en demeure (PDF)': the formal notice letter of an overdue invoice. */
export function downloadFormalNotice(id: number, number: string): Promise<void> {
  return downloadApiFile(`/sales/invoices/${id}/formal-notice.pdf`, undefined, `mise-en-demeure-${number}.pdf`);
}

/** The state of a zip export of a period's PDFs (the api's answer; not in shared-kernel/contracts yet). */
export interface InvoiceExport {
  id: string;
  status: 'running' | 'ready' | 'error';
  done: number;
  total: number;
  filename: string;
  message?: string | null;
}

/** Polling interval of a running export. */
export const EXPORT_POLL_MS = 500;
/** §9: the default name of a zip. */
export const ZIP_FILENAME = 'files.zip';

/** Starts the zip of the documents of a kind issued in a period. */
export function useStartInvoiceExport() {
  return useMutation({
    mutationFn: (input: Period & { kind: InvoiceKind }) => api.post<InvoiceExport>('/sales/invoices/exports', input, { silent: true }),
  });
}

/** The progress of an export (`id` null = none), asked every EXPORT_POLL_MS while it runs. */
export function useInvoiceExport(id: string | null) {
  const keys = useQueryKeys(invoiceKeys);
  return useQuery({
    queryKey: [...keys.all, 'export', id],
    queryFn: ({ signal }) => api.get<InvoiceExport>(`/sales/invoices/exports/${id}`, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
    refetchInterval: (q) => (q.state.status === 'error' || (q.state.data && q.state.data.status !== 'running') ? false : EXPORT_POLL_MS),
  });
}

/** The finished zip, saved as files.zip. */
export function downloadInvoiceExport(id: string): Promise<void> {
  return downloadApiFile(`/sales/invoices/exports/${id}/file`, undefined, ZIP_FILENAME);
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
