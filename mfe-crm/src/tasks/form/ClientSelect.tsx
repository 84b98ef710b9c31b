// The client of a task: a searchable select over GET /crm/clients?q= (loaded when it opens or when typing), and a link
// to the chosen client's file. A client known by its id only (a ?clientId= prefill) gets its name from its file.
import { useDeferredValue, useState } from 'react';
import { Select } from 'antd';
import type { FieldA11y } from 'shared-kernel/kit';
import { Link, useLocation } from 'shared-kernel/router';
import { useClientOption, useClientSearch, type ClientOption } from '../tasks.queries';
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
  /** the current client's label (edit, or a prefill that knows the name) */
  initial?: ClientOption | null;
}) {
  const t = useTexts();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search);
  const [started, setStarted] = useState(false);
  const clients = useClientSearch(q, started);
  const options = (clients.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const knownName =
    value === null ? undefined : (options.find((o) => o.value === value)?.label ?? (initial?.id === value ? initial.name : undefined));
  const fetched = useClientOption(value, value !== null && knownName === undefined);
  const chosen =
    value === null ? null : { id: value, name: knownName ?? (fetched.data?.id === value ? fetched.data.name : t.clientNumber(value)) };
  if (chosen && !options.some((o) => o.value === chosen.id)) options.unshift({ value: chosen.id, label: chosen.name });
  const filePath = chosen ? `/dashboard/clients/${chosen.id}` : null;
  return (
    <div style={{ display: 'grid', gap: 4 }}>
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
        loading={clients.isFetching || fetched.isFetching}
        notFoundContent={clients.isError ? t.clientsError : t.noClient}
        options={options}
        style={{ width: '100%' }}
      />
      {/* not on the client's own file (the drawer opened from it) */}
      {chosen && filePath !== pathname && <Link to={filePath!}>{t.clientFile(chosen.name)}</Link>}
    </div>
  );
}
