import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { PERMISSIONS, PRESET_LABELS, type Permission, type TeamMember } from 'shared-kernel/contracts';
import { formatDate } from 'shared-kernel/domain';
import { DetailLayout, DetailSection, QueryBoundary, errorMessage, useIdParam, withQueryScope } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { confirmPopup, notify } from 'shared-kernel/runtime';
import { statusTag } from './columns';
import { PermissionMatrix } from './PermissionMatrix';
import { useCollaborator, useTeamAction } from './team.queries';
import { useTexts } from './texts';
import { useCan, useMyId } from './use-can';

/** Suspend / reactivate / remove buttons of a member (collaborator or agent) and their pending invitation. */
export function MemberActions({ member, listPath }: { member: TeamMember; listPath: string }) {
  const t = useTexts();
  const navigate = useNavigate();
  const action = useTeamAction();
  const run = (a: Parameters<typeof action.mutateAsync>[0], after?: () => void) =>
    action.mutateAsync(a).then(
      (r) => {
        notify.success(r.message);
        after?.();
      },
      (e: unknown) => {
        notify.error(errorMessage(e));
      },
    );
  const { kind, id } = member;
  return (
    <Space wrap>
      {member.invitation ? (
        <Button onClick={() => void run({ type: 'resend', invitationId: member.invitation!.id })}>{t.resend}</Button>
      ) : null}
      {member.status === 'suspended' ? (
        <Button onClick={() => void run({ type: 'reactivate', kind, id })}>{t.reactivate}</Button>
      ) : (
        <Button
          onClick={() =>
            void confirmPopup({ title: t.suspendTitle, content: t.suspendText, onOk: () => run({ type: 'suspend', kind, id }) })
          }
        >
          {t.suspend}
        </Button>
      )}
      <Button
        danger
        onClick={() =>
          void confirmPopup({
            title: t.removeTitle,
            content: t.removeText,
            onOk: () => run({ type: 'remove', kind, id }, () => navigate(listPath)),
          })
        }
      >
        {t.remove}
      </Button>
    </Space>
  );
}

function RightsEditor({ member, canWrite }: { member: TeamMember; canWrite: boolean }) {
  const t = useTexts();
  const action = useTeamAction();
  const [value, setValue] = useState<Permission[]>(member.permissions);
  const [base, setBase] = useState(member.permissions);
  if (base !== member.permissions) {
    // the member was refreshed (after a save): follow it
    setBase(member.permissions);
    setValue(member.permissions);
  }
  const dirty = value.length !== member.permissions.length || value.some((f) => !member.permissions.includes(f));
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <PermissionMatrix value={value} onChange={setValue} disabled={!canWrite || action.isPending} />
      {canWrite ? (
        <div>
          <Button
            type="primary"
            disabled={!dirty}
            loading={action.isPending}
            onClick={() =>
              action.mutateAsync({ type: 'permissions', id: member.id, permissions: value }).then(
                (r) => {
                  notify.success(r.message);
                },
                (e: unknown) => {
                  notify.error(errorMessage(e));
                },
              )
            }
          >
            {t.saveRights}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

export default withQueryScope(function CollaboratorDetailPage() {
  const t = useTexts();
  const id = useIdParam();
  const query = useCollaborator(id);
  const canWrite = useCan('createCollaborator');
  const me = useMyId();
  return (
    <QueryBoundary
      query={query}
      missing={id === null}
      notFound={{ backTo: '/dashboard/collaborators', backLabel: t.back, title: t.notFound }}
    >
      {(m) => {
        const self = m.id === me;
        return (
          <DetailLayout
            title={m.name}
            backTo="/dashboard/collaborators"
            backLabel={t.back}
            actions={canWrite && !self ? <MemberActions member={m} listPath="/dashboard/collaborators" /> : undefined}
            side={
              <DetailSection title={t.identity}>
                <div style={{ display: 'grid', gap: 4 }}>
                  <div>{statusTag(m.status)}</div>
                  <div>
                    {t.email} : <a href={`mailto:${m.email}`}>{m.email}</a>
                  </div>
                  {m.phone ? (
                    <div>
                      {t.phone} : {m.phone}
                    </div>
                  ) : null}
                  <div>
                    {t.since} {formatDate(m.since)}
                  </div>
                  <div>
                    {t.preset} : {PRESET_LABELS[m.preset]} · {t.granted(m.permissions.length, PERMISSIONS.length)}
                  </div>
                  {m.invitation ? <div>{t.invitationPending(formatDate(m.invitation.createdAt))}</div> : null}
                </div>
              </DetailSection>
            }
          >
            <DetailSection title={t.rights}>
              {self ? <Alert type="info" showIcon title={t.ownRights} style={{ marginBottom: 12 }} /> : null}
              <RightsEditor member={m} canWrite={canWrite && !self} />
            </DetailSection>
          </DetailLayout>
        );
      }}
    </QueryBoundary>
  );
});
