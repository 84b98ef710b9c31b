// The saved filters of a dynamic list, with the live count of who would get the mail.
import { Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import type { MarketingListFilters } from 'shared-kernel/contracts';
import { useFiltersCount } from './lists.queries';
import { useTexts } from './texts';

type Custom = NonNullable<MarketingListFilters['custom']>;
const clean = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && !v.length))) as T;

export function FiltersEditor({ value, onChange }: { value: MarketingListFilters; onChange: (f: MarketingListFilters) => void }) {
  const t = useTexts();
  const f = t.filters;
  const count = useFiltersCount(value);
  const set = (patch: Partial<MarketingListFilters>) => onChange(clean({ ...value, ...patch }));
  const setCustom = (patch: Partial<Custom>) => {
    const custom = clean({ ...(value.custom ?? {}), ...patch });
    set({ custom: Object.keys(custom).length ? custom : undefined });
  };
  const tags = (label: string, v: string[] | undefined, change: (v: string[]) => void) => (
    <label style={{ display: 'grid', gap: 4 }}>
      <span>{label}</span>
      <Select mode="tags" aria-label={label} value={v ?? []} onChange={change} placeholder={f.typeValues} open={false} suffixIcon={null} />
    </label>
  );
  const ids = (label: string, v: number[] | undefined, change: (v: number[] | undefined) => void) =>
    tags(label, v?.map(String), (s) => change(s.map(Number).filter((n) => Number.isInteger(n) && n > 0)));
  return (
    <div style={{ display: 'grid', gap: 12 }} data-testid="filters-editor">
      <label style={{ display: 'grid', gap: 4 }}>
        <span>{f.kinds}</span>
        <Select
          mode="multiple"
          aria-label={f.kinds}
          value={value.kinds ?? []}
          onChange={(kinds) => set({ kinds })}
          options={(['private', 'professional', 'prospect'] as const).map((k) => ({ value: k, label: f.clientKinds[k] }))}
        />
      </label>
      {tags(f.typologies, value.typologies, (typologies) => set({ typologies }))}
      {tags(f.tags, value.tags, (v) => set({ tags: v }))}
      {tags(f.departments, value.departments, (departments) => set({ departments }))}
      {ids(f.agentUserIds, value.agentUserIds, (agentUserIds) => set({ agentUserIds }))}
      {ids(f.productIds, value.productIds, (productIds) => set({ productIds }))}
      <Space wrap>
        <label style={{ display: 'grid', gap: 4 }}>
          <span>{f.lastOrderFrom}</span>
          <Input
            type="date"
            aria-label={f.lastOrderFrom}
            value={value.lastOrderFrom ?? ''}
            onChange={(e) => set({ lastOrderFrom: e.target.value || undefined })}
          />
        </label>
        <label style={{ display: 'grid', gap: 4 }}>
          <span>{f.lastOrderTo}</span>
          <Input
            type="date"
            aria-label={f.lastOrderTo}
            value={value.lastOrderTo ?? ''}
            onChange={(e) => set({ lastOrderTo: e.target.value || undefined })}
          />
        </label>
      </Space>
      <Space wrap>
        {(['spentMin', 'spentMax'] as const).map((k) => (
          <label key={k} style={{ display: 'grid', gap: 4 }}>
            <span>{f[k]}</span>
            <InputNumber
              aria-label={f[k]}
              min={0}
              decimalSeparator=","
              value={value[k] == null ? null : value[k]! / 100}
              onChange={(v) => set({ [k]: v == null ? undefined : Math.round(Number(v) * 100) })}
            />
          </label>
        ))}
      </Space>
      <Space wrap>
        {(['pipe', 'family', 'family2', 'custom', 'custom2'] as const).map((k) => (
          <label key={k} style={{ display: 'grid', gap: 4 }}>
            <span>{f[k]}</span>
            <Input aria-label={f[k]} value={value.custom?.[k] ?? ''} onChange={(e) => setCustom({ [k]: e.target.value || undefined })} />
          </label>
        ))}
      </Space>
      {tags(f.listTag, value.custom?.listTag, (listTag) => setCustom({ listTag }))}
      {tags(f.listTag2, value.custom?.listTag2, (listTag2) => setCustom({ listTag2 }))}
      <div role="radiogroup" aria-label={f.consent} style={{ display: 'grid', gap: 4 }}>
        <span>{f.consent}</span>
        <Radio.Group
          value={value.consent === undefined ? 'any' : value.consent ? 'yes' : 'no'}
          onChange={(e) => set({ consent: e.target.value === 'any' ? undefined : e.target.value === 'yes' })}
          options={[
            { value: 'any', label: f.consentAny },
            { value: 'yes', label: f.consentYes },
            { value: 'no', label: f.consentNo },
          ]}
        />
      </div>
      <Typography.Text strong aria-live="polite" data-testid="live-count">
        {count.data ? f.liveCount(count.data.recipients, count.data.total) : '…'}
        {Object.keys(value).length ? '' : ` — ${f.none}`}
      </Typography.Text>
    </div>
  );
}
