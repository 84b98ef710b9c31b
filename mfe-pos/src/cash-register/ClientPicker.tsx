import { useState } from 'react';
import { Button, Select } from 'antd';
import UserAddOutlined from '@ant-design/icons/es/icons/UserAddOutlined';
import { useClientLoyalty, useClientSearch, useDebounced } from './pos.queries';
import type { CartClient } from './ticket-model';
import { useTexts } from './texts';

/**
 * The ticket's client: « Client au comptoir » by default, or a CRM client searched on the server (GET /crm/clients?q=),
 * or « Nouveau client » (`onNew`: the till opens the quick creation).
 */
export function ClientPicker({
  value,
  onChange,
  onNew,
}: {
  value: CartClient | null;
  onChange: (c: CartClient | null) => void;
  onNew: () => void;
}) {
  const t = useTexts();
  const [q, setQ] = useState('');
  const term = useDebounced(q, 250);
  const search = useClientSearch(term);
  const loyalty = useClientLoyalty(value?.id);
  const account = loyalty.data?.program.active ? loyalty.data : null;
  const found = (search.data?.items ?? []).map((c) => ({ id: c.id, name: c.name, email: c.email, city: c.city }));
  const options = found.map((c) => ({ value: c.id, label: c.city ? `${c.name} · ${c.city}` : c.name, title: c.name }));
  if (value && !found.some((c) => c.id === value.id)) options.unshift({ value: value.id, label: value.name, title: value.name });

  return (
    <div className="wz-client-row">
      <Select<number>
        aria-label={t.client.label}
        className="wz-client"
        showSearch={{ filterOption: false, onSearch: setQ }}
        allowClear
        value={value?.id}
        placeholder={t.client.counter}
        loading={search.isFetching}
        notFoundContent={q.trim().length < 2 ? t.client.typeMore : search.isFetching ? t.client.search : t.client.none}
        options={options}
        onChange={(id) => {
          const c = found.find((x) => x.id === id);
          if (c) onChange({ id: c.id, name: c.name, email: c.email });
          else onChange(value && value.id === id ? value : null);
          setQ('');
        }}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Button icon={<UserAddOutlined aria-hidden />} onClick={onNew}>
        {t.client.new}
      </Button>
      {account && (
        <p className="wz-client-loyalty" data-testid="client-loyalty" style={{ flexBasis: '100%', margin: 0 }}>
          {t.client.loyalty(account.balance, account.level?.name ?? null)}
        </p>
      )}
    </div>
  );
}
