import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Paginated,
  PurchasableFormat,
  PurchaseOrderBody,
  PurchaseOrderDetail,
  PurchaseOrderListItem,
  PurchaseWarehouse,
  ReceiveBody,
} from 'shared-kernel/contracts';
import { createQueryKeys, downloadApiFile, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { purchasesList } from './list/filters';

export type PurchasesQuery = ApiQueryOf<typeof purchasesList>;
export type PurchaseSaved = PurchaseOrderDetail & { message: string };

export const purchaseKeys = createQueryKeys<PurchasesQuery, number>('stock', 'purchases');

const hooks = createResourceHooks({
  keys: purchaseKeys,
  list: (q: PurchasesQuery, signal) => api.get<Paginated<PurchaseOrderListItem>>('/purchases', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<PurchaseOrderDetail>(`/purchases/${id}`, { silent: true, signal }),
  create: (input: PurchaseOrderBody) => api.post<PurchaseSaved>('/purchases', input, { silent: true }),
  update: (id: number, input: PurchaseOrderBody) => api.put<PurchaseSaved>(`/purchases/${id}`, input, { silent: true }),
});

export const {
  useList: usePurchases,
  useOne: usePurchase,
  useCreate: useCreatePurchase,
  useUpdate: useUpdatePurchase,
  fetchList: fetchPurchases,
} = hooks;

/** send / receive / cancel: the answer is the new state of the order (detail and lists refreshed). */
export function usePurchaseAction() {
  const client = useQueryClient();
  const keys = useQueryKeys(purchaseKeys);
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: 'send' | 'receive' | 'cancel'; body?: ReceiveBody }) =>
      api.post<PurchaseSaved>(`/purchases/${id}/${action}`, body, { silent: true }),
    onSuccess: (saved) => {
      client.setQueryData(keys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

export function usePurchasableFormats(q: string) {
  const keys = useQueryKeys(purchaseKeys);
  return useQuery({
    queryKey: [...keys.all, 'formats', q],
    queryFn: ({ signal }) => api.get<PurchasableFormat[]>('/purchases/formats', { query: q ? { q } : undefined, silent: true, signal }),
    placeholderData: (prev) => prev,
  });
}

export function usePurchaseWarehouses() {
  const keys = useQueryKeys(purchaseKeys);
  return useQuery({
    queryKey: [...keys.all, 'warehouses'],
    queryFn: ({ signal }) => api.get<PurchaseWarehouse[]>('/purchases/warehouses', { silent: true, signal }),
  });
}

/** Downloads the order's PDF (an authenticated GET, saved as a file). */
export function downloadPurchasePdf(id: number, number: string): Promise<void> {
  return downloadApiFile(`/purchases/${id}/pdf`, undefined, `${number}.pdf`);
}
