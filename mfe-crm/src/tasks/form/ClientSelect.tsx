// The client of a task: a searchable select over GET /crm/clients?q= (loaded when it opens or when typing).
import { useDeferredValue, useState } from 'react';
import { Select } from 'antd';
import type { FieldA11y } from 'shared-kernel/kit';
import { useClientSearch, type ClientOption } from '../tasks.queries';
import { useTexts } from '../texts';

export function ClientSelect({
  value,
  onChange,
  onBlur,
  a11y,
  initial,
}: {
  value: number | null;
  onChange: (v: number | null) => void;
  onBlur: () => void;
  a11y: FieldA11y;
  /** the current client's label (edit, or ?clientId= prefill) */
  initial?: ClientOption | null;
}) {
  const t = useTexts();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search);
  const [started, setStarted] = useState(false);
  const clients = useClientSearch(q, started);
  const options = (clients.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (initial && value === initial.id && !options.some((o) => o.value === initial.id))
    options.unshift({ value: initial.id, label: initial.name });
  if (value !== null && !options.some((o) => o.value === value)) options.unshift({ value, label: `Client n°${value}` });
  return (
    <Select
      {...a11y}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) setStarted(true);
      }}
      value={value ?? undefined}
      onChange={(v?: number) => onChange(v ?? null)}
      onBlur={onBlur}
      placeholder={t.clientPlaceholder}
      loading={clients.isFetching}
      notFoundContent={clients.isError ? 'Les clients ne peuvent pas être chargés' : 'Aucun client'}
      options={options}
      style={{ width: '100%' }}
    />
  );
}
