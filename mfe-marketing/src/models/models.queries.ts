// Email templates (api/src/modules/marketing):
//   GET/POST /v1/marketing/models · GET/PUT/DELETE /v1/marketing/models/:id · GET /v1/marketing/models/:id/preview
//   POST /v1/marketing/models/preview (unsaved content) · GET /v1/marketing/products?q= (product card picker)
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EmailBlock, EmailModelDetail, EmailModelKindValue, EmailModelSummary, Paginated } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { modelsList } from './filters';

export type ModelsQuery = ApiQueryOf<typeof modelsList>;
export interface ModelInput {
  name: string;
  kind: EmailModelKindValue;
  subject: string | null;
  blocks: EmailBlock[];
  html: string;
}
type Saved = EmailModelDetail & { message: string };

export const modelKeys = createQueryKeys<ModelsQuery, number>('marketing', 'models');

const hooks = createResourceHooks({
  keys: modelKeys,
  list: (q: ModelsQuery, signal) => api.get<Paginated<EmailModelSummary>>('/marketing/models', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<EmailModelDetail>(`/marketing/models/${id}`, { silent: true, signal }),
  create: (input: ModelInput) => api.post<Saved>('/marketing/models', input, { silent: true }),
  update: (id: number, input: ModelInput) => api.put<Saved>(`/marketing/models/${id}`, input, { silent: true }),
  remove: (id: number) => api.del<{ success: true; message: string }>(`/marketing/models/${id}`, undefined, { silent: true }),
});

export const {
  useList: useModels,
  useOne: useModel,
  useCreate: useCreateModel,
  useUpdate: useUpdateModel,
  useDelete: useDeleteModel,
  fetchList: fetchModels,
} = hooks;

/** A saved template with sample merge values (server-rendered, sanitised). */
export function useModelPreview(id: number | null) {
  const keys = useQueryKeys(modelKeys);
  return useQuery({
    queryKey: [...keys.detail(id ?? 0), 'preview'],
    queryFn: ({ signal }) => api.get<{ subject: string | null; html: string }>(`/marketing/models/${id}/preview`, { silent: true, signal }),
    enabled: id !== null,
  });
}

/** The editor's unsaved content rendered by the server (MJML + sanitiser) with sample values. */
export function useDraftPreview(draft: { kind: EmailModelKindValue; blocks: EmailBlock[]; html: string }) {
  const keys = useQueryKeys(modelKeys);
  return useQuery({
    queryKey: [...keys.all, 'draft', draft],
    queryFn: ({ signal }) => api.post<{ html: string }>('/marketing/models/preview', draft, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProductSearch(q: string) {
  const keys = useQueryKeys(modelKeys);
  return useQuery({
    queryKey: [...keys.all, 'products', q],
    queryFn: ({ signal }) =>
      api.get<{ items: Array<{ id: number; name: string; status: string }> }>('/marketing/products', {
        query: { q: q || undefined },
        silent: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Uploads an image for a template (raw body): the api re-encodes it and answers its absolute URL (mails need one). */
export function uploadTemplateImage(file: Blob): Promise<{ url: string; width: number; height: number }> {
  return api.upload('/marketing/media', file, { silent: true });
}
