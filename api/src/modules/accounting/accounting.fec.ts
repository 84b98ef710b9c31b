/**
 * The FEC (A47 A-1 LPF) of a fiscal year: its records read page by page in the FEC order, its check (the A47 A-1 rules,
 * the totals, the opening against the previous closing) and its download, streamed to the response in the chosen
 * encoding so that the file is never whole in memory, whatever the year's size.
 */
import { sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { ACCOUNTING_RULE_MESSAGES as RULES, type FecCheck, type FecEncoding, type JournalKind } from 'shared-kernel/contracts';
import { FEC_HEADER, FecChecker, fecFileName, fecRecords, fiscalYearStarting, type NumberedEntry } from 'shared-kernel/domain';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { fecCharset, fecChunks } from './accounting.encoding';
import { accountLabels, rows, type AccountingContext, type AccountingDeps } from './accounting.model';
import { openingProblems } from './accounting.opening-check';
import { markExported } from './accounting.periods';
import { posted } from './accounting.settings';

/**
 * The FEC of a fiscal year, record by record, in the FEC order (validation date, journal, number), read in pages of
 * a few thousand lines: memory stays flat whatever the year's size.
 */
export async function* fecLines(db: Db, shopId: number, ctx: AccountingContext, from: string, to: string): AsyncGenerator<string> {
  yield FEC_HEADER;
  const labels = accountLabels(ctx.chart);
  const journalCodes = Object.fromEntries(Object.entries(ctx.settings.journals).map(([k, j]) => [k, j.code]));
  const journalLabels = Object.fromEntries(Object.entries(ctx.settings.journals).map(([k, j]) => [k, j.label]));
  const opts = { accountLabels: labels, journalCodes, journalLabels };
  // pages of entries in the FEC order along accounting_entries_fec_idx (a range scan each: linear in the year's
  // size), then the lines of that page
  let after: [string, string, string, number] | null = null;
  for (;;) {
    const cursor: ReturnType<typeof sql> = after
      ? sql`and (e.valid_date, e.journal, e.fiscal_year, e.num) > (${after[0]}::date, ${after[1]}, ${after[2]}::date, ${after[3]})`
      : sql``;
    const page = rows<{
      id: number;
      journal: JournalKind;
      num: number;
      fiscal_year: string;
      date: string;
      piece_ref: string;
      piece_date: string;
      label: string;
      valid_date: string;
      lettering: string | null;
      lettering_date: string | null;
    }>(
      await db.execute(sql`select e.id, e.journal, e.num, e.fiscal_year::text as fiscal_year, e.date::text as date, e.piece_ref,
          e.piece_date::text as piece_date, e.label, e.valid_date::text as valid_date, e.lettering, e.lettering_date::text as lettering_date
        from accounting_entries e
        where e.shop_id = ${shopId} and e.date between ${from} and ${to} ${cursor}
        order by e.valid_date, e.journal, e.fiscal_year, e.num limit 2000`),
    );
    if (!page.length) break;
    const lines = rows<{
      entry_id: number;
      account: string;
      auxiliary: string | null;
      auxiliary_label: string | null;
      label: string;
      debit: number;
      credit: number;
      is_client: boolean;
      piece_ref: string | null;
      piece_date: string | null;
      open_entry_id: number | null;
      lettering: string | null;
      lettering_date: string | null;
    }>(
      await db.execute(sql`select l.entry_id, l.account, l.auxiliary, l.auxiliary_label, l.label, l.debit, l.credit, l.is_client, l.piece_ref,
          l.piece_date::text as piece_date, l.open_entry_id, o.lettering, o.lettering_date::text as lettering_date
        from accounting_entry_lines l left join accounting_entries o on o.id = l.open_entry_id
        where l.entry_id between ${Math.min(...page.map((p) => p.id))} and ${Math.max(...page.map((p) => p.id))}
          and l.entry_id = any(${`{${page.map((p) => p.id).join(',')}}`}::int[])
        order by l.entry_id, l.position`),
    );
    // the lettering of the year's file: a group settled after the closing date was still open at it (the next year's
    // opening carries it, and its FEC letters it there: A47 A-1 LPF, EcritureLet / DateLet as of the year's file)
    const asOfClosing = (code: string | null, date: string | null) => (code && date && date <= to ? { code, date } : null);
    const byEntry = new Map<number, NumberedEntry['lines']>();
    for (const l of lines) {
      const list = byEntry.get(l.entry_id) ?? [];
      list.push({
        account: l.account,
        auxiliary: l.auxiliary,
        auxiliaryLabel: l.auxiliary_label,
        label: l.label,
        debit: l.debit,
        credit: l.credit,
        isClient: l.is_client,
        ...(l.piece_ref ? { pieceRef: l.piece_ref, pieceDate: l.piece_date } : {}),
      });
      byEntry.set(l.entry_id, list);
    }
    for (const r of page) {
      const entryLines = byEntry.get(r.id) ?? [];
      // an opening entry: each open item line shows its item's lettering, the balances none
      if (r.journal === 'AN') {
        const byLine = lines.filter((l) => l.entry_id === r.id);
        entryLines.forEach((l, i) => {
          l.lettering = byLine[i].open_entry_id != null ? asOfClosing(byLine[i].lettering, byLine[i].lettering_date) : null;
        });
      }
      yield* fecRecords(
        {
          journal: r.journal,
          num: r.num,
          date: r.date,
          pieceRef: r.piece_ref,
          pieceDate: r.piece_date,
          label: r.label,
          validDate: r.valid_date,
          lettering: asOfClosing(r.lettering, r.lettering_date ?? r.valid_date),
          lines: entryLines,
        },
        opts,
      );
    }
    if (page.length < 2000) break;
    const l = page[page.length - 1];
    after = [l.valid_date, l.journal, l.fiscal_year, l.num];
  }
}

/** The FEC records of a fiscal year, once what waits is posted. */
export async function fecOfYear(deps: AccountingDeps, shopId: number, year: number): Promise<AsyncGenerator<string>> {
  const ctx = await posted(deps, shopId);
  const fy = fiscalYearStarting(year, ctx.fiscal.month, ctx.fiscal.day);
  return fecLines(deps.db, shopId, ctx, fy.from, fy.to);
}

async function sirenOf(db: Db, shopId: number): Promise<string | null> {
  const [r] = rows<{ siren: string | null; siret: string | null }>(
    await db.execute(sql`select data->>'siren' as siren, data->>'siret' as siret from billing_settings where shop_id = ${shopId}`),
  );
  const siren = (r?.siren ?? '').replace(/\s/g, '') || (r?.siret ?? '').replace(/\s/g, '').slice(0, 9);
  return /^\d{9}$/.test(siren) ? siren : null;
}

export async function fecCheck(deps: AccountingDeps, shopId: number, year: number): Promise<FecCheck> {
  const ctx = await posted(deps, shopId);
  const fy = fiscalYearStarting(year, ctx.fiscal.month, ctx.fiscal.day);
  const siren = await sirenOf(deps.db, shopId);
  const checker = new FecChecker();
  let lines = -1;
  let debit = 0;
  let credit = 0;
  const entries = new Set<string>();
  for await (const row of fecLines(deps.db, shopId, ctx, fy.from, fy.to)) {
    checker.push(row);
    lines++;
    if (lines > 0) {
      const z = row.split('\t');
      entries.add(z[2]);
      debit += Math.round(Number(z[11].replace(',', '.')) * 100);
      credit += Math.round(Number(z[12].replace(',', '.')) * 100);
    }
  }
  const opening = (await openingProblems(deps, shopId, ctx, year)).map((message) => ({ line: 0, message }));
  return {
    year,
    from: fy.from,
    to: fy.to,
    fileName: fecFileName(siren ?? 'SIREN', fy.to),
    lines,
    entries: entries.size,
    debit,
    credit,
    problems: [...opening, ...checker.finish()].slice(0, 200),
    sirenMissing: !siren,
  };
}

/**
 * Streams the FEC of a fiscal year into `res`, in ISO 8859-15 (A47 A-1 LPF) unless UTF-8 is asked for. The records are
 * encoded a chunk at a time and piped: the client's pace holds the reading of the database back, and a client that
 * leaves stops it.
 */
/**
 * The FEC file of a fiscal year, once what waits is posted: its name, its content type and its bytes as a stream read
 * from the database a page at a time (the route pipes it; nothing here knows of HTTP). Marks the months exported.
 */
export async function fecFile(
  deps: AccountingDeps,
  shopId: number,
  year: number,
  encoding: FecEncoding = 'iso-8859-15',
): Promise<{ fileName: string; contentType: string; body: Readable }> {
  const ctx = await posted(deps, shopId);
  const siren = await sirenOf(deps.db, shopId);
  if (!siren) throw new HttpError(409, RULES.sirenMissing);
  const fy = fiscalYearStarting(year, ctx.fiscal.month, ctx.fiscal.day);
  await markExported(deps.db, shopId, fy.from, fy.to);
  return {
    fileName: fecFileName(siren, fy.to),
    contentType: `text/plain; charset=${fecCharset(encoding)}`,
    // objectMode off: the read-ahead is counted in bytes, about one chunk, not sixteen chunks
    body: Readable.from(fecChunks(fecLines(deps.db, shopId, ctx, fy.from, fy.to), encoding), { objectMode: false }),
  };
}
