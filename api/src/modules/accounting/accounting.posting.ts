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
import { sql } from 'drizzle-orm';
import type { EntrySource, InvoiceLine } from 'shared-kernel/contracts';
import {
  clientAccount,
  fiscalYearOfDay,
  overrideAccount,
  postDocument,
  postPayment,
  postTillClosing,
  postOpening,
  postSupplierInvoice,
  postSupplierPayment,
  fiscalYearStarting,
  type ChartOfAccounts,
  type ClosingBalance,
  type OpenItem,
  type Entry,
  type PostableDocument,
} from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import { nextCounterValue } from '../orders';
import { parisDate } from '../sales';
import { accountingEntries, accountingEntryLines } from './accounting.tables';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The till's methods in the chart of accounts' (restaurant tickets, gift vouchers and tips land in 'other'). */
const TILL_METHOD: Record<string, string> = { ticket: 'other', gift: 'other', tips: 'other' };

export interface FiscalStart {
  month: number;
  day: number;
}

interface DocRow {
  id: number;
  kind: 'invoice' | 'deposit' | 'credit';
  number: string;
  issue_date: string;
  client_id: number | null;
  client_name: string;
  client_code: string | null;
  lines: InvoiceLine[];
  vat: Array<{ rate: number; baseHT: number; vat: number }>;
  total_ht: number;
  total_vat: number;
  total_ttc: number;
  deposits_deducted: Array<{ id: number; number: string; totalHT: number; totalVAT: number; totalTTC: number }>;
}

interface PaymentRow {
  id: number;
  direction: 'in' | 'out';
  method: string;
  amount: number;
  paid_at: string;
  reference: string | null;
  client_id: number | null;
  client_name: string;
  client_code: string | null;
}

type Pending = {
  at: string;
  order: number;
  kind: EntrySource;
  id: number;
  clientId: number | null;
  clientName: string | null;
  entry: Entry;
};

