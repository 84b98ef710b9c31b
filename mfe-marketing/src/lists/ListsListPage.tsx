// /dashboard/crm/lists (createList): the shop's client lists, static or dynamic.
import { LinkButton, ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { listColumns } from './columns';
import { listsList } from './filters';
import { fetchLists, useLists } from './lists.queries';
import { useTexts } from './texts';

export default withQueryScope(function ListsListPage() {
  const t = useTexts();
  const list = useUrlListState(listsList);
  const query = useLists(list.apiQuery);
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16, minWidth: 0 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.title}</h1>
      <ResourceTable
        list={list}
        query={query}
        columns={listColumns}
        label={t.list}
        rowHref={(l) => `/dashboard/crm/lists/${l.id}`}
        search
        exportCsv={{ filename: 'listes', fetchPage: fetchLists }}
        toolbar={
          <LinkButton type="primary" to="/dashboard/crm/lists/add">
            {t.add}
          </LinkButton>
        }
        texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
      />
    </section>
  );
});
