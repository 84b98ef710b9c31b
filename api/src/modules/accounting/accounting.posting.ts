/**
 * Posting: every issued document (invoice, deposit invoice, credit note) and every payment becomes one
 * balanced journal entry, once (`accounting_entries_source_uq`), numbered per journal and fiscal year with no gap
 * (order_counters series `entry-VT`…, year = the fiscal year's first year, taken in the posting transaction).
 *
 * Posting is pull-based: `syncEntries` posts whatever is not posted yet, oldest first, under a per-shop advisory lock;
 * every accounting read and the closing of a month run it first, so an entry exists as soon as anyone looks, and
 * running it again posts nothing. The lettering of the client lines is recomputed for what is not lettered yet: a group
 * of documents and payments linked by allocations (payment → invoice, credit note → invoice, refund → credit note)
 * is lettered when its client lines add up to zero; a received supplier invoice and its payment (their 401 lines) the same.
 *
 * Received supplier invoices (table supplier_invoices, kept by the purchasing module, read here by SQL) are posted in the
 * purchase journal HA, and once paid in full their payment in BQ. Each fiscal year opens with an entry in the AN journal
 * (« À nouveaux », domain/accounting/opening.ts) carrying the previous year's closing balances: it is made at the first
 * posting once the previous year's last day is past (what was waiting then is posted first), only when that year has
 * entries. An entry of the previous year posted after it (a payment recorded late, dated in December) stays in its own
 * year, as the independence of fiscal years wants, and the opening, an entry that never changes, no longer matches:
 * GET /accounting/fec/check of the new year names each account and auxiliary whose opening differs from the closing,
 * for the accountant to correct (closing the months of a year freezes it, which is what prevents this).
 */
// Each source is posted by its own file: accounting.posting-documents.ts, -payments.ts, -tills.ts, -suppliers.ts, all
// through the entry writer of accounting.posting-entry.ts; the lettering: accounting.lettering.ts; the openings:
// accounting.openings.ts.
import { sql } from 'drizzle-orm';
import type { ChartOfAccounts } from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import { parisDate } from '../sales';
import { LETTERABLE, letter } from './accounting.lettering';
import { openingDue, postOpenings } from './accounting.openings';
import { waitingDocuments } from './accounting.posting-documents';
import { insertEntry, rows, type FiscalStart } from './accounting.posting-entry';
import { waitingPayments } from './accounting.posting-payments';
import { SUPPLIER_PAID, waitingSupplierInvoices } from './accounting.posting-suppliers';
import { waitingTillClosings } from './accounting.posting-tills';

export type { FiscalStart };
export { isClientAccount } from './accounting.posting-entry';
export { nextLettering } from './accounting.lettering';
export { closingOf, openingSourceId } from './accounting.openings';

/** Posts every document and payment of the shop not posted yet; returns how many entries were made. */
export async function syncEntries(
  db: Db,
  shopId: number,
  chart: ChartOfAccounts,
  fiscal: FiscalStart,
  opts: { validDate?: 'today' | 'document'; today?: string } = {},
): Promise<number> {
  // nothing to post (the common case): answer without taking the lock
  const [{ n: waiting }] = rows<{ n: number }>(
    await db.execute(sql`select (
      (select count(*) from invoices i where i.shop_id = ${shopId}
         and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = i.kind and e.source_id = i.id))
    + (select count(*) from sales_payments p where p.shop_id = ${shopId}
         and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = 'payment' and e.source_id = p.id))
    + (select count(*) from pos_closings z where z.shop_id = ${shopId} and z.kind = 'day'
         and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = 'till' and e.source_id = z.id))
    + (select count(*) from supplier_invoices si where si.shop_id = ${shopId}
         and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = 'supplierInvoice' and e.source_id = si.id))
    + (select count(*) from supplier_invoices si where si.shop_id = ${shopId} and ${SUPPLIER_PAID}
         and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = 'supplierPayment' and e.source_id = si.id))
    )::int as n`),
  );
  const letterable = rows<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from accounting_entries e where e.shop_id = ${shopId} and e.lettering is null and ${LETTERABLE}`,
    ),
  )[0].n;
  const today = opts.today ?? parisDate();
  const opening = await openingDue(db, shopId, fiscal, today);
  if (!waiting && !letterable && !opening) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(715001, ${shopId})`);
    let made = waiting ? await postWaiting(tx, shopId, chart, fiscal, opts) : 0;
    await letter(tx, shopId);
    // after the lettering: what was settled within the previous year is not an open item of the new one
    if (opening || waiting) made += await postOpenings(tx, shopId, chart, fiscal, { ...opts, today });
    return made;
  });
}

/** Posts what waits, every source together, oldest first: the entries of a journal are numbered in date order. */
async function postWaiting(
  tx: DbOrTx,
  shopId: number,
  chart: ChartOfAccounts,
  fiscal: FiscalStart,
  opts: { validDate?: 'today' | 'document'; today?: string },
) {
  const today = opts.today ?? parisDate();
  const pending = [
    ...(await waitingDocuments(tx, shopId, chart)),
    ...(await waitingPayments(tx, shopId, chart)),
    ...(await waitingTillClosings(tx, shopId, chart)),
    ...(await waitingSupplierInvoices(tx, shopId, chart, today)),
  ];
  pending.sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order || a.id - b.id);
  for (const p of pending) {
    // a day closed with no sale and nothing counted moves no money: there is no entry to post (and no number to use)
    if (!p.entry.lines.length) continue;
    await insertEntry(tx, shopId, chart, fiscal, p.entry, p, { ...opts, today });
  }
  return pending.filter((p) => p.entry.lines.length).length;
}
