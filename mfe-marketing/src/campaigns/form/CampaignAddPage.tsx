// /dashboard/crm/campaigns/add (createCampaign): a new campaign, saved as a draft; tested, sent or scheduled from its page.
import { withQueryScope } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { useLayoutMode } from 'shared-kernel/runtime';
import { useTexts } from '../texts';
import { CampaignForm } from './CampaignForm';

export default withQueryScope(function CampaignAddPage() {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  return (
    <section style={{ display: 'grid', gap: 16, padding: mobile ? 12 : 16, minWidth: 0 }}>
      <Link to="/dashboard/crm/campaigns" style={{ width: 'fit-content' }}>
        ← {t.back}
      </Link>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.form.addTitle}</h1>
      <CampaignForm />
    </section>
  );
});
