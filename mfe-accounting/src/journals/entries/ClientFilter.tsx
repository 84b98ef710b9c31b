// The client filter of the entries and balances: a select searched on the server (GET /crm/clients?q=, loaded once
// opened, as the sales screens' client picker). The chosen client stays labelled: by the pick, by an entry on screen
// (`known`), else by GET /crm/clients/:id for a ?clientId= given in a link.
import { useDeferredValue, useState } from 'react';
import { Select, Typography } from 'antd';
import { useClientName, useClientSearch, type ClientChoice } from '../journals.queries';
import { useTexts } from '../texts';

export function ClientFilter({
  id,
  value,
  onChange,
  known,
}: {
  id: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  /** the client as the screen already knows it (an entry of the page); null: not known; undefined: not known yet */
  known?: ClientChoice | null;
}) {
  const t = useTexts().filters;
  const [started, setStarted] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search);
  const [picked, setPicked] = useState<ClientChoice | null>(null);
  const clients = useClientSearch(q, started);
  const found = [picked, known].find((c) => c && c.id === value) ?? clients.data?.find((c) => c.id === value) ?? null;
  const byId = useClientName(value !== undefined && !found && known !== undefined ? value : null);
  const current = found ?? byId.data ?? null;

  const options = (clients.data ?? []).map((c) => ({
    value: c.id,
    title: c.name,
    label: (
      <span>
        {c.name}
        {c.code && (
          <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
            {c.code}
          </Typography.Text>
        )}
      </span>
    ),
  }));
  if (value !== undefined && !options.some((o) => o.value === value)) {
    const name = current?.name ?? t.clientNumber(value);
    options.unshift({ value, title: name, label: <span>{name}</span> });
  }

  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => {
        if (open) setStarted(true);
      }}
      value={value}
      onChange={(v) => {
        setPicked((clients.data ?? []).find((c) => c.id === v) ?? null);
        onChange(v ?? undefined);
      }}
      placeholder={t.clientPlaceholder}
      loading={clients.isFetching}
      notFoundContent={clients.isError ? t.clientsError : clients.isFetching ? t.clientSearch : t.noClient}
      options={options}
      style={{ width: 240, maxWidth: '100%' }}
    />
  );
}
