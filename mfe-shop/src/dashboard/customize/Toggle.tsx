import { Switch } from 'antd';

/** A switch with its label beside it (the header style options and a tab's 'Visible'). */
export function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label style={{ display: 'flex', gap: 8, alignItems: 'center', cursor: 'pointer' }}>
      <Switch size="small" checked={checked} onChange={onChange} aria-label={label} />
      <span>{label}</span>
    </label>
  );
}
