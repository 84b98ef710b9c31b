// /dashboard/crm/models (and /advanced: the advanced ones) (createModel): the shop's email templates.
import { LinkButton, ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { useLocation } from 'shared-kernel/router';
import { modelColumns } from './columns';
import { modelsList } from './filters';
import { fetchModels, useModels } from './models.queries';
import { useTexts } from './texts';

export default withQueryScope(function ModelsListPage() {
  const t = useTexts();
  const advanced = useLocation().pathname.endsWith('/advanced');
  const list = useUrlListState(modelsList);
  const apiQuery = advanced ? { ...list.apiQuery, kind: 'advanced' as const } : list.apiQuery;
  const query = useModels(apiQuery);
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16, minWidth: 0 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{advanced ? t.advancedTitle : t.title}</h1>
      <ResourceTable
        list={list}
        query={query}
        columns={advanced ? modelColumns.filter((c) => c.key !== 'kind') : modelColumns}
        label={t.list}
        rowHref={(m) => `/dashboard/crm/models/${m.id}`}
        search
        exportCsv={{ filename: 'modeles', fetchPage: (q) => fetchModels(advanced ? { ...q, kind: 'advanced' } : q) }}
        toolbar={
          <LinkButton type="primary" to={advanced ? '/dashboard/crm/models/add?kind=advanced' : '/dashboard/crm/models/add'}>
            {t.add}
          </LinkButton>
        }
        texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
      />
    </section>
  );
});
