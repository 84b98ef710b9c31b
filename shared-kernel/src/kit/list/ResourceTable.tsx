// Size: one component every list screen uses; its parts (toolbar, filters, rows, phone cards, export) share the same
// column definitions and URL state, and are tested once in ResourceTable.test.tsx.
// The list of a back-office resource on antd Table, wired to the URL list state (useUrlListState): server pagination,
// sorting and header filters, search, loading / empty / filtered-empty / error states, rows that open the detail
// (click, Enter, ctrl/cmd-click = new tab), optional selection with bulk actions, CSV export of the current filter,
// and cards on phones (≤ 600 px) rendered from the same column definitions.
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type Key,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Button, Empty, Input, Pagination, Result, Select, Skeleton, Table, type TableColumnType, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { PAGE_SIZES, type Paginated } from 'shared-kernel/contracts';
import { Link, useLocation, useNavigate } from 'shared-kernel/router';
import { notify, useLayoutMode } from 'shared-kernel/runtime';
import { errorMessage } from '../errors';
import { kitTexts } from '../kit-texts';
import type { CsvColumn } from './csv';
import type { FilterSchemas, ListApiQuery, ListStateSchema, SortValue, UrlListState } from './list-state';

/** Debounce of the search box before the URL (and the api query) follow the typing. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface FilterOption {
  value: string | number | boolean;
  label: ReactNode;
}

type DataIndex = string | number | readonly (string | number)[];

/** A column: an antd column plus its server sort, its list filter, its CSV value and its place on phone cards. */
export interface ResourceColumn<T, S extends string = string, FK extends string = string> extends Omit<
  TableColumnType<T>,
  'key' | 'title' | 'dataIndex' | 'sorter' | 'sortOrder' | 'filters' | 'filteredValue' | 'onFilter'
> {
  key: string;
  title: ReactNode;
  dataIndex?: DataIndex;
  /** The server sort column of this column (header click sorts, the URL keeps it). */
  sortKey?: S;
  /** The list filter set by this column's header filter (and by a select on phones). */
  filterKey?: FK;
  /** The choices of that filter. */
  filterOptions?: readonly FilterOption[];
  /** CSV value of the cell; `false` = not exported. Default: the raw value at `dataIndex` (no dataIndex: not exported). */
  csv?: false | ((row: T) => unknown);
  /** CSV header when `title` is not a plain string. */
  csvTitle?: string;
  /** Phones: this column is the heading of the card. */
  cardTitle?: boolean;
  /** Phones: leave this column off the card. */
  hideOnCard?: boolean;
}

/** The columns of rows `T` for a list schema: `const columns: ColumnsFor<Supplier, typeof suppliersList> = [...]`. */
export type ColumnsFor<T, L> = L extends ListStateSchema<infer S, infer F> ? ResourceColumn<T, S, keyof F & string>[] : never;

export interface ResourceTableExport<T, Q> {
  /** File name ('commandes' → commandes.csv). */
  filename: string;
  /** Every row of the current filter at once (an export endpoint); receives apiQuery. */
  fetchAll?: (query: Q) => Promise<readonly T[]>;
  /** Else the list fetcher, paged through with PAGE_SIZE_MAX rows a page up to `cap` rows. */
  fetchPage?: (query: Q) => Promise<Paginated<T>>;
  /** Default CSV_EXPORT_CAP (10 000). */
  cap?: number;
  /** CSV columns when they differ from the table's. */
  columns?: readonly CsvColumn<T>[];
}

export interface ResourceTableSelection<T> {
  /** The bulk-actions bar content; `clear()` empties the selection. */
  actions: (rows: T[], clear: () => void) => ReactNode;
}

