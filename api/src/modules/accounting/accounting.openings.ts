// The opening entries (AN, « À nouveaux », domain/accounting/opening.ts): each fiscal year opens with the previous
// year's closing balances, made at the first posting once the previous year's last day is past, only when that year
// has entries.
import { sql } from 'drizzle-orm';
import {
  fiscalYearOfDay,
  fiscalYearStarting,
  postOpening,
  type ChartOfAccounts,
  type ClosingBalance,
  type OpenItem,
} from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { LETTERABLE } from './accounting.lettering';
import { insertEntry, rows, type FiscalStart } from './accounting.posting-entry';

/** Whether a fiscal year begun has no opening entry yet while an entry is dated before it (cheap: two index reads). */
export async function openingDue(db: DbOrTx, shopId: number, fiscal: FiscalStart, today: string): Promise<boolean> {
  const current = fiscalYearOfDay(today, fiscal.month, fiscal.day);
  const [r] = rows<{ before: boolean; has: boolean }>(
    await db.execute(sql`select exists (select 1 from accounting_entries where shop_id = ${shopId} and date < ${current.from}
          and source_kind <> 'opening') as before,
        exists (select 1 from accounting_entries where shop_id = ${shopId} and source_kind = 'opening' and date = ${current.from}) as has`),
  );
  return r.before && !r.has;
}

/**
 * What the opening of the fiscal year after [from, to] carries: the balance at `to` of every account and auxiliary
 * from every entry dated up to then (the openings left out: they restate those same entries, and one dated on another
 * start, left by a change of the fiscal year's start, would count them twice), the lines of classes 6 to 8 split
 * into the year's and the earlier years' (`prior`, their results never appropriated here); and the open items: the
 * third party's lines not lettered by `to`. `entries`: how many entries (openings aside) are dated up to `to`.
 */
export async function closingOf(
  tx: DbOrTx,
  shopId: number,
  from: string,
  to: string,
): Promise<{ entries: number; balances: ClosingBalance[]; openItems: OpenItem[] }> {
  const open = sql`(l.is_client and ${LETTERABLE} and (e.lettering is null or e.lettering_date > ${to}))`;
  const upTo = sql`e.shop_id = ${shopId} and e.source_kind <> 'opening' and e.date <= ${to}`;
  // one after the other: in a transaction the queries share one connection
  const count = await tx.execute(sql`select count(*)::int as n from accounting_entries e where ${upTo}`);
  const balances =
    await tx.execute(sql`select l.account, l.auxiliary, max(l.auxiliary_label) as auxiliary_label, sum(l.debit)::bigint as debit,
        sum(l.credit)::bigint as credit, (e.date < ${from}) as prior
      from accounting_entries e join accounting_entry_lines l on l.entry_id = e.id
      where ${upTo} and not ${open}
      group by 1, 2, 6`);
  const items = await tx.execute(sql`select e.id as entry_id, l.account, l.auxiliary, l.auxiliary_label, e.piece_ref,
        e.piece_date::text as piece_date, e.label, l.debit, l.credit
      from accounting_entries e join accounting_entry_lines l on l.entry_id = e.id
      where ${upTo} and ${open}
      order by e.piece_date, e.id, l.position`);
  return {
    entries: rows<{ n: number }>(count)[0].n,
    balances: rows<{
      account: string;
      auxiliary: string | null;
      auxiliary_label: string | null;
      debit: string;
      credit: string;
      prior: boolean;
    }>(balances).map((b) => ({
      account: b.account,
      auxiliary: b.auxiliary,
      auxiliaryLabel: b.auxiliary_label,
      debit: Number(b.debit),
      credit: Number(b.credit),
      prior: b.prior,
    })),
    openItems: rows<{
      entry_id: number;
      account: string;
      auxiliary: string | null;
      auxiliary_label: string | null;
      piece_ref: string;
      piece_date: string;
      label: string;
      debit: number;
      credit: number;
    }>(items).map((o) => ({
      entryId: o.entry_id,
      account: o.account,
      auxiliary: o.auxiliary,
      auxiliaryLabel: o.auxiliary_label,
      pieceRef: o.piece_ref,
      pieceDate: o.piece_date,
      label: o.label,
      debit: o.debit,
      credit: o.credit,
    })),
  };
}

/**
 * The source id of the opening of a fiscal year: the calendar year it starts in; when an opening of that year already
 * exists on another day (the fiscal year's start was changed since), the start day as YYYYMMDD, so each start keeps
 * its own (`accounting_entries_source_uq`). An opening is the one of a year when it is dated on the year's first day.
 */
export const openingSourceId = (fy: { year: number; from: string }, taken: boolean) =>
  taken ? Number(fy.from.replace(/-/g, '')) : fy.year;

/**
 * The opening entries due: for each fiscal year begun (its first day reached) after the first one with entries, in
 * order, when none is dated on its first day yet.
 */
export async function postOpenings(
  tx: DbOrTx,
  shopId: number,
  chart: ChartOfAccounts,
  fiscal: FiscalStart,
  opts: { validDate?: 'today' | 'document'; today: string },
): Promise<number> {
  const current = fiscalYearOfDay(opts.today, fiscal.month, fiscal.day);
  const [span] = rows<{ first: string | null }>(
    await tx.execute(sql`select min(date)::text as first from accounting_entries where shop_id = ${shopId} and source_kind <> 'opening'`),
  );
  if (!span.first) return 0;
  const existing = rows<{ source_id: number; date: string }>(
    await tx.execute(
      sql`select source_id, date::text as date from accounting_entries where shop_id = ${shopId} and source_kind = 'opening'`,
    ),
  );
  const dates = new Set(existing.map((r) => r.date));
  const ids = new Set(existing.map((r) => r.source_id));
  let made = 0;
  for (let y = fiscalYearOfDay(span.first, fiscal.month, fiscal.day).year + 1; y <= current.year; y++) {
    const fy = fiscalYearStarting(y, fiscal.month, fiscal.day);
    if (dates.has(fy.from) || fy.from > opts.today) continue;
    const prev = fiscalYearStarting(y - 1, fiscal.month, fiscal.day);
    const closing = await closingOf(tx, shopId, prev.from, prev.to);
    if (!closing.entries) continue;
    const entry = postOpening({ date: fy.from, year: y, balances: closing.balances, openItems: closing.openItems }, chart);
    if (!entry.lines.length) continue;
    const id = openingSourceId(fy, ids.has(y));
    await insertEntry(tx, shopId, chart, fiscal, entry, { kind: 'opening', id, clientId: null, clientName: null }, opts);
    made++;
  }
  return made;
}
