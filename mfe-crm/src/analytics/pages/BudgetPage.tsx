import { Alert, InputNumber, Select } from 'antd';
import { useState } from 'react';
import type { AnalyticsBudgetMonth } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { withQueryScope, useAction } from 'shared-kernel/kit';
import { useBudget, useSetBudget } from '../analytics.queries';
import { BarsChart } from '../shared/Chart';
import { DataTable, euros } from '../shared/DataTable';
import { AnalyticsPage } from '../shared/Page';
import { monthLabel } from '../shared/period';
import { useTexts } from '../texts';

const pct = (p: number | null) => (p === null ? '—' : `${String(p).replace('.', ',')} %`);

export default withQueryScope(function BudgetPage() {
  const t = useTexts();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const query = useBudget(year);
  const save = useSetBudget();
  const data = query.data;
  const saving = useAction({
    run: (input: { month: string; targetCents: number | null }) => save.mutateAsync(input),
    success: t.budget.saved,
  });

  const onTarget = (month: string, euro: number | null, before: number | null) => {
    const targetCents = euro === null ? null : Math.round(euro * 100);
    if (targetCents === before) return;
    void saving.run({ month, targetCents });
  };

  return (
    <AnalyticsPage
      title={t.budget.title}
      help={t.revenueHelp}
      query={query}
      tools={
        <Select
          aria-label={t.budget.year}
          value={year}
          onChange={setYear}
          options={[thisYear - 2, thisYear - 1, thisYear, thisYear + 1].map((y) => ({ value: y, label: String(y) }))}
          style={{ width: 110 }}
        />
      }
    >
      {data && (
        <>
          {!data.canEdit && <Alert type="info" showIcon title={t.budget.readOnly} />}
          <BarsChart
            label={t.budget.chart}
            data={data.months.map((m) => ({ label: monthLabel(m.month), target: (m.targetCents ?? 0) / 100, actual: m.actualCents / 100 }))}
            x="label"
            series={[
              { key: 'target', label: t.budget.target },
              { key: 'actual', label: t.budget.actual },
            ]}
            format={(v) => formatCents(Math.round(v * 100))}
          />
          <DataTable<AnalyticsBudgetMonth>
            caption={t.budget.chart}
            filename={`budget-${year}`}
            rows={data.months}
            rowKey={(m) => m.month}
            summary={{
              month: t.total,
              targetCents: data.totals.targetCents,
              actualCents: data.totals.actualCents,
              percent: data.totals.percent,
            }}
            columns={[
              { key: 'month', title: t.month, value: (m) => (m.month === t.total ? m.month : monthLabel(m.month)) },
              {
                key: 'target',
                title: t.budget.target,
                align: 'right',
                value: (m) => euros(m.targetCents),
                render: (m) =>
                  data.canEdit && m.month !== t.total ? (
                    <InputNumber<number>
                      key={`${m.month}-${m.targetCents ?? ''}`}
                      aria-label={t.budget.edit(monthLabel(m.month))}
                      defaultValue={m.targetCents === null ? undefined : m.targetCents / 100}
                      min={0}
                      step={100}
                      decimalSeparator=","
                      suffix="€"
                      style={{ width: 150 }}
                      onBlur={(e) => {
                        const raw = e.target.value.replace(/\s/g, '').replace(',', '.');
                        onTarget(m.month, raw === '' ? null : Number(raw), m.targetCents);
                      }}
                    />
                  ) : m.targetCents === null ? (
                    '—'
                  ) : (
                    formatCents(m.targetCents)
                  ),
              },
              {
                key: 'actual',
                title: t.budget.actual,
                align: 'right',
                value: (m) => euros(m.actualCents),
                render: (m) => formatCents(m.actualCents),
              },
              { key: 'percent', title: t.budget.percent, align: 'right', value: (m) => m.percent, render: (m) => pct(m.percent) },
            ]}
          />
        </>
      )}
    </AnalyticsPage>
  );
});