export interface ResourceTableTexts {
  /** Nothing at all ('Aucune commande pour le moment'). */
  empty?: ReactNode;
  /** Nothing for these filters ('Aucune commande ne correspond à ces filtres'). */
  emptyFiltered?: ReactNode;
  /** '21 commandes'. */
  total?: (total: number) => string;
  searchPlaceholder?: string;
  /** The accessible name of the search box ('Rechercher un utilisateur'); default 'Rechercher'. */
  searchLabel?: string;
  /** The button of the filtered-empty state; default 'Réinitialiser les filtres'. */
  resetFilters?: string;
}

export interface ResourceTableProps<T extends object, S extends string, F extends FilterSchemas> {
  /** useUrlListState(…) of the page. */
  list: UrlListState<S, F>;
  /** The list query of the page (`useXs(list.apiQuery)`). */
  query: Pick<UseQueryResult<Paginated<T>, unknown>, 'data' | 'error' | 'isError' | 'isFetching' | 'isPlaceholderData' | 'refetch'>;
  columns: readonly ResourceColumn<T, S, keyof F & string>[];
  /** Accessible name of the table (and of the card list). */
  label: string;
  /** Default 'id'. */
  rowKey?: (keyof T & string) | ((row: T) => Key);
  /** The detail of a row: click or Enter opens it, ctrl/cmd/middle-click in a new tab. */
  rowHref?: (row: T) => string;
  /** Called when a row is opened (instead of or besides rowHref). */
  onRowOpen?: (row: T) => void;
  /** Shows the search box (q), debounced. */
  search?: boolean;
  /** Adds the 'Exporter (CSV)' button. */
  exportCsv?: ResourceTableExport<T, ListApiQuery<S, F>>;
  /** Row selection with a bulk-actions bar. */
  selection?: ResourceTableSelection<T>;
  /** More controls in the toolbar (filters without a column, a 'Nouveau' button…). */
  toolbar?: ReactNode;
  /** Under the empty text when the list is empty without filters (a 'Créer' button). */
  emptyAction?: ReactNode;
  texts?: ResourceTableTexts;
  /** 'auto' (default): cards on phones; 'always' / 'never'. */
  cards?: 'auto' | 'always' | 'never';
  /** Minimum table width before it scrolls horizontally (default 760). */
  scrollX?: number;
  /** Extra antd Table props. */
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'pagination' | 'onChange' | 'onRow' | 'rowSelection' | 'loading'>;
}

function valueAt(row: unknown, dataIndex: DataIndex | undefined): unknown {
  if (dataIndex === undefined) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex as string | number];
  return path.reduce<unknown>(
    (node, part) => (node === null || node === undefined ? undefined : (node as Record<string | number, unknown>)[part]),
    row,
  );
}

function keyOf<T>(row: T, rowKey: (keyof T & string) | ((row: T) => Key) | undefined): Key {
  if (typeof rowKey === 'function') return rowKey(row);
  return (row as Record<string, unknown>)[rowKey ?? 'id'] as Key;
}

function cellOf<T>(column: ResourceColumn<T>, row: T, index: number): ReactNode {
  const value = valueAt(row, column.dataIndex);
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value === null || value === undefined ? '' : (value as ReactNode);
}

/** The CSV columns of table columns (see ResourceColumn.csv). */
export function csvColumnsOf<T>(columns: readonly ResourceColumn<T>[]): CsvColumn<T>[] {
  return columns.flatMap((c) => {
    if (c.csv === false) return [];
    const title = c.csvTitle ?? (typeof c.title === 'string' ? c.title : c.key);
    if (typeof c.csv === 'function') return [{ title, value: c.csv }];
    if (c.dataIndex === undefined) return [];
    return [{ title, value: (row: T) => valueAt(row, c.dataIndex) }];
  });
}

/** A click inside something interactive of the row (a link, a button, the selection checkbox) is not a row click. */
function fromInteractive(event: { target: EventTarget; currentTarget: EventTarget }): boolean {
  const target = event.target as HTMLElement | null;
  const interactive = target?.closest?.(
    'a, button, input, select, textarea, label, [role="checkbox"], [role="button"], .ant-checkbox-wrapper, .ant-select',
  );
  return !!interactive && interactive !== event.currentTarget && (event.currentTarget as HTMLElement).contains(interactive);
}

