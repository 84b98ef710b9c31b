// Data of the excise screens (api module excise, contract shared-kernel/contracts/excise.ts):
//   GET/POST /excise/crd-colors, PUT /excise/crd-colors/:id, GET/POST /excise/crd-colors/:id/movements
//   GET /excise/drm?warehouseId=&month=, GET /excise/drm/months?warehouseId=, POST /excise/drm/validate,
//   GET /excise/drm/export.csv|pdf?warehouseId=&month=
// The bonded warehouses come from the stock module (GET /stock/warehouses).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CrdColor,
  CrdColorInput,
  CrdMovement,
  CrdMovementInput,
  DrmDeclaration,
  DrmMonthStatus,
  DrmValidateInput,
  Paginated,
  WarehouseDto,
} from 'shared-kernel/contracts';
import { createQueryKeys, downloadApiFile, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { crdColorsList } from './crd/filters';

export type CrdColorsQuery = ApiQueryOf<typeof crdColorsList>;

export const crdKeys = createQueryKeys<CrdColorsQuery, number>('stock', 'crdColors');

const crd = createResourceHooks({
  keys: crdKeys,
  list: (q: CrdColorsQuery, signal) => api.get<Paginated<CrdColor>>('/excise/crd-colors', { query: q, silent: true, signal }),
  create: (input: CrdColorInput) => api.post<CrdColor>('/excise/crd-colors', input, { silent: true }),
  update: (id: number, input: CrdColorInput) => api.put<CrdColor>(`/excise/crd-colors/${id}`, input, { silent: true }),
});

export const { useList: useCrdColors, useCreate: useCreateCrdColor, useUpdate: useUpdateCrdColor, fetchList: fetchCrdColors } = crd;

export const crdMovementKeys = createQueryKeys<{ id: number; page: number }, number>('stock', 'crdMovements');

/** The capsule history of one colour (newest first, 10 a page). */
export function useCrdMovements(id: number | null, page = 1) {
  const keys = useQueryKeys(crdMovementKeys);
  return useQuery({
    queryKey: keys.list({ id: id ?? 0, page }),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.get<Paginated<CrdMovement>>(`/excise/crd-colors/${id}/movements`, { query: { page, pageSize: 10 }, silent: true, signal }),
  });
}

/** A purchase or an inventory of capsules: refreshes the colours and their history. */
export function useAddCrdMovement(id: number) {
  const client = useQueryClient();
  const colors = useQueryKeys(crdKeys);
  const movements = useQueryKeys(crdMovementKeys);
  return useMutation({
    mutationFn: (input: CrdMovementInput) =>
      api.post<{ color: CrdColor; movement: CrdMovement; message: string }>(`/excise/crd-colors/${id}/movements`, input, { silent: true }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: colors.all }), client.invalidateQueries({ queryKey: movements.all })]),
  });
}

// ---------------------------------------------------------------- DRM

export const drmKeys = createQueryKeys<{ warehouseId: number; month?: string; months?: true }, number>('stock', 'drm');

/** The shop's bonded warehouses (duty suspended, not archived). */
export function useBondedWarehouses() {
  const keys = useQueryKeys(drmKeys);
  return useQuery({
    queryKey: [...keys.all, 'warehouses'],
    queryFn: async ({ signal }) => {
      const page = await api.get<Paginated<WarehouseDto>>('/stock/warehouses', { query: { pageSize: 100 }, silent: true, signal });
      return page.items.filter((w) => w.dutyStatus === 'suspended' && !w.archived);
    },
  });
}

export function useDrm(warehouseId: number | null, month: string) {
  const keys = useQueryKeys(drmKeys);
  return useQuery({
    queryKey: keys.list({ warehouseId: warehouseId ?? 0, month }),
    enabled: warehouseId !== null,
    queryFn: ({ signal }) => api.get<DrmDeclaration>('/excise/drm', { query: { warehouseId, month }, silent: true, signal }),
  });
}

/** The declaration with, per category, the movements it counts (fetched when a category is expanded). */
export function useDrmDetail(warehouseId: number, month: string, enabled: boolean) {
  const keys = useQueryKeys(drmKeys);
  return useQuery({
    queryKey: [...keys.list({ warehouseId, month }), 'detail'],
    enabled,
    queryFn: ({ signal }) =>
      api.get<DrmDeclaration>('/excise/drm', { query: { warehouseId, month, detail: 'true' }, silent: true, signal }),
  });
}

export function useDrmMonths(warehouseId: number | null) {
  const keys = useQueryKeys(drmKeys);
  return useQuery({
    queryKey: keys.list({ warehouseId: warehouseId ?? 0, months: true }),
    enabled: warehouseId !== null,
    queryFn: ({ signal }) => api.get<DrmMonthStatus[]>('/excise/drm/months', { query: { warehouseId }, silent: true, signal }),
  });
}

/** 'Valider le mois': not silent (the api's refusal shows as a snackbar); refreshes the declaration and the months. */
export function useValidateDrm() {
  const client = useQueryClient();
  const keys = useQueryKeys(drmKeys);
  return useMutation({
    mutationFn: (input: DrmValidateInput) => api.post<DrmDeclaration & { message: string }>('/excise/drm/validate', input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** A file answer of the api (export, PDF) saved by the browser under `filename`. */
export const downloadFile = downloadApiFile;
