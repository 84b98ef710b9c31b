// The journals screen's data (contract shared-kernel/contracts/accounting.ts), all under /v1:
//   GET  /accounting/entries?page&pageSize&sort&from&to&journal&account&clientId&lettered
//        → Paginated<AccountingEntry> & { totals: { debit, credit } }
//   GET  /accounting/balances?from&to&journal&clientId → AccountBalances
//   GET  /accounting/settings → AccountingSettings (journal labels, the default export layout and format)
//   GET  /accounting/fiscal-years → FiscalYear[]
//   GET  /accounting/fec/check?year → FecCheck;  GET /accounting/fec?year[&encoding=utf-8] → the FEC file
//   GET  /accounting/export?from&to&format&layout → the accountant's file
//   GET  /accounting/vat?from&to → VatSummary
//   GET  /accounting/periods?year → AccountingPeriod[]
//   POST /accounting/periods/:month/close → AccountingPeriod + message
//   POST /accounting/periods/:month/reopen { reason } → AccountingPeriod + message
//   GET  /crm/clients?q&pageSize=20 and /crm/clients/:id (the client filter, as the sales screens' client picker)
// Every key is scoped by the viewer (createQueryKeys): ['accounting', 'journals', 'u2:s1', <what>, …]. Closing or
// reopening a month refreshes everything of the screen (the entries' `closed` flag, the periods).
import { useMemo } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountBalances,
  AccountingEntriesPage,
  AccountingPeriod,
  AccountingSettings,
  CrmClientDetail,
  CrmClientListItem,
  ExportFormat,
  ExportLayout,
  FecCheck,
  FecEncoding,
  FiscalYear,
  JournalKind,
  Paginated,
  VatSummary,
} from 'shared-kernel/contracts';
import {
  createQueryKeys,
  downloadApiFile,
  retryUnlessClientError,
  useQueryKeys,
  type ApiQueryOf,
  type ResourceKeys,
} from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { entriesList } from './entries/filters';

export type EntriesQuery = ApiQueryOf<typeof entriesList>;
export interface BalancesQuery {
  from?: string;
  to?: string;
  journal?: JournalKind;
  clientId?: number;
}
export interface Period {
  from: string;
  to: string;
}
export interface ClientChoice {
  id: number;
  name: string;
  code?: string | null;
}

export const journalKeys = createQueryKeys<EntriesQuery, string>('accounting', 'journals');

/** The keys of every query of the screen, under one viewer's `all`. */
export function journalQueryKeys(base: Pick<ResourceKeys<EntriesQuery, string>, 'all'>) {
  const { all } = base;
  return {
    all,
    entries: (q: EntriesQuery) => [...all, 'entries', q] as const,
    balances: (q: BalancesQuery) => [...all, 'balances', q] as const,
    settings: () => [...all, 'settings'] as const,
    fiscalYears: () => [...all, 'fiscal-years'] as const,
    fecCheck: (year: number) => [...all, 'fec-check', year] as const,
    vat: (p: Period) => [...all, 'vat', p.from, p.to] as const,
    periods: (year: number) => [...all, 'periods', year] as const,
    clients: (q: string) => [...all, 'clients', q] as const,
    client: (id: number) => [...all, 'client', id] as const,
  };
}

function useKeys() {
  const keys = useQueryKeys(journalKeys);
  return useMemo(() => journalQueryKeys(keys), [keys]);
}

/** No retry on a 4xx, else the QueryClient's default (the shell retries once, tests never). */
function useRetry() {
  const client = useQueryClient();
  return retryUnlessClientError(client.getDefaultOptions().queries?.retry as Parameters<typeof retryUnlessClientError>[0]);
}

export function fetchEntries(q: EntriesQuery, signal?: AbortSignal) {
  return api.get<AccountingEntriesPage>('/accounting/entries', { query: q, silent: true, signal });
}

/** A page of entries and the debit / credit totals of every line matching the filters. */
export function useEntries(q: EntriesQuery) {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.entries(q),
    queryFn: ({ signal }) => fetchEntries(q, signal),
    placeholderData: keepPreviousData,
    retry,
  });
}

export function useBalances(q: BalancesQuery) {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.balances(q),
    queryFn: ({ signal }) => api.get<AccountBalances>('/accounting/balances', { query: { ...q }, silent: true, signal }),
    placeholderData: keepPreviousData,
    retry,
  });
}

