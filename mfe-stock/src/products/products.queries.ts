// Back-office catalogue data (contract: shared-kernel/contracts/products-admin.ts).
//   GET    /v1/catalogue/products?page=&pageSize=&sort=&q=&productType=&type=&color=&gamme=&vintage=&status=&label=&archived=
//   GET    /v1/catalogue/products/:id · POST /v1/catalogue/products · PUT /v1/catalogue/products/:id (whole, nested)
//   DELETE /v1/catalogue/products/:id (409 once ordered) · POST …/:id/duplicate · …/:id/archive · …/:id/unarchive
//   PUT    /v1/catalogue/products/status { ids, status } · GET /v1/catalogue/formats · POST /v1/catalogue/media (raw image)
//   GET    /v1/tariffs/product-defaults (Settings › Produits: what a new product starts with)
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminProductStatus,
  MediaUpload,
  Paginated,
  ProductAdminDetail,
  ProductAdminFormatOption,
  ProductAdminRow,
  ProductDefaults,
  ProductInputParsed,
} from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { productsList } from './list/filters';

export type ProductsQuery = ApiQueryOf<typeof productsList>;
export type ProductWriteAnswer = ProductAdminDetail & { message: string };

export const productKeys = createQueryKeys<ProductsQuery, number>('stock', 'products');

const hooks = createResourceHooks({
  keys: productKeys,
  list: (q: ProductsQuery, signal) => api.get<Paginated<ProductAdminRow>>('/catalogue/products', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<ProductAdminDetail>(`/catalogue/products/${id}`, { silent: true, signal }),
  create: (input: ProductInputParsed) => api.post<ProductWriteAnswer>('/catalogue/products', input, { silent: true }),
  update: (id: number, input: ProductInputParsed) => api.put<ProductWriteAnswer>(`/catalogue/products/${id}`, input, { silent: true }),
  remove: (id: number) => api.del<{ success: true; message: string }>(`/catalogue/products/${id}`, undefined, { silent: true }),
});

export const {
  useList: useProducts,
  useOne: useProduct,
  useCreate: useCreateProduct,
  useUpdate: useUpdateProduct,
  useDelete: useDeleteProduct,
  fetchList: fetchProducts,
} = hooks;

/** Every products query of the viewer refetches after an action that changes rows (duplicate, archive, status). */
function useProductAction<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  const keys = useQueryKeys(productKeys);
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export const useDuplicateProduct = () =>
  useProductAction((id: number) => api.post<ProductWriteAnswer>(`/catalogue/products/${id}/duplicate`, undefined, { silent: true }));
export const useArchiveProduct = () =>
  useProductAction(({ id, archived }: { id: number; archived: boolean }) =>
    api.post<ProductWriteAnswer>(`/catalogue/products/${id}/${archived ? 'archive' : 'unarchive'}`, undefined, { silent: true }),
  );
export const useBulkStatus = () =>
  useProductAction(({ ids, status }: { ids: number[]; status: AdminProductStatus }) =>
    api.put<{ success: true; message: string; updated: number }>('/catalogue/products/status', { ids, status }, { silent: true }),
  );

/** Formats a box may hold (the shop's formats of products that are not boxes). */
export function useFormatOptions(enabled: boolean) {
  const keys = useQueryKeys(productKeys);
  return useQuery({
    queryKey: [...keys.all, 'formats'],
    queryFn: ({ signal }) => api.get<ProductAdminFormatOption[]>('/catalogue/formats', { silent: true, signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** What a new product starts with (Settings › Produits): VAT, the bottle format, the typologies whose price shows. */
export function useProductDefaults(enabled = true) {
  const keys = useQueryKeys(productKeys);
  return useQuery({
    queryKey: [...keys.all, 'defaults'],
    queryFn: ({ signal }) => api.get<ProductDefaults>('/tariffs/product-defaults', { silent: true, signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Uploads one image (raw body): the api checks it is an image, re-encodes it and answers its public url. */
export function uploadMedia(file: Blob): Promise<MediaUpload> {
  return api.upload<MediaUpload>('/catalogue/media', file, { silent: true });
}
