// The lines of a back-office order: catalogue formats (searched on the server, shown with their price at the client's
// tariff, which applies unless a price is typed, and taken in the vintage chosen when the article has several) and free
// lines (label, price HT, VAT rate); each with its quantity, line discount and 'Offert'.
import { useState } from 'react';
import { Button, Card, Typography } from 'antd';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { FormField, FormatSelect as KitFormatSelect, type FieldA11y } from 'shared-kernel/kit';
import type { FormatOption } from 'shared-kernel/contracts';
import { DEFAULT_VAT_RATES, formatCents } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';
import { useFormatOptions } from '../../lookups/lookups.queries';
import { formatRate } from '../format';
import { emptyLine, type LineMode, type SalesOrderFormValues } from './sales-order.schema';
import { useTexts } from './texts';

/** The shop's VAT rates (settings, else the French defaults), highest first, and 0 %. */
export function useVatRates(): number[] {
  const rates = useSession((s) => s.shop?.settings?.vatRate);
  const r = rates ?? DEFAULT_VAT_RATES;
  return [...new Set([r.standard, r.medium, r.reduced, 0])].sort((a, b) => b - a);
}

/** An article as the select shows it: its label and, once a client is chosen, its price HT at the client's tariff. */
function FormatOptionLabel({ option }: { option: FormatOption }) {
  const t = useTexts();
  if (option.priceHT === undefined) return <>{option.label}</>;
  return (
    <span>
      {option.label}
      <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
        {option.priceHT === null ? t.noPrice : t.formatPrice(formatCents(option.priceHT))}
      </Typography.Text>
    </span>
  );
}

function FormatSelect({ index, a11y, onBlur }: { index: number; a11y: FieldA11y; onBlur: () => void }) {
  const t = useTexts();
  const { control, setValue } = useFormContext<SalesOrderFormValues>();
  const [q, setQ] = useState('');
  const clientId = useWatch({ control, name: 'clientId' });
  const formats = useFormatOptions(q, { clientId });
  const formatId = useWatch({ control, name: `lines.${index}.formatId` });
  const formatLabel = useWatch({ control, name: `lines.${index}.formatLabel` });
  return (
    <KitFormatSelect<FormatOption>
      a11y={a11y}
      onSearch={setQ}
      value={formatId}
      selectedLabel={formatLabel || `#${formatId}`}
      onBlur={onBlur}
      onChange={(v, chosen) => {
        const vintages = chosen?.vintages ?? null;
        setValue(`lines.${index}.formatLabel`, chosen?.label ?? '', { shouldDirty: true });
        setValue(`lines.${index}.vintages`, vintages, { shouldDirty: true });
        // the article's own vintage, else its first one (shown, and changed in 'Millésime' when it has several)
        setValue(`lines.${index}.vintageId`, chosen?.vintageId ?? vintages?.[0]?.id ?? null, { shouldDirty: true, shouldValidate: true });
        setValue(`lines.${index}.formatId`, v, { shouldDirty: true, shouldValidate: true, shouldTouch: true });
      }}
      loading={formats.isFetching}
      placeholder={t.searchFormat}
      emptyText={t.noFormat}
      options={formats.data}
      renderOption={(o) => <FormatOptionLabel option={o} />}
    />
  );
}

/**
 * The vintage of a catalogue line, offered when its article has several. The vintages come with the chosen option;
 * a saved order's line reads its article's (GET /stock/format-options?formatId=).
 */
function VintageField({ index }: { index: number }) {
  const t = useTexts();
  const { control } = useFormContext<SalesOrderFormValues>();
  const formatId = useWatch({ control, name: `lines.${index}.formatId` });
  const known = useWatch({ control, name: `lines.${index}.vintages` });
  const lookup = useFormatOptions('', { formatId, enabled: !!formatId && !known });
  const vintages = known ?? lookup.data?.find((o) => o.value === formatId)?.vintages ?? [];
  if (!formatId || vintages.length < 2) return null;
  return (
    <FormField<SalesOrderFormValues>
      name={`lines.${index}.vintageId`}
      label={t.vintage}
      kind="select"
      required
      options={vintages.map((v) => ({ value: v.id, label: v.name }))}
    />
  );
}

