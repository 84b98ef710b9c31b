import { ANALYTICS_ACTIVITY_KINDS, type AnalyticsActivitiesRow } from 'shared-kernel/contracts';
import { withQueryScope } from 'shared-kernel/kit';
import { useActivities } from '../analytics.queries';
import { BarsChart } from '../shared/Chart';
import { DataTable } from '../shared/DataTable';
import { AnalyticsPage } from '../shared/Page';
import { usePeriod } from '../shared/period';
import { PeriodPicker } from '../shared/PeriodPicker';
import { useTexts } from '../texts';

export default withQueryScope(function ActivitiesReportPage() {
  const t = useTexts();
  const [period, setPeriod] = usePeriod();
  const query = useActivities(period);
  const data = query.data;
  const kinds = ANALYTICS_ACTIVITY_KINDS;
  return (
    <AnalyticsPage
      title={t.activities.title}
      help={t.activities.help}
      tools={<PeriodPicker value={period} onChange={setPeriod} />}
      query={query}
    >
      {data && (
        <>
          <BarsChart
            label={t.activities.title}
            data={data.rows.map((r) => ({ name: r.name, ...r.counts }))}
            x="name"
            stacked
            series={kinds.map((k) => ({ key: k, label: t.activities.kinds[k] }))}
          />
          <DataTable<AnalyticsActivitiesRow>
            caption={t.activities.title}
            filename="activites"
            rows={data.rows}
            rowKey={(r) => String(r.userId ?? 'none')}
            summary={{ userId: -1, name: t.total, counts: data.totals, total: data.totals.total }}
            columns={[
              { key: 'name', title: t.activities.person, value: (r) => r.name },
              ...kinds.map((k) => ({
                key: k,
                title: t.activities.kinds[k],
                value: (r: AnalyticsActivitiesRow) => r.counts[k],
                align: 'right' as const,
              })),
              { key: 'total', title: t.total, value: (r) => r.total, align: 'right' },
            ]}
          />
        </>
      )}
    </AnalyticsPage>
  );
});
