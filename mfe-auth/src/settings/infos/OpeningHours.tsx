// The opening hours of the settings section `infos`: for each weekday, not given / closed / open with up to three
// time ranges (native time inputs: keyboard and phone friendly) / a free text.
import { Button, Flex, Input, Select } from 'antd';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { FormField } from 'shared-kernel/kit';
import { MAX_RANGES, newRange, OPENING_DAYS, type HoursMode, type InfosFormValues, type OpeningDay, type TimeRange } from './infos.schema';
import { useTexts } from './texts';

const MODES: HoursMode[] = ['unset', 'closed', 'open', 'custom'];
const fieldsetStyle = { border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 12px 0', margin: 0, minWidth: 0 } as const;
const legendStyle = { fontWeight: 600, padding: '0 4px', width: 'auto', marginBottom: 0, fontSize: 14 } as const;

function TimeInput({ name, label, disabled }: { name: string; label: string; disabled: boolean }) {
  return (
    <FormField<InfosFormValues>
      name={name as never}
      label={label}
      render={(field, a11y) => (
        <Input
          {...a11y}
          ref={field.ref}
          type="time"
          name={field.name}
          value={(field.value as unknown as string | undefined) ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          disabled={disabled}
          status={a11y['aria-invalid'] ? 'error' : undefined}
          style={{ width: 130 }}
        />
      )}
    />
  );
}

function Day({ control, day, disabled }: { control: Control<InfosFormValues>; day: OpeningDay; disabled: boolean }) {
  const t = useTexts();
  const label = t.days[day];
  const ranges = useFieldArray({ control, name: `openingHours.${day}.ranges` });
  const mode = useWatch({ control, name: `openingHours.${day}.mode` }) as HoursMode;
  const values = useWatch({ control, name: `openingHours.${day}.ranges` }) as TimeRange[] | undefined;
  return (
    <fieldset style={fieldsetStyle} aria-label={label}>
      <legend style={legendStyle}>{label}</legend>
      <Flex gap="0 16px" wrap align="flex-start">
        <div style={{ flex: '0 1 200px', minWidth: 160 }}>
          <FormField<InfosFormValues>
            name={`openingHours.${day}.mode`}
            label={label}
            render={(field, a11y) => (
              <Select
                {...a11y}
                ref={field.ref}
                value={field.value as unknown as HoursMode}
                onChange={(v: HoursMode) => {
                  field.onChange(v);
                  if (v === 'open' && !ranges.fields.length) ranges.replace([newRange()]);
                }}
                onBlur={field.onBlur}
                disabled={disabled}
                options={MODES.map((m) => ({ value: m, label: t.modes[m] }))}
                status={a11y['aria-invalid'] ? 'error' : undefined}
                style={{ width: '100%' }}
              />
            )}
          />
        </div>
        {mode === 'open' && (
          <div style={{ flex: '1 1 300px', minWidth: 0 }}>
            {ranges.fields.map((f, i) => (
              <Flex key={f.id} gap="0 12px" wrap align="flex-start">
                <TimeInput name={`openingHours.${day}.ranges.${i}.from`} label={t.from(i + 1)} disabled={disabled} />
                <TimeInput name={`openingHours.${day}.ranges.${i}.to`} label={t.to(i + 1)} disabled={disabled} />
                <Button
                  danger
                  aria-label={t.removeRange(label, i + 1)}
                  title={t.removeRange(label, i + 1)}
                  disabled={disabled || ranges.fields.length <= 1}
                  onClick={() => ranges.remove(i)}
                  style={{ marginTop: 28 }}
                >
                  ✕
                </Button>
              </Flex>
            ))}
            {!disabled && ranges.fields.length < MAX_RANGES && (
              <Button
                size="small"
                style={{ marginBottom: 16 }}
                aria-label={`${t.addRange} (${label})`}
                onClick={() => ranges.append(newRange(values?.[values.length - 1]), { shouldFocus: true })}
              >
                {t.addRange}
              </Button>
            )}
          </div>
        )}
        {mode === 'custom' && (
          <div style={{ flex: '1 1 300px', minWidth: 0 }}>
            <FormField<InfosFormValues>
              name={`openingHours.${day}.text`}
              label={t.customText(label)}
              placeholder={t.customPlaceholder}
              maxLength={100}
              disabled={disabled}
            />
          </div>
        )}
      </Flex>
    </fieldset>
  );
}

export function OpeningHours({ control, disabled }: { control: Control<InfosFormValues>; disabled: boolean }) {
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      {OPENING_DAYS.map((d) => (
        <Day key={d} control={control} day={d} disabled={disabled} />
      ))}
    </div>
  );
}
