// The state of a back-office list (page, pageSize, sort, q, filters) lives in the URL query: shareable, reload and
// the back button keep it. The wire names are those of shared-kernel/contracts/list.ts, so `apiQuery` goes to the api
// as is. A list declares its state once (`<screen>/filters.ts`):
//
//   export const ordersList = listStateSchema({
//     sort: ['createdAt', 'number', 'totalTTC'] as const,
//     defaultSort: '-createdAt',
//     filters: { status: z.enum(ORDER_STATUSES).optional() },
//   });
//
// Rules: an invalid URL value falls back to its default (never a crash); defaults are left out of the URL; changing a
// filter, the search, the page size or the sort goes back to page 1; page/sort/filter changes push a history entry,
// typing in the search box replaces it.
import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_MAX, SEARCH_MAX } from 'shared-kernel/contracts';
import { useSearchParams } from 'shared-kernel/router';

/** A filter reads one URL query parameter (a string; several values are comma-separated, see `multiEnum`). */
export type FilterSchemas = Record<string, z.ZodType>;
/** A wire sort: `column` ascending, `-column` descending. */
export type SortValue<S extends string> = S | `-${S}`;

export type FilterValues<F extends FilterSchemas> = { [K in keyof F]: z.output<F[K]> };

export interface ListState<S extends string = string, F extends FilterSchemas = FilterSchemas> {
  page: number;
  pageSize: number;
  sort: SortValue<S> | undefined;
  /** The search text as typed ('' when none). */
  q: string;
  filters: FilterValues<F>;
}

type ApiValue<T> = T extends readonly unknown[] ? string : T;
/** What a list endpoint reads (contracts/list.ts): page, pageSize, sort, q and one parameter per filter. */
export type ListApiQuery<S extends string = string, F extends FilterSchemas = FilterSchemas> = {
  page: number;
  pageSize: number;
  sort?: SortValue<S>;
  q?: string;
} & { [K in keyof F]?: ApiValue<z.output<F[K]>> };

export interface ListStateOptions<S extends string, F extends FilterSchemas> {
  /** The columns the endpoint can sort on. */
  sort?: readonly S[];
  /** Sort when the URL has none (left out of the URL). */
  defaultSort?: SortValue<S>;
  /** One zod schema per filter, reading the URL string (use `.optional()`, `z.coerce.number()`, `z.stringbool()`, `multiEnum`). */
  filters?: F;
  /** Default DEFAULT_PAGE_SIZE (20). */
  defaultPageSize?: number;
}

type RawParams = Record<string, string | undefined>;

export interface ListStateSchema<S extends string = string, F extends FilterSchemas = FilterSchemas> {
  /** The zod schema: raw URL values (`{ page: '2', status: 'x' }`) → ListState, every invalid value replaced by its default. */
  readonly schema: z.ZodType<ListState<S, F>, RawParams>;
  readonly sortColumns: readonly S[];
  readonly defaultSort: SortValue<S> | undefined;
  readonly defaultPageSize: number;
  readonly filterKeys: readonly (keyof F & string)[];
  /** The state of an empty URL. */
  readonly defaults: ListState<S, F>;
  /** Reads the state from URL params (`prefix` when a page shows several lists). */
  parse(params: URLSearchParams | RawParams, prefix?: string): ListState<S, F>;
  /** The URL params of a state, defaults left out (keys without prefix). */
  serialize(state: ListState<S, F>): Record<string, string>;
  toApiQuery(state: ListState<S, F>): ListApiQuery<S, F>;
  /** True when the search or a filter differs from its default. */
  hasActiveFilters(state: ListState<S, F>): boolean;
}

/** The api query type of a list schema: `type SuppliersQuery = ApiQueryOf<typeof suppliersList>`. */
export type ApiQueryOf<L> = L extends ListStateSchema<infer S, infer F> ? ListApiQuery<S, F> : never;
/** The sort columns of a list schema. */
export type SortOf<L> = L extends ListStateSchema<infer S, FilterSchemas> ? S : never;
/** The filter names of a list schema. */
export type FilterKeyOf<L> = L extends ListStateSchema<string, infer F> ? keyof F & string : never;

