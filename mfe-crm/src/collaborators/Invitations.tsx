import { Alert, Button, List, Skeleton, Space, Tag } from 'antd';
import { PRESET_LABELS } from 'shared-kernel/contracts';
import { formatDate } from 'shared-kernel/domain';
import { errorMessage, useAction } from 'shared-kernel/kit';
import { useInvitations, useTeamAction, type TeamKind } from './team.queries';
import { useTexts } from './texts';

/** Pending invitations of one kind, with resend and revoke (when `canWrite`). */
export function Invitations({ kind, canWrite }: { kind: TeamKind; canWrite: boolean }) {
  const t = useTexts();
  const query = useInvitations(kind);
  const action = useTeamAction();
  const resend = useAction({
    run: (invitationId: number) => action.mutateAsync({ type: 'resend', invitationId }),
    success: (r) => r.message,
  });
  const revoke = useAction({
    run: (invitationId: number) => action.mutateAsync({ type: 'revoke', invitationId }),
    confirm: { title: t.revokeTitle, content: t.revokeText },
    success: (r) => r.message,
  });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (query.isError) return <Alert type="error" showIcon title={errorMessage(query.error)} />;
  if (!query.data.length) return null;
  return (
    <section aria-label={t.invitations}>
      <h2 style={{ fontSize: 16, margin: '8px 0' }}>{t.invitations}</h2>
      <List
        bordered
        dataSource={query.data}
        renderItem={(i) => (
          <List.Item
            actions={
              canWrite
                ? [
                    <Button key="resend" size="small" onClick={() => void resend.run(i.id)}>
                      {t.resend}
                    </Button>,
                    <Button key="revoke" size="small" danger onClick={() => void revoke.run(i.id)}>
                      {t.revoke}
                    </Button>,
                  ]
                : []
            }
          >
            <Space wrap>
              <strong>{i.email}</strong>
              {kind === 'iam' ? <Tag>{PRESET_LABELS[i.preset]}</Tag> : null}
              <span>{t.invitedOn(formatDate(i.createdAt))}</span>
              {i.expired ? <Tag color="orange">{t.expired}</Tag> : null}
            </Space>
          </List.Item>
        )}
      />
    </section>
  );
}
