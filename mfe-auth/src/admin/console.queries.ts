// Data of the platform operator's screens, through the shared api client (api/src/modules/admin):
// GET /v1/admin/overview · /orders · /products · /shops · /maintenance · /audit (lists: Paginated<…>)
// POST /v1/admin/shops/:id/suspend { reason } · POST /v1/admin/shops/:id/reopen
// PUT /v1/admin/maintenance { mode, message, startDate, endDate } · DELETE /v1/admin/maintenance
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, retryUnlessClientError, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api, type ApiError } from 'shared-kernel/runtime';
import type { adminOrdersList, adminProductsList, adminShopsList } from './console.filters';

export interface AdminOrder {
  id: number;
  number: string;
  subType: string;
  status: string;
  paymentStatus: string;
  /** cents */
  totalTTC: number;
  createdAt: string;
  shop: { id: number; name: string; code: string };
  buyer: { id: number | null; name: string; email: string };
}
export interface AdminProduct {
  id: number;
  name: string;
  productType: string;
  status: string;
  archived: boolean;
  createdAt: string;
  shop: { id: number; name: string; code: string };
}
export interface AdminShop {
  id: number;
  name: string;
  code: string;
  urlShop: string;
  businessType: string;
  owner: { id: number; username: string; email: string } | null;
  modules: string[];
  createdAt: string;
  lastActivityAt: string;
  suspendedAt: string | null;
  suspendedReason: string | null;
}
export interface AdminMaintenance {
  id: number;
  mode: 'banner' | 'page';
  message: string;
  startDate: string | null;
  endDate: string | null;
  active: boolean;
}
export interface AdminAuditEntry {
  id: number;
  userId: number | null;
  userName: string;
  action: string;
  targetType: string;
  targetId: string | null;
  detail: Record<string, unknown> | null;
  at: string;
}
export interface AdminOverview {
  shops: number;
  suspendedShops: number;
  ordersToday: number;
}
export interface MaintenanceInput {
  mode: 'banner' | 'page';
  message: string;
  startDate: string;
  endDate: string;
}

export type AdminOrdersQuery = ApiQueryOf<typeof adminOrdersList>;
export type AdminProductsQuery = ApiQueryOf<typeof adminProductsList>;
export type AdminShopsQuery = ApiQueryOf<typeof adminShopsList>;

export const adminOrderKeys = createQueryKeys<AdminOrdersQuery, number>('auth', 'admin-orders');
export const adminProductKeys = createQueryKeys<AdminProductsQuery, number>('auth', 'admin-products');
export const adminShopKeys = createQueryKeys<AdminShopsQuery, number>('auth', 'admin-shops');
/** The dashboard's reads (overview, maintenance, audit): refreshed after every admin write. */
export const adminConsoleKeys = createQueryKeys<string, string>('auth', 'admin-console');

export const { useList: useAdminOrders } = createResourceHooks({
  keys: adminOrderKeys,
  list: (q: AdminOrdersQuery, signal) => api.get<Paginated<AdminOrder>>('/admin/orders', { query: q, silent: true, signal }),
});
export const { useList: useAdminProducts } = createResourceHooks({
  keys: adminProductKeys,
  list: (q: AdminProductsQuery, signal) => api.get<Paginated<AdminProduct>>('/admin/products', { query: q, silent: true, signal }),
});
export const { useList: useAdminShops } = createResourceHooks({
  keys: adminShopKeys,
  list: (q: AdminShopsQuery, signal) => api.get<Paginated<AdminShop>>('/admin/shops', { query: q, silent: true, signal }),
});

function useConsoleQuery<T>(name: string, path: string, query?: Record<string, string | number>) {
  const keys = useQueryKeys(adminConsoleKeys);
  return useQuery<T, ApiError>({
    queryKey: keys.detail(name),
    queryFn: ({ signal }) => api.get<T>(path, { query, silent: true, signal }),
    retry: retryUnlessClientError(),
  });
}

export const useAdminOverview = () => useConsoleQuery<AdminOverview>('overview', '/admin/overview');
export const useAdminMaintenance = () => useConsoleQuery<AdminMaintenance | null>('maintenance', '/admin/maintenance');
export const useLatestAudit = () =>
  useConsoleQuery<Paginated<AdminAuditEntry>>('audit', '/admin/audit', { page: 1, pageSize: 10, sort: '-at' });

/** After a write: the dashboard's reads and the shops lists. */
function useRefreshAfterWrite() {
  const client = useQueryClient();
  const consoleKeys = useQueryKeys(adminConsoleKeys);
  const shopKeys = useQueryKeys(adminShopKeys);
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: consoleKeys.all }), client.invalidateQueries({ queryKey: shopKeys.lists() })]).then(
      () => undefined,
    );
}

type ShopAnswer = { success: true; message: string; shop: AdminShop };
type MaintenanceAnswer = { success: true; message: string; maintenance: AdminMaintenance | null };

/** Suspend with a reason. Silent: the dialog shows a refusal under its field, the page the success snackbar. */
export function useSuspendShop() {
  const refresh = useRefreshAfterWrite();
  return useMutation<ShopAnswer, ApiError, { id: number; reason: string }>({
    mutationFn: ({ id, reason }) => api.post<ShopAnswer>(`/admin/shops/${id}/suspend`, { reason }, { silent: true }),
    onSuccess: refresh,
  });
}

/** Reopen. Not silent: the api's message (done, or refused) shows as a snackbar. */
export function useReopenShop() {
  const refresh = useRefreshAfterWrite();
  return useMutation<ShopAnswer, ApiError, number>({
    mutationFn: (id) => api.post<ShopAnswer>(`/admin/shops/${id}/reopen`),
    onSuccess: refresh,
  });
}

export function useSaveMaintenance() {
  const refresh = useRefreshAfterWrite();
  return useMutation<MaintenanceAnswer, ApiError, MaintenanceInput>({
    mutationFn: (input) => api.put<MaintenanceAnswer>('/admin/maintenance', input, { silent: true }),
    onSuccess: refresh,
  });
}

export function useEndMaintenance() {
  const refresh = useRefreshAfterWrite();
  return useMutation<MaintenanceAnswer, ApiError, void>({
    mutationFn: () => api.del<MaintenanceAnswer>('/admin/maintenance'),
    onSuccess: refresh,
  });
}
