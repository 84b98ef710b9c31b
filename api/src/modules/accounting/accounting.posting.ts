/**
 * Posting (issue 15): every issued document (invoice, deposit invoice, credit note) and every payment becomes one
 * balanced journal entry, once (`accounting_entries_source_uq`), numbered per journal and fiscal year with no gap
 * (order_counters series `entry-VT`…, year = the fiscal year's first year, taken in the posting transaction).
 *
 * Posting is pull-based: `syncEntries` posts whatever is not posted yet, oldest first, under a per-shop advisory lock;
 * every accounting read and the closing of a month run it first, so an entry exists as soon as anyone looks, and
 * running it again posts nothing. The lettering of the client lines is recomputed for what is not lettered yet: a group
 * of documents and payments linked by allocations (payment → invoice, credit note → invoice, refund → credit note)
 * is lettered when its client lines add up to zero.
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
  type ChartOfAccounts,
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
    )::int as n`),
  );
  const letterable = rows<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from accounting_entries where shop_id = ${shopId} and lettering is null and client_id is not null`,
    ),
  )[0].n;
  if (!waiting && !letterable) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(715001, ${shopId})`);
    const made = waiting ? await postWaiting(tx, shopId, chart, fiscal, opts) : 0;
    await letter(tx, shopId);
    return made;
  });
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
  // the day closings of the tills (issue 16): one cash-journal entry each, what was taken per method against the sales
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
  pending.sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order || a.id - b.id);
  const today = opts.today ?? parisDate();
  for (const p of pending) {
    const e = p.entry;
    // a day closed with no sale and nothing counted moves no money: there is no entry to post (and no number to use)
    if (!e.lines.length) continue;
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
        sourceKind: p.kind,
        sourceId: p.id,
        clientId: p.clientId,
        clientName: p.clientName,
        validDate: opts.validDate === 'document' ? e.date : today,
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
        isClient: isClientAccount(chart, l.account) || l.account === client.account,
      })),
    );
  }
  return pending.filter((p) => p.entry.lines.length).length;
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
    await tx.execute(sql`select e.id, (case when e.source_kind = 'payment' then 'p' else 'd' end) || e.source_id as key, e.date::text as date,
        coalesce(sum(l.debit - l.credit), 0)::int as balance
      from accounting_entries e join accounting_entry_lines l on l.entry_id = e.id and l.is_client
      where e.shop_id = ${shopId} and e.lettering is null and e.client_id is not null
      group by e.id`),
  );
  if (!open.length) return;
  const edges = rows<{ a: string; b: string; code: string | null }>(
    await tx.execute(sql`select 'd' || a.invoice_id as a, case when a.payment_id is not null then 'p' || a.payment_id else 'd' || a.credit_note_id end as b,
        a.lettering as code
      from payment_allocations a where a.shop_id = ${shopId}
      union all
      select 'p' || p.id, 'd' || p.credit_note_id, null from sales_payments p where p.shop_id = ${shopId} and p.credit_note_id is not null`),
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
