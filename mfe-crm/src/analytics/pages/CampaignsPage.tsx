import { Empty } from 'antd';
import { withQueryScope } from 'shared-kernel/kit';
import { useCampaigns } from '../analytics.queries';
import { AnalyticsPage } from '../shared/Page';
import { useTexts } from '../texts';

export default withQueryScope(function CampaignsReportPage() {
  const t = useTexts();
  const query = useCampaigns();
  return (
    <AnalyticsPage title={t.campaigns.title} query={query}>
      <Empty description={t.campaigns.empty} />
    </AnalyticsPage>
  );
});
