// /dashboard/stocks: one row per format (on hand per warehouse, reserved, available, threshold), search, filters, CSV.
import { Space, Tag } from 'antd';
import { useMemo } from 'react';
import type { FormatStockDto } from 'shared-kernel/contracts';
import { LinkButton, ResourceTable, RowLink, useUrlListState, withQueryScope, type ColumnsFor } from 'shared-kernel/kit';
import { fetchLevels, useAllWarehouses, useLevels } from '../stocks.queries';
import { texts as t, useTexts } from '../texts';
import { levelsList } from './filters';

export function useLevelColumns(): ColumnsFor<FormatStockDto, typeof levelsList> {
  const whs = useAllWarehouses();
  return useMemo(() => {
    const warehouses = (whs.data?.items ?? []).filter((w) => !w.archived);
    return [
      {
        key: 'product',
        title: t.product,
        dataIndex: 'label',
        sortKey: 'product',
        cardTitle: true,
        render: (label: string, r: FormatStockDto) => <RowLink to={`/dashboard/stocks/${r.formatId}`}>{label}</RowLink>,
      },
      {
        key: 'productType',
        title: 'Type',
        dataIndex: 'productType',
        filterKey: 'productType',
        filterOptions: Object.entries(t.productTypes).map(([value, label]) => ({ value, label })),
        render: (v: string) => t.productTypes[v] ?? v,
        csv: (r: FormatStockDto) => t.productTypes[r.productType] ?? r.productType,
      },
      ...warehouses.map((w) => ({
        key: `wh-${w.id}`,
        title: w.name,
        dataIndex: 'byWarehouse',
        align: 'right' as const,
        render: (_: unknown, r: FormatStockDto) => r.byWarehouse[String(w.id)] ?? 0,
        csv: (r: FormatStockDto) => r.byWarehouse[String(w.id)] ?? 0,
      })),
      { key: 'onHand', title: t.onHand, dataIndex: 'onHand', sortKey: 'onHand', align: 'right' as const },
      { key: 'reserved', title: t.reserved, dataIndex: 'reserved', align: 'right' as const },
      { key: 'allocated', title: t.allocated, dataIndex: 'allocated', align: 'right' as const },
      { key: 'available', title: t.available, dataIndex: 'available', sortKey: 'available', align: 'right' as const },
      { key: 'webStock', title: t.webStock, dataIndex: 'webStock', align: 'right' as const },
      {
        key: 'threshold',
        title: t.threshold,
        dataIndex: 'threshold',
        sortKey: 'threshold',
        filterKey: 'underThreshold',
        filterOptions: [
          { value: 'true', label: t.underThreshold },
          { value: 'false', label: 'Au-dessus du seuil' },
        ],
        render: (v: number | null, r: FormatStockDto) =>
          v == null ? (
            '—'
          ) : (
            <Space size={4}>
              {v}
              {r.underThreshold && <Tag color="orange">{t.underThreshold}</Tag>}
            </Space>
          ),
      },
    ] as ColumnsFor<FormatStockDto, typeof levelsList>;
  }, [whs.data]);
}

export default withQueryScope(function StocksListPage() {
  const tx = useTexts();
  const list = useUrlListState(levelsList);
  const query = useLevels(list.apiQuery);
  const columns = useLevelColumns();
  const whs = useAllWarehouses();
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{tx.title}</h1>
      <Space wrap>
        <RowLink to="/dashboard/stocks/movements">{tx.movements}</RowLink>
        <RowLink to="/dashboard/stocks/warehouses">{tx.warehouses}</RowLink>
        <RowLink to="/dashboard/stocks/allocations">{tx.allocations}</RowLink>
      </Space>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={tx.list}
        rowHref={(r) => `/dashboard/stocks/${r.formatId}`}
        rowKey="formatId"
        search
        exportCsv={{ filename: 'stocks', fetchPage: fetchLevels }}
        toolbar={
          <Space wrap>
            <select
              aria-label="Entrepôt"
              value={list.state.filters.warehouseId ?? ''}
              onChange={(e) => list.setFilter('warehouseId', e.target.value ? Number(e.target.value) : undefined)}
              style={{ padding: 4 }}
            >
              <option value="">Tous les entrepôts</option>
              {(whs.data?.items ?? []).map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
            <LinkButton type="primary" to="/dashboard/stocks/add">
              {tx.add}
            </LinkButton>
          </Space>
        }
        texts={{ empty: tx.empty, emptyFiltered: tx.emptyFiltered, total: tx.total }}
      />
    </section>
  );
});
