// 'Exceptions par produit ou gamme' of the chart of accounts: a product (searched in the catalogue) or a range
// (products.gamme, as typed on the products) whose sales go to their own income account instead of their accounting
// type's. A product's exception wins over its range's.
import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button, Card, Empty, Flex, Input, Select } from 'antd';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { FormField } from 'shared-kernel/kit';
import { useLayoutMode } from 'shared-kernel/runtime';
import { useProductSearch } from './codes.queries';
import { useTexts } from './texts';

type Values = Record<string, unknown>;
interface Override {
  scope: 'product' | 'range';
  key: string;
  label: string;
  account: string;
}

function ProductPicker({
  id,
  value,
  label,
  onPick,
}: {
  id: string;
  value: string;
  label: string;
  onPick: (id: string, label: string) => void;
}) {
  const t = useTexts();
  const [q, setQ] = useState('');
  const search = useProductSearch(q);
  const options = (search.data?.items ?? []).map((p) => ({
    value: String(p.id),
    label: [p.name, p.gamme].filter(Boolean).join(' — '),
  }));
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value || undefined}
      placeholder={t.productSearch}
      notFoundContent={q.trim().length < 2 ? t.productHint : search.isFetching ? t.searching : t.noProduct}
      options={value && !options.some((o) => o.value === value) ? [{ value, label }, ...options] : options}
      onChange={(v: string, o) => onPick(v, (o as { label: string }).label)}
      style={{ width: '100%' }}
    />
  );
}

export function OverridesCard() {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const { control, setValue } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'overrides' });
  const rows = (useWatch({ control, name: 'overrides' }) ?? []) as Override[];
  const columns = mobile ? '1fr' : '150px 1fr 160px 40px';
  return (
    <Card title={t.overrides} size="small">
      <p style={{ marginTop: 0, color: '#555' }}>{t.overridesIntro}</p>
      {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noOverride} />}
      {fields.map((f, i) => {
        const row = rows[i] ?? (f as unknown as Override);
        return (
          <div
            key={f.id}
            data-testid="override-row"
            style={{
              display: 'grid',
              gap: '0 12px',
              gridTemplateColumns: columns,
              alignItems: 'start',
              borderBottom: mobile ? '1px solid #eee' : undefined,
            }}
          >
            <FormField<Values>
              name={`overrides.${i}.scope`}
              label={t.scope}
              render={(field, a11y) => (
                <Select
                  id={a11y.id}
                  value={field.value as string}
                  onChange={(v) => {
                    field.onChange(v);
                    setValue(`overrides.${i}.key`, '', { shouldDirty: true });
                    setValue(`overrides.${i}.label`, '', { shouldDirty: true });
                  }}
                  options={[
                    { value: 'product', label: t.scopeProduct },
                    { value: 'range', label: t.scopeRange },
                  ]}
                />
              )}
            />
            {row.scope === 'product' ? (
              <FormField<Values>
                name={`overrides.${i}.key`}
                label={t.product}
                required
                render={(field, a11y) => (
                  <ProductPicker
                    id={a11y.id}
                    value={String(field.value ?? '')}
                    label={row.label}
                    onPick={(id, label) => {
                      field.onChange(id);
                      setValue(`overrides.${i}.label`, label, { shouldDirty: true });
                    }}
                  />
                )}
              />
            ) : (
              <FormField<Values>
                name={`overrides.${i}.key`}
                label={t.range}
                required
                render={(field, a11y) => (
                  <Input
                    id={a11y.id}
                    value={String(field.value ?? '')}
                    maxLength={100}
                    placeholder={t.rangePlaceholder}
                    onChange={(e) => {
                      field.onChange(e.target.value);
                      setValue(`overrides.${i}.label`, e.target.value, { shouldDirty: true });
                    }}
                  />
                )}
              />
            )}
            <FormField<Values> name={`overrides.${i}.account`} label={t.account} maxLength={20} required />
            <Flex align={mobile ? 'start' : 'end'} style={{ height: mobile ? undefined : 58 }}>
              <Button aria-label={t.removeOverride} icon={<DeleteOutlined />} onClick={() => remove(i)} danger type="text" />
            </Flex>
          </div>
        );
      })}
      <Button
        icon={<PlusOutlined />}
        onClick={() => append({ scope: 'product', key: '', label: '', account: '' })}
        style={{ marginTop: 8 }}
      >
        {t.addOverride}
      </Button>
    </Card>
  );
}
