// /dashboard/orders/ventilate (ventilations): a period's sales, what the accounting will post. A period picker (Paris
// days, default last month; quick choices this month, last month, this year, last year; kept in the URL as
// ?from=&to=), GET /sales/ventilation: the totals (HT, TVA, TTC, invoices and credit notes) and one table per axis
// (accounting type, VAT rate, typology, range, agent: HT / TVA / TTC with a total row; payment method: the payments
// received in the period, TTC only), in tabs. 'Exporter (CSV)' / 'Exporter (Excel)' download the api's file.
import { useState, type ReactNode } from 'react';
import { Button, Empty, Flex, Result, Select, Skeleton, Statistic, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import {
  VENTILATION_AXES,
  VENTILATION_AXIS_LABELS,
  type Ventilation,
  type VentilationAxis,
  type VentilationRow,
} from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { errorMessage, kitTexts, withQueryScope, useAction } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { useLayoutMode } from 'shared-kernel/runtime';
import { DatePicker } from 'shared-kernel/ui';
import { parsePeriod, PERIOD_PRESET_LABELS, PERIOD_PRESETS, presetOf, presetPeriod, type Period, type PeriodPreset } from '../period';
import { useTexts } from './texts';
import { downloadVentilation, useVentilation, type VentilationFormat } from './ventilation.queries';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The period of the URL, else last month. */
function usePeriod(): [Period, (p: Period) => void] {
  const [params, setParams] = useSearchParams();
  const period = parsePeriod(params.get('from'), params.get('to')) ?? presetPeriod('lastMonth');
  const set = (p: Period) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('from', p.from);
      next.set('to', p.to);
      return next;
    });
  return [period, set];
}

function PeriodPicker({ period, onChange }: { period: Period; onChange: (p: Period) => void }) {
  const t = useTexts();
  const preset = presetOf(period);
  return (
    <Flex wrap gap={12} align="flex-end" role="group" aria-label={t.period}>
      <Flex vertical gap={4}>
        <label htmlFor="ventilation-preset">{t.preset}</label>
        <Select<PeriodPreset | 'custom'>
          id="ventilation-preset"
          style={{ minWidth: 180 }}
          value={preset ?? 'custom'}
          onChange={(v) => {
            if (v !== 'custom') onChange(presetPeriod(v));
          }}
          options={[
            ...PERIOD_PRESETS.map((p) => ({ value: p, label: PERIOD_PRESET_LABELS[p] })),
            { value: 'custom' as const, label: t.custom, disabled: true },
          ]}
        />
      </Flex>
      <Flex vertical gap={4}>
        <label htmlFor="ventilation-from">{t.from}</label>
        <span style={{ width: 150 }}>
          <DatePicker
            id="ventilation-from"
            value={period.from}
            max={period.to}
            allowClear={false}
            onChange={(v) => v && onChange({ from: v, to: period.to })}
          />
        </span>
      </Flex>
      <Flex vertical gap={4}>
        <label htmlFor="ventilation-to">{t.to}</label>
        <span style={{ width: 150 }}>
          <DatePicker
            id="ventilation-to"
            value={period.to}
            min={period.from}
            allowClear={false}
            onChange={(v) => v && onChange({ from: period.from, to: v })}
          />
        </span>
      </Flex>
    </Flex>
  );
}

function ExportButtons({ period }: { period: Period }) {
  const t = useTexts();
  const [busy, setBusy] = useState<VentilationFormat | null>(null);
  // the file being downloaded spins its own button
  const exporting = useAction({
    run: async (format: VentilationFormat) => {
      setBusy(format);
      try {
        await downloadVentilation(period, format);
      } finally {
        setBusy(null);
      }
    },
  });
  const run = (format: VentilationFormat) => void exporting.run(format);
  return (
    <Flex wrap gap={8}>
      <Button onClick={() => run('csv')} loading={busy === 'csv'}>
        {t.exportCsv}
      </Button>
      <Button onClick={() => run('xlsx')} loading={busy === 'xlsx'}>
        {t.exportXlsx}
      </Button>
    </Flex>
  );
}

function Totals({ v }: { v: Ventilation }) {
  const t = useTexts();
  return (
    <section aria-label={t.totals} data-testid="ventilation-totals">
      <Flex wrap gap={32}>
        <Statistic title={t.totalHT} value={formatCents(v.totals.ht)} data-testid="ventilation-total-ht" />
        <Statistic title={t.totalVAT} value={formatCents(v.totals.vat)} data-testid="ventilation-total-vat" />
        <Statistic title={t.totalTTC} value={formatCents(v.totals.ttc)} data-testid="ventilation-total-ttc" />
        <Statistic title={t.documentsTitle} value={t.documents(v.totals.invoices, v.totals.credits)} data-testid="ventilation-documents" />
      </Flex>
    </section>
  );
}

const sum = (rows: VentilationRow[], k: 'ht' | 'vat' | 'ttc') => rows.reduce((n, r) => n + r[k], 0);