/** A link to a row's detail that keeps the list's URL for the detail's back link (use it in a column's render). */
export function RowLink({
  to,
  children,
  ...rest
}: { to: string; children: ReactNode } & Omit<HTMLAttributes<HTMLAnchorElement>, 'children'>) {
  const location = useLocation();
  return (
    <Link to={to} state={{ from: `${location.pathname}${location.search}` }} {...rest}>
      {children}
    </Link>
  );
}

function SearchBox({
  value,
  onCommit,
  placeholder,
  label,
}: {
  value: string;
  onCommit: (q: string) => void;
  placeholder: string;
  label: string;
}) {
  // null = show the URL's value; a string = what is being typed, sent to the URL after SEARCH_DEBOUNCE_MS
  const [draft, setDraft] = useState<string | null>(null);
  useEffect(() => {
    if (draft === null) return undefined;
    if (draft === value) {
      setDraft(null);
      return undefined;
    }
    const timer = setTimeout(() => onCommit(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onCommit]);
  return (
    <Input.Search
      role="searchbox"
      aria-label={label}
      placeholder={placeholder}
      allowClear
      value={draft ?? value}
      onChange={(e) => setDraft(e.target.value)}
      onSearch={(v) => {
        setDraft(null);
        onCommit(v);
      }}
      style={{ width: 280, maxWidth: '100%' }}
    />
  );
}

export function ResourceTable<T extends object, S extends string, F extends FilterSchemas>(props: ResourceTableProps<T, S, F>) {
  const {
    list,
    query,
    columns,
    label,
    rowKey,
    rowHref,
    onRowOpen,
    search,
    exportCsv,
    selection,
    toolbar,
    emptyAction,
    texts = {},
    cards = 'auto',
    scrollX = 760,
    tableProps,
  } = props;
  const t = kitTexts.useTexts();
  const mode = useLayoutMode();
  const navigate = useNavigate();
  const location = useLocation();
  const { state } = list;
  const data = query.data;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const asCards = cards === 'always' || (cards === 'auto' && mode === 'mobile');
  const totalText = texts.total ?? t.total;

  // A page past the end (an old link, rows deleted meanwhile): go to the last page that exists.
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
  const pastEnd = !!data && !query.isPlaceholderData && items.length === 0 && total > 0 && state.page > lastPage;
  useEffect(() => {
    if (pastEnd) list.update({ page: lastPage }, { replace: true });
  }, [pastEnd, lastPage, list]);

  // The selection belongs to the query it was made on: another page, sort or filter starts empty.
  const queryHash = JSON.stringify(list.apiQuery);
  const [picked, setPicked] = useState<{ hash: string; rows: Map<Key, T> }>({ hash: queryHash, rows: new Map() });
  const selectedRows = picked.hash === queryHash ? picked.rows : new Map<Key, T>();
  const clearSelection = () => setPicked({ hash: queryHash, rows: new Map() });
  const setSelected = (rows: T[]) => setPicked({ hash: queryHash, rows: new Map(rows.map((r) => [keyOf(r, rowKey), r])) });

  const open = (row: T, event?: { ctrlKey: boolean; metaKey: boolean; button?: number }) => {
    const href = rowHref?.(row);
    if (href) {
      if (event && (event.ctrlKey || event.metaKey || event.button === 1)) window.open(href, '_blank', 'noopener');
      else navigate(href, { state: { from: `${location.pathname}${location.search}` } });
    }
    onRowOpen?.(row);
  };
  const openable = !!rowHref || !!onRowOpen;
  const rowHandlers = (row: T) =>
    openable
      ? {
          tabIndex: 0,
          style: { cursor: 'pointer' },
          onClick: (e: MouseEvent<HTMLElement>) => {
            if (fromInteractive(e) || (typeof window !== 'undefined' && window.getSelection?.()?.toString())) return;
            open(row, e);
          },
          onAuxClick: (e: MouseEvent<HTMLElement>) => {
            if (e.button === 1 && !fromInteractive(e)) open(row, e);
          },
          onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
            if (e.key === 'Enter' && e.target === e.currentTarget) {
              e.preventDefault();
              open(row, e);
            }
          },
        }
      : {};

  // antd measures column widths with a hidden copy of the header row (aria-hidden), select-all checkbox included:
  // made inert, so that neither the keyboard nor assistive technologies reach that copy (axe: aria-hidden-focus)
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof MutationObserver === 'undefined') return;
    const mark = () => root.querySelectorAll('.ant-table-measure-row:not([inert])').forEach((el) => el.setAttribute('inert', ''));
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  const [exporting, setExporting] = useState(false);
  const runExport = async () => {
    if (!exportCsv) return;
    setExporting(true);
    try {
      // papaparse is loaded on the first export only
      const { collectRows, CSV_EXPORT_CAP, downloadCsv, toCsv } = await import('./csv');
      const cap = exportCsv.cap ?? CSV_EXPORT_CAP;
      let rows: readonly T[];
      let capped = false;
      if (exportCsv.fetchAll) {
        rows = await exportCsv.fetchAll(list.apiQuery);
      } else if (exportCsv.fetchPage) {
        const collected = await collectRows(exportCsv.fetchPage, list.apiQuery, cap);
        rows = collected.rows;
        capped = collected.capped;
      } else {
        throw new Error('ResourceTable: exportCsv needs fetchAll or fetchPage');
      }
      downloadCsv(exportCsv.filename, toCsv(rows, exportCsv.columns ?? csvColumnsOf(columns as readonly ResourceColumn<T>[])));
      if (capped) notify.error(t.exportCapped(cap));
    } catch (err) {
      notify.error(errorMessage(err, t.exportFailed));
    } finally {
      setExporting(false);
    }
  };

  const sortOrderOf = (sortKey: S | undefined) =>
    !sortKey ? undefined : state.sort === sortKey ? 'ascend' : state.sort === `-${sortKey}` ? 'descend' : null;
  const filterOf = (filterKey: (keyof F & string) | undefined): unknown => (filterKey ? state.filters[filterKey] : undefined);

  const tableColumns = useMemo<TableColumnType<T>[]>(
    () =>
      columns.map((c) => {
        const {
          sortKey,
          filterKey,
          filterOptions,
          csv: _csv,
          csvTitle: _csvTitle,
          cardTitle: _cardTitle,
          hideOnCard: _hide,
          dataIndex,
          ...rest
        } = c;
        const col: TableColumnType<T> = { ...rest, dataIndex: dataIndex as TableColumnType<T>['dataIndex'] };
        if (sortKey) {
          col.sorter = true;
          col.sortOrder = sortOrderOf(sortKey) ?? null;
          col.sortDirections = ['ascend', 'descend', 'ascend'];
        }
        if (filterKey && filterOptions) {
          const current = filterOf(filterKey);
          col.filters = filterOptions.map((o) => ({ text: o.label, value: o.value as Key | boolean }));
          col.filterMultiple = !!c.filterMultiple;
          col.filteredValue = current === undefined || current === null ? null : ((Array.isArray(current) ? current : [current]) as Key[]);
        }
        return col;
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, state.sort, state.filters],
  );

  const onTableChange: TableProps<T>['onChange'] = (pagination, filters, sorter, extra) => {
    if (extra.action === 'paginate') {
      const size = pagination.pageSize ?? state.pageSize;
      if (size !== state.pageSize) list.setPageSize(size);
      else list.setPage(pagination.current ?? 1);
    } else if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const column = columns.find((c) => c.key === s?.columnKey);
      const sort =
        s?.order && column?.sortKey ? ((s.order === 'descend' ? `-${column.sortKey}` : column.sortKey) as SortValue<S>) : undefined;
      list.setSort(sort);
    } else if (extra.action === 'filter') {
      const patch: Record<string, unknown> = {};
      for (const c of columns) {
        if (!c.filterKey || !c.filterOptions) continue;
        const v = filters[c.key];
        patch[c.filterKey] = v && v.length ? (c.filterMultiple ? v : v[0]) : undefined;
      }
      list.setFilters(patch as never);
    }
  };

  const showTotal = (n: number) => totalText(n);
  const selectionBar =
    selection && selectedRows.size > 0 ? (
      <div
        role="region"
        aria-label={t.selected(selectedRows.size)}
        className="wz-bulk-bar"
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 8,
          padding: '8px 12px',
          borderRadius: 8,
          background: 'var(--ant-color-fill-quaternary, #f5f5f5)',
        }}
      >
        <strong>{t.selected(selectedRows.size)}</strong>
        {selection.actions([...selectedRows.values()], clearSelection)}
        <Button type="link" onClick={clearSelection}>
          {t.clearSelection}
        </Button>
      </div>
    ) : null;

  // Phones: the header sorters and filters are not there, so the same controls come as selects.
  const sortable = columns.filter((c) => c.sortKey);
  const sortOptions = sortable.flatMap((c) => [
    { value: c.sortKey as string, label: `${typeof c.title === 'string' ? c.title : c.key} (${t.ascending})` },
    { value: `-${c.sortKey}`, label: `${typeof c.title === 'string' ? c.title : c.key} (${t.descending})` },
  ]);
  const filterable = columns.filter((c) => c.filterKey && c.filterOptions);
  const cardControls =
    asCards && (sortable.length > 0 || filterable.length > 0) ? (
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {sortable.length > 0 && (
          <Select<string>
            aria-label={t.sortBy}
            style={{ minWidth: 200 }}
            // a sort no column shows (a default on the id) reads as the placeholder, never as its raw value
            value={sortOptions.some((o) => o.value === state.sort) ? state.sort : undefined}
            placeholder={t.sortBy}
            onChange={(v) => list.setSort(v as SortValue<S>)}
            options={sortOptions}
          />
        )}
        {filterable.map((c) => {
          const current = filterOf(c.filterKey);
          return (
            <Select
              key={c.key}
              aria-label={typeof c.title === 'string' ? c.title : c.key}
              style={{ minWidth: 160 }}
              allowClear
              placeholder={typeof c.title === 'string' ? `${c.title} : ${t.allValues.toLowerCase()}` : t.allValues}
              mode={c.filterMultiple ? 'multiple' : undefined}
              value={(current ?? undefined) as never}
              onChange={(v: unknown) =>
                list.setFilter(
                  c.filterKey as keyof F & string,
                  ((Array.isArray(v) && v.length === 0) || v === null ? undefined : v) as never,
                )
              }
              options={(c.filterOptions ?? []).map((o) => ({ value: o.value as string, label: o.label }))}
            />
          );
        })}
      </div>
    ) : null;

  const hasToolbar = search || exportCsv || toolbar;
  const toolbarNode = hasToolbar ? (
    <div className="wz-resource-toolbar" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
      {search && (
        <SearchBox
          value={state.q}
          onCommit={list.setSearch}
          label={texts.searchLabel ?? t.search}
          placeholder={texts.searchPlaceholder ?? t.searchPlaceholder}
        />
      )}
      {toolbar}
      {exportCsv && (
        <Button onClick={() => void runExport()} loading={exporting} disabled={!data || total === 0} style={{ marginInlineStart: 'auto' }}>
          {t.exportCsv}
        </Button>
      )}
    </div>
  ) : null;

  let body: ReactNode;
  if (query.isError && !data) {
    body = (
      <Result
        status="error"
        title={t.loadError}
        subTitle={errorMessage(query.error, t.genericError)}
        extra={
          <Button type="primary" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t.retry}
          </Button>
        }
      />
    );
  } else if (!data) {
    body = (
      <div role="status" aria-busy="true" aria-label={t.loading} className="wz-resource-loading">
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      </div>
    );
  } else if (items.length === 0 && total === 0) {
    body = list.hasActiveFilters ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.emptyFiltered ?? t.emptyFiltered}>
        <Button onClick={list.reset}>{texts.resetFilters ?? t.resetFilters}</Button>
      </Empty>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.empty ?? t.empty}>
        {emptyAction}
      </Empty>
    );
  } else if (asCards) {
    const titleColumn = columns.find((c) => c.cardTitle) ?? columns[0];
    const fields = columns.filter((c) => c !== titleColumn && !c.hideOnCard);
    body = (
      <div aria-busy={query.isFetching} style={{ display: 'grid', gap: 12, opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <ul aria-label={label} className="wz-resource-cards" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
          {items.map((row, index) => {
            const key = keyOf(row, rowKey);
            return (
              <li key={key} data-testid="resource-card">
                <div
                  {...rowHandlers(row)}
                  className="wz-resource-card"
                  style={{
                    padding: 12,
                    border: '1px solid #e5e5e5',
                    borderRadius: 8,
                    background: '#fff',
                    minWidth: 0,
                    cursor: openable ? 'pointer' : undefined,
                  }}
                >
                  <div style={{ display: 'flex', alignItems: 'center', gap: 8, fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {selection && (
                      <input
                        type="checkbox"
                        aria-label={`${t.selectRow} ${key}`}
                        // a finger's target: at least 24 × 24 px (WCAG 2.5.8), not the browser's 13 px box
                        style={{ width: 24, height: 24, margin: 0, flex: 'none' }}
                        checked={selectedRows.has(key)}
                        onChange={(e) => {
                          const next = new Map(selectedRows);
                          if (e.target.checked) next.set(key, row);
                          else next.delete(key);
                          setSelected([...next.values()]);
                        }}
                      />
                    )}
                    {titleColumn && cellOf(titleColumn as ResourceColumn<T>, row, index)}
                  </div>
                  <dl style={{ margin: '8px 0 0', display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '4px 12px' }}>
                    {fields.map((c) => (
                      <div key={c.key} style={{ display: 'contents' }}>
                        <dt style={{ color: 'var(--ant-color-text-description, #595959)' }}>{c.title}</dt>
                        <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{cellOf(c as ResourceColumn<T>, row, index)}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              </li>
            );
          })}
        </ul>
        <Pagination
          align="center"
          size="small"
          simple
          current={state.page}
          pageSize={state.pageSize}
          total={total}
          onChange={(page) => list.setPage(page)}
          hideOnSinglePage
          showSizeChanger={false}
        />
      </div>
    );
  } else {
    body = (
      <Table<T>
        {...tableProps}
        aria-label={label}
        rowKey={(row) => keyOf(row, rowKey)}
        columns={tableColumns}
        dataSource={items}
        loading={query.isFetching && query.isPlaceholderData}
        scroll={{ x: scrollX }}
        onChange={onTableChange}
        onRow={(row) => ({ ...rowHandlers(row), 'data-testid': 'resource-row' }) as unknown as HTMLAttributes<HTMLElement>}
        rowSelection={
          selection
            ? {
                selectedRowKeys: [...selectedRows.keys()],
                onChange: (_keys, rows) => setSelected(rows),
              }
            : undefined
        }
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal,
        }}
      />
    );
  }

  return (
    // one column that may shrink below the table's own width (scroll.x): the table scrolls inside, never spills out
    <div
      ref={rootRef}
      className="wz-resource-table"
      style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12, minWidth: 0 }}
    >
      {toolbarNode}
      {cardControls}
      {selectionBar}
      {body}
    </div>
  );
}
