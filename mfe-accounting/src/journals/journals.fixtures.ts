// Test data of the journals screen, shaped as the contract's answers (shared-kernel/contracts/accounting.ts).
import {
  DEFAULT_ACCOUNTING_SETTINGS,
  type AccountBalances,
  type AccountingEntry,
  type AccountingEntriesPage,
  type AccountingPeriod,
  type AccountingSettings,
  type FecCheck,
  type FiscalYear,
  type VatSummary,
} from 'shared-kernel/contracts';

/** '1 200,00 €' as formatCents writes it (narrow no-break spaces, no-break space before €). */
export const EURO = (s: string) => s.replace(' €', '\u00a0€').replace(/ /g, '\u202f');

export function entry(over: Partial<AccountingEntry> & { id: number }): AccountingEntry {
  return {
    journal: 'VT',
    journalCode: 'VT',
    journalLabel: 'Ventes',
    num: over.id,
    ref: `VT${String(over.id).padStart(6, '0')}`,
    date: '2026-02-10',
    pieceRef: `F-2026-${String(over.id).padStart(4, '0')}`,
    pieceDate: '2026-02-10',
    label: 'Facture Cave Dupont',
    lines: [
      {
        account: '411CL00007',
        accountLabel: 'Clients',
        auxiliary: 'CL00007',
        auxiliaryLabel: 'Cave Dupont',
        label: 'Cave Dupont',
        debit: 12000,
        credit: 0,
      },
      { account: '7011', accountLabel: 'Ventes de vins', auxiliary: null, auxiliaryLabel: null, label: 'Vins', debit: 0, credit: 10000 },
      {
        account: '445712',
        accountLabel: 'TVA collectée 20 %',
        auxiliary: null,
        auxiliaryLabel: null,
        label: 'TVA 20 %',
        debit: 0,
        credit: 2000,
      },
    ],
    amount: 12000,
    client: { id: 7, name: 'Cave Dupont' },
    lettering: null,
    letteringDate: null,
    validDate: '2026-02-10',
    source: { kind: 'invoice', id: 40 + over.id, path: `/dashboard/orders/bills?open=${40 + over.id}` },
    closed: false,
    ...over,
  };
}

export function entriesPage(
  items: AccountingEntry[],
  totals: { debit: number; credit: number },
  query: Record<string, string> = {},
): AccountingEntriesPage {
  const pageSize = Number(query.pageSize ?? 20);
  const page = Number(query.page ?? 1);
  return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize, totals };
}

export const settings = (over: Partial<AccountingSettings> = {}): AccountingSettings => ({
  ...DEFAULT_ACCOUNTING_SETTINGS,
  journals: { ...DEFAULT_ACCOUNTING_SETTINGS.journals, BQ: { code: 'BQ1', label: 'Banque Crédit Agricole' } },
  ...over,
});

export const balances = (): AccountBalances => ({
  items: [
    {
      account: '411',
      label: 'Clients',
      auxiliary: 'CL00007',
      auxiliaryLabel: 'Cave Dupont',
      debit: 36000,
      credit: 12000,
      balance: 24000,
    },
    { account: '445712', label: 'TVA collectée 20 %', auxiliary: null, auxiliaryLabel: null, debit: 0, credit: 6000, balance: -6000 },
    { account: '7011', label: 'Ventes de vins', auxiliary: null, auxiliaryLabel: null, debit: 0, credit: 30000, balance: -30000 },
    { account: '5121', label: 'Banque', auxiliary: null, auxiliaryLabel: null, debit: 12000, credit: 0, balance: 12000 },
  ],
  totals: { debit: 48000, credit: 48000 },
});

export const fiscalYears = (): FiscalYear[] => [
  { year: 2026, from: '2026-01-01', to: '2026-12-31', label: 'Exercice 2026', current: true },
  { year: 2025, from: '2025-01-01', to: '2025-12-31', label: 'Exercice 2025', current: false },
];

export const fecCheck = (over: Partial<FecCheck> = {}): FecCheck => ({
  year: 2026,
  from: '2026-01-01',
  to: '2026-12-31',
  fileName: '123456789FEC20261231.txt',
  lines: 42,
  entries: 14,
  debit: 150000,
  credit: 150000,
  problems: [],
  sirenMissing: false,
  ...over,
});

export const vatSummary = (): VatSummary => ({
  from: '2026-01-01',
  to: '2026-12-31',
  months: [
    {
      month: '2026-01',
      rows: [
        { rate: '20', type: 'fr', account: '445712', base: 100000, vat: 20000 },
        { rate: '5_5', type: 'fr', account: '445713', base: 10000, vat: 550 },
      ],
      base: 110000,
      vat: 20550,
    },
    { month: '2026-02', rows: [{ rate: '0', type: 'ce', account: '445700', base: 50000, vat: 0 }], base: 50000, vat: 0 },
  ],
  totals: { base: 160000, vat: 20550 },
});

export function period(month: string, over: Partial<AccountingPeriod> = {}): AccountingPeriod {
  return { month, status: 'open', over: true, entries: 12, exportedAt: null, history: [], ...over };
}