const grid = { display: 'grid', gap: '0 12px', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', alignItems: 'start' } as const;

export function LinesEditor() {
  const t = useTexts();
  const vatRates = useVatRates();
  const { control, formState } = useFormContext<SalesOrderFormValues>();
  const lines = useFieldArray({ control, name: 'lines' });
  const modes = useWatch({ control, name: 'lines' })?.map((l) => l?.mode) ?? [];
  const subType = useWatch({ control, name: 'subType' });
  const linesError = formState.errors.lines?.message ?? formState.errors.lines?.root?.message;
  const vatOptions = vatRates.map((r) => ({ value: r, label: formatRate(r) }));
  const add = (mode: LineMode) => lines.append(emptyLine(mode, subType, vatRates[0]), { shouldFocus: false });

  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 12, minWidth: 0 }}>
      <legend style={{ fontWeight: 600, fontSize: 16, marginBottom: 8 }}>{t.lines}</legend>
      {lines.fields.map((f, i) => {
        const mode: LineMode = modes[i] ?? f.mode;
        return (
          <Card
            key={f.id}
            size="small"
            role="group"
            aria-label={t.line(i + 1)}
            title={
              <span>
                {t.line(i + 1)}{' '}
                <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                  · {t.modes[mode]}
                </Typography.Text>
              </span>
            }
            extra={
              <Button type="link" danger onClick={() => lines.remove(i)} aria-label={t.removeLine(i + 1)}>
                {t.remove}
              </Button>
            }
          >
            {mode === 'catalogue' ? (
              <div style={{ ...grid, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
                <FormField<SalesOrderFormValues>
                  name={`lines.${i}.formatId`}
                  label={t.format}
                  required
                  render={(field, a11y) => <FormatSelect index={i} a11y={a11y} onBlur={field.onBlur} />}
                />
                <VintageField index={i} />
                <FormField<SalesOrderFormValues>
                  name={`lines.${i}.unitPrice`}
                  label={t.unitPriceOverride}
                  kind="number"
                  min={0}
                  precision={2}
                  suffix="€"
                  help={t.unitPriceHelp}
                />
              </div>
            ) : (
              <div style={{ ...grid, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}>
                <div style={{ gridColumn: '1 / -1' }}>
                  <FormField<SalesOrderFormValues> name={`lines.${i}.label`} label={t.label} required maxLength={200} />
                </div>
                <FormField<SalesOrderFormValues>
                  name={`lines.${i}.unitPrice`}
                  label={t.unitPrice}
                  kind="number"
                  min={0}
                  precision={2}
                  suffix="€"
                  required
                />
                <FormField<SalesOrderFormValues>
                  name={`lines.${i}.vatRate`}
                  label={t.vatRate}
                  kind="select"
                  options={vatOptions}
                  required
                />
              </div>
            )}
            <div style={grid}>
              <FormField<SalesOrderFormValues>
                name={`lines.${i}.quantity`}
                label={t.quantity}
                kind="number"
                min={1}
                step={1}
                precision={0}
                required
              />
              <FormField<SalesOrderFormValues>
                name={`lines.${i}.discountPercent`}
                label={t.discountPercent}
                kind="number"
                min={0}
                max={100}
                precision={2}
                suffix="%"
              />
              <FormField<SalesOrderFormValues> name={`lines.${i}.free`} label={t.free} kind="switch" />
            </div>
          </Card>
        );
      })}
      {linesError && (
        <div role="alert" style={{ color: 'var(--ant-color-error, #b42318)' }}>
          {linesError}
        </div>
      )}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <Button onClick={() => add('catalogue')}>{t.addCatalogue}</Button>
        <Button onClick={() => add('free')}>{t.addFree}</Button>
      </div>
    </fieldset>
  );
}
