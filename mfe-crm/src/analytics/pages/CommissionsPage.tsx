import { Button, Card, Select, Statistic, Tag } from 'antd';
import type { AnalyticsCommission } from 'shared-kernel/contracts';
import { analyticsBpToPercent } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { withQueryScope, useAction } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { confirmPopup } from 'shared-kernel/runtime';
import { useCommissions, useMarkPaid } from '../analytics.queries';
import { DataTable, euros } from '../shared/DataTable';
import { AnalyticsPage } from '../shared/Page';
import { monthLabel } from '../shared/period';
import { useTexts } from '../texts';
import { RatesEditor } from './RatesEditor';

const rateText = (bp: number) => `${String(analyticsBpToPercent(bp)).replace('.', ',')} %`;

export default withQueryScope(function CommissionsPage() {
  const t = useTexts();
  const c = t.commissions;
  const [params, setParams] = useSearchParams();
  const agentParam = Number(params.get('agentId'));
  const agentId = Number.isInteger(agentParam) && agentParam > 0 ? agentParam : undefined;
  const monthParam = params.get('month');
  const month = monthParam && /^\d{4}-(0[1-9]|1[0-2])$/.test(monthParam) ? monthParam : undefined;
  const query = useCommissions({ agentId, month });
  const pay = useMarkPaid();
  const paying = useAction({ run: (id: number) => pay.mutateAsync(id), success: c.paid });
  const data = query.data;

  const setParam = (key: string, value: string | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  const months: string[] = [];
  for (let i = 0; i < 24; i++) {
    const d = new Date();
    d.setDate(1);
    d.setMonth(d.getMonth() - i);
    months.push(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`);
  }

  // asked first, the popup closing at once: the row's button then spins while it is paid
  const markPaid = async (row: AnalyticsCommission) => {
    const ok = await confirmPopup({ title: c.markPaid, content: c.markPaidConfirm });
    if (!ok) return;
    await paying.run(row.id);
  };

  const filename = `releve-commissions${month ? `-${month}` : ''}${agentId ? `-agent-${agentId}` : ''}`;
  return (
    <AnalyticsPage
      title={c.title}
      help={c.help}
      query={query}
      tools={
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {data?.canManage && (
            <Select
              aria-label={c.agent}
              style={{ minWidth: 180 }}
              value={agentId ?? 0}
              onChange={(v: number) => setParam('agentId', v ? String(v) : undefined)}
              options={[{ value: 0, label: c.allAgents }, ...(data?.agents ?? []).map((a) => ({ value: a.id, label: a.name }))]}
            />
          )}
          <Select
            aria-label={c.month}
            style={{ minWidth: 160 }}
            value={month ?? ''}
            onChange={(v: string) => setParam('month', v || undefined)}
            options={[{ value: '', label: c.allMonths }, ...months.map((m) => ({ value: m, label: monthLabel(m) }))]}
          />
        </div>
      }
    >
      {data && (
        <>
          <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' }}>
            <Card size="small">
              <Statistic title={c.due} value={formatCents(data.totals.dueCents)} />
            </Card>
            <Card size="small">
              <Statistic title={c.paidTotal} value={formatCents(data.totals.paidCents)} />
            </Card>
          </div>
          <DataTable<AnalyticsCommission>
            caption={c.statement}
            filename={filename}
            rows={data.items}
            rowKey={(r) => r.id}
            empty={c.empty}
            columns={[
              { key: 'month', title: c.month, value: (r) => monthLabel(r.periodMonth.slice(0, 7)) },
              { key: 'agent', title: c.agent, value: (r) => r.agentName },
              { key: 'order', title: c.order, value: (r) => r.orderNumber },
              { key: 'client', title: c.client, value: (r) => r.clientName },
              { key: 'base', title: c.base, align: 'right', value: (r) => euros(r.baseCents), render: (r) => formatCents(r.baseCents) },
              {
                key: 'rate',
                title: c.rate,
                align: 'right',
                value: (r) => analyticsBpToPercent(r.rateBp),
                render: (r) => rateText(r.rateBp),
              },
              {
                key: 'amount',
                title: c.amount,
                align: 'right',
                value: (r) => euros(r.amountCents),
                render: (r) => formatCents(r.amountCents),
              },
              {
                key: 'status',
                title: c.status,
                value: (r) => c.statuses[r.status],
                render: (r) => <Tag color={r.status === 'paid' ? 'green' : 'orange'}>{c.statuses[r.status]}</Tag>,
              },
              {
                key: 'paidAt',
                title: c.paidAt,
                value: (r) => formatDate(r.paidAt),
                render: (r) =>
                  r.status === 'paid' ? (
                    formatDate(r.paidAt)
                  ) : data.canManage ? (
                    <Button size="small" onClick={() => void markPaid(r)} loading={paying.pending && pay.variables === r.id}>
                      {c.markPaid}
                    </Button>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
          {data.canManage && <RatesEditor />}
        </>
      )}
    </AnalyticsPage>
  );
});
