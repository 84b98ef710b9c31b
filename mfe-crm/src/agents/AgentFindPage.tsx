import { useState } from 'react';
import { Alert, Button, Empty, Input, List, Skeleton } from 'antd';
import { DetailLayout, errorMessage, withQueryScope, useAction } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { useAgentSearch, useTeamAction } from '../collaborators/team.queries';
import { useCan } from '../collaborators/use-can';
import { useTexts } from './texts';

export default withQueryScope(function AgentFindPage() {
  const t = useTexts();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [department, setDepartment] = useState('');
  const search = useAgentSearch(q, department);
  const action = useTeamAction();
  const attach = useAction({
    run: async (userId: number) => ({ userId, answer: await action.mutateAsync({ type: 'attach', userId }) }),
    success: (r) => r.answer.message,
    onDone: (r) => navigate(`/dashboard/agents/${r.userId}`),
  });
  const canWrite = useCan('createAgent');
  return (
    <DetailLayout title={t.findTitle} backTo="/dashboard/agents" backLabel={t.back}>
      <p style={{ marginTop: 0 }}>{t.findIntro}</p>
      <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', marginBottom: 16 }}>
        <label>
          {t.search}
          <Input.Search allowClear value={q} onChange={(e) => setQ(e.target.value)} aria-label={t.search} />
        </label>
        <label>
          {t.department}
          <Input
            allowClear
            value={department}
            onChange={(e) => setDepartment(e.target.value)}
            aria-label={t.department}
            placeholder={t.departmentHelp}
            maxLength={3}
          />
        </label>
      </div>
      {search.fetchStatus === 'idle' && search.isPending ? (
        <p>{t.searchHint}</p>
      ) : search.isPending ? (
        <Skeleton active />
      ) : search.isError ? (
        <Alert type="error" showIcon title={errorMessage(search.error)} />
      ) : !search.data.length ? (
        <Empty description={t.noResult} />
      ) : (
        <List
          bordered
          dataSource={search.data}
          renderItem={(a) => (
            <List.Item
              actions={
                canWrite
                  ? [
                      <Button
                        key="attach"
                        type="primary"
                        loading={attach.pending && action.variables?.type === 'attach' && action.variables.userId === a.id}
                        onClick={() => void attach.run(a.id)}
                      >
                        {t.attach}
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={a.name}
                description={`${a.email} · ${a.department ? `${t.department} ${a.department}` : t.unknownDepartment}${a.city ? ` (${a.city})` : ''}`}
              />
            </List.Item>
          )}
        />
      )}
    </DetailLayout>
  );
});
