import { Button, Input, List, Modal, Select } from 'antd';
import { useState } from 'react';
import { CUSTOM_DIMENSIONS, type CustomDimension, type CustomReportDefinition, type CustomReportRow } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { withQueryScope, useAction } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { confirmPopup } from 'shared-kernel/runtime';
import { useCustomReport, useDeleteReport, useSaveReport, useSavedReports } from '../analytics.queries';
import { BarsChart } from '../shared/Chart';
import { DataTable, euros } from '../shared/DataTable';
import { AnalyticsPage } from '../shared/Page';
import { monthLabel, usePeriod } from '../shared/period';
import { PeriodPicker } from '../shared/PeriodPicker';
import { useTexts } from '../texts';

export default withQueryScope(function CustomReportPage() {
  const t = useTexts();
  const c = t.custom;
  const [period, setPeriod] = usePeriod();
  const [params, setParams] = useSearchParams();
  const dimParam = params.get('dimension');
  const dimension: CustomDimension = (CUSTOM_DIMENSIONS as readonly string[]).includes(dimParam ?? '')
    ? (dimParam as CustomDimension)
    : 'product';
  const agentParam = Number(params.get('agentId'));
  const def: CustomReportDefinition = {
    ...period,
    dimension,
    ...(params.get('gamme') ? { gamme: params.get('gamme')! } : {}),
    ...(params.get('typology') ? { typology: params.get('typology')! } : {}),
    ...(Number.isInteger(agentParam) && agentParam > 0 ? { agentId: agentParam } : {}),
  };
  const query = useCustomReport(def);
  const reports = useSavedReports();
  const save = useSaveReport();
  const remove = useDeleteReport();
  const [naming, setNaming] = useState<string | null>(null);
  const data = query.data;

  const setParam = (key: string, value: string | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  const openReport = (d: CustomReportDefinition) => {
    const next = new URLSearchParams({ from: d.from, to: d.to, dimension: d.dimension });
    if (d.gamme) next.set('gamme', d.gamme);
    if (d.typology) next.set('typology', d.typology);
    if (d.agentId) next.set('agentId', String(d.agentId));
    setParams(next);
  };
  const label = (r: CustomReportRow) => (r.label === '' ? c.none : dimension === 'month' ? monthLabel(r.label) : r.label);

  const saving = useAction({
    run: () => save.mutateAsync({ name: naming ?? '', definition: def }),
    success: c.saved,
    onDone: () => setNaming(null),
  });
  const submitSave = saving.run;
  const removing = useAction({ run: (id: number) => remove.mutateAsync(id), success: c.deleted });

  return (
    <AnalyticsPage title={c.title} help={c.help} tools={<PeriodPicker value={period} onChange={setPeriod} />}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Select
          aria-label={c.dimension}
          value={dimension}
          style={{ minWidth: 160 }}
          onChange={(v: string) => setParam('dimension', v)}
          options={CUSTOM_DIMENSIONS.map((d) => ({ value: d, label: `${c.dimension} : ${c.dimensions[d]}` }))}
        />
        <Select
          aria-label={c.gamme}
          value={def.gamme ?? ''}
          style={{ minWidth: 160 }}
          onChange={(v: string) => setParam('gamme', v || undefined)}
          options={[{ value: '', label: `${c.gamme} : ${c.all}` }, ...(data?.options.gammes ?? []).map((g) => ({ value: g, label: g }))]}
        />
        <Select
          aria-label={c.typology}
          value={def.typology ?? ''}
          style={{ minWidth: 160 }}
          onChange={(v: string) => setParam('typology', v || undefined)}
          options={[
            { value: '', label: `${c.typology} : ${c.all}` },
            ...(data?.options.typologies ?? []).map((g) => ({ value: g, label: g })),
          ]}
        />
        <Select
          aria-label={c.agent}
          value={def.agentId ?? 0}
          style={{ minWidth: 160 }}
          onChange={(v: number) => setParam('agentId', v ? String(v) : undefined)}
          options={[
            { value: 0, label: `${c.agent} : ${c.allAgents}` },
            ...(data?.options.agents ?? []).map((a) => ({ value: a.id, label: a.name })),
          ]}
        />
        <Button type="primary" onClick={() => setNaming('')}>
          {c.save}
        </Button>
      </div>
      <AnalyticsPage title="" back={false} query={query}>
        {data && (
          <>
            <BarsChart
              label={c.title}
              data={data.rows.slice(0, 20).map((r) => ({ name: label(r), euros: r.revenueCents / 100 }))}
              x="name"
              series={[{ key: 'euros', label: t.revenue }]}
              format={(v) => formatCents(Math.round(v * 100))}
            />
            <DataTable<CustomReportRow>
              caption={`${t.revenue} — ${c.dimensions[dimension]}`}
              filename={`rapport-${dimension}`}
              rows={data.rows}
              rowKey={(r) => r.key}
              summary={{ key: 'total', label: t.total, ...data.totals }}
              columns={[
                { key: 'label', title: c.dimensions[dimension], value: (r) => (r.key === 'total' ? r.label : label(r)) },
                { key: 'quantity', title: t.quantity, value: (r) => r.quantity, align: 'right' },
                { key: 'orders', title: t.orders, value: (r) => r.orders, align: 'right' },
                {
                  key: 'revenue',
                  title: t.revenue,
                  value: (r) => euros(r.revenueCents),
                  render: (r) => formatCents(r.revenueCents),
                  align: 'right',
                },
              ]}
            />
          </>
        )}
      </AnalyticsPage>
      <section style={{ display: 'grid', gap: 8 }}>
        <h2 style={{ margin: 0, fontSize: 16 }}>{c.reports}</h2>
        <List
          loading={reports.isPending}
          locale={{ emptyText: c.noReports }}
          dataSource={reports.data ?? []}
          renderItem={(r) => (
            <List.Item
              actions={[
                <Button key="open" size="small" onClick={() => openReport(r.definition)}>
                  {c.open}
                </Button>,
                <Button
                  key="delete"
                  size="small"
                  danger
                  onClick={async () => {
                    if (!(await confirmPopup({ title: c.deleteConfirm }))) return;
                    await removing.run(r.id);
                  }}
                >
                  {c.delete}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={r.name}
                description={`${c.dimensions[r.definition.dimension] ?? ''} · ${formatDate(r.definition.from)} – ${formatDate(r.definition.to)}`}
              />
            </List.Item>
          )}
        />
      </section>
      <Modal
        open={naming !== null}
        title={c.save}
        okText="Enregistrer"
        cancelText="Annuler"
        onOk={() => void submitSave()}
        onCancel={() => setNaming(null)}
        confirmLoading={saving.pending}
      >
        <label htmlFor="analytics-report-name">{c.reportName}</label>
        <Input
          id="analytics-report-name"
          value={naming ?? ''}
          maxLength={120}
          onChange={(e) => setNaming(e.target.value)}
          onPressEnter={() => void submitSave()}
        />
      </Modal>
    </AnalyticsPage>
  );
});
