// The data hooks of a resource from its fetchers: one `<resource>.queries.ts` per resource, no useEffect fetching.
//
//   const hooks = createResourceHooks({
//     keys: orderKeys,
//     list: (q, signal) => api.get<Paginated<OrderSummary>>('/orders', { query: q, silent: true, signal }),
//     get: (id, signal) => api.get<OrderDetail>(`/orders/${id}`, { silent: true, signal }),
//     update: (id, body) => api.put<OrderDetail>(`/orders/${id}`, body, { silent: true }),
//   });
//   export const { useList: useOrders, useOne: useOrder, useUpdate: useUpdateOrder } = hooks;
//
// Lists keep the previous page on screen while the next loads (keepPreviousData); a 4xx is never retried (it is an
// answer: 404, 403, validation); create and delete refresh the lists, update refreshes the detail and the lists.
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { Paginated } from 'shared-kernel/contracts';
import type { ApiError } from 'shared-kernel/runtime';
import { retryUnlessClientError } from '../errors';
import { useQueryKeys, type QueryKeyFactory, type ResourceKeys } from './keys';

export interface ResourceFetchers<Q, T, D, Id, C, U> {
  keys: QueryKeyFactory<Q, Id>;
  list?: (query: Q, signal?: AbortSignal) => Promise<Paginated<T>>;
  get?: (id: Id, signal?: AbortSignal) => Promise<D>;
  create?: (input: C) => Promise<D>;
  update?: (id: Id, input: U) => Promise<D>;
  remove?: (id: Id) => Promise<unknown>;
}

type QueryOpts<R> = Omit<UseQueryOptions<R, ApiError>, 'queryKey' | 'queryFn'>;
type MutationOpts<R, V> = Omit<UseMutationOptions<R, ApiError, V>, 'mutationFn'>;

export interface ResourceHooks<Q, T, D, Id, C, U> {
  keys: QueryKeyFactory<Q, Id>;
  /** A page of the list (`apiQuery` of useUrlListState). */
  useList(query: Q, options?: QueryOpts<Paginated<T>>): UseQueryResult<Paginated<T>, ApiError>;
  /** One object; `null`/`undefined` id (malformed URL param) = not fetched. */
  useOne(id: Id | null | undefined, options?: QueryOpts<D>): UseQueryResult<D, ApiError>;
  useCreate(options?: MutationOpts<D, C>): UseMutationResult<D, ApiError, C>;
  useUpdate(options?: MutationOpts<D, { id: Id; input: U }>): UseMutationResult<D, ApiError, { id: Id; input: U }>;
  useDelete(options?: MutationOpts<unknown, Id>): UseMutationResult<unknown, ApiError, Id>;
  /** The raw fetchers (CSV export pages through `list`). */
  fetchList: (query: Q, signal?: AbortSignal) => Promise<Paginated<T>>;
  fetchOne: (id: Id, signal?: AbortSignal) => Promise<D>;
}

function missing(name: string): never {
  throw new Error(`createResourceHooks: no '${name}' fetcher was given for this resource`);
}

export function createResourceHooks<Q, T, D = T, Id extends string | number = number, C = never, U = never>(
  fetchers: ResourceFetchers<Q, T, D, Id, C, U>,
): ResourceHooks<Q, T, D, Id, C, U> {
  const { keys } = fetchers;
  const fetchList = fetchers.list ?? (() => missing('list'));
  const fetchOne = fetchers.get ?? (() => missing('get'));

  function useRetry() {
    const client = useQueryClient();
    return retryUnlessClientError(client.getDefaultOptions().queries?.retry as Parameters<typeof retryUnlessClientError>[0]);
  }

  function useMutationKeys(): ResourceKeys<Q, Id> {
    return useQueryKeys(keys);
  }

  return {
    keys,
    fetchList,
    fetchOne,
    useList(query, options) {
      const k = useQueryKeys(keys);
      const retry = useRetry();
      return useQuery<Paginated<T>, ApiError>({
        queryKey: k.list(query),
        queryFn: ({ signal }) => fetchList(query, signal),
        placeholderData: keepPreviousData,
        retry,
        ...options,
      });
    },
    useOne(id, options) {
      const k = useQueryKeys(keys);
      const retry = useRetry();
      const enabled = id !== null && id !== undefined;
      return useQuery<D, ApiError>({
        queryKey: k.detail(id as Id),
        queryFn: ({ signal }) => fetchOne(id as Id, signal),
        retry,
        ...options,
        enabled: enabled && (options?.enabled ?? true),
      });
    },
    useCreate(options) {
      const client = useQueryClient();
      const k = useMutationKeys();
      return useMutation<D, ApiError, C>({
        ...options,
        mutationFn: (input) => (fetchers.create ?? (() => missing('create')))(input),
        onSuccess: async (...args) => {
          await client.invalidateQueries({ queryKey: k.lists() });
          await options?.onSuccess?.(...args);
        },
      });
    },
    useUpdate(options) {
      const client = useQueryClient();
      const k = useMutationKeys();
      return useMutation<D, ApiError, { id: Id; input: U }>({
        ...options,
        mutationFn: ({ id, input }) => (fetchers.update ?? (() => missing('update')))(id, input),
        onSuccess: async (...args) => {
          const [, { id }] = args;
          await Promise.all([client.invalidateQueries({ queryKey: k.detail(id) }), client.invalidateQueries({ queryKey: k.lists() })]);
          await options?.onSuccess?.(...args);
        },
      });
    },
    useDelete(options) {
      const client = useQueryClient();
      const k = useMutationKeys();
      return useMutation<unknown, ApiError, Id>({
        ...options,
        mutationFn: (id) => (fetchers.remove ?? (() => missing('remove')))(id),
        onSuccess: async (...args) => {
          const [, id] = args;
          client.removeQueries({ queryKey: k.detail(id), exact: true });
          await client.invalidateQueries({ queryKey: k.lists() });
          await options?.onSuccess?.(...args);
        },
      });
    },
  };
}
