// Data of /dashboard/tarifs (api module tariffs): the grid, batch saves, percentage changes, import and downloads.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TariffChanges,
  TariffFilter,
  TariffGrid,
  TariffImportBody,
  TariffImportResult,
  TariffIncreaseBody,
  TariffPriceInput,
} from 'shared-kernel/contracts';
import { createQueryKeys, downloadApiFile, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { tariffsList } from './grid/filters';

export type TariffsQuery = ApiQueryOf<typeof tariffsList>;

export const tariffKeys = createQueryKeys<TariffsQuery, number>('stock', 'tariffs');

export function useTariffGrid(q: TariffsQuery) {
  const keys = useQueryKeys(tariffKeys);
  return useQuery({
    queryKey: keys.list(q),
    queryFn: ({ signal }) => api.get<TariffGrid>('/tariffs/grid', { query: q, silent: true, signal }),
    placeholderData: (prev) => prev,
  });
}

function useRefreshGrid() {
  const client = useQueryClient();
  const keys = useQueryKeys(tariffKeys);
  return () => client.invalidateQueries({ queryKey: keys.all });
}

export function useSavePrices() {
  const refresh = useRefreshGrid();
  return useMutation({
    mutationFn: (prices: TariffPriceInput[]) =>
      api.put<{ success: true; updated: number; message: string }>('/tariffs/prices', { prices }, { silent: true }),
    onSuccess: refresh,
  });
}

export function useIncrease() {
  const refresh = useRefreshGrid();
  return useMutation({
    mutationFn: (body: TariffIncreaseBody) => api.post<TariffChanges>('/tariffs/increase', body, { silent: true }),
    onSuccess: async (r) => {
      if (r.applied) await refresh();
    },
  });
}

export function useImportPreview() {
  return useMutation({
    mutationFn: (body: TariffImportBody) => api.post<TariffImportResult>('/tariffs/import/preview', body, { silent: true }),
  });
}

export function useImportApply() {
  const refresh = useRefreshGrid();
  return useMutation({
    mutationFn: (body: TariffImportBody) => api.post<TariffImportResult>('/tariffs/import/apply', body, { silent: true }),
    onSuccess: refresh,
  });
}

/** The grid filter of the list state, as the api's export and percentage endpoints read it. */
export function filterOf(q: TariffsQuery): TariffFilter {
  const f: TariffFilter = {};
  if (q.q) f.q = q.q;
  if (q.gamme) f.gamme = q.gamme;
  if (q.productType) f.productType = q.productType;
  if (q.type) f.type = q.type;
  return f;
}

/** A file answer of the api (export, PDF) saved by the browser under `filename`. */
export const downloadFile = downloadApiFile;

/** A chosen file as base64 (what POST /tariffs/import/* reads). */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
