import { LinkButton, ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { fetchSuppliers, useSuppliers } from '../suppliers.queries';
import { useTexts } from '../texts';
import { supplierColumns } from './columns';
import { suppliersList } from './filters';

export default withQueryScope(function SuppliersListPage() {
  const t = useTexts();
  const list = useUrlListState(suppliersList);
  const query = useSuppliers(list.apiQuery);
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.title}</h1>
      <ResourceTable
        list={list}
        query={query}
        columns={supplierColumns}
        label={t.list}
        rowHref={(s) => `/dashboard/suppliers/${s.id}`}
        search
        exportCsv={{ filename: 'fournisseurs', fetchPage: fetchSuppliers }}
        toolbar={
          <LinkButton type="primary" to="/dashboard/suppliers/add">
            {t.add}
          </LinkButton>
        }
        texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
      />
    </section>
  );
});
