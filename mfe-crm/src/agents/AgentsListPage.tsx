import { Space } from 'antd';
import { MEMBER_STATUS_LABELS, type AgentListItem, type MemberStatus } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { LinkButton, ResourceTable, RowLink, useUrlListState, withQueryScope, type ColumnsFor } from 'shared-kernel/kit';
import { statusOptions, statusTag } from '../collaborators/columns';
import { membersList } from '../collaborators/filters';
import { Invitations } from '../collaborators/Invitations';
import { fetchAgents, useAgents } from '../collaborators/team.queries';
import { useCan } from '../collaborators/use-can';
import { texts as t, useTexts } from './texts';

const columns: ColumnsFor<AgentListItem, typeof membersList> = [
  {
    key: 'name',
    title: t.name,
    dataIndex: 'name',
    sortKey: 'name',
    cardTitle: true,
    render: (name: string, a) => <RowLink to={`/dashboard/agents/${a.id}`}>{name}</RowLink>,
  },
  { key: 'email', title: t.email, dataIndex: 'email' },
  {
    key: 'status',
    title: t.status,
    dataIndex: 'status',
    filterKey: 'status',
    filterOptions: statusOptions,
    render: (s: MemberStatus) => statusTag(s),
    csv: (a) => MEMBER_STATUS_LABELS[a.status],
  },
  { key: 'clientsCount', title: t.clients, dataIndex: 'clientsCount', align: 'right' },
  { key: 'ordersCount', title: t.orders, dataIndex: 'ordersCount', align: 'right' },
  {
    key: 'revenueHT',
    title: t.revenue,
    dataIndex: 'revenueHT',
    align: 'right',
    render: (c: number) => formatCents(c),
    csv: (a) => a.revenueHT / 100,
  },
];

export default withQueryScope(function AgentsListPage() {
  const tx = useTexts();
  const list = useUrlListState(membersList);
  const query = useAgents(list.apiQuery);
  const canWrite = useCan('createAgent');
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{tx.title}</h1>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={tx.list}
        rowHref={(a) => `/dashboard/agents/${a.id}`}
        search
        exportCsv={{ filename: 'agents', fetchPage: fetchAgents }}
        toolbar={
          <Space wrap>
            <LinkButton to="/dashboard/agents/find">{tx.find}</LinkButton>
            {canWrite ? (
              <LinkButton type="primary" to="/dashboard/agents/add">
                {tx.add}
              </LinkButton>
            ) : null}
          </Space>
        }
        texts={{ empty: tx.empty, emptyFiltered: tx.emptyFiltered, total: tx.total }}
      />
      <Invitations kind="agent" canWrite={canWrite} />
    </section>
  );
});
