// A searchable select of the shop's formats ('Produit – 2022 – 75 cl'), searched on the server (GET /stock/format-options).
import { Select } from 'antd';
import { useState } from 'react';
import type { FieldA11y } from 'shared-kernel/kit';
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
    <Select
      {...a11y}
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? null)}
      onBlur={onBlur}
      disabled={disabled}
      loading={options.isFetching}
      placeholder="Rechercher un produit"
      options={options.data ?? []}
      notFoundContent={options.isFetching ? 'Chargement…' : 'Aucun format'}
      style={{ width: '100%' }}
    />
  );
}
