// The shared entry writer of posting: one entry and its lines inserted, numbered next in its journal's series of its
// fiscal year (no gap); and what every source's posting hands it.
import type { EntrySource } from 'shared-kernel/contracts';
import { clientAccount, fiscalYearOfDay, type ChartOfAccounts, type Entry } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { nextCounterValue } from '../orders';
import { accountingEntries, accountingEntryLines } from './accounting.tables';

export const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface FiscalStart {
  month: number;
  day: number;
}

/** An entry made from a source, waiting to be inserted: in date order, then `order` (documents, payments, tills…). */
export type Pending = {
  at: string;
  order: number;
  kind: EntrySource;
  id: number;
  clientId: number | null;
  clientName: string | null;
  entry: Entry;
};

/** Inserts one entry and its lines, numbered next in its journal's series of its fiscal year (no gap). */
export async function insertEntry(
  tx: DbOrTx,
  shopId: number,
  chart: ChartOfAccounts,
  fiscal: FiscalStart,
  e: Entry,
  source: { kind: EntrySource; id: number; clientId: number | null; clientName: string | null },
  opts: { validDate?: 'today' | 'document'; today: string },
) {
  const fy = fiscalYearOfDay(e.date, fiscal.month, fiscal.day);
  const num = await nextCounterValue(tx, shopId, `entry-${e.journal}`, fy.year);
  const client = clientAccount(chart, null);
  const amount = e.lines.reduce((n, l) => n + l.debit, 0);
  const [row] = await tx
    .insert(accountingEntries)
    .values({
      shopId,
      journal: e.journal,
      fiscalYear: fy.from,
      num,
      date: e.date,
      pieceRef: e.pieceRef,
      pieceDate: e.pieceDate,
      label: e.label,
      amount,
      sourceKind: source.kind,
      sourceId: source.id,
      clientId: source.clientId,
      clientName: source.clientName,
      validDate: opts.validDate === 'document' ? e.date : opts.today,
    })
    .returning({ id: accountingEntries.id });
  await tx.insert(accountingEntryLines).values(
    e.lines.map((l, position) => ({
      entryId: row.id,
      shopId,
      journal: e.journal,
      date: e.date,
      position,
      account: l.account,
      auxiliary: l.auxiliary,
      auxiliaryLabel: l.auxiliaryLabel,
      label: l.label,
      debit: l.debit,
      credit: l.credit,
      isClient: l.isClient ?? (isClientAccount(chart, l.account) || l.account === client.account),
      pieceRef: l.pieceRef ?? null,
      pieceDate: l.pieceDate ?? null,
      openEntryId: l.openEntryId ?? null,
    })),
  );
}
/** A client account of the chart (the collective one, an auxiliary one under the prefix, the counter-sales one). */
export function isClientAccount(chart: ChartOfAccounts, account: string): boolean {
  return (
    account === chart.clients.collective ||
    account === chart.counterSalesClient ||
    (chart.clients.mode === 'auxiliary' && account.startsWith(chart.clients.prefix))
  );
}
