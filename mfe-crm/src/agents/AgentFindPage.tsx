import { useState } from 'react';
import { Alert, Button, Empty, Input, List, Skeleton } from 'antd';
import { DetailLayout, errorMessage, withQueryScope } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { notify } from 'shared-kernel/runtime';
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
                        loading={action.isPending && action.variables?.type === 'attach' && action.variables.userId === a.id}
                        onClick={() =>
                          action.mutateAsync({ type: 'attach', userId: a.id }).then(
                            (r) => {
                              notify.success(r.message);
                              navigate(`/dashboard/agents/${a.id}`);
                            },
                            (e: unknown) => {
                              notify.error(errorMessage(e));
                            },
                          )
                        }
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
