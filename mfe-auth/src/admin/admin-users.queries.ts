// Data of /admin/users (superAdmin), through the shared api client.
// GET /v1/admin/users?page=&pageSize=&sort=&q=&role=&disabled= → Paginated<AdminUser> (q searches email and username)
// GET /v1/admin/users/:id → AdminUserDetail
// PUT /v1/admin/users/:id/disabled { disabled } → { success, disabled, message } (one's own account: 400)
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api, type ApiError } from 'shared-kernel/runtime';
import type { adminUsersList } from './admin-users.filters';

export interface AdminUser {
  id: number;
  username: string;
  email: string;
  role: string;
  disabled: boolean;
  createdAt: string;
  emailValidated: boolean;
}
export interface AdminUserDetail extends AdminUser {
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  isPro: boolean;
  siret: string | null;
  shops: Array<{ id: number; name: string; code: string; kind: string }>;
}
export type AdminUsersQuery = ApiQueryOf<typeof adminUsersList>;

export const adminUserKeys = createQueryKeys<AdminUsersQuery, number>('auth', 'admin-users');

const hooks = createResourceHooks({
  keys: adminUserKeys,
  list: (q: AdminUsersQuery, signal) => api.get<Paginated<AdminUser>>('/admin/users', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<AdminUserDetail>(`/admin/users/${id}`, { silent: true, signal }),
});

export const { useList: useAdminUsers, useOne: useAdminUser } = hooks;

/**
 * Disable (the api revokes every session) or re-enable an account. Not silent: the api's message shows as a snackbar
 * ('Le compte a été désactivé', or the refusal). The account's detail and the lists are refreshed.
 */
export function useSetUserDisabled() {
  const client = useQueryClient();
  const keys = useQueryKeys(adminUserKeys);
  return useMutation<{ success: true; disabled: boolean; message: string }, ApiError, { id: number; disabled: boolean }>({
    mutationFn: ({ id, disabled }) => api.put(`/admin/users/${id}/disabled`, { disabled }),
    onSuccess: async (_data, { id }) => {
      await Promise.all([client.invalidateQueries({ queryKey: keys.detail(id) }), client.invalidateQueries({ queryKey: keys.lists() })]);
    },
  });
}
