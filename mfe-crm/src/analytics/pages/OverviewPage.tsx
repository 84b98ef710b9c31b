import { Card, Statistic } from 'antd';
import { formatCents } from 'shared-kernel/domain';
import { LinkButton, withQueryScope } from 'shared-kernel/kit';
import type { AnalyticsOverview } from 'shared-kernel/contracts';
import { useOverview } from '../analytics.queries';
import { BarsChart } from '../shared/Chart';
import { DataTable, euros } from '../shared/DataTable';
import { AnalyticsPage } from '../shared/Page';
import { monthLabel, usePeriod } from '../shared/period';
import { PeriodPicker } from '../shared/PeriodPicker';
import { useTexts } from '../texts';

type Month = AnalyticsOverview['months'][number];
type Product = AnalyticsOverview['topProducts'][number];
type Client = AnalyticsOverview['topClients'][number];

export default withQueryScope(function AnalyticsOverviewPage() {
  const t = useTexts();
  const [period, setPeriod] = usePeriod();
  const query = useOverview(period);
  const data = query.data;
  const links: [string, string][] = [
    ['/dashboard/analytics/activities', t.links.activities],
    ['/dashboard/analytics/budget', t.links.budget],
    ['/dashboard/analytics/campaigns', t.links.campaigns],
    ['/dashboard/analytics/custom', t.links.custom],
    ['/dashboard/analytics/objectives', t.links.objectives],
    ['/dashboard/analytics/commissions', t.links.commissions],
  ];
  return (
    <AnalyticsPage
      title={t.title}
      help={t.revenueHelp}
      back={false}
      tools={<PeriodPicker value={period} onChange={setPeriod} />}
      query={query}
    >
      <nav aria-label={t.title} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {links.map(([to, label]) => (
          <LinkButton key={to} to={to}>
            {label}
          </LinkButton>
        ))}
      </nav>
      {data && (
        <>
          <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' }}>
            <Card size="small">
              <Statistic title={t.kpis.revenue} value={formatCents(data.kpis.revenueCents)} />
            </Card>
            <Card size="small">
              <Statistic title={t.kpis.orders} value={data.kpis.orders} />
            </Card>
            <Card size="small">
              <Statistic title={t.kpis.basket} value={formatCents(data.kpis.averageBasketCents)} />
            </Card>
          </div>
          <BarsChart
            label={t.overview.perMonth}
            data={data.months.map((m) => ({ ...m, label: monthLabel(m.month), euros: m.revenueCents / 100 }))}
            x="label"
            series={[{ key: 'euros', label: t.revenue }]}
            format={(v) => formatCents(Math.round(v * 100))}
          />
          <DataTable<Month>
            caption={t.overview.perMonth}
            filename="ca-par-mois"
            rows={data.months}
            rowKey={(m) => m.month}
            summary={{ month: t.total, revenueCents: data.kpis.revenueCents, orders: data.kpis.orders }}
            columns={[
              { key: 'month', title: t.month, value: (m) => (m.month === t.total ? m.month : monthLabel(m.month)) },
              { key: 'orders', title: t.orders, value: (m) => m.orders, align: 'right' },
              {
                key: 'revenue',
                title: t.revenue,
                value: (m) => euros(m.revenueCents),
                render: (m) => formatCents(m.revenueCents),
                align: 'right',
              },
            ]}
          />
          <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' }}>
            <DataTable<Product>
              caption={t.overview.topProducts}
              filename="meilleurs-produits"
              rows={data.topProducts}
              rowKey={(p) => `${p.productId ?? ''}-${p.name}`}
              columns={[
                { key: 'name', title: t.overview.product, value: (p) => p.name },
                { key: 'quantity', title: t.quantity, value: (p) => p.quantity, align: 'right' },
                {
                  key: 'revenue',
                  title: t.revenue,
                  value: (p) => euros(p.revenueCents),
                  render: (p) => formatCents(p.revenueCents),
                  align: 'right',
                },
              ]}
            />
            <DataTable<Client>
              caption={t.overview.topClients}
              filename="meilleurs-clients"
              rows={data.topClients}
              rowKey={(c) => c.key}
              columns={[
                { key: 'name', title: t.overview.client, value: (c) => c.name },
                { key: 'orders', title: t.orders, value: (c) => c.orders, align: 'right' },
                {
                  key: 'revenue',
                  title: t.revenue,
                  value: (c) => euros(c.revenueCents),
                  render: (c) => formatCents(c.revenueCents),
                  align: 'right',
                },
              ]}
            />
          </div>
        </>
      )}
    </AnalyticsPage>
  );
});
