// Client imports (contract: shared-kernel/contracts/clients.ts, CLIENT_IMPORT_*).
// POST /v1/crm/imports?filename= (raw body: the CSV or XLSX file) → ClientImportUpload
// POST /v1/crm/imports/:id/run { mapping, duplicates, dryRun } → ClientImportReport (dry run) | ClientImport (started)
// GET /v1/crm/imports/:id → ClientImport (polled while processing) ; GET /v1/crm/imports → Paginated<ClientImport>
// POST /v1/crm/imports/:id/revert → ClientImport & { message }
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientImport, ClientImportReport, ClientImportRunBody, ClientImportUpload, Paginated } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, listStateSchema, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { ApiError, NETWORK_ERROR_MESSAGE, api, buildUrl, getSession } from 'shared-kernel/runtime';
import { clientFileKeys } from '../crm.queries';

export const importsList = listStateSchema({ sort: ['createdAt'] as const, defaultSort: '-createdAt', defaultPageSize: 10, filters: {} });
export type ImportsQuery = ApiQueryOf<typeof importsList>;
export const importKeys = createQueryKeys<ImportsQuery, number>('crm', 'client-imports');

const hooks = createResourceHooks({
  keys: importKeys,
  list: (q: ImportsQuery, signal) => api.get<Paginated<ClientImport>>('/crm/imports', { query: q, silent: true, signal }),
});
export const { useList: useClientImports } = hooks;

/** Poll interval of a running import (ms). */
export const IMPORT_POLL_MS = 700;

/** One import; polled while it runs (the progress bar). */
export function useClientImport(id: number | null) {
  const keys = useQueryKeys(importKeys);
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<ClientImport>(`/crm/imports/${id}`, { silent: true, signal }),
    enabled: id != null,
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? IMPORT_POLL_MS : false),
  });
}

/** Sends the file as the raw body (the api reads CSV or XLSX from the bytes). */
export async function uploadClientFile(file: File): Promise<ClientImportUpload> {
  const { jwt } = getSession();
  let res: Response;
  try {
    res = await fetch(buildUrl('/crm/imports', { filename: file.name }), {
      method: 'POST',
      body: file,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/octet-stream',
        ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}),
      },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const data = (await res.json().catch(() => ({}))) as Partial<ClientImportUpload> & { message?: string; field?: string };
  if (!res.ok) throw new ApiError(res.status, data.message ?? `Erreur ${res.status}`, data.field, data);
  return data as ClientImportUpload;
}

export function useUploadClientFile() {
  return useMutation<ClientImportUpload, ApiError, File>({ mutationFn: uploadClientFile });
}

export function useDryRun() {
  return useMutation<ClientImportReport, ApiError, { id: number; body: ClientImportRunBody }>({
    mutationFn: ({ id, body }) => api.post<ClientImportReport>(`/crm/imports/${id}/run`, { ...body, dryRun: true }, { silent: true }),
  });
}

export function useStartImport() {
  const client = useQueryClient();
  const keys = useQueryKeys(importKeys);
  return useMutation<ClientImport, ApiError, { id: number; body: ClientImportRunBody }>({
    mutationFn: ({ id, body }) => api.post<ClientImport>(`/crm/imports/${id}/run`, { ...body, dryRun: false }, { silent: true }),
    onSuccess: (started) => client.setQueryData(keys.detail(started.id), started),
  });
}

/** Undo; the client list and the imports are refreshed. */
export function useRevertImport() {
  const client = useQueryClient();
  const keys = useQueryKeys(importKeys);
  const clientKeys = useQueryKeys(clientFileKeys);
  return useMutation<ClientImport & { message: string }, ApiError, number>({
    mutationFn: (id) => api.post<ClientImport & { message: string }>(`/crm/imports/${id}/revert`, {}, { silent: true }),
    onSuccess: async (done) => {
      client.setQueryData(keys.detail(done.id), done);
      await Promise.all([client.invalidateQueries({ queryKey: keys.lists() }), client.invalidateQueries({ queryKey: clientKeys.all })]);
    },
  });
}

/** After a run: the client list and the history are stale. */
export function useRefreshAfterImport() {
  const client = useQueryClient();
  const keys = useQueryKeys(importKeys);
  const clientKeys = useQueryKeys(clientFileKeys);
  return () => Promise.all([client.invalidateQueries({ queryKey: keys.lists() }), client.invalidateQueries({ queryKey: clientKeys.all })]);
}
