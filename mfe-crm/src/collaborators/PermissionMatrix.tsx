import { Button, Checkbox, Space, Tag } from 'antd';
import {
  PERMISSION_GROUPS,
  PERMISSION_LABELS,
  PRESET_DEFINITIONS,
  PRESET_LABELS,
  TEAM_PRESETS,
  presetOf,
  type Permission,
} from 'shared-kernel/contracts';
import { useTexts } from './texts';

export interface PermissionMatrixProps {
  value: Permission[];
  onChange: (next: Permission[]) => void;
  disabled?: boolean;
}

/** The 41 §6 flags grouped by area, with presets; keyboard usable (checkboxes, buttons). */
export function PermissionMatrix({ value, onChange, disabled }: PermissionMatrixProps) {
  const t = useTexts();
  const set = new Set(value);
  const toggle = (flag: Permission, on: boolean) => onChange(on ? [...value, flag] : value.filter((f) => f !== flag));
  const setGroup = (flags: readonly Permission[], on: boolean) =>
    onChange(on ? [...new Set([...value, ...flags])] : value.filter((f) => !flags.includes(f)));
  const current = presetOf(value);
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <div role="group" aria-label={t.presets}>
        <div style={{ marginBottom: 8 }}>
          {t.applyPreset} · <Tag>{PRESET_LABELS[current]}</Tag>
        </div>
        <Space wrap>
          {TEAM_PRESETS.map((p) => (
            <Button
              key={p}
              size="small"
              disabled={disabled}
              type={current === p ? 'primary' : 'default'}
              aria-pressed={current === p}
              title={PRESET_DEFINITIONS[p].description}
              onClick={() => onChange([...PRESET_DEFINITIONS[p].flags])}
            >
              {PRESET_DEFINITIONS[p].label}
            </Button>
          ))}
        </Space>
        <p style={{ margin: '8px 0 0', color: 'rgba(0,0,0,0.55)' }}>{t.matrixHelp}</p>
      </div>
      <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {PERMISSION_GROUPS.map((g) => {
          const on = g.flags.filter((f) => set.has(f)).length;
          return (
            <fieldset key={g.id} style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12, margin: 0 }}>
              <legend style={{ fontWeight: 600, fontSize: 14, padding: '0 4px', width: 'auto', margin: 0, border: 0 }}>
                {g.label} ({on}/{g.flags.length})
              </legend>
              <Space size={4} style={{ marginBottom: 4 }}>
                <Button
                  size="small"
                  type="link"
                  disabled={disabled}
                  onClick={() => setGroup(g.flags, true)}
                  aria-label={`${t.all} : ${g.label}`}
                >
                  {t.all}
                </Button>
                <Button
                  size="small"
                  type="link"
                  disabled={disabled}
                  onClick={() => setGroup(g.flags, false)}
                  aria-label={`${t.none} : ${g.label}`}
                >
                  {t.none}
                </Button>
              </Space>
              <div style={{ display: 'grid', gap: 4 }}>
                {g.flags.map((f) => (
                  <Checkbox key={f} checked={set.has(f)} disabled={disabled} onChange={(e) => toggle(f, e.target.checked)}>
                    {PERMISSION_LABELS[f]}
                  </Checkbox>
                ))}
              </div>
            </fieldset>
          );
        })}
      </div>
    </div>
  );
}
