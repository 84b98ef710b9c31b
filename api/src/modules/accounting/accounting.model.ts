/**
 * What the accounting files share: the dependencies each of their functions is given (instead of closing over them),
 * the context every read starts from, the accounts' labels and the French dates the answers show.
 */
import type { AccountingSettings } from 'shared-kernel/contracts';
import { DEFAULT_ACCOUNT_LABELS, type ChartOfAccounts } from 'shared-kernel/domain';
import type { Db } from '../../platform/db/client';
import { parisDate } from '../sales';
import type { FiscalStart } from './accounting.posting';

/** The database and the time: a test walks the clock to another day (months over, fiscal years past). */
export interface AccountingDeps {
  db: Db;
  clock: () => Date;
}

/** The shop's chart of accounts, its settings and the start of its fiscal years. */
export interface AccountingContext {
  chart: ChartOfAccounts;
  settings: AccountingSettings;
  fiscal: FiscalStart;
}

/** Today in Paris, the day the shop's accounting lives in. */
export const todayOf = ({ clock }: AccountingDeps) => parisDate(clock());

/** The rows of a raw `db.execute`. */
export const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** YYYY-MM-DD as DD/MM/YYYY ('' for none). */
export const frDate = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

/** The label of each account of the chart (its role), over the PCG labels. */
export function accountLabels(chart: ChartOfAccounts): Record<string, string> {
  const out: Record<string, string> = { ...DEFAULT_ACCOUNT_LABELS };
  const put = (account: string, label: string) => {
    if (!out[account]) out[account] = label;
  };
  for (const [rate, account] of Object.entries(chart.vat)) put(account, `TVA collectée ${rate.replace('_', ',')} %`);
  put(chart.duties, 'Droits d’accises');
  put(chart.deposits, 'Clients - avances et acomptes reçus');
  put(chart.clients.collective, 'Clients');
  put(chart.counterSalesClient, 'Clients ventes comptoir');
  put(chart.purchases.goods, 'Achats de marchandises');
  put(chart.purchases.vat, 'TVA déductible sur autres biens et services');
  put(chart.purchases.suppliers, 'Fournisseurs');
  put(chart.purchases.prepayments, 'Fournisseurs - avances et acomptes versés');
  put(chart.result.profit, 'Résultat de l’exercice (bénéfice)');
  put(chart.result.loss, 'Résultat de l’exercice (perte)');
  return out;
}

/** An account's label: its own, else its 4- or 3-digit root's, else the number itself. */
export function labelOf(labels: Record<string, string>, account: string): string {
  return labels[account] ?? labels[account.slice(0, 4)] ?? labels[account.slice(0, 3)] ?? account;
}
