/**
 * The opening entry of a fiscal year checked against the previous year's closing, for the FEC's check: posted once and
 * never changed, it no longer matches when an entry of the previous year is posted after it, or when the fiscal year's
 * start changed; the accountant is told which account differs and by how much.
 */
import { sql } from 'drizzle-orm';
import { fecAmount, fiscalYearStarting, openingDifferences, postOpening } from 'shared-kernel/domain';
import { frDate, rows, todayOf, type AccountingContext, type AccountingDeps } from './accounting.model';
import { closingOf } from './accounting.posting';

/** A balance in words: '1 234,56 € au débit', 'nul'. */
const signed = (cents: number) =>
  cents ? `${fecAmount(Math.abs(cents)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} € au ${cents > 0 ? 'débit' : 'crédit'}` : 'nul';

/**
 * The opening entry of a fiscal year against the previous year's closing (PCG art. 112-2: the opening balance sheet is
 * the previous closing one): missing while the previous year has entries, or differing on an account or auxiliary
 * (an entry of the previous year posted after it, a chart of accounts changed since…). French messages.
 */
export async function openingProblems(deps: AccountingDeps, shopId: number, ctx: AccountingContext, year: number): Promise<string[]> {
  const { db } = deps;
  const fy = fiscalYearStarting(year, ctx.fiscal.month, ctx.fiscal.day);
  const prev = fiscalYearStarting(year - 1, ctx.fiscal.month, ctx.fiscal.day);
  const openings = rows<{ id: number; date: string }>(
    await db.execute(sql`select id, date::text as date from accounting_entries where shop_id = ${shopId} and source_kind = 'opening'
      and date between ${fy.from} and ${fy.to} order by date, id`),
  );
  const out: string[] = [];
  // an opening dated inside the year: left by a change of the fiscal year's start, it restates balances already there
  for (const o of openings.filter((x) => x.date !== fy.from))
    out.push(
      `Une écriture d’à-nouveaux est datée du ${frDate(o.date)}, qui n’est pas le premier jour de l’exercice (${frDate(fy.from)}) : ` +
        'la date de début d’exercice a changé depuis',
    );
  const own = openings.filter((x) => x.date === fy.from).map((x) => x.id);
  if (fy.from > todayOf(deps)) return out;
  const closing = await closingOf(db, shopId, prev.from, prev.to);
  const expected = postOpening({ date: fy.from, year, balances: closing.balances, openItems: closing.openItems }, ctx.chart);
  if (!own.length) {
    if (closing.entries && expected.lines.length)
      out.push(`Écriture d’à-nouveaux absente : les soldes de clôture au ${frDate(prev.to)} ne sont pas repris`);
    return out;
  }
  const posted = rows<{ account: string; auxiliary: string | null; debit: number; credit: number }>(
    await db.execute(
      sql`select account, auxiliary, debit, credit from accounting_entry_lines where entry_id in (${sql.join(
        own.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  for (const d of openingDifferences(expected.lines, posted))
    out.push(
      `À-nouveaux : le compte ${d.account}${d.auxiliary ? ` (auxiliaire ${d.auxiliary})` : ''} reprend ${signed(d.posted)} ` +
        `alors que son solde de clôture au ${frDate(prev.to)} est ${signed(d.expected)}`,
    );
  return out;
}