/** Lettering codes: A…Z, AA…ZZ, AAA… (the sales module's counter 'lettering', shared so the codes agree). */
export async function nextLettering(tx: DbOrTx, shopId: number): Promise<string> {
  let n = (await nextCounterValue(tx, shopId, 'lettering', 0)) - 1;
  let code = '';
  do {
    code = String.fromCharCode(65 + (n % 26)) + code;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return code.length < 2 ? `A${code}` : code;
}

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

/** The entries whose third party's line is lettered: a client's, or a supplier invoice's and its payment's. */
const LETTERABLE = sql`(e.client_id is not null or e.source_kind in ('supplierInvoice', 'supplierPayment'))`;
/** A received invoice paid in full (BT-115 amount due: what is left once prepaid amounts are deducted). */
const SUPPLIER_PAID = sql`si.paid_amount > 0 and si.paid_amount >= si.amount_due`;

/** Whether a fiscal year begun has no opening entry yet while an entry is dated before it (cheap: two index reads). */
async function openingDue(db: DbOrTx, shopId: number, fiscal: FiscalStart, today: string): Promise<boolean> {
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
async function postOpenings(
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

async function postWaiting(
  tx: DbOrTx,
  shopId: number,
  chart: ChartOfAccounts,
  fiscal: FiscalStart,
  opts: { validDate?: 'today' | 'document'; today?: string },
) {
  const docs = rows<DocRow>(
    await tx.execute(sql`select i.id, i.kind, i.number, i.issue_date::text as issue_date, i.client_id, i.client_name, c.code as client_code,
        i.lines, i.vat, i.total_ht, i.total_vat, i.total_ttc, i.deposits_deducted
      from invoices i left join crm_clients c on c.id = i.client_id
      where i.shop_id = ${shopId}
        and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = i.kind and e.source_id = i.id)
      order by i.issue_date, i.id`),
  );
  const pays = rows<PaymentRow>(
    await tx.execute(sql`select p.id, p.direction, p.method, p.amount, p.paid_at::text as paid_at, p.reference, p.client_id, p.client_name,
        c.code as client_code
      from sales_payments p left join crm_clients c on c.id = p.client_id
      where p.shop_id = ${shopId}
        and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = 'payment' and e.source_id = p.id)
      order by p.paid_at, p.id`),
  );
  // the VAT per rate of the deposits a final invoice deducts (collected when the deposit was invoiced)
  const depositIds = [...new Set(docs.flatMap((d) => (d.deposits_deducted ?? []).map((x) => x.id)))];
  const depositVat = new Map<number, Array<{ rate: number; vat: number }>>();
  if (depositIds.length) {
    const dv = rows<{ id: number; vat: Array<{ rate: number; vat: number }> }>(
      await tx.execute(
        sql`select id, vat from invoices where shop_id = ${shopId} and id in (${sql.join(
          depositIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
    for (const d of dv) depositVat.set(d.id, d.vat);
  }
  // the product and range of each format sold, when the chart has overrides
  const productOf = new Map<number, { productId: number; gamme: string | null }>();
  const formatIds = chart.overrides?.length
    ? [...new Set(docs.flatMap((d) => d.lines.map((l) => l.formatId)).filter((v): v is number => v != null))]
    : [];
  if (formatIds.length)
    for (const f of rows<{ id: number; product_id: number; gamme: string | null }>(
      await tx.execute(sql`select f.id, f.product_id, p.gamme from product_formats f join products p on p.id = f.product_id
        where f.id in (${sql.join(
          formatIds.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    ))
      productOf.set(f.id, { productId: f.product_id, gamme: f.gamme });
  const pending: Pending[] = [];
  for (const d of docs) {
    const doc: PostableDocument = {
      kind: d.kind,
      number: d.number,
      issueDate: d.issue_date,
      client: { name: d.client_name, code: d.client_code },
      lines: d.lines.map((l) => {
        const p = l.formatId != null ? productOf.get(l.formatId) : undefined;
        const account = p ? overrideAccount(chart, p.productId, p.gamme) : null;
        return { accountingType: l.accountingType, totalHT: l.totalHT, duties: l.duties, vatRate: l.vatRate, account };
      }),
      vat: d.vat.map((v) => ({ rate: v.rate, vat: v.vat })),
      totalHT: d.total_ht,
      totalVAT: d.total_vat,
      totalTTC: d.total_ttc,
      depositsDeducted: (d.deposits_deducted ?? []).map((x) => ({ ...x, vat: depositVat.get(x.id) })),
    };
    pending.push({
      at: d.issue_date,
      order: 0,
      kind: d.kind,
      id: d.id,
      clientId: d.client_id,
      clientName: d.client_name,
      entry: postDocument(doc, chart),
    });
  }
  for (const p of pays) {
    const entry = postPayment(
      {
        direction: p.direction,
        method: p.method,
        amount: p.amount,
        paidAt: p.paid_at,
        reference: p.reference,
        id: p.id,
        client: { name: p.client_name, code: p.client_code },
      },
      chart,
    );
    pending.push({ at: p.paid_at, order: 1, kind: 'payment', id: p.id, clientId: p.client_id, clientName: p.client_name, entry });
  }
  // the day closings of the tills: one cash-journal entry each, what was taken per method against the sales
  const zs = rows<{
    id: number;
    period: string;
    ref: string;
    name: string;
    totals: {
      byType: Array<{ accountingType: string; vatRate: number; totalHT: number; vat: number }>;
      byMethod: Array<{ method: string; amount: number }>;
    };
    float: number | null;
    counted: Record<string, number> | null;
    expected: Record<string, number> | null;
  }>(
    await tx.execute(sql`select z.id, z.period, z.ref, s.name, z.totals, z.float, z.counted, z.expected
      from pos_closings z join pos_salespoints s on s.id = z.salespoint_id
      where z.shop_id = ${shopId} and z.kind = 'day'
        and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = 'till' and e.source_id = z.id)
      order by z.period, z.id`),
  );
  for (const z of zs) {
    // what the drawer holds after the count (the float is not a taking); methods not counted: what the tickets say
    const payments = z.totals.byMethod.map((m) => {
      const counted = z.counted?.[m.method];
      if (counted == null) return m;
      return { method: m.method, amount: m.method === 'cash' ? counted - (z.float ?? 0) : counted };
    });
    for (const [method, counted] of Object.entries(z.counted ?? {}))
      if (!payments.some((p) => p.method === method) && counted - (method === 'cash' ? (z.float ?? 0) : 0) !== 0)
        payments.push({ method, amount: counted - (method === 'cash' ? (z.float ?? 0) : 0) });
    const entry = postTillClosing(
      {
        id: z.id,
        date: z.period,
        reference: z.ref,
        salespoint: z.name,
        sales: z.totals.byType,
        payments: payments.map((p) => ({ method: TILL_METHOD[p.method] ?? p.method, amount: p.amount })),
      },
      chart,
    );
    pending.push({ at: z.period, order: 2, kind: 'till', id: z.id, clientId: null, clientName: null, entry });
  }
  const today = opts.today ?? parisDate();
  // the received supplier invoices (purchase journal HA) and, once paid in full, their payment (BQ); one dated in a
  // closed month is posted today, as a credit note cancelling a document of a closed month is dated today (the
  // period's entries are frozen, PCG art. 420-5: a correction goes in the open period)
  const sis = rows<{
    id: number;
    type_code: string;
    number: string;
    issue_date: string;
    total_ht: number;
    total_vat: number;
    total_ttc: number;
    vat: Array<{ rate: number; baseHT: number; vat: number }>;
    paid_amount: number;
    paid_at: string | null;
    supplier_id: number;
    company: string;
    invoice_posted: boolean;
    payment_due: boolean;
  }>(
    await tx.execute(sql`select si.id, si.type_code, si.number, si.issue_date::text as issue_date, si.total_ht, si.total_vat, si.total_ttc,
        si.vat, si.paid_amount, si.paid_at::text as paid_at, si.supplier_id, s.company,
        exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = 'supplierInvoice' and e.source_id = si.id)
          as invoice_posted,
        (${SUPPLIER_PAID} and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId}
          and e.source_kind = 'supplierPayment' and e.source_id = si.id)) as payment_due
      from supplier_invoices si join suppliers s on s.id = si.supplier_id
      where si.shop_id = ${shopId}
        and (not exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = 'supplierInvoice' and e.source_id = si.id)
          or (${SUPPLIER_PAID} and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId}
            and e.source_kind = 'supplierPayment' and e.source_id = si.id)))
      order by si.issue_date, si.id`),
  );
  if (sis.length) {
    const closed = new Set(
      rows<{ month: string }>(await tx.execute(sql`select month from accounting_periods where shop_id = ${shopId} and closed`)).map(
        (r) => r.month,
      ),
    );
    const open = (d: string) => (closed.has(d.slice(0, 7)) ? today : d);
    for (const si of sis) {
      const supplier = { id: si.supplier_id, name: si.company };
      if (!si.invoice_posted) {
        const entry = postSupplierInvoice(
          {
            id: si.id,
            typeCode: si.type_code,
            number: si.number,
            date: open(si.issue_date),
            issueDate: si.issue_date,
            supplier,
            vat: si.vat,
            totalHT: si.total_ht,
            totalVAT: si.total_vat,
            totalTTC: si.total_ttc,
          },
          chart,
        );
        pending.push({ at: entry.date, order: 3, kind: 'supplierInvoice', id: si.id, clientId: null, clientName: si.company, entry });
      }
      if (si.payment_due) {
        const entry = postSupplierPayment(
          {
            id: si.id,
            typeCode: si.type_code,
            number: si.number,
            date: open(si.paid_at ?? today),
            supplier,
            totalTTC: si.total_ttc,
            paid: si.paid_amount,
          },
          chart,
        );
        pending.push({ at: entry.date, order: 4, kind: 'supplierPayment', id: si.id, clientId: null, clientName: si.company, entry });
      }
    }
  }
  pending.sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order || a.id - b.id);
  for (const p of pending) {
    // a day closed with no sale and nothing counted moves no money: there is no entry to post (and no number to use)
    if (!p.entry.lines.length) continue;
    await insertEntry(tx, shopId, chart, fiscal, p.entry, p, { ...opts, today });
  }
  return pending.filter((p) => p.entry.lines.length).length;
}

/** Inserts one entry and its lines, numbered next in its journal's series of its fiscal year (no gap). */
async function insertEntry(
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

/**
 * Letters what can be: groups of not-yet-lettered entries linked by allocations whose client lines sum to zero get
 * one code (the smallest sales lettering code in the group, else a new one) and the date of their latest entry.
 */
async function letter(tx: DbOrTx, shopId: number): Promise<void> {
  const open = rows<{ id: number; key: string; date: string; balance: number }>(
    await tx.execute(sql`select e.id, (case e.source_kind when 'payment' then 'p' when 'supplierInvoice' then 'si' when 'supplierPayment' then 'sp'
          else 'd' end) || e.source_id as key, e.date::text as date,
        coalesce(sum(l.debit - l.credit), 0)::int as balance
      from accounting_entries e join accounting_entry_lines l on l.entry_id = e.id and l.is_client
      where e.shop_id = ${shopId} and e.lettering is null and ${LETTERABLE}
      group by e.id`),
  );
  if (!open.length) return;
  const edges = rows<{ a: string; b: string; code: string | null }>(
    await tx.execute(sql`select 'd' || a.invoice_id as a, case when a.payment_id is not null then 'p' || a.payment_id else 'd' || a.credit_note_id end as b,
        a.lettering as code
      from payment_allocations a where a.shop_id = ${shopId}
      union all
      select 'p' || p.id, 'd' || p.credit_note_id, null from sales_payments p where p.shop_id = ${shopId} and p.credit_note_id is not null
      union all
      select 'si' || si.id, 'sp' || si.id, null from supplier_invoices si where si.shop_id = ${shopId} and ${SUPPLIER_PAID}`),
  );
  const byKey = new Map(open.map((o) => [o.key, o]));
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let r = k;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(k, r);
    return r;
  };
  for (const o of open) parent.set(o.key, o.key);
  for (const e of edges)
    if (byKey.has(e.a) && byKey.has(e.b)) {
      const ra = find(e.a);
      const rb = find(e.b);
      if (ra !== rb) parent.set(ra, rb);
    }
  // per group: the smallest sales code it carries; blocked when linked to something already lettered or not posted
  const codes = new Map<string, string>();
  const blocked = new Set<string>();
  for (const e of edges) {
    const inA = byKey.has(e.a);
    const inB = byKey.has(e.b);
    if (inA !== inB) blocked.add(find(inA ? e.a : e.b));
    if (inA && e.code) {
      const r = find(e.a);
      const c = codes.get(r);
      if (!c || e.code.length < c.length || (e.code.length === c.length && e.code < c)) codes.set(r, e.code);
    }
  }
  const groups = new Map<string, typeof open>();
  for (const o of open) {
    const r = find(o.key);
    groups.set(r, [...(groups.get(r) ?? []), o]);
  }
  for (const [root, members] of groups) {
    if (members.length < 2 || blocked.has(root)) continue;
    if (members.reduce((n, m) => n + m.balance, 0) !== 0) continue;
    const code = codes.get(root) ?? (await nextLettering(tx, shopId));
    const date = members.reduce((d, m) => (m.date > d ? m.date : d), '');
    await tx.execute(
      sql`update accounting_entries set lettering = ${code}, lettering_date = ${date}
        where shop_id = ${shopId} and id in (${sql.join(
          members.map((m) => sql`${m.id}`),
          sql`, `,
        )})`,
    );
  }
}