/** One axis: label / HT / TVA / TTC and a total row (payment methods: TTC only). Cards on phones. */
function AxisTable({ axis, rows }: { axis: VentilationAxis; rows: VentilationRow[] }) {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const ttcOnly = axis === 'paymentMethod';
  const amounts: Array<'ht' | 'vat' | 'ttc'> = ttcOnly ? ['ttc'] : ['ht', 'vat', 'ttc'];
  const title = (k: 'ht' | 'vat' | 'ttc') => (ttcOnly ? t.paymentsTTC : t[k]);
  const intro: ReactNode = ttcOnly ? <Typography.Text type="secondary">{t.payments}</Typography.Text> : null;
  const label = t.tableOf(VENTILATION_AXIS_LABELS[axis]);

  if (rows.length === 0) {
    return (
      <Flex vertical gap={8}>
        {intro}
        <Typography.Text type="secondary">{t.noRows}</Typography.Text>
      </Flex>
    );
  }

  if (mobile) {
    const line = (r: { label: string } & Record<'ht' | 'vat' | 'ttc', number>, testId: string, strong = false) => (
      <li key={`${testId}-${r.label}`} data-testid={testId} style={{ padding: '8px 0', borderTop: '1px solid rgba(0,0,0,0.06)' }}>
        <Typography.Text strong={strong} style={{ overflowWrap: 'anywhere' }}>
          {r.label}
        </Typography.Text>
        <Flex wrap gap={12} style={{ fontSize: 13 }}>
          {amounts.map((k) => (
            <span key={k} style={nowrap}>
              {title(k)} {formatCents(r[k])}
            </span>
          ))}
        </Flex>
      </li>
    );
    return (
      <Flex vertical gap={8}>
        {intro}
        <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((r) => line(r, 'ventilation-row'))}
          {line({ label: t.total, ht: sum(rows, 'ht'), vat: sum(rows, 'vat'), ttc: sum(rows, 'ttc') }, 'ventilation-total', true)}
        </ul>
      </Flex>
    );
  }

  const columns: TableColumnsType<VentilationRow> = [
    { key: 'label', title: VENTILATION_AXIS_LABELS[axis], dataIndex: 'label' },
    ...amounts.map((k) => ({
      key: k,
      title: title(k),
      dataIndex: k,
      align: 'right' as const,
      render: (c: number) => <span style={nowrap}>{formatCents(c)}</span>,
    })),
  ];
  return (
    <Flex vertical gap={8} role="region" aria-label={label}>
      {intro}
      <Table<VentilationRow>
        size="small"
        rowKey="key"
        pagination={false}
        columns={columns}
        dataSource={rows}
        onRow={() => ({ 'data-testid': 'ventilation-row' }) as React.HTMLAttributes<HTMLElement>}
        summary={() => (
          <Table.Summary.Row data-testid="ventilation-total">
            <Table.Summary.Cell index={0}>
              <strong>{t.total}</strong>
            </Table.Summary.Cell>
            {amounts.map((k, i) => (
              <Table.Summary.Cell key={k} index={i + 1} align="right">
                <strong style={nowrap}>{formatCents(sum(rows, k))}</strong>
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        )}
      />
    </Flex>
  );
}

function VentilationView({ v }: { v: Ventilation }) {
  const t = useTexts();
  const empty = v.totals.invoices === 0 && v.totals.credits === 0 && v.totals.ttc === 0 && (v.axes.paymentMethod ?? []).length === 0;
  if (empty) {
    return (
      <Empty
        description={
          <>
            <div>{t.empty}</div>
            <Typography.Text type="secondary">{t.emptyHint}</Typography.Text>
          </>
        }
      />
    );
  }
  return (
    <Flex vertical gap={16}>
      <Totals v={v} />
      <Tabs
        aria-label={t.axes}
        items={VENTILATION_AXES.map((axis) => ({
          key: axis,
          label: VENTILATION_AXIS_LABELS[axis],
          children: <AxisTable axis={axis} rows={v.axes[axis] ?? []} />,
        }))}
      />
    </Flex>
  );
}

export default withQueryScope(function VentilationPage() {
  const t = useTexts();
  const kit = kitTexts.useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const [period, setPeriod] = usePeriod();
  const query = useVentilation(period);

  let body: ReactNode;
  if (query.data) body = <VentilationView v={query.data} />;
  else if (query.isError)
    body = (
      <Result
        status="error"
        title={kit.loadError}
        subTitle={errorMessage(query.error, kit.genericError)}
        extra={
          <Button type="primary" onClick={() => void query.refetch()} loading={query.isFetching}>
            {kit.retry}
          </Button>
        }
      />
    );
  else
    body = (
      <div role="status" aria-busy="true" aria-label={kit.loading}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );

  return (
    <Flex component="section" vertical gap={16} style={{ padding: mobile ? 12 : 16, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t.title}
      </Typography.Title>
      <Flex wrap gap={16} justify="space-between" align="flex-end">
        <PeriodPicker period={period} onChange={setPeriod} />
        <ExportButtons period={period} />
      </Flex>
      <Typography.Text type="secondary">
        {t.periodOf(formatDate(period.from), formatDate(period.to))}. {t.explain}
      </Typography.Text>
      <div aria-busy={query.isFetching} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {body}
      </div>
    </Flex>
  );
});
