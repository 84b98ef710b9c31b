// The lettering of the third parties' lines: a group of documents and payments linked by allocations (payment →
// invoice, credit note → invoice, refund → credit note) is lettered when its client lines add up to zero; a received
// supplier invoice and its payment (their 401 lines) the same.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { nextCounterValue } from '../orders';
import { rows } from './accounting.posting-entry';
import { SUPPLIER_PAID } from './accounting.posting-suppliers';

export /** The entries whose third party's line is lettered: a client's, or a supplier invoice's and its payment's. */
const LETTERABLE = sql`(e.client_id is not null or e.source_kind in ('supplierInvoice', 'supplierPayment'))`;

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
/**
 * Letters what can be: groups of not-yet-lettered entries linked by allocations whose client lines sum to zero get
 * one code (the smallest sales lettering code in the group, else a new one) and the date of their latest entry.
 */
export async function letter(tx: DbOrTx, shopId: number): Promise<void> {
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
