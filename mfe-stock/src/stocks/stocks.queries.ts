// Stock data (contract shared-kernel/contracts/stock.ts, api modules/stock): levels, one format, movements,
// warehouses, allocations, alerts, format options. Every key lives under ['stock', 'stocks', <viewer>]: a movement
// refreshes levels, details, movements and alerts at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AllocationInput,
  AllocationTargets,
  CrdColor,
  FormatOption,
  FormatStockDetail,
  FormatStockDto,
  MovementRequest,
  MovementResult,
  Paginated,
  StockAlertDto,
  StockAllocationDto,
  StockMovementDto,
  WarehouseDto,
  WarehouseInput,
} from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, retryUnlessClientError, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { allocationsList, levelsList, movementsList, warehousesList } from './list/filters';

export type LevelsQuery = ApiQueryOf<typeof levelsList>;
export type MovementsQuery = ApiQueryOf<typeof movementsList> & { formatId?: number };
export type WarehousesQuery = ApiQueryOf<typeof warehousesList>;
export type AllocationsQuery = ApiQueryOf<typeof allocationsList>;

export const levelKeys = createQueryKeys<LevelsQuery, number>('stock', 'stocks');
const levels = createResourceHooks({
  keys: levelKeys,
  list: (q: LevelsQuery, signal) => api.get<Paginated<FormatStockDto>>('/stock/levels', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<FormatStockDetail>(`/stock/formats/${id}`, { silent: true, signal }),
});
export const { useList: useLevels, useOne: useFormatStock, fetchList: fetchLevels } = levels;

export const movementKeys = createQueryKeys<MovementsQuery, number>('stock', 'stocks');
const movements = createResourceHooks({
  keys: movementKeys,
  list: (q: MovementsQuery, signal) => api.get<Paginated<StockMovementDto>>('/stock/movements', { query: q, silent: true, signal }),
});
export const { useList: useMovements, fetchList: fetchMovements } = movements;

export const warehouseKeys = createQueryKeys<WarehousesQuery, number>('stock', 'warehouses');
const warehouses = createResourceHooks({
  keys: warehouseKeys,
  list: (q: WarehousesQuery, signal) => api.get<Paginated<WarehouseDto>>('/stock/warehouses', { query: q, silent: true, signal }),
  create: (input: WarehouseInput) => api.post<WarehouseDto>('/stock/warehouses', input, { silent: true }),
  update: (id: number, input: WarehouseInput) => api.put<WarehouseDto>(`/stock/warehouses/${id}`, input, { silent: true }),
});
export const {
  useList: useWarehouses,
  fetchList: fetchWarehouses,
  useCreate: useCreateWarehouse,
  useUpdate: useUpdateWarehouse,
} = warehouses;

/** The shop's CRD capsule colours (not archived) for the bottling entries' picker: the first 100. */
export function useCrdColorOptions() {
  const keys = useQueryKeys(levelKeys);
  return useQuery({
    queryKey: [...keys.all, 'crd-options'],
    queryFn: ({ signal }) =>
      api.get<Paginated<CrdColor>>('/excise/crd-colors', { query: { page: 1, pageSize: 100 }, silent: true, signal }),
    select: (page) => page.items.filter((c) => !c.archived && c.isCRD),
    staleTime: 60_000,
    retry: retryUnlessClientError(),
  });
}

/** Every warehouse (selects, level columns): the first 100. */
export function useAllWarehouses() {
  return useWarehouses({ page: 1, pageSize: 100 } as WarehousesQuery);
}

export const allocationKeys = createQueryKeys<AllocationsQuery, number>('stock', 'stocks');
const allocations = createResourceHooks({
  keys: allocationKeys,
  list: (q: AllocationsQuery, signal) => api.get<Paginated<StockAllocationDto>>('/stock/allocations', { query: q, silent: true, signal }),
  create: (input: AllocationInput) => api.post<StockAllocationDto>('/stock/allocations', input, { silent: true }),
  update: (id: number, input: { end?: boolean; quantity?: number; endsAt?: string | null; note?: string | null }) =>
    api.put<StockAllocationDto>(`/stock/allocations/${id}`, input, { silent: true }),
  remove: (id: number) => api.del(`/stock/allocations/${id}`, undefined, { silent: true }),
});
export const {
  useList: useAllocations,
  fetchList: fetchAllocations,
  useCreate: useCreateAllocation,
  useUpdate: useUpdateAllocation,
  useDelete: useDeleteAllocation,
} = allocations;

export function useAllocationTargets() {
  const keys = useQueryKeys(allocationKeys);
  return useQuery({
    queryKey: [...keys.all, 'targets'],
    queryFn: ({ signal }) => api.get<AllocationTargets>('/stock/allocations/targets', { silent: true, signal }),
    retry: retryUnlessClientError(),
  });
}

export function useStockAlerts() {
  const keys = useQueryKeys(levelKeys);
  return useQuery({
    queryKey: [...keys.all, 'alerts'],
    queryFn: ({ signal }) => api.get<StockAlertDto[]>('/stock/alerts', { silent: true, signal }),
    retry: retryUnlessClientError(),
  });
}

/** The shop's formats for a select ('Produit – 2022 – 75 cl'), searched on the server. */
export function useFormatOptions(q: string) {
  const keys = useQueryKeys(levelKeys);
  return useQuery({
    queryKey: [...keys.all, 'format-options', q],
    queryFn: ({ signal }) => api.get<FormatOption[]>('/stock/format-options', { query: q ? { q } : {}, silent: true, signal }),
    retry: retryUnlessClientError(),
    placeholderData: (prev) => prev,
  });
}

/** Records a movement; refreshes every stock query of the viewer. */
export function useRecordMovement() {
  const client = useQueryClient();
  const keys = useQueryKeys(levelKeys);
  return useMutation({
    mutationFn: (body: MovementRequest) => api.post<MovementResult>('/stock/movements', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useSetThreshold() {
  const client = useQueryClient();
  const keys = useQueryKeys(levelKeys);
  return useMutation({
    mutationFn: ({ formatId, threshold }: { formatId: number; threshold: number | null }) =>
      api.put<FormatStockDetail>(`/stock/formats/${formatId}/threshold`, { threshold }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
