// /dashboard/settings?link=promotions (issue 18), below the promotion codes: the card « Programme de fidélité », the
// shop's one loyalty programme (GET / PUT /loyalty/program). A skeleton while it loads, the api's message and
// 'Réessayer' when it cannot; the form once it is there (an inactive programme without levels when never saved).
import { useId } from 'react';
import { Card } from 'antd';
import { withQueryScope } from 'shared-kernel/kit';
import { SectionFrame } from '../SectionFrame';
import { useLoyaltyProgram } from './loyalty.queries';
import { LoyaltyForm } from './LoyaltyForm';
import { useTexts } from './texts';

export const LoyaltyCard = withQueryScope(function LoyaltyCard() {
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
      <SectionFrame intro={t.intro} query={query} texts={t}>
        {(program) => <LoyaltyForm program={program} />}
      </SectionFrame>
    </Card>
  );
});
