import { LinkButton, ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { useCan } from './use-can';
import { collaboratorColumns } from './columns';
import { membersList } from './filters';
import { Invitations } from './Invitations';
import { fetchCollaborators, useCollaborators } from './team.queries';
import { useTexts } from './texts';

export default withQueryScope(function CollaboratorsListPage() {
  const t = useTexts();
  const list = useUrlListState(membersList);
  const query = useCollaborators(list.apiQuery);
  const canWrite = useCan('createCollaborator');
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.title}</h1>
      <ResourceTable
        list={list}
        query={query}
        columns={collaboratorColumns}
        label={t.list}
        rowHref={(m) => `/dashboard/collaborators/${m.id}`}
        search
        exportCsv={{ filename: 'collaborateurs', fetchPage: fetchCollaborators }}
        toolbar={
          canWrite ? (
            <LinkButton type="primary" to="/dashboard/collaborators/add">
              {t.add}
            </LinkButton>
          ) : undefined
        }
        texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
      />
      <Invitations kind="iam" canWrite={canWrite} />
    </section>
  );
});
