import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Paginated,
  SupplierInvoiceDetail,
  SupplierInvoiceInbox,
  SupplierInvoiceListItem,
  SupplierInvoicePaymentBody,
} from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, downloadApiFile, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { supplierInvoicesList } from './list/filters';

export type SupplierInvoicesQuery = ApiQueryOf<typeof supplierInvoicesList>;
export type SupplierInvoiceSaved = SupplierInvoiceDetail & { message: string };

export const supplierInvoiceKeys = createQueryKeys<SupplierInvoicesQuery, number>('stock', 'supplierInvoices');

const hooks = createResourceHooks({
  keys: supplierInvoiceKeys,
  list: (q: SupplierInvoicesQuery, signal) =>
    api.get<Paginated<SupplierInvoiceListItem>>('/supplier-invoices', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<SupplierInvoiceDetail>(`/supplier-invoices/${id}`, { silent: true, signal }),
});

export const { useList: useSupplierInvoices, useOne: useSupplierInvoice, fetchList: fetchSupplierInvoices } = hooks;

/** Sends one file as the raw body; a refusal throws an ApiError whose `data` carries the rules' findings. */
export function useUploadSupplierInvoice() {
  const client = useQueryClient();
  const keys = useQueryKeys(supplierInvoiceKeys);
  return useMutation({
    mutationFn: (file: File) =>
      api.upload<SupplierInvoiceSaved>('/supplier-invoices', file, { query: { filename: file.name }, silent: true }),
    onSuccess: (saved) => {
      client.setQueryData(keys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

export function useSupplierInvoicePayment() {
  const client = useQueryClient();
  const keys = useQueryKeys(supplierInvoiceKeys);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SupplierInvoicePaymentBody }) =>
      api.post<SupplierInvoiceSaved>(`/supplier-invoices/${id}/payments`, body, { silent: true }),
    onSuccess: (saved) => {
      client.setQueryData(keys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

export function useSupplierInvoiceInbox() {
  const keys = useQueryKeys(supplierInvoiceKeys);
  return useQuery({
    queryKey: [...keys.all, 'inbox'],
    queryFn: ({ signal }) => api.get<SupplierInvoiceInbox>('/supplier-invoices/inbox', { silent: true, signal }),
    staleTime: Infinity,
  });
}

/** Downloads the original file, unchanged, under the name it was received with. */
export function downloadSupplierInvoiceFile(id: number, fileName: string): Promise<void> {
  return downloadApiFile(`/supplier-invoices/${id}/file`, undefined, fileName);
}
