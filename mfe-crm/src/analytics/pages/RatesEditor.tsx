import { Button, Card, Input, InputNumber, Select, Skeleton } from 'antd';
import { useState } from 'react';
import {
  analyticsBpToPercent,
  analyticsPercentToBp,
  type AnalyticsAgentRates,
  type AnalyticsCommissionRate,
  type AnalyticsRateScope,
} from 'shared-kernel/contracts';
import { useAction } from 'shared-kernel/kit';
import { useRates, useSetRates } from '../analytics.queries';
import { useTexts } from '../texts';

interface Row {
  scope: AnalyticsRateScope;
  value: string;
  percent: number | null;
}

/** Rates of one agent, entered in % (stored in basis points by the api). */
function AgentRatesCard({ agent }: { agent: AnalyticsAgentRates }) {
  const t = useTexts().commissions;
  const save = useSetRates();
  const [rows, setRows] = useState<Row[]>(() => {
    const list = agent.rates.map((r) => ({ scope: r.scope, value: r.value ?? '', percent: analyticsBpToPercent(r.rateBp) }));
    return list.some((r) => r.scope === 'default') ? list : [{ scope: 'default', value: '', percent: null }, ...list];
  });
  const saving = useAction({
    run: (rates: AnalyticsCommissionRate[]) => save.mutateAsync({ agentId: agent.agentId, rates }),
    success: t.ratesSaved,
  });
  const update = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = () => {
    const rates: AnalyticsCommissionRate[] = rows
      .filter((r) => r.percent !== null)
      .map((r) => ({ scope: r.scope, value: r.scope === 'default' ? null : r.value, rateBp: analyticsPercentToBp(r.percent!) }));
    void saving.run(rates);
  };
  return (
    <Card size="small" title={t.ratesOf(agent.agentName)}>
      <div style={{ display: 'grid', gap: 8 }}>
        {rows.map((r, i) => (
          <div key={i} style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
            {r.scope === 'default' ? (
              <span style={{ minWidth: 200 }}>{t.default}</span>
            ) : (
              <>
                <Select
                  aria-label={t.value}
                  value={r.scope}
                  style={{ width: 200 }}
                  onChange={(scope: AnalyticsRateScope) => update(i, { scope })}
                  options={[
                    { value: 'typology', label: t.byTypology },
                    { value: 'gamme', label: t.byGamme },
                  ]}
                />
                <Input aria-label={t.value} value={r.value} style={{ width: 180 }} onChange={(e) => update(i, { value: e.target.value })} />
              </>
            )}
            <InputNumber<number>
              aria-label={`${t.ratePercent} ${r.scope === 'default' ? t.default : r.value}`}
              value={r.percent ?? undefined}
              min={0}
              max={100}
              step={0.5}
              decimalSeparator=","
              suffix="%"
              onChange={(v) => update(i, { percent: v ?? null })}
            />
            {r.scope !== 'default' && <Button onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>{t.remove}</Button>}
          </div>
        ))}
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button onClick={() => setRows((rs) => [...rs, { scope: 'typology', value: '', percent: null }])}>{t.addRate}</Button>
          <Button type="primary" onClick={submit} loading={saving.pending}>
            Enregistrer
          </Button>
        </div>
      </div>
    </Card>
  );
}

export function RatesEditor() {
  const t = useTexts().commissions;
  const query = useRates(true);
  return (
    <section style={{ display: 'grid', gap: 12 }}>
      <h2 style={{ margin: 0, fontSize: 16 }}>{t.rates}</h2>
      {query.isPending ? <Skeleton active /> : (query.data ?? []).map((a) => <AgentRatesCard key={a.agentId} agent={a} />)}
    </section>
  );
}
