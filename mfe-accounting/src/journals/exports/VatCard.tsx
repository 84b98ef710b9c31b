// 'TVA collectée': GET /accounting/vat?from&to (default the fiscal year) — per month, one row per rate, VAT type and
// account (base HT, TVA), the month's subtotal, and the period's total: the figures of the CA3 return.
import { Alert, Button, Card, Empty, Flex, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import type { FiscalYear, VatSummary, VatSummaryRow } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { errorMessage } from 'shared-kernel/kit';
import { monthLabel, vatRateNumber, vatTypeLabel } from '../format';
import { useVatSummary } from '../journals.queries';
import { useTexts } from '../texts';
import { completePeriod, PeriodFields, usePeriodOf } from './PeriodFields';

const nowrap = { whiteSpace: 'nowrap' } as const;

type VatLine =
  | ({ kind: 'row'; key: string; month: string; span: number } & VatSummaryRow)
  | { kind: 'subtotal'; key: string; month: string; span: number; base: number; vat: number };

/** The months' rows then their subtotal; the first line of a month carries the month cell (rowSpan). */
export function vatLines(summary: VatSummary): VatLine[] {
  return summary.months.flatMap((m) => {
    const span = m.rows.length + 1;
    const rows: VatLine[] = m.rows.map((r, i) => ({ kind: 'row', key: `${m.month}-${i}`, month: m.month, span: i === 0 ? span : 0, ...r }));
    rows.push({ kind: 'subtotal', key: `${m.month}-total`, month: m.month, span: m.rows.length === 0 ? 1 : 0, base: m.base, vat: m.vat });
    return rows;
  });
}

function VatTable({ summary }: { summary: VatSummary }) {
  const all = useTexts();
  const t = all.vat;
  const sub = (l: VatLine) => l.kind === 'subtotal';
  const columns: TableColumnsType<VatLine> = [
    {
      key: 'month',
      title: t.month,
      onCell: (l) => ({ rowSpan: l.span }),
      render: (_, l) => <strong style={nowrap}>{monthLabel(all, l.month)}</strong>,
    },
    {
      key: 'rate',
      title: t.rate,
      onCell: (l) => ({ colSpan: sub(l) ? 3 : 1 }),
      render: (_, l) =>
        l.kind === 'subtotal' ? (
          <em>{t.subtotal(monthLabel(all, l.month))}</em>
        ) : (
          <span style={nowrap}>{t.rateOf(vatRateNumber(l.rate))}</span>
        ),
    },
    {
      key: 'type',
      title: t.type,
      onCell: (l) => ({ colSpan: sub(l) ? 0 : 1 }),
      render: (_, l) => (l.kind === 'row' ? vatTypeLabel(l.type) : null),
    },
    {
      key: 'account',
      title: t.account,
      onCell: (l) => ({ colSpan: sub(l) ? 0 : 1 }),
      render: (_, l) => (l.kind === 'row' ? l.account : null),
    },
    {
      key: 'base',
      title: t.base,
      align: 'right',
      render: (_, l) => <span style={{ ...nowrap, fontWeight: sub(l) ? 600 : undefined }}>{formatCents(l.base)}</span>,
    },
    {
      key: 'vat',
      title: t.vat,
      align: 'right',
      render: (_, l) => <span style={{ ...nowrap, fontWeight: sub(l) ? 600 : undefined }}>{formatCents(l.vat)}</span>,
    },
  ];
  return (
    <Table<VatLine>
      aria-label={t.label}
      size="small"
      bordered
      rowKey="key"
      columns={columns}
      dataSource={vatLines(summary)}
      pagination={false}
      scroll={{ x: 720 }}
      onRow={(l) => ({ 'data-testid': l.kind === 'row' ? 'vat-row' : 'vat-subtotal' }) as never}
      summary={() => (
        <Table.Summary.Row data-testid="vat-total">
          <Table.Summary.Cell index={0} colSpan={4}>
            <strong>{t.total}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4} align="right">
            <strong style={nowrap}>{formatCents(summary.totals.base)}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={5} align="right">
            <strong style={nowrap}>{formatCents(summary.totals.vat)}</strong>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

export function VatCard({ year }: { year: FiscalYear }) {
  const all = useTexts();
  const t = all.vat;
  const [period, setPeriod] = usePeriodOf(year);
  const complete = completePeriod(period);
  const query = useVatSummary(complete);
  return (
    <Card title={t.title} size="small" data-testid="vat-card">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t.caption}</Typography.Text>
        <PeriodFields id="vat" period={period} onChange={setPeriod} />
        {!complete && <Alert type="warning" showIcon title={all.export.periodRequired} />}
        {complete && query.isPending && <Skeleton active title={false} paragraph={{ rows: 4 }} />}
        {query.isError && !query.data && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={errorMessage(query.error, all.loadError)}
            action={<Button onClick={() => void query.refetch()}>{all.retry}</Button>}
          />
        )}
        {complete &&
          query.data &&
          (query.data.months.every((m) => m.rows.length === 0) ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />
          ) : (
            <VatTable summary={query.data} />
          ))}
      </Flex>
    </Card>
  );
}
