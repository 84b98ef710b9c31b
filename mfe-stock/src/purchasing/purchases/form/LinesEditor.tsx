import { useState } from 'react';
import { Button, Card } from 'antd';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { formatCents } from 'shared-kernel/domain';
import { FormField, FormatSelect as KitFormatSelect, type FieldA11y } from 'shared-kernel/kit';
import { usePurchasableFormats } from '../purchases.queries';
import { useTexts } from '../texts';
import { emptyLine, eurosToCents, type PurchaseFormValues } from './purchase.schema';

/** A searchable select of the shop's catalogue formats (server search); choosing one fills the label and the cost. */
function FormatSelect({ index, a11y }: { index: number; a11y: FieldA11y }) {
  const t = useTexts();
  const { setValue, getValues, control } = useFormContext<PurchaseFormValues>();
  const [search, setSearch] = useState('');
  const formats = usePurchasableFormats(search);
  const formatId = useWatch({ control, name: `lines.${index}.formatId` });
  const label = useWatch({ control, name: `lines.${index}.label` });
  const options = formats.data?.map((f) => ({ value: f.id, label: f.label, costCents: f.costCents }));
  return (
    <KitFormatSelect
      a11y={a11y}
      onSearch={setSearch}
      allowClear
      placeholder={t.searchFormat}
      emptyText={null}
      loading={formats.isFetching}
      value={formatId}
      selectedLabel={label}
      options={options}
      onChange={(v, chosen) => {
        setValue(`lines.${index}.formatId`, v, { shouldDirty: true });
        if (chosen) {
          setValue(`lines.${index}.label`, chosen.label, { shouldDirty: true, shouldValidate: true });
          const cost = getValues(`lines.${index}.unitCost`);
          if ((cost === null || cost === undefined) && chosen.costCents !== null) {
            setValue(`lines.${index}.unitCost`, chosen.costCents / 100, { shouldDirty: true });
          }
        }
      }}
    />
  );
}

/** The lines of a purchase order: add / remove lines, each a catalogue format or a free label; totals live. */
export function LinesEditor() {
  const t = useTexts();
  const { control } = useFormContext<PurchaseFormValues>();
  const lines = useFieldArray({ control, name: 'lines' });
  const values = useWatch({ control, name: 'lines' }) ?? [];
  const lineTotal = (i: number) => {
    const l = values[i];
    const q = Number.isInteger(l?.quantity) ? l.quantity : 0;
    const c = typeof l?.unitCost === 'number' && Number.isFinite(l.unitCost) ? eurosToCents(l.unitCost) : 0;
    return q * c;
  };
  const total = values.reduce((s, _l, i) => s + lineTotal(i), 0);
  const grid = { display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', alignItems: 'start' } as const;

  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 12 }}>
      <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t.lines}</legend>
      {lines.fields.map((f, i) => (
        <Card
          key={f.id}
          size="small"
          title={t.line(i + 1)}
          extra={
            <Button
              type="link"
              danger
              disabled={lines.fields.length === 1}
              onClick={() => lines.remove(i)}
              aria-label={t.removeLine(i + 1)}
            >
              Retirer
            </Button>
          }
        >
          <div style={grid}>
            <div style={{ gridColumn: '1 / -1', display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' }}>
              <FormField
                name={`lines.${i}.formatId`}
                label={t.catalogue}
                render={(_field, a11y) => (
                  <FormatSelect
                    index={i}
                    a11y={{ id: a11y.id, 'aria-invalid': a11y['aria-invalid'], 'aria-describedby': a11y['aria-describedby'] }}
                  />
                )}
              />
              <FormField name={`lines.${i}.label`} label={t.label} help={t.freeLabel} />
            </div>
            <FormField name={`lines.${i}.quantity`} label={t.quantity} kind="number" min={1} step={1} precision={0} required />
            <FormField name={`lines.${i}.unitCost`} label={t.unitCost} kind="number" min={0} precision={2} suffix="€" required />
            <div>
              <div style={{ marginBottom: 8 }}>{t.lineTotal}</div>
              <output data-testid={`line-total-${i}`} style={{ fontWeight: 600 }}>
                {formatCents(lineTotal(i))}
              </output>
            </div>
          </div>
        </Card>
      ))}
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
        <Button onClick={() => lines.append(emptyLine())}>{t.addLine}</Button>
        <div aria-live="polite" style={{ fontSize: 16 }}>
          {t.totalHT} : <strong data-testid="purchase-total">{formatCents(total)}</strong>
        </div>
      </div>
    </fieldset>
  );
}
