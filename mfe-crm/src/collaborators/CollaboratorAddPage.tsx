import { PRESET_DEFINITIONS } from 'shared-kernel/contracts';
import { DetailLayout, withQueryScope } from 'shared-kernel/kit';
import { InviteForm } from './InviteForm';
import { useInviteCollaborator } from './team.queries';
import { useTexts } from './texts';

export default withQueryScope(function CollaboratorAddPage() {
  const t = useTexts();
  const invite = useInviteCollaborator();
  return (
    <DetailLayout title={t.inviteTitle} backTo="/dashboard/collaborators" backLabel={t.back}>
      <InviteForm
        kind="iam"
        intro={t.inviteIntro}
        detailPath="/dashboard/collaborators"
        initial={[...PRESET_DEFINITIONS.commercial.flags]}
        send={(input) => invite.mutateAsync(input)}
      />
    </DetailLayout>
  );
});
