// /dashboard/crm/lists/:id: the live count (recipients, and who cannot be mailed by reason), the members with their
// reason, members added from a client picker (static) or the filters edited (dynamic), the CSV export.
import { Button, Popconfirm, Space, Statistic, Tag } from 'antd';
import { useState } from 'react';
import type { ColumnsFor } from 'shared-kernel/kit';
import type { MarketingListMember } from 'shared-kernel/contracts';
import { UNMAILABLE_REASONS } from 'shared-kernel/contracts';
import {
  DetailLayout,
  DetailSection,
  EditDrawer,
  QueryBoundary,
  ResourceTable,
  downloadApiFile,
  useEditDrawer,
  useIdParam,
  useUrlListState,
  withQueryScope,
  useAction,
} from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { ClientPicker } from './ClientPicker';
import { membersList } from './filters';
import { ListForm } from './ListForm';
import { useDeleteList, useListDetail, useMembers, useMembersChange } from './lists.queries';
import { texts, useTexts } from './texts';

const memberColumns: ColumnsFor<MarketingListMember, typeof membersList> = [
  { key: 'name', title: texts.name, dataIndex: 'name', sortKey: 'name', cardTitle: true },
  { key: 'email', title: texts.email, dataIndex: 'email', sortKey: 'email', render: (e: string | null) => e ?? '—' },
  {
    key: 'reason',
    title: texts.reason,
    dataIndex: 'reason',
    filterKey: 'reason',
    filterOptions: (['ok', ...UNMAILABLE_REASONS] as const).map((r) => ({ value: r, label: texts.reasons[r] })),
    render: (r: MarketingListMember['reason']) => <Tag color={r ? 'orange' : 'green'}>{texts.reasons[r ?? 'ok']}</Tag>,
    csv: (m) => texts.reasons[m.reason ?? 'ok'],
  },
];

function Members({ id, isStatic }: { id: number; isStatic: boolean }) {
  const t = useTexts();
  const list = useUrlListState(membersList, { prefix: 'm_' });
  const query = useMembers(id, list.apiQuery);
  const remove = useMembersChange(id, 'remove');
  const removing = useAction({
    run: async (clientIds: number[], clear: () => void) => {
      const res = await remove.mutateAsync(clientIds);
      clear();
      return res;
    },
    success: (res) => res.message,
  });
  return (
    <ResourceTable
      list={list}
      query={query}
      columns={memberColumns}
      label={t.membersTitle}
      search
      rowKey="clientId"
      texts={{ empty: t.membersEmpty, emptyFiltered: t.membersEmpty, total: t.membersTotal }}
      selection={
        isStatic
          ? {
              actions: (rows, clear) => (
                <Button
                  danger
                  onClick={() =>
                    void removing.run(
                      rows.map((r) => r.clientId),
                      clear,
                    )
                  }
                >
                  {t.removeMembers}
                </Button>
              ),
            }
          : undefined
      }
    />
  );
}

export default withQueryScope(function ListDetailPage() {
  const t = useTexts();
  const id = useIdParam();
  const query = useListDetail(id);
  const edit = useEditDrawer();
  const [picking, setPicking] = useState(false);
  const del = useDeleteList();
  const navigate = useNavigate();
  const exporting = useAction({
    run: (listId: number) => downloadApiFile(`/marketing/lists/${listId}/export`, undefined, `liste-${listId}.csv`),
  });
  const removing = useAction({
    run: (listId: number) => del.mutateAsync(listId),
    success: t.removed,
    onDone: () => navigate('/dashboard/crm/lists'),
  });
  return (
    <QueryBoundary query={query} missing={id === null} notFound={{ backTo: '/dashboard/crm/lists', backLabel: t.back, title: t.notFound }}>
      {(l) => (
        <DetailLayout
          title={l.name}
          backTo="/dashboard/crm/lists"
          backLabel={t.back}
          actions={
            <Space wrap>
              {l.kind === 'static' && (
                <Button type="primary" onClick={() => setPicking(true)}>
                  {t.addMembers}
                </Button>
              )}
              <Button onClick={() => edit.open()}>{t.edit}</Button>
              <Button onClick={() => void exporting.run(l.id)}>{t.export}</Button>
              <Popconfirm title={t.removeConfirm} okText={t.remove} cancelText="Annuler" onConfirm={() => removing.run(l.id)}>
                <Button danger>{t.remove}</Button>
              </Popconfirm>
            </Space>
          }
          side={
            <DetailSection title={t.count.title}>
              <div data-testid="list-count" style={{ display: 'grid', gap: 8 }}>
                <Statistic title={t.count.recipients(l.count.recipients)} value={l.count.recipients} />
                <span>{t.count.total(l.count.total)}</span>
                {l.count.duplicates > 0 && <span>{t.count.duplicates(l.count.duplicates)}</span>}
                <strong>{t.count.cannot}</strong>
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {UNMAILABLE_REASONS.map((r) => (
                    <li key={r}>
                      {t.reasons[r]} : {l.count.cannotBeMailed[r]}
                    </li>
                  ))}
                </ul>
              </div>
            </DetailSection>
          }
        >
          <DetailSection title={`${t.kind} : ${t.kinds[l.kind]}`}>
            <Members id={l.id} isStatic={l.kind === 'static'} />
          </DetailSection>
          <EditDrawer {...edit.props} title={t.editTitle}>
            <ListForm list={l} onDone={edit.close} />
          </EditDrawer>
          {l.kind === 'static' && <ClientPicker listId={l.id} open={picking} onClose={() => setPicking(false)} />}
        </DetailLayout>
      )}
    </QueryBoundary>
  );
});
