// 'Style de l'en-tête' (§3): logo placement, tab alignment, font, elevation 0–24 and the on/off options. Each change
// is merged into the draft's headerStyle, which the preview applies at once; an option never touched stays unset.
import { InputNumber, Radio, Select } from 'antd';
import { useFormContext, useWatch } from 'react-hook-form';
import type { HeaderStyle } from 'shared-kernel/contracts';
import { FormField } from 'shared-kernel/kit';
import type { CustomizeValues } from './customize.schema';
import { useTexts } from './customize.texts';
import { Toggle } from './Toggle';

const FONTS = [
  ['', 'default'],
  ['Georgia, serif', 'georgia'],
  ["'Times New Roman', serif", 'times'],
  ['system-ui, sans-serif', 'system'],
  ['Arial, Helvetica, sans-serif', 'arial'],
  ["'Trebuchet MS', sans-serif", 'trebuchet'],
  ["'Courier New', monospace", 'courier'],
] as const;

type BooleanOption = 'dark' | 'shadow' | 'underline' | 'isUppercase' | 'hideLogo' | 'logoShadow';

export function HeaderStyleFields() {
  const t = useTexts();
  const h = t.header;
  const { control, setValue } = useFormContext<CustomizeValues>();
  const hs = useWatch({ control, name: 'headerStyle' }) as HeaderStyle;
  const set = (patch: Partial<HeaderStyle>) => setValue('headerStyle', { ...hs, ...patch }, { shouldDirty: true });
  const toggle = (key: BooleanOption, label: string) => <Toggle label={label} checked={!!hs[key]} onChange={(v) => set({ [key]: v })} />;
  return (
    <fieldset>
      <legend>{h.legend}</legend>
      <FormField<CustomizeValues>
        name="headerStyle.logoPlacement"
        label={h.logoPlacement}
        render={(_field, a11y) => (
          <Radio.Group
            id={a11y.id}
            value={hs.logoPlacement ?? 'start'}
            onChange={(e) => set({ logoPlacement: e.target.value as HeaderStyle['logoPlacement'] })}
            aria-label={h.logoPlacement}
          >
            <Radio value="start">{h.placements.start}</Radio>
            <Radio value="center">{h.placements.center}</Radio>
            <Radio value="left">{h.placements.left}</Radio>
          </Radio.Group>
        )}
      />
      <FormField<CustomizeValues>
        name="headerStyle.justifyContent"
        label={h.justify}
        render={(_field, a11y) => (
          <Select
            {...a11y}
            value={hs.justifyContent ?? 'start'}
            onChange={(v) => set({ justifyContent: v })}
            options={[
              { value: 'start', label: h.justifications.start },
              { value: 'center', label: h.justifications.center },
              { value: 'end', label: h.justifications.end },
              { value: 'space-between', label: h.justifications.spaceBetween },
            ]}
          />
        )}
      />
      <FormField<CustomizeValues>
        name="headerStyle.font"
        label={h.font}
        render={(_field, a11y) => (
          <Select
            {...a11y}
            value={hs.font ?? ''}
            onChange={(v) => set({ font: v })}
            options={FONTS.map(([value, key]) => ({ value, label: h.fonts[key] }))}
          />
        )}
      />
      <FormField<CustomizeValues>
        name="headerStyle.elevation"
        label={h.elevation}
        render={(_field, a11y) => (
          <InputNumber
            {...a11y}
            min={0}
            max={24}
            precision={0}
            value={hs.elevation ?? 0}
            onChange={(v) => set({ elevation: Math.max(0, Math.min(24, Number(v ?? 0))) })}
          />
        )}
      />
      <div style={{ display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fit, minmax(190px, 1fr))' }}>
        {toggle('dark', h.dark)}
        {toggle('shadow', h.shadow)}
        <Toggle label={h.border} checked={hs.border !== false} onChange={(v) => set({ border: v })} />
        {toggle('underline', h.underline)}
        {toggle('isUppercase', h.uppercase)}
        {toggle('hideLogo', h.hideLogo)}
        {toggle('logoShadow', h.logoShadow)}
      </div>
    </fieldset>
  );
}
