// The filters of the entries (period, journal, account, client, lettering) and of the balances (period, journal,
// client), all in the URL through the entries' list state: a filter set on one tab holds on the other.
import { useState, type ReactNode } from 'react';
import { Flex, Input, Select } from 'antd';
import { DEFAULT_ACCOUNTING_SETTINGS, JOURNAL_KINDS, type AccountingSettings } from 'shared-kernel/contracts';
import { DatePicker } from 'shared-kernel/ui';
import type { ClientChoice } from '../journals.queries';
import { useTexts } from '../texts';
import { ClientFilter } from './ClientFilter';
import type { EntriesListState } from './filters';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4} style={{ minWidth: 0 }}>
      <label htmlFor={id}>{label}</label>
      {children}
    </Flex>
  );
}

/** Journal choices: 'VT — Ventes' with the shop's codes and labels (the defaults until the settings are read). */
export function journalOptions(journals: AccountingSettings['journals'] = DEFAULT_ACCOUNTING_SETTINGS.journals) {
  return JOURNAL_KINDS.map((k) => ({ value: k, label: `${journals[k].code} — ${journals[k].label}` }));
}

/** Typing an account prefix: sent to the URL on Enter, on the search button or when the field is left. */
function AccountFilter({ id, value, onCommit }: { id: string; value: string | undefined; onCommit: (v: string | undefined) => void }) {
  const t = useTexts().filters;
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (v: string) => {
    setDraft(null);
    const clean = v.trim().toUpperCase();
    if (clean !== (value ?? '')) onCommit(clean || undefined);
  };
  return (
    <Input.Search
      id={id}
      value={draft ?? value ?? ''}
      placeholder={t.accountPlaceholder}
      title={t.accountHelp}
      allowClear
      inputMode="text"
      maxLength={20}
      onChange={(e) => setDraft(e.target.value.replace(/[^0-9a-zA-Z]/g, ''))}
      onSearch={(v) => commit(v)}
      onBlur={() => {
        if (draft !== null) commit(draft);
      }}
      style={{ width: 180 }}
    />
  );
}

export function EntryFilters({
  list,
  journals,
  knownClient,
  withEntryFilters,
  idPrefix,
}: {
  list: EntriesListState;
  journals?: AccountingSettings['journals'];
  /** see ClientFilter's `known` */
  knownClient: ClientChoice | null | undefined;
  /** the entries' own filters (account, lettering) */
  withEntryFilters?: boolean;
  idPrefix: string;
}) {
  const t = useTexts().filters;
  const { from, to, journal, account, clientId, lettered } = list.state.filters;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <Flex wrap gap={12} align="flex-end" role="group" aria-label={t.label}>
      <Field id={id('from')} label={t.from}>
        <span style={{ width: 150 }}>
          <DatePicker id={id('from')} value={from ?? null} max={to} onChange={(v) => list.setFilter('from', v ?? undefined)} />
        </span>
      </Field>
      <Field id={id('to')} label={t.to}>
        <span style={{ width: 150 }}>
          <DatePicker id={id('to')} value={to ?? null} min={from} onChange={(v) => list.setFilter('to', v ?? undefined)} />
        </span>
      </Field>
      <Field id={id('journal')} label={t.journal}>
        <Select
          id={id('journal')}
          allowClear
          value={journal}
          placeholder={t.allJournals}
          onChange={(v) => list.setFilter('journal', v ?? undefined)}
          options={journalOptions(journals)}
          style={{ width: 220, maxWidth: '100%' }}
        />
      </Field>
      {withEntryFilters && (
        <Field id={id('account')} label={t.account}>
          <AccountFilter id={id('account')} value={account} onCommit={(v) => list.setFilter('account', v)} />
        </Field>
      )}
      <Field id={id('client')} label={t.client}>
        <ClientFilter id={id('client')} value={clientId} known={knownClient} onChange={(v) => list.setFilter('clientId', v)} />
      </Field>
      {withEntryFilters && (
        <Field id={id('lettered')} label={t.lettered}>
          <Select<'all' | 'yes' | 'no'>
            id={id('lettered')}
            value={lettered === undefined ? 'all' : lettered ? 'yes' : 'no'}
            onChange={(v) => list.setFilter('lettered', v === 'all' ? undefined : v === 'yes')}
            options={[
              { value: 'all', label: t.letteredAll },
              { value: 'yes', label: t.letteredYes },
              { value: 'no', label: t.letteredNo },
            ]}
            style={{ width: 150 }}
          />
        </Field>
      )}
    </Flex>
  );
}
