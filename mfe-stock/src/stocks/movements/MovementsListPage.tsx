// /dashboard/stocks/movements: every movement, filters (warehouse, kind, format, dates), CSV, sorted by date.
import { Input, Space } from 'antd';
import { LinkButton, ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { movementsList } from '../list/filters';
import { fetchMovements, useAllWarehouses, useMovements } from '../stocks.queries';
import { useTexts } from '../texts';
import { movementColumns } from './columns';

export default withQueryScope(function MovementsListPage() {
  const t = useTexts();
  const list = useUrlListState(movementsList);
  const query = useMovements(list.apiQuery);
  const whs = useAllWarehouses();
  const f = list.state.filters;
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.movements}</h1>
      <ResourceTable
        list={list}
        query={query}
        columns={movementColumns}
        label={t.movementsList}
        search
        exportCsv={{ filename: 'mouvements-de-stock', fetchPage: fetchMovements }}
        toolbar={
          <Space wrap>
            <select
              aria-label={t.warehouse}
              value={f.warehouseId ?? ''}
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
            <label>
              Du{' '}
              <Input
                type="date"
                aria-label="Du"
                value={f.from ?? ''}
                onChange={(e) => list.setFilter('from', e.target.value || undefined)}
                style={{ width: 150 }}
              />
            </label>
            <label>
              au{' '}
              <Input
                type="date"
                aria-label="Au"
                value={f.to ?? ''}
                onChange={(e) => list.setFilter('to', e.target.value || undefined)}
                style={{ width: 150 }}
              />
            </label>
            <LinkButton type="primary" to="/dashboard/stocks/add">
              {t.add}
            </LinkButton>
          </Space>
        }
        texts={{ empty: t.movementsEmpty, emptyFiltered: t.movementsEmptyFiltered, total: t.movementsTotal }}
      />
    </section>
  );
});
