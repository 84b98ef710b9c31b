// /dashboard/settings?link=promotions, below the promotion codes: the card « Programme de fidélité », the
// shop's one loyalty programme (GET / PUT /loyalty/program). A skeleton while it loads, the api's message and
// 'Réessayer' when it cannot; the form once it is there (an inactive programme without levels when never saved),
// read-only for an iam who may read it but not change it (section-access.ts).
import { useId } from 'react';
import { Alert, Card } from 'antd';
import { PERMISSION_LABELS } from 'shared-kernel/contracts';
import { withQueryScope, SectionFrame } from 'shared-kernel/kit';
import { LOYALTY_PROGRAM_ACCESS, useAccess } from '../section-access';
import { useLoyaltyProgram } from './loyalty.queries';
import { LoyaltyForm } from './LoyaltyForm';
import { useTexts } from './texts';

/**
 * Shown to those who may read the programme (owner, iam with createCampaign or seeAllClient), read-only without
 * createCampaign; nothing, and no request, for the others.
 */
export const LoyaltyCard = withQueryScope(function LoyaltyCard() {
  const rights = useAccess(LOYALTY_PROGRAM_ACCESS);
  return rights.read ? <Loyalty canEdit={rights.write} /> : null;
});

function Loyalty({ canEdit }: { canEdit: boolean }) {
  const t = useTexts();
  const titleId = useId();
  const query = useLoyaltyProgram();
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      style={{ maxWidth: 1000 }}
      title={
        <h2 id={titleId} style={{ margin: 0, fontSize: 16 }}>
          {t.title}
        </h2>
      }
    >
      {!canEdit && <Alert type="info" showIcon title={t.readOnly(PERMISSION_LABELS.createCampaign)} style={{ marginBottom: 12 }} />}
      <SectionFrame intro={t.intro} query={query} texts={t}>
        {(program) => <LoyaltyForm program={program} readOnly={!canEdit} />}
      </SectionFrame>
    </Card>
  );
}
