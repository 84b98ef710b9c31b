import { Empty, List, Table } from 'antd';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { DetailLayout, DetailSection, LinkButton, QueryBoundary, useIdParam, withQueryScope } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import type { AgentDetail } from 'shared-kernel/contracts';
import { StatusTag } from 'shared-kernel/ui';
import { statusTag } from '../collaborators/columns';
import { MemberActions } from '../collaborators/CollaboratorDetailPage';
import { useAgent } from '../collaborators/team.queries';
import { useCan } from '../collaborators/use-can';
import { useTexts } from './texts';

export default withQueryScope(function AgentDetailPage() {
  const t = useTexts();
  const id = useIdParam();
  const query = useAgent(id);
  const canWrite = useCan('createAgent');
  return (
    <QueryBoundary query={query} missing={id === null} notFound={{ backTo: '/dashboard/agents', backLabel: t.back, title: t.notFound }}>
      {(a: AgentDetail) => (
        <DetailLayout
          title={a.name}
          backTo="/dashboard/agents"
          backLabel={t.back}
          actions={canWrite ? <MemberActions member={a} listPath="/dashboard/agents" /> : undefined}
          side={
            <DetailSection title={t.identity}>
              <div style={{ display: 'grid', gap: 4 }}>
                <div>{statusTag(a.status)}</div>
                <div>
                  {t.email} : <a href={`mailto:${a.email}`}>{a.email}</a>
                </div>
                {a.phone ? (
                  <div>
                    {t.phone} : {a.phone}
                  </div>
                ) : null}
                <div>
                  {t.department} : {a.department ?? t.unknownDepartment}
                </div>
                <div>
                  {t.since} {formatDate(a.since)}
                </div>
                <div>{t.stats(a.ordersCount, formatCents(a.revenueHT))}</div>
                <LinkButton to={`/dashboard/analytics/commissions?agentId=${a.id}`}>{t.commissions}</LinkButton>
              </div>
            </DetailSection>
          }
        >
          <DetailSection title={`${t.assignedClients} (${a.clients.length})`}>
            {a.clients.length ? (
              <List
                size="small"
                dataSource={a.clients}
                renderItem={(c) => (
                  <List.Item>
                    <Link to={`/dashboard/clients/${c.id}`}>{c.name}</Link>
                    {c.city ? ` · ${c.city}` : ''}
                  </List.Item>
                )}
              />
            ) : (
              <Empty description={t.noClients} />
            )}
          </DetailSection>
          <DetailSection title={t.creditedOrders}>
            <Table
              size="small"
              rowKey="id"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              scroll={{ x: true }}
              locale={{ emptyText: t.noOrders }}
              dataSource={a.orders}
              columns={[
                {
                  key: 'number',
                  title: 'N°',
                  dataIndex: 'number',
                  render: (n: string, o) => <Link to={`/dashboard/orders/${o.id}`}>{n}</Link>,
                },
                { key: 'createdAt', title: 'Date', dataIndex: 'createdAt', render: (d: string) => formatDate(d) },
                { key: 'buyerName', title: 'Client', dataIndex: 'buyerName' },
                { key: 'status', title: 'Statut', dataIndex: 'status', render: (s: string) => <StatusTag kind="order" status={s} /> },
                { key: 'totalHT', title: 'Total HT', dataIndex: 'totalHT', align: 'right', render: (c: number) => formatCents(c) },
              ]}
            />
          </DetailSection>
        </DetailLayout>
      )}
    </QueryBoundary>
  );
});