const RESERVED = ['page', 'pageSize', 'sort', 'q'];

/** A filter holding several values of a list (`?status=pending,validated`): a string[] in the state. */
export function multiEnum<const V extends readonly [string, ...string[]]>(values: V) {
  return z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values)).min(1))
    .optional();
}

/** URL/wire form of a filter value; undefined when it has none. */
export function serializeFilterValue(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.length ? value.map(String).join(',') : undefined;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

export function listStateSchema<const S extends string = never, F extends FilterSchemas = Record<never, z.ZodType>>(
  options: ListStateOptions<S, F> = {},
): ListStateSchema<S, F> {
  const sortColumns = (options.sort ?? []) as readonly S[];
  const filters = (options.filters ?? {}) as F;
  const filterKeys = Object.keys(filters) as (keyof F & string)[];
  for (const key of filterKeys) {
    if (RESERVED.includes(key)) throw new Error(`listStateSchema: a filter cannot be named '${key}'`);
  }
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const sortValues = sortColumns.flatMap((c) => [c, `-${c}`]) as SortValue<S>[];
  const defaultSort = options.defaultSort;
  if (defaultSort !== undefined && !sortValues.includes(defaultSort)) {
    throw new Error(`listStateSchema: defaultSort '${defaultSort}' is not one of the sort columns`);
  }

  // The value a filter takes when its parameter is absent (its `.default()`, else undefined): also its fallback.
  const absent = (s: z.ZodType): unknown => {
    const r = s.safeParse(undefined);
    return r.success ? r.data : undefined;
  };
  const filterShape = Object.fromEntries(filterKeys.map((k) => [k, (filters[k] as z.ZodType<unknown>).catch(() => absent(filters[k]))]));

  const schema = z
    .object({
      page: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).catch(1),
      pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).catch(defaultPageSize),
      sort: (sortValues.length ? z.enum(sortValues as [string, ...string[]]).optional() : z.undefined()).catch(undefined),
      q: z
        .string()
        .transform((s) => s.slice(0, SEARCH_MAX))
        .optional()
        .catch(undefined),
      ...filterShape,
    })
    .transform((raw) => {
      const r = raw as Record<string, unknown>;
      const state: ListState<S, F> = {
        page: r.page as number,
        pageSize: r.pageSize as number,
        sort: (r.sort as SortValue<S> | undefined) ?? defaultSort,
        q: (r.q as string | undefined) ?? '',
        filters: Object.fromEntries(filterKeys.map((k) => [k, r[k]])) as FilterValues<F>,
      };
      return state;
    }) as unknown as z.ZodType<ListState<S, F>, RawParams>;

  const defaults = schema.parse({});
  const defaultFilterStrings = Object.fromEntries(filterKeys.map((k) => [k, serializeFilterValue(defaults.filters[k])]));

  const parse = (params: URLSearchParams | RawParams, prefix = ''): ListState<S, F> => {
    const get = (key: string) => (params instanceof URLSearchParams ? (params.get(prefix + key) ?? undefined) : params[prefix + key]);
    const raw: RawParams = {};
    for (const key of [...RESERVED, ...filterKeys]) {
      const v = get(key);
      // an empty parameter (`?status=`) counts as absent
      if (v !== undefined && v !== '') raw[key] = v;
    }
    return schema.parse(raw);
  };

  const serialize = (state: ListState<S, F>): Record<string, string> => {
    const out: Record<string, string> = {};
    if (state.page > 1) out.page = String(state.page);
    if (state.pageSize !== defaultPageSize) out.pageSize = String(state.pageSize);
    if (state.sort && state.sort !== defaultSort) out.sort = state.sort;
    if (state.q) out.q = state.q.slice(0, SEARCH_MAX);
    for (const key of filterKeys) {
      const v = serializeFilterValue(state.filters[key]);
      if (v !== undefined && v !== defaultFilterStrings[key]) out[key] = v;
    }
    return out;
  };

  const toApiQuery = (state: ListState<S, F>): ListApiQuery<S, F> => {
    const query: Record<string, unknown> = { page: state.page, pageSize: state.pageSize };
    if (state.sort) query.sort = state.sort;
    const q = state.q.trim();
    if (q) query.q = q;
    for (const key of filterKeys) {
      const v = state.filters[key];
      if (v === undefined || v === null || v === '') continue;
      query[key] = Array.isArray(v) ? serializeFilterValue(v) : v;
    }
    return query as ListApiQuery<S, F>;
  };

  const hasActiveFilters = (state: ListState<S, F>): boolean =>
    state.q.trim() !== '' || filterKeys.some((k) => serializeFilterValue(state.filters[k]) !== defaultFilterStrings[k]);

  return { schema, sortColumns, defaultSort, defaultPageSize, filterKeys, defaults, parse, serialize, toApiQuery, hasActiveFilters };
}

