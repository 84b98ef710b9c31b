import { Select } from 'antd';
import { LinkButton, ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { useSuppliers } from '../../suppliers/suppliers.queries';
import { fetchPurchases, usePurchases } from '../purchases.queries';
import { useTexts } from '../texts';
import { purchaseColumns } from './columns';
import { purchasesList } from './filters';

export default withQueryScope(function PurchasesListPage() {
  const t = useTexts();
  const list = useUrlListState(purchasesList);
  const query = usePurchases(list.apiQuery);
  const suppliers = useSuppliers({ page: 1, pageSize: 100 });
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.title}</h1>
      <ResourceTable
        list={list}
        query={query}
        columns={purchaseColumns}
        label={t.list}
        rowHref={(o) => `/dashboard/purchases/${o.id}`}
        search
        exportCsv={{ filename: 'commandes-fournisseurs', fetchPage: fetchPurchases }}
        toolbar={
          <>
            <Select
              aria-label={t.supplier}
              placeholder={t.supplier}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 220 }}
              loading={suppliers.isLoading}
              value={list.state.filters.supplierId}
              onChange={(v?: number) => list.setFilter('supplierId', v)}
              options={(suppliers.data?.items ?? []).map((s) => ({ value: s.id, label: s.company }))}
            />
            <LinkButton type="primary" to="/dashboard/purchases/add">
              {t.add}
            </LinkButton>
          </>
        }
        texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
      />
    </section>
  );
});
