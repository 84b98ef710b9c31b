// The api answers some lists whole (the salespoints, a salespoint's sessions and closings): the screens page them on
// screen with the URL list state, through the kit's ResourceTable (same states, cards on phones).
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paginated } from 'shared-kernel/contracts';
import { listStateSchema } from 'shared-kernel/kit';

/** What ResourceTable reads of a list query. */
export type PagedQuery<T> = Pick<
  UseQueryResult<Paginated<T>, unknown>,
  'data' | 'error' | 'isError' | 'isFetching' | 'isPlaceholderData' | 'refetch'
>;

/** A page of a whole array. */
export function pageOf<T>(items: readonly T[] | undefined, page: number, pageSize: number): Paginated<T> | undefined {
  if (!items) return undefined;
  return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
}

/** The query of a whole array seen as the query of one of its pages. */
export function pagedQuery<T>(query: UseQueryResult<T[], unknown>, page: number, pageSize: number): PagedQuery<T> {
  return {
    data: pageOf(query.data, page, pageSize),
    error: query.error,
    isError: query.isError,
    isFetching: query.isFetching,
    isPlaceholderData: false,
    refetch: (() => query.refetch()) as unknown as PagedQuery<T>['refetch'],
  };
}

/** The URL state of a list answered whole: ?page and ?pageSize only. */
export const wholeList = listStateSchema({});
