import type { Paginated, SupplierBody, SupplierDetail, SupplierListItem } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { suppliersList } from './list/filters';

export type SuppliersQuery = ApiQueryOf<typeof suppliersList>;
export type SupplierSaved = SupplierDetail & { message: string };

export const supplierKeys = createQueryKeys<SuppliersQuery, number>('stock', 'suppliers');

const hooks = createResourceHooks({
  keys: supplierKeys,
  list: (q: SuppliersQuery, signal) => api.get<Paginated<SupplierListItem>>('/suppliers', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<SupplierDetail>(`/suppliers/${id}`, { silent: true, signal }),
  create: (input: SupplierBody) => api.post<SupplierSaved>('/suppliers', input, { silent: true }),
  update: (id: number, input: SupplierBody) => api.put<SupplierSaved>(`/suppliers/${id}`, input, { silent: true }),
  remove: (id: number) => api.del(`/suppliers/${id}`, undefined, { silent: true }),
});

export const {
  useList: useSuppliers,
  useOne: useSupplier,
  useCreate: useCreateSupplier,
  useUpdate: useUpdateSupplier,
  useDelete: useDeleteSupplier,
  fetchList: fetchSuppliers,
} = hooks;
