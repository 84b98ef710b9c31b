// The signed-in user's personal keys for the /v1 API (api/src/modules/auth):
// GET /v1/api-keys?pageSize=100 → Paginated<ApiKeyDto> · POST /v1/api-keys { name } → the key, shown once ·
// DELETE /v1/api-keys/:id
import type { Paginated } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export interface ApiKeyDto {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}
/** The answer of a creation: the only time the full key is given. */
export type CreatedApiKey = ApiKeyDto & { key: string };
type ApiKeysQuery = { pageSize: number };

export const apiKeyKeys = createQueryKeys<ApiKeysQuery, number>('auth', 'api-keys');

const hooks = createResourceHooks({
  keys: apiKeyKeys,
  list: (q: ApiKeysQuery, signal) => api.get<Paginated<ApiKeyDto>>('/api-keys', { silent: true, query: q, signal }),
  // not silent: the api's error shows as a snackbar
  create: (input: { name: string }) => api.post<CreatedApiKey>('/api-keys', input),
  remove: (id: number) => api.del(`/api-keys/${id}`),
});

/**
 * Every key of the user: a user keeps a handful, the first 100 are all of them. Read once, not retried: the page shows
 * the api's message at once, under the form.
 */
export const useApiKeys = () => hooks.useList({ pageSize: 100 }, { retry: false });
export const { useCreate: useCreateApiKey, useDelete: useRevokeApiKey } = hooks;
