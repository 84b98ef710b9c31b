// /dashboard/analytics/campaigns (campaignsAnalytics): the campaigns sent over the period — KPI cards, opens and clicks
// per month, the campaigns with their rates (GET /v1/analytics/campaigns, counted as the campaign page counts them).
import { Card, Empty, Statistic } from 'antd';
import type { AnalyticsCampaignRow } from 'shared-kernel/contracts';
import { currentShopId, formatDate, hasPermission, shopModuleActive } from 'shared-kernel/domain';
import { LinkButton, withQueryScope } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { useSession } from 'shared-kernel/runtime';
import { useCampaigns } from '../analytics.queries';
import { BarsChart } from '../shared/Chart';
import { DataTable } from '../shared/DataTable';
import { AnalyticsPage } from '../shared/Page';
import { monthLabel, usePeriod } from '../shared/period';
import { PeriodPicker } from '../shared/PeriodPicker';
import { useTexts } from '../texts';

/** 0.6251 → 62.5 (the CSV: a number, decimal comma added by the kit). */
const percent = (r: number) => Math.round(r * 1000) / 10;

/** The id of the totals row of the table (campaign ids start at 1). */
const TOTAL = 0;

/** Whether the viewer may open the campaign screens (/dashboard/crm/campaigns*: createCampaign, module campaigns on). */
function useCanOpenCampaigns(): boolean {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  return shopModuleActive(shop, 'campaigns') && hasPermission(user, currentShopId(user, shop), 'createCampaign');
}

export default withQueryScope(function CampaignsReportPage() {
  const t = useTexts();
  const c = t.campaigns;
  const [period, setPeriod] = usePeriod();
  const query = useCampaigns(period);
  const canOpen = useCanOpenCampaigns();
  const data = query.data;
  return (
    <AnalyticsPage title={c.title} help={c.help} tools={<PeriodPicker value={period} onChange={setPeriod} />} query={query}>
      {data && data.items.length === 0 && (
        <Empty description={c.empty}>
          {canOpen && (
            <LinkButton type="primary" to="/dashboard/crm/campaigns/add">
              {c.create}
            </LinkButton>
          )}
        </Empty>
      )}
      {data && data.items.length > 0 && (
        <>
          <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}>
            <Card size="small">
              <Statistic title={c.kpis.campaigns} value={data.totals.campaigns} />
            </Card>
            <Card size="small">
              <Statistic title={c.kpis.delivered} value={data.totals.delivered} />
            </Card>
            <Card size="small">
              <Statistic title={c.kpis.openRate} value={c.rate(data.totals.openRate)} />
            </Card>
            <Card size="small">
              <Statistic title={c.kpis.clickRate} value={c.rate(data.totals.clickRate)} />
            </Card>
            <Card size="small">
              <Statistic title={c.kpis.unsubscribed} value={data.totals.unsubscribed} />
            </Card>
          </div>
          <BarsChart
            label={c.perMonth}
            data={data.months.map((m) => ({ label: monthLabel(m.month), opened: m.opened, clicked: m.clicked }))}
            x="label"
            series={[
              { key: 'opened', label: c.opened },
              { key: 'clicked', label: c.clicked },
            ]}
          />
          <DataTable<AnalyticsCampaignRow>
            caption={c.list}
            filename="campagnes"
            rows={data.items}
            rowKey={(r) => r.id}
            summary={{
              ...data.totals,
              id: TOTAL,
              name: t.total,
              subject: '',
              status: 'sent',
              startedAt: null,
              sentAt: null,
            }}
            columns={[
              {
                key: 'name',
                title: c.campaign,
                value: (r) => r.name,
                render: (r) => (r.id !== TOTAL && canOpen ? <Link to={`/dashboard/crm/campaigns/${r.id}`}>{r.name}</Link> : r.name),
              },
              { key: 'subject', title: c.subject, value: (r) => r.subject },
              {
                key: 'date',
                title: c.date,
                value: (r) => {
                  if (r.id === TOTAL) return '';
                  return r.sentAt ? formatDate(r.sentAt) : `${formatDate(r.startedAt)} (${c.sending})`;
                },
              },
              { key: 'recipients', title: c.recipients, value: (r) => r.recipients, align: 'right' },
              { key: 'delivered', title: c.delivered, value: (r) => r.delivered, align: 'right' },
              { key: 'failed', title: c.failed, value: (r) => r.failed + r.bounced, align: 'right' },
              { key: 'opened', title: c.opened, value: (r) => r.opened, align: 'right' },
              {
                key: 'openRate',
                title: c.openRate,
                value: (r) => percent(r.openRate),
                render: (r) => c.rate(r.openRate),
                align: 'right',
              },
              { key: 'clicked', title: c.clicked, value: (r) => r.clicked, align: 'right' },
              {
                key: 'clickRate',
                title: c.clickRate,
                value: (r) => percent(r.clickRate),
                render: (r) => c.rate(r.clickRate),
                align: 'right',
              },
              { key: 'unsubscribed', title: c.unsubscribed, value: (r) => r.unsubscribed, align: 'right' },
              {
                key: 'unsubscribeRate',
                title: c.unsubscribeRate,
                value: (r) => percent(r.unsubscribeRate),
                render: (r) => c.rate(r.unsubscribeRate),
                align: 'right',
              },
            ]}
          />
        </>
      )}
    </AnalyticsPage>
  );
});