/** The accounting settings (journal codes and labels, default export layout and format); the screen falls back to the defaults. */
export function useAccountingSettings() {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.settings(),
    queryFn: ({ signal }) => api.get<AccountingSettings>('/accounting/settings', { silent: true, signal }),
    staleTime: 5 * 60_000,
    retry,
  });
}

export function useFiscalYears() {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.fiscalYears(),
    queryFn: ({ signal }) => api.get<FiscalYear[]>('/accounting/fiscal-years', { silent: true, signal }),
    staleTime: 60_000,
    retry,
  });
}

export function useFecCheck(year: number | null) {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.fecCheck(year ?? 0),
    queryFn: ({ signal }) => api.get<FecCheck>('/accounting/fec/check', { query: { year }, silent: true, signal }),
    enabled: year !== null,
    retry,
  });
}

export function useVatSummary(period: Period | null) {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.vat(period ?? { from: '', to: '' }),
    queryFn: ({ signal }) => api.get<VatSummary>('/accounting/vat', { query: { ...period }, silent: true, signal }),
    enabled: period !== null,
    placeholderData: keepPreviousData,
    retry,
  });
}

export function usePeriods(year: number | null) {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.periods(year ?? 0),
    queryFn: ({ signal }) => api.get<AccountingPeriod[]>('/accounting/periods', { query: { year }, silent: true, signal }),
    enabled: year !== null,
    retry,
  });
}

type PeriodAnswer = AccountingPeriod & { message?: string };

/** Puts the answered period in the cached year, then refreshes the whole screen (entries get their `closed` flag). */
function usePeriodMutation<V>(call: (v: V) => Promise<PeriodAnswer>) {
  const client = useQueryClient();
  const keys = useKeys();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      const { message: _message, ...period } = answer;
      client.setQueriesData<AccountingPeriod[]>({ queryKey: [...keys.all, 'periods'] }, (list) =>
        list?.map((p) => (p.month === period.month ? period : p)),
      );
      await client.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export function useClosePeriod() {
  return usePeriodMutation((month: string) =>
    api.post<PeriodAnswer>(`/accounting/periods/${encodeURIComponent(month)}/close`, undefined, { silent: true }),
  );
}

export function useReopenPeriod() {
  return usePeriodMutation(({ month, reason }: { month: string; reason: string }) =>
    api.post<PeriodAnswer>(`/accounting/periods/${encodeURIComponent(month)}/reopen`, { reason }, { silent: true }),
  );
}

/** The client filter's search (GET /crm/clients?q=), once the select is opened. */
export function useClientSearch(q: string, enabled: boolean) {
  const keys = useKeys();
  return useQuery({
    queryKey: keys.clients(q),
    queryFn: ({ signal }) =>
      api.get<Paginated<CrmClientListItem>>('/crm/clients', { query: { q: q || undefined, pageSize: 20 }, silent: true, signal }),
    select: (page): ClientChoice[] => page.items.map((c) => ({ id: c.id, name: c.name, code: c.code })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The name of the client of `?clientId=` when the screen does not know it yet. */
export function useClientName(id: number | null) {
  const keys = useKeys();
  return useQuery({
    queryKey: keys.client(id ?? 0),
    queryFn: ({ signal }) => api.get<CrmClientDetail>(`/crm/clients/${id}`, { silent: true, signal }),
    select: (c): ClientChoice => ({ id: c.id, name: c.name, code: c.code }),
    enabled: id !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** 'Télécharger le FEC': the file of the fiscal year, under the name the check gave, ISO 8859-15 unless UTF-8 is chosen. */
export function downloadFec(year: number, fileName: string, encoding: FecEncoding = 'iso-8859-15'): Promise<void> {
  return downloadApiFile('/accounting/fec', encoding === 'utf-8' ? { year, encoding } : { year }, fileName || `FEC${year}.txt`);
}

/** 'Exporter': the entries of the period in the chosen layout, 'ecritures-<from>-<to>.<format>'. */
export function downloadAccountingExport(period: Period, format: ExportFormat, layout: ExportLayout): Promise<void> {
  return downloadApiFile('/accounting/export', { ...period, format, layout }, `ecritures-${period.from}-${period.to}.${format}`);
}
