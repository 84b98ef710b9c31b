/**
 * The VAT collected per month, rate and VAT type, from the issued documents (a credit note counts negative, a deposit
 * deducted on a final invoice is taken off), each rate on its account of the chart: help for the CA3 return.
 */
import { sql } from 'drizzle-orm';
import type { VatSummary } from 'shared-kernel/contracts';
import { vatAccount } from 'shared-kernel/domain';
import { rows, type AccountingDeps } from './accounting.model';
import { contextOf } from './accounting.settings';

const EU = new Set('AT BE BG CY CZ DE DK EE ES FI GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));

/** §3 VAT type of a sale: fr (France, or any taxed sale), ce (exempt intra-EU delivery to a VAT number), xx (export). */
export function vatType(rate: number, country: string | null, vatNumber: string | null): string {
  const c = (country ?? 'FR').toUpperCase();
  if (rate > 0 || c === 'FR' || c === 'MC') return 'fr';
  if (EU.has(c)) return vatNumber ? 'ce' : 'fr';
  return 'xx';
}

export async function vatSummary(deps: AccountingDeps, shopId: number, from: string, to: string): Promise<VatSummary> {
  const { db } = deps;
  const { chart } = await contextOf(deps, shopId);
  const docs = rows<{
    kind: string;
    issue_date: string;
    vat: Array<{ rate: number; baseHT: number; vat: number }>;
    country: string | null;
    vat_number: string | null;
    deposits_deducted: Array<{ id: number; totalHT: number; totalVAT: number }>;
  }>(
    await db.execute(sql`select kind, issue_date::text as issue_date, vat, buyer->'address'->>'country' as country, buyer->>'vatNumber' as vat_number,
        deposits_deducted from invoices where shop_id = ${shopId} and issue_date between ${from} and ${to} order by issue_date`),
  );
  const depIds = [...new Set(docs.flatMap((d) => (d.deposits_deducted ?? []).map((x) => x.id)))];
  const depVat = new Map<number, Array<{ rate: number; baseHT: number; vat: number }>>();
  if (depIds.length)
    for (const d of rows<{ id: number; vat: Array<{ rate: number; baseHT: number; vat: number }> }>(
      await db.execute(
        sql`select id, vat from invoices where shop_id = ${shopId} and id in (${sql.join(
          depIds.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      ),
    ))
      depVat.set(d.id, d.vat);
  const months = new Map<string, Map<string, { rate: string; type: string; account: string; base: number; vat: number }>>();
  const add = (month: string, rate: number, type: string, base: number, vat: number) => {
    const key = String(rate).replace('.', '_');
    const m = months.get(month) ?? new Map();
    months.set(month, m);
    const k = `${key}|${type}`;
    const row = m.get(k) ?? { rate: key, type, account: vatAccount(chart, rate), base: 0, vat: 0 };
    row.base += base;
    row.vat += vat;
    m.set(k, row);
  };
  for (const d of docs) {
    const sign = d.kind === 'credit' ? -1 : 1;
    const month = d.issue_date.slice(0, 7);
    for (const v of d.vat) add(month, v.rate, vatType(v.rate, d.country, d.vat_number), sign * v.baseHT, sign * v.vat);
    for (const dd of d.deposits_deducted ?? [])
      for (const v of depVat.get(dd.id) ?? []) add(month, v.rate, vatType(v.rate, d.country, d.vat_number), -v.baseHT, -v.vat);
  }
  const list = [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, m]) => {
      const rs = [...m.values()].sort((a, b) => b.rate.localeCompare(a.rate, 'fr', { numeric: true }) || a.type.localeCompare(b.type));
      return { month, rows: rs, base: rs.reduce((n, x) => n + x.base, 0), vat: rs.reduce((n, x) => n + x.vat, 0) };
    });
  return { from, to, months: list, totals: { base: list.reduce((n, x) => n + x.base, 0), vat: list.reduce((n, x) => n + x.vat, 0) } };
}
