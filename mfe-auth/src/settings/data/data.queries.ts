// Import and export of a whole shop (api modules/shop-data), owner only:
//   POST /v1/shop-data/imports?entity=&integration=&fileName=&dryRun=true|false  (raw body: the CSV or XLSX file)
//        dryRun=true → ShopImportPreview (nothing written) ; dryRun=false → ShopImport (pending) & { message }
//   GET  /v1/shop-data/imports (list query) → Paginated<ShopImport> ; GET /v1/shop-data/imports/:id → ShopImport (polled)
//   POST /v1/shop-data/imports/:id/revert → ShopImport & { message }
//   POST /v1/shop-data/exports → ShopExport & { message } ; GET /v1/shop-data/exports/:id → ShopExport (polled)
//   GET  /v1/shop-data/exports/:id/file → the zip (the session's token)
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from 'shared-kernel/contracts';
import { createQueryKeys, downloadApiFile, useQueryKeys } from 'shared-kernel/kit';
import { ApiError, NETWORK_ERROR_MESSAGE, api, buildUrl, getSession } from 'shared-kernel/runtime';

export type ShopImportEntity = 'products' | 'clients' | 'stock';
export type ShopImportIntegration = 'default' | 'isagri' | 'vinistoria' | 'baqio';
export type ShopImportStatus = 'pending' | 'processing' | 'completed' | 'reverted' | 'error';
export type ShopImportAction = 'create' | 'update' | 'unchanged' | 'error';

export interface ShopImportRowError {
  row: number;
  /** the column, as headed in the file */
  field?: string;
  /** a sentence naming the row and the column */
  message: string;
}

export interface ShopImport {
  id: number;
  entity: ShopImportEntity;
  integration: ShopImportIntegration;
  fileName: string;
  status: ShopImportStatus;
  total: number;
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  errors: ShopImportRowError[];
  errorCount: number;
  revertible: boolean;
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
  revertedAt: string | null;
}

export interface ShopImportPreview {
  dryRun: true;
  entity: ShopImportEntity;
  integration: ShopImportIntegration;
  fileName: string;
  columns: Array<{ header: string; field: string | null }>;
  counts: { total: number; create: number; update: number; unchanged: number; error: number };
  preview: Array<{ row: number; action: ShopImportAction; label: string; details: string }>;
  errors: ShopImportRowError[];
  errorCount: number;
}

export interface ShopExport {
  id: number;
  status: 'pending' | 'processing' | 'ready' | 'error' | 'expired';
  createdAt: string;
  fileName: string;
}

export interface ImportRequest {
  file: File;
  entity: ShopImportEntity;
  integration: ShopImportIntegration;
  dryRun: boolean;
}

export interface ImportsQuery {
  page: number;
  pageSize: number;
  sort: '-createdAt';
}

export const shopImportKeys = createQueryKeys<ImportsQuery, number>('auth', 'shop-imports');
export const shopExportKeys = createQueryKeys<void, number>('auth', 'shop-exports');

/** How often a running import or export is asked again (ms). */
export const POLL_MS = 1000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const running = (s: ShopImportStatus | undefined) => s === 'pending' || s === 'processing';

/** Sends the file as the raw body (the api reads CSV or XLSX from the bytes). */
export async function sendImportFile(req: ImportRequest): Promise<ShopImportPreview | (ShopImport & { message: string })> {
  const { jwt } = getSession();
  let res: Response;
  try {
    res = await fetch(
      buildUrl('/shop-data/imports', {
        entity: req.entity,
        integration: req.integration,
        fileName: req.file.name,
        dryRun: String(req.dryRun),
      }),
      {
        method: 'POST',
        body: req.file,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/octet-stream',
          ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}),
        },
      },
    );
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const data = (await res.json().catch(() => ({}))) as { message?: string; field?: string };
  if (!res.ok) throw new ApiError(res.status, data.message ?? `Erreur ${res.status}`, data.field, data);
  return data as ShopImportPreview | (ShopImport & { message: string });
}

/** The dry run: what the file will do, nothing written. */
export function usePreviewImport() {
  return useMutation<ShopImportPreview, ApiError, Omit<ImportRequest, 'dryRun'>>({
    mutationFn: async (req) => (await sendImportFile({ ...req, dryRun: true })) as ShopImportPreview,
  });
}

/** The real run: the import is queued; the history is refreshed. */
export function useStartImport() {
  const client = useQueryClient();
  const keys = useQueryKeys(shopImportKeys);
  return useMutation<ShopImport & { message: string }, ApiError, Omit<ImportRequest, 'dryRun'>>({
    mutationFn: async (req) => (await sendImportFile({ ...req, dryRun: false })) as ShopImport & { message: string },
    onSuccess: async ({ message: _message, ...started }) => {
      client.setQueryData(keys.detail(started.id), started);
      await client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

/** One import, asked again while it waits or runs (the progress bar). */
export function useShopImport(id: number | null) {
  const keys = useQueryKeys(shopImportKeys);
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<ShopImport>(`/shop-data/imports/${id}`, { silent: true, signal }),
    enabled: id != null,
    refetchInterval: (q) => (running(q.state.data?.status) ? POLL_MS : false),
  });
}

export function useShopImports(query: ImportsQuery) {
  const keys = useQueryKeys(shopImportKeys);
  return useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api.get<Paginated<ShopImport>>('/shop-data/imports', { query: { ...query }, silent: true, signal }),
    // a running import of the list moves on by itself
    refetchInterval: (q) => (q.state.data?.items.some((i) => running(i.status)) ? POLL_MS : false),
  });
}

export function useRevertShopImport() {
  const client = useQueryClient();
  const keys = useQueryKeys(shopImportKeys);
  return useMutation<ShopImport & { message: string }, ApiError, number>({
    mutationFn: (id) => api.post<ShopImport & { message: string }>(`/shop-data/imports/${id}/revert`, {}, { silent: true }),
    onSuccess: async ({ message: _message, ...done }) => {
      client.setQueryData(keys.detail(done.id), done);
      await client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

export function useStartExport() {
  const client = useQueryClient();
  const keys = useQueryKeys(shopExportKeys);
  return useMutation<ShopExport & { message: string }, ApiError, void>({
    mutationFn: () => api.post<ShopExport & { message: string }>('/shop-data/exports', {}, { silent: true }),
    onSuccess: ({ message: _message, ...started }) => client.setQueryData(keys.detail(started.id), started),
  });
}

/** One export, asked again until its zip is ready (or failed). */
export function useShopExport(id: number | null) {
  const keys = useQueryKeys(shopExportKeys);
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<ShopExport>(`/shop-data/exports/${id}`, { silent: true, signal }),
    enabled: id != null,
    refetchInterval: (q) => (q.state.data?.status === 'pending' || q.state.data?.status === 'processing' ? POLL_MS : false),
  });
}

export const downloadExport = (e: ShopExport) => downloadApiFile(`/shop-data/exports/${e.id}/file`, undefined, e.fileName);