/** A change of the list state: any field, filters merged into the current ones. */
export type ListStatePatch<S extends string, F extends FilterSchemas> = Partial<Omit<ListState<S, F>, 'filters'>> & {
  filters?: Partial<FilterValues<F>>;
};

export interface UrlListState<S extends string = string, F extends FilterSchemas = FilterSchemas> {
  state: ListState<S, F>;
  /** The query to send to the list endpoint (wire names of contracts/list.ts). */
  apiQuery: ListApiQuery<S, F>;
  /** The search or a filter is set (the empty state then offers 'Réinitialiser les filtres'). */
  hasActiveFilters: boolean;
  schema: ListStateSchema<S, F>;
  setPage(page: number): void;
  /** Back to page 1. */
  setPageSize(pageSize: number): void;
  /** undefined = the default sort. Back to page 1. */
  setSort(sort: SortValue<S> | undefined): void;
  /** Replaces the history entry (typing). Back to page 1. */
  setSearch(q: string): void;
  /** Back to page 1. */
  setFilter<K extends keyof F & string>(key: K, value: z.output<F[K]> | undefined): void;
  /** Back to page 1. */
  setFilters(patch: Partial<FilterValues<F>>): void;
  /** Clears the search and every filter (sort and page size stay), page 1. */
  reset(): void;
  /** Several changes in one history entry. The page goes back to 1 unless the patch sets it. */
  update(patch: ListStatePatch<S, F>, options?: { replace?: boolean }): void;
}

/** The list state of `schema`, read from and written to the URL query (other query parameters are kept). */
export function useUrlListState<S extends string, F extends FilterSchemas>(
  schema: ListStateSchema<S, F>,
  options: { prefix?: string } = {},
): UrlListState<S, F> {
  const prefix = options.prefix ?? '';
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const state = useMemo(() => schema.parse(new URLSearchParams(search), prefix), [schema, search, prefix]);
  const apiQuery = useMemo(() => schema.toApiQuery(state), [schema, state]);

  const commit = useCallback(
    (next: ListState<S, F>, replace: boolean) => {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const key of [...RESERVED, ...schema.filterKeys]) out.delete(prefix + key);
          for (const [key, value] of Object.entries(schema.serialize(next))) out.set(prefix + key, value);
          return out;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setParams, schema, prefix],
  );

  const update = useCallback(
    (patch: ListStatePatch<S, F>, opts: { replace?: boolean } = {}) => {
      const next: ListState<S, F> = {
        ...state,
        ...patch,
        page: patch.page ?? 1,
        filters: { ...state.filters, ...patch.filters } as FilterValues<F>,
      };
      if ('sort' in patch && patch.sort === undefined) next.sort = schema.defaultSort;
      commit(next, opts.replace ?? false);
    },
    [state, commit, schema],
  );

  return useMemo<UrlListState<S, F>>(
    () => ({
      state,
      apiQuery,
      hasActiveFilters: schema.hasActiveFilters(state),
      schema,
      setPage: (page) => update({ page }),
      setPageSize: (pageSize) => update({ pageSize }),
      setSort: (sort) => update({ sort }),
      setSearch: (q) => update({ q }, { replace: true }),
      setFilter: (key, value) => update({ filters: { [key]: value } as Partial<FilterValues<F>> }),
      setFilters: (filters) => update({ filters }),
      reset: () => update({ q: '', filters: { ...schema.defaults.filters } }),
      update,
    }),
    [state, apiQuery, schema, update],
  );
}
