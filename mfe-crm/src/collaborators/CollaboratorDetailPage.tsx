import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { PERMISSIONS, PRESET_LABELS, type Permission, type TeamMember } from 'shared-kernel/contracts';
import { formatDate } from 'shared-kernel/domain';
import { DetailLayout, DetailSection, QueryBoundary, useIdParam, withQueryScope, useAction, useDeleteAction } from 'shared-kernel/kit';
import { statusTag } from './columns';
import { PermissionMatrix } from './PermissionMatrix';
import { useCollaborator, useTeamAction } from './team.queries';
import { useTexts } from './texts';
import { useCan, useMyId } from './use-can';

/** Suspend / reactivate / remove buttons of a member (collaborator or agent) and their pending invitation. */
export function MemberActions({ member, listPath }: { member: TeamMember; listPath: string }) {
  const t = useTexts();
  const action = useTeamAction();
  const { kind, id } = member;
  const act = useAction({ run: (a: Parameters<typeof action.mutateAsync>[0]) => action.mutateAsync(a), success: (r) => r.message });
  const suspend = useAction({
    run: () => action.mutateAsync({ type: 'suspend', kind, id }),
    confirm: { title: t.suspendTitle, content: t.suspendText },
    success: (r) => r.message,
  });
  const remove = useDeleteAction({
    run: () => action.mutateAsync({ type: 'remove', kind, id }),
    title: t.removeTitle,
    content: t.removeText,
    success: (r) => r.message,
    backTo: listPath,
  });
  return (
    <Space wrap>
      {member.invitation ? (
        <Button onClick={() => void act.run({ type: 'resend', invitationId: member.invitation!.id })}>{t.resend}</Button>
      ) : null}
      {member.status === 'suspended' ? (
        <Button onClick={() => void act.run({ type: 'reactivate', kind, id })}>{t.reactivate}</Button>
      ) : (
        <Button onClick={() => void suspend.run()}>{t.suspend}</Button>
      )}
      <Button danger onClick={() => void remove.run()}>
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
  const saving = useAction({
    run: (permissions: Permission[]) => action.mutateAsync({ type: 'permissions', id: member.id, permissions }),
    success: (r) => r.message,
  });
  const dirty = value.length !== member.permissions.length || value.some((f) => !member.permissions.includes(f));
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <PermissionMatrix value={value} onChange={setValue} disabled={!canWrite || saving.pending} />
      {canWrite ? (
        <div>
          <Button type="primary" disabled={!dirty} loading={saving.pending} onClick={() => void saving.run(value)}>
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
