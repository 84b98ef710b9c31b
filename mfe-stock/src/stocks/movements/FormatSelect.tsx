// The kit's format select over the stock's own search of the shop's formats (GET /stock/format-options).
import { useState } from 'react';
import { FormatSelect as KitFormatSelect, type FieldA11y } from 'shared-kernel/kit';
import { useFormatOptions } from '../stocks.queries';

export function FormatSelect({
  value,
  onChange,
  onBlur,
  a11y,
  disabled,
}: {
  value: number | null | undefined;
  onChange: (v: number | null) => void;
  onBlur?: () => void;
  a11y?: FieldA11y;
  disabled?: boolean;
}) {
  const [q, setQ] = useState('');
  const options = useFormatOptions(q);
  return (
    <KitFormatSelect
      value={value}
      onChange={(v) => onChange(v)}
      onBlur={onBlur}
      a11y={a11y}
      disabled={disabled}
      options={options.data}
      onSearch={setQ}
      loading={options.isFetching}
    />
  );
}
