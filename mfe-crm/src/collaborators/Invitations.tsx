import { Alert, Button, List, Skeleton, Space, Tag } from 'antd';
import { PRESET_LABELS } from 'shared-kernel/contracts';
import { formatDate } from 'shared-kernel/domain';
import { errorMessage } from 'shared-kernel/kit';
import { confirmPopup, notify } from 'shared-kernel/runtime';
import { useInvitations, useTeamAction, type TeamKind } from './team.queries';
import { useTexts } from './texts';

/** Pending invitations of one kind, with resend and revoke (when `canWrite`). */
export function Invitations({ kind, canWrite }: { kind: TeamKind; canWrite: boolean }) {
  const t = useTexts();
  const query = useInvitations(kind);
  const action = useTeamAction();
  const run = (a: Parameters<typeof action.mutateAsync>[0]) =>
    action.mutateAsync(a).then(
      (r) => {
        notify.success(r.message);
      },
      (e: unknown) => {
        notify.error(errorMessage(e));
      },
    );
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
                    <Button key="resend" size="small" onClick={() => void run({ type: 'resend', invitationId: i.id })}>
                      {t.resend}
                    </Button>,
                    <Button
                      key="revoke"
                      size="small"
                      danger
                      onClick={() =>
                        void confirmPopup({
                          title: t.revokeTitle,
                          content: t.revokeText,
                          onOk: () => run({ type: 'revoke', invitationId: i.id }),
                        })
                      }
                    >
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
