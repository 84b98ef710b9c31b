// A client picker searched on the server (GET /crm/clients?q=): each option shows the name, the code and the
// typology. The chosen client stays labelled when the search changes; a client given up front (`initial`, or an id
// only: read with GET /crm/clients/:id) is labelled too.
import { useState } from 'react';
import { Select, Typography } from 'antd';
import type { FieldA11y } from 'shared-kernel/kit';
import { useClientChoice, useClientSearch, type ClientChoice } from './lookups.queries';

export function clientOptionLabel(c: ClientChoice) {
  const sub = [c.code, c.typology].filter(Boolean).join(' · ');
  return (
    <span>
      {c.name}
      {sub && (
        <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
          {sub}
        </Typography.Text>
      )}
    </span>
  );
}

export function ClientSelect({
  value,
  onChange,
  onBlur,
  a11y,
  initial,
  placeholder = 'Rechercher un client (nom, code, mail…)',
  disabled,
}: {
  value: number | null | undefined;
  onChange: (id: number | null, client: ClientChoice | null) => void;
  onBlur?: () => void;
  a11y?: FieldA11y;
  initial?: ClientChoice | null;
  placeholder?: string;
  disabled?: boolean;
}) {
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<ClientChoice | null>(initial ?? null);
  const search = useClientSearch(q);
  const known = [picked, initial].find((c) => c && c.id === value) ?? search.data?.find((c) => c.id === value);
  const byId = useClientChoice(value && !known ? value : null);
  const choices = [...(search.data ?? [])];
  const current = known ?? byId.data;
  if (current && !choices.some((c) => c.id === current.id)) choices.unshift(current);

  return (
    <Select<number>
      {...a11y}
      showSearch={{ filterOption: false, onSearch: setQ }}
      allowClear
      value={value ?? undefined}
      disabled={disabled}
      onBlur={onBlur}
      onChange={(id) => {
        const c = choices.find((x) => x.id === id) ?? null;
        setPicked(c);
        onChange(id ?? null, c);
      }}
      loading={search.isFetching}
      placeholder={placeholder}
      notFoundContent={search.isFetching ? 'Chargement…' : 'Aucun client'}
      options={choices.map((c) => ({ value: c.id, label: clientOptionLabel(c), title: c.name }))}
      style={{ width: '100%' }}
    />
  );
}
