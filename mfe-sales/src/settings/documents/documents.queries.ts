// The look of the shop's PDFs (contract: shared-kernel/contracts/sales.ts):
//   GET /v1/sales/settings/documents → DocumentsSettings { color, logo (data URL), footer }
//   PUT /v1/sales/settings/documents  body DocumentsSettingsInput → DocumentsSettings + message          owner
//   GET /v1/sales/settings/documents/preview.pdf → a specimen invoice with that look (no number used)
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentsSettings, DocumentsSettingsInput } from 'shared-kernel/contracts';
import { createQueryKeys, downloadApiFile, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export const documentsSettingsKeys = createQueryKeys<void, string>('sales', 'documents-settings');

export function useDocumentsSettings(enabled = true) {
  const keys = useQueryKeys(documentsSettingsKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) => api.get<DocumentsSettings>('/sales/settings/documents', { silent: true, signal }),
    enabled,
  });
}

export function useSaveDocumentsSettings() {
  const client = useQueryClient();
  const keys = useQueryKeys(documentsSettingsKeys);
  return useMutation({
    mutationFn: (input: DocumentsSettingsInput) =>
      api.put<DocumentsSettings & { message: string }>('/sales/settings/documents', input, { silent: true }),
    onSuccess: ({ message: _message, ...saved }) => client.setQueryData(keys.lists(), saved),
  });
}

/** The specimen invoice with the saved look. */
export const downloadDocumentsPreview = () => downloadApiFile('/sales/settings/documents/preview.pdf', undefined, 'apercu-facture.pdf');
