// 'Écritures' (default tab): the entries list (GET /accounting/entries) on the kit's ResourceTable, its state in the
// URL (sort date / num, search on the piece or the label, filters period, journal, account, client, lettering), the debit / credit totals of every line
// matching the filters with an 'Équilibré' / 'Déséquilibré' tag, and an entry's lines in a drawer (click, Enter or
// the eye button of its row).
import { useMemo, useState } from 'react';
import { Flex, Tag, Typography } from 'antd';
import type { AccountingEntriesPage, AccountingEntry } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { ResourceTable, useUrlListState } from 'shared-kernel/kit';
import { fetchEntries, useAccountingSettings, useEntries } from '../journals.queries';
import { useTexts } from '../texts';
import { entryColumns } from './columns';
import { EntryDrawer } from './EntryDrawer';
import { EntryFilters } from './EntryFilters';
import { entriesList } from './filters';

function EntryTotals({ totals }: { totals: AccountingEntriesPage['totals'] }) {
  const t = useTexts().entries;
  const balanced = totals.debit === totals.credit;
  return (
    <section aria-label={t.totals} data-testid="entries-totals">
      <Flex wrap gap={24} align="center" role="status">
        <span>
          {t.debit} : <strong data-testid="entries-total-debit">{formatCents(totals.debit)}</strong>
        </span>
        <span>
          {t.credit} : <strong data-testid="entries-total-credit">{formatCents(totals.credit)}</strong>
        </span>
        <Tag color={balanced ? 'green' : 'red'} data-testid="entries-balance">
          {balanced ? t.balanced : t.unbalanced}
        </Tag>
        {!balanced && <Typography.Text type="danger">{t.gap(formatCents(Math.abs(totals.debit - totals.credit)))}</Typography.Text>}
      </Flex>
    </section>
  );
}

export function EntriesTab() {
  const t = useTexts();
  const list = useUrlListState(entriesList);
  const query = useEntries(list.apiQuery);
  const settings = useAccountingSettings();
  const [open, setOpen] = useState<AccountingEntry | null>(null);
  const columns = useMemo(() => entryColumns(t, setOpen), [t]);
  const { clientId, from, to } = list.state.filters;
  // the client of ?clientId= as an entry on screen names it (undefined until the entries are read)
  const knownClient = !query.data
    ? undefined
    : (query.data.items.find((e) => e.client !== null && e.client.id === clientId)?.client ?? null);
  // only the period filtered: the empty list says so
  const onlyPeriod =
    list.state.q === '' && Object.entries(list.state.filters).every(([k, v]) => v === undefined || k === 'from' || k === 'to');
  const emptyFiltered = onlyPeriod && (from || to) ? t.entries.empty : t.entries.emptyFiltered;

  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={t.entries.tableLabel}
        onRowOpen={setOpen}
        search
        scrollX={1000}
        exportCsv={{ filename: 'ecritures', fetchPage: fetchEntries }}
        toolbar={
          <EntryFilters list={list} journals={settings.data?.journals} knownClient={knownClient} withEntryFilters idPrefix="entries" />
        }
        texts={{
          empty: t.entries.empty,
          emptyFiltered,
          total: t.entries.total,
          searchLabel: t.entries.search,
          searchPlaceholder: t.entries.searchPlaceholder,
        }}
      />
      {query.data && query.data.total > 0 && <EntryTotals totals={query.data.totals} />}
      <EntryDrawer entry={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
