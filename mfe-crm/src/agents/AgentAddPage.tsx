import { DetailLayout, withQueryScope } from 'shared-kernel/kit';
import { InviteForm } from '../collaborators/InviteForm';
import { useInviteAgent } from '../collaborators/team.queries';
import { useTexts } from './texts';

export default withQueryScope(function AgentAddPage() {
  const t = useTexts();
  const invite = useInviteAgent();
  return (
    <DetailLayout title={t.inviteTitle} backTo="/dashboard/agents" backLabel={t.back}>
      <InviteForm
        kind="agent"
        intro={t.inviteIntro}
        detailPath="/dashboard/agents"
        send={({ email, firstname, lastname }) => invite.mutateAsync({ email, firstname, lastname })}
      />
    </DetailLayout>
  );
});
