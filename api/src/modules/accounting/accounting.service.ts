/**
 * Pre-accounting: the chart of accounts, the settings, the entries generated from the documents and
 * payments (accounting.posting.ts), their lists and balances, the FEC, the accountant exports, the VAT summary and the
 * closing of months. Every read posts what is waiting first (`posted`), so nothing is ever typed twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Response } from 'express';
import ExcelJS from 'exceljs';
import {
  ACCOUNTING_MESSAGES as M,
  ACCOUNTING_RULE_MESSAGES as RULES,
  ACCOUNTING_SETTINGS_MESSAGES,
  DEFAULT_ACCOUNTING_SETTINGS,
  PERIOD_MESSAGES,
  type AccountBalances,
  type AccountingCodes,
  type AccountingEntriesPage,
  type AccountingEntry,
  type AccountingPeriod,
  type AccountingSettings,
  type EntrySource,
  type ExportFormat,
  type ExportLayout,
  type FecCheck,
  type FecEncoding,
  type FiscalYear,
  type JournalKind,
  type VatSummary,
} from 'shared-kernel/contracts';
import {
  DEFAULT_ACCOUNT_LABELS,
  DEFAULT_CHART,
  FEC_HEADER,
  FecChecker,
  fecAmount,
  fecFileName,
  openingDifferences,
  postOpening,
  fecRecords,
  fiscalYearOfDay,
  fiscalYearStarting,
  monthEnd,
  monthsOf,
  vatAccount,
  csvFixed,
  spreadsheetCell,
  writeCsv,
  type ChartOfAccounts,
  type CsvFixed,
  type NumberedEntry,
} from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import { shops, users, type ShopMemberRow } from '../../platform/db/tables';
import { HttpError, monthLabel } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { parisDate } from '../sales';
import { closingOf, syncEntries, type FiscalStart } from './accounting.posting';
import { encodeFec, fecCharset } from './accounting.encoding';
import type { EntriesListQuery } from './accounting.schemas';
import { accountingPeriodEvents, accountingPeriods, accountingSettings } from './accounting.tables';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The shop's codes over the defaults (a code the shop never set, or a type added since, takes its default). */
export function withDefaults(saved: Partial<ChartOfAccounts> | null | undefined): AccountingCodes {
  const d = DEFAULT_CHART;
  return {
    products: { ...d.products, ...saved?.products },
    vat: { ...d.vat, ...saved?.vat },
    duties: saved?.duties ?? d.duties,
    deposits: saved?.deposits ?? d.deposits,
    payments: { ...d.payments, ...saved?.payments },
    clients: { ...d.clients, ...saved?.clients },
    counterSalesClient: saved?.counterSalesClient ?? d.counterSalesClient,
    other: { ...d.other, ...saved?.other },
    overrides: saved?.overrides ?? [],
    purchases: { ...d.purchases, ...saved?.purchases },
    result: { ...d.result, ...saved?.result },
  };
}

/** Where an entry's source opens in the back office. */
export function sourcePath(kind: EntrySource, id: number, date = '', client = '', salesPointId?: number): string {
  switch (kind) {
    case 'invoice':
      return `/dashboard/orders/bills?open=${id}`;
    case 'deposit':
      return `/dashboard/orders/deposits?open=${id}`;
    case 'credit':
      return `/dashboard/orders/credits?open=${id}`;
    case 'payment':
      // the payments list has no detail: the list of that day, searched on the client
      return `/dashboard/payments?from=${date}&to=${date}${client ? `&q=${encodeURIComponent(client)}` : ''}`;
    case 'supplierInvoice':
    case 'supplierPayment':
      // the received invoice, under the purchases (spec §2: /dashboard/purchases…)
      return `/dashboard/purchases/invoices/${id}`;
    case 'opening':
      // the opening entry is the first of its year's AN journal
      return `/dashboard/accounting/journals?journal=AN&from=${date}&to=${date}`;
    default:
      // a till's day closing: its report on the salespoint's page
      return salesPointId ? `/dashboard/salespoints/${salesPointId}?tab=closings&closing=${id}` : '/dashboard/salespoints';
  }
}

const frDate = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');
/** A balance in words: '1 234,56 € au débit', 'nul'. */
const signed = (cents: number) =>
  cents ? `${fecAmount(Math.abs(cents)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} € au ${cents > 0 ? 'débit' : 'crédit'}` : 'nul';

interface Context {
  chart: ChartOfAccounts;
  settings: AccountingSettings;
  fiscal: FiscalStart;
}

interface EntryLineRow {
  id: number;
  journal: JournalKind;
  num: number;
  date: string;
  piece_ref: string;
  piece_date: string;
  label: string;
  valid_date: string;
  lettering: string | null;
  lettering_date: string | null;
  position: number;
  account: string;
  auxiliary: string | null;
  auxiliary_label: string | null;
  line_label: string;
  debit: number;
  credit: number;
  is_client: boolean;
}

export function createAccountingService({ db, clock = () => new Date() }: { db: Db; clock?: () => Date }) {
  const today = () => parisDate(clock());

  async function codesOf(dbx: DbOrTx, shopId: number): Promise<AccountingCodes> {
    const [row] = await dbx
      .select({ codes: accountingSettings.codes })
      .from(accountingSettings)
      .where(eq(accountingSettings.shopId, shopId));
    return withDefaults(row?.codes);
  }

  async function contextOf(shopId: number): Promise<Context> {
    const [[row], [shop]] = await Promise.all([
      db.select().from(accountingSettings).where(eq(accountingSettings.shopId, shopId)),
      db.select({ settings: shops.settings }).from(shops).where(eq(shops.id, shopId)),
    ]);
    const chart = withDefaults(row?.codes);
    const s = (shop?.settings ?? {}) as { logStartMonth?: number; logStartDay?: number };
    const month = Number.isInteger(s.logStartMonth) && s.logStartMonth! >= 0 && s.logStartMonth! <= 11 ? s.logStartMonth! : 0;
    const day = Number.isInteger(s.logStartDay) && s.logStartDay! >= 1 && s.logStartDay! <= 31 ? s.logStartDay! : 1;
    const saved = row?.settings ?? {};
    const settings: AccountingSettings = {
      ...DEFAULT_ACCOUNTING_SETTINGS,
      ...saved,
      journals: { ...DEFAULT_ACCOUNTING_SETTINGS.journals, ...saved.journals },
      logStartMonth: month,
      logStartDay: day,
      clientPrefix: chart.clients.prefix,
      counterSalesClient: chart.counterSalesClient,
    };
    return { chart, settings, fiscal: { month, day } };
  }

  /** The context, once every waiting document and payment is posted. */
  async function posted(shopId: number, opts?: Parameters<typeof syncEntries>[4]): Promise<Context> {
    const ctx = await contextOf(shopId);
    await syncEntries(db, shopId, ctx.chart, ctx.fiscal, { today: today(), ...opts });
    return ctx;
  }

  async function putCodes(shopId: number, body: AccountingCodes) {
    const codes = withDefaults(body);
    await db
      .insert(accountingSettings)
      .values({ shopId, codes })
      .onConflictDoUpdate({ target: accountingSettings.shopId, set: { codes, updatedAt: new Date() } });
    return { ...codes, message: M.codesSaved };
  }

  async function putSettings(shopId: number, body: AccountingSettings) {
    const ctx = await contextOf(shopId);
    const codes = {
      ...ctx.chart,
      clients: { ...ctx.chart.clients, prefix: body.clientPrefix },
      counterSalesClient: body.counterSalesClient,
    };
    const settings = { journals: body.journals, exportLayout: body.exportLayout, exportFormat: body.exportFormat };
    await db.transaction(async (tx) => {
      await tx
        .insert(accountingSettings)
        .values({ shopId, codes, settings })
        .onConflictDoUpdate({ target: accountingSettings.shopId, set: { codes, settings, updatedAt: new Date() } });
      await tx
        .update(shops)
        .set({
          settings: sql`${shops.settings} || jsonb_build_object('logStartMonth', ${body.logStartMonth}::int, 'logStartDay', ${body.logStartDay}::int)`,
        })
        .where(eq(shops.id, shopId));
    });
    return { ...(await contextOf(shopId)).settings, message: ACCOUNTING_SETTINGS_MESSAGES.saved };
  }

  // ---------------------------------------------------------------- entries

  function entriesWhere(shopId: number, f: { from?: string; to?: string; journal?: JournalKind; clientId?: number }) {
    const conds = [sql`e.shop_id = ${shopId}`];
    if (f.from) conds.push(sql`e.date >= ${f.from}`);
    if (f.to) conds.push(sql`e.date <= ${f.to}`);
    if (f.journal) conds.push(sql`e.journal = ${f.journal}`);
    if (f.clientId) conds.push(sql`e.client_id = ${f.clientId}`);
    return conds;
  }

  async function closedMonths(shopId: number): Promise<Set<string>> {
    const r = await db
      .select({ month: accountingPeriods.month })
      .from(accountingPeriods)
      .where(and(eq(accountingPeriods.shopId, shopId), eq(accountingPeriods.closed, true)));
    return new Set(r.map((x) => x.month));
  }

  async function listEntries(shopId: number, q: EntriesListQuery): Promise<AccountingEntriesPage> {
    const { chart, settings } = await posted(shopId);
    const f = q.filters;
    const conds = entriesWhere(shopId, f);
    if (f.account)
      conds.push(
        sql`exists (select 1 from accounting_entry_lines x where x.entry_id = e.id and x.account like ${`${f.account.toUpperCase()}%`})`,
      );
    if (f.lettered === 'true') conds.push(sql`e.lettering is not null`);
    if (f.lettered === 'false')
      conds.push(sql`e.lettering is null and (e.client_id is not null or e.source_kind in ('supplierInvoice', 'supplierPayment'))`);
    if (q.q) {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conds.push(sql`(e.piece_ref ilike ${like} or e.label ilike ${like})`);
    }
    const where = sql.join(conds, sql` and `);
    const dir = q.sort.direction === 'desc' ? sql`desc` : sql`asc`;
    const order = q.sort.column === 'num' ? sql`e.journal ${dir}, e.fiscal_year ${dir}, e.num ${dir}` : sql`e.date ${dir}, e.id ${dir}`;
    // the totals: of the lines on the filtered account when there is one, else of the filtered entries' lines
    const lineCond = f.account ? sql`and l.account like ${`${f.account.toUpperCase()}%`}` : sql``;
    const [countRes, idsRes, totalsRes] = await Promise.all([
      db.execute(sql`select count(*)::int as n from accounting_entries e where ${where}`),
      db.execute(sql`select e.id from accounting_entries e where ${where} order by ${order} limit ${q.pageSize} offset ${q.offset}`),
      db.execute(sql`select coalesce(sum(l.debit), 0)::bigint as debit, coalesce(sum(l.credit), 0)::bigint as credit
        from accounting_entries e join accounting_entry_lines l on l.entry_id = e.id where ${where} ${lineCond}`),
    ]);
    const ids = rows<{ id: number }>(idsRes).map((r) => r.id);
    const closed = await closedMonths(shopId);
    const items = ids.length ? await entriesByIds(shopId, ids, chart, settings, closed) : [];
    const t = rows<{ debit: string; credit: string }>(totalsRes)[0];
    return {
      ...paginated(items, rows<{ n: number }>(countRes)[0].n, q),
      totals: { debit: Number(t.debit), credit: Number(t.credit) },
    };
  }

  async function entriesByIds(shopId: number, ids: number[], chart: ChartOfAccounts, settings: AccountingSettings, closed: Set<string>) {
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const [es, ls] = await Promise.all([
      db.execute(sql`select id, journal, num, date::text as date, piece_ref, piece_date::text as piece_date, label, amount, client_id,
          client_name, lettering, lettering_date::text as lettering_date, valid_date::text as valid_date, source_kind, source_id
        from accounting_entries where shop_id = ${shopId} and id in (${list})`),
      db.execute(sql`select l.entry_id, l.account, l.auxiliary, l.auxiliary_label, l.label, l.debit, l.credit, l.piece_ref, o.lettering
        from accounting_entry_lines l left join accounting_entries o on o.id = l.open_entry_id
        where l.entry_id in (${list}) order by l.entry_id, l.position`),
    ]);
    const labels = accountLabels(chart);
    const tillIds = rows<{ source_kind: string; source_id: number }>(es)
      .filter((e) => e.source_kind === 'till')
      .map((e) => e.source_id);
    const tillOf = new Map(
      tillIds.length
        ? rows<{ id: number; salespoint_id: number }>(
            await db.execute(
              sql`select id, salespoint_id from pos_closings where shop_id = ${shopId} and id in (${sql.join(
                tillIds.map((i) => sql`${i}`),
                sql`, `,
              )})`,
            ),
          ).map((z) => [z.id, z.salespoint_id])
        : [],
    );
    const linesOf = new Map<number, AccountingEntry['lines']>();
    for (const l of rows<{
      entry_id: number;
      account: string;
      auxiliary: string | null;
      auxiliary_label: string | null;
      label: string;
      debit: number;
      credit: number;
      piece_ref: string | null;
      lettering: string | null;
    }>(ls)) {
      const list = linesOf.get(l.entry_id) ?? [];
      list.push({
        account: l.account,
        accountLabel: labelOf(labels, l.account),
        auxiliary: l.auxiliary,
        auxiliaryLabel: l.auxiliary_label,
        label: l.label,
        debit: l.debit,
        credit: l.credit,
        ...(l.piece_ref ? { pieceRef: l.piece_ref, lettering: l.lettering } : {}),
      });
      linesOf.set(l.entry_id, list);
    }
    const byId = new Map(
      rows<{
        id: number;
        journal: JournalKind;
        num: number;
        date: string;
        piece_ref: string;
        piece_date: string;
        label: string;
        amount: number;
        client_id: number | null;
        client_name: string | null;
        lettering: string | null;
        lettering_date: string | null;
        valid_date: string;
        source_kind: EntrySource;
        source_id: number;
      }>(es).map((e) => [e.id, e]),
    );
    return ids.map((id): AccountingEntry => {
      const e = byId.get(id)!;
      const journal = settings.journals[e.journal];
      return {
        id: e.id,
        journal: e.journal,
        journalCode: journal.code,
        journalLabel: journal.label,
        num: e.num,
        ref: `${journal.code}${String(e.num).padStart(6, '0')}`,
        date: e.date,
        pieceRef: e.piece_ref,
        pieceDate: e.piece_date,
        label: e.label,
        lines: linesOf.get(e.id) ?? [],
        amount: e.amount,
        client: e.client_id ? { id: e.client_id, name: e.client_name ?? '' } : null,
        lettering: e.lettering,
        letteringDate: e.lettering_date,
        validDate: e.valid_date,
        source: {
          kind: e.source_kind,
          id: e.source_id,
          path: sourcePath(e.source_kind, e.source_id, e.date, e.client_name ?? '', tillOf.get(e.source_id)),
        },
        closed: closed.has(e.date.slice(0, 7)),
      };
    });
  }

  async function balances(
    shopId: number,
    q: { from?: string; to?: string; journal?: JournalKind; clientId?: number },
  ): Promise<AccountBalances> {
    const { chart } = await posted(shopId);
    const conds = entriesWhere(shopId, q);
    // an opening entry carries the balances of every entry before it: over a period, only the one opening it counts
    // (the later ones would count the same movements twice); the AN journal asked for alone shows them all
    if (q.journal !== 'AN') conds.push(sql`(e.source_kind <> 'opening' or e.date <= ${q.from ?? '0001-01-01'})`);
    const where = sql.join(conds, sql` and `);
    const r = rows<{ account: string; auxiliary: string | null; auxiliary_label: string | null; debit: string; credit: string }>(
      await db.execute(sql`select l.account, l.auxiliary, max(l.auxiliary_label) as auxiliary_label, sum(l.debit)::bigint as debit,
          sum(l.credit)::bigint as credit
        from accounting_entries e join accounting_entry_lines l on l.entry_id = e.id where ${where}
        group by l.account, l.auxiliary order by l.account, l.auxiliary nulls first`),
    );
    const labels = accountLabels(chart);
    const items = r.map((x) => {
      const debit = Number(x.debit);
      const credit = Number(x.credit);
      return {
        account: x.account,
        label: labelOf(labels, x.account),
        auxiliary: x.auxiliary,
        auxiliaryLabel: x.auxiliary_label,
        debit,
        credit,
        balance: debit - credit,
      };
    });
    return { items, totals: { debit: items.reduce((n, i) => n + i.debit, 0), credit: items.reduce((n, i) => n + i.credit, 0) } };
  }

  // ---------------------------------------------------------------- fiscal years, FEC

  async function fiscalYears(shopId: number): Promise<FiscalYear[]> {
    const { fiscal } = await contextOf(shopId);
    const current = fiscalYearOfDay(today(), fiscal.month, fiscal.day);
    const [span] = rows<{ first: string | null; last: string | null }>(
      await db.execute(sql`select min(d)::text as first, max(d)::text as last from (
          select min(issue_date) as d from invoices where shop_id = ${shopId} union all select max(issue_date) from invoices where shop_id = ${shopId}
          union all select min(date) from accounting_entries where shop_id = ${shopId}) x`),
    );
    const first = span.first ? fiscalYearOfDay(span.first, fiscal.month, fiscal.day).year : current.year;
    const last = Math.max(current.year, span.last ? fiscalYearOfDay(span.last, fiscal.month, fiscal.day).year : current.year);
    const out: FiscalYear[] = [];
    for (let y = last; y >= first; y--) {
      const fy = fiscalYearStarting(y, fiscal.month, fiscal.day);
      const label = fy.from.slice(0, 4) === fy.to.slice(0, 4) ? `Exercice ${y}` : `Exercice ${y}-${fy.to.slice(0, 4)}`;
      out.push({
        year: y,
        from: fy.from,
        to: fy.to,
        label: `${label} (du ${frDate(fy.from)} au ${frDate(fy.to)})`,
        current: y === current.year,
      });
    }
    return out;
  }

  /**
   * The FEC of a fiscal year, record by record, in the FEC order (validation date, journal, number), read in pages of
   * a few thousand lines: memory stays flat whatever the year's size.
   */
  async function* fecLines(shopId: number, ctx: Context, from: string, to: string): AsyncGenerator<string> {
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

  async function sirenOf(shopId: number): Promise<string | null> {
    const [r] = rows<{ siren: string | null; siret: string | null }>(
      await db.execute(sql`select data->>'siren' as siren, data->>'siret' as siret from billing_settings where shop_id = ${shopId}`),
    );
    const siren = (r?.siren ?? '').replace(/\s/g, '') || (r?.siret ?? '').replace(/\s/g, '').slice(0, 9);
    return /^\d{9}$/.test(siren) ? siren : null;
  }

  async function fecCheck(shopId: number, year: number): Promise<FecCheck> {
    const ctx = await posted(shopId);
    const fy = fiscalYearStarting(year, ctx.fiscal.month, ctx.fiscal.day);
    const siren = await sirenOf(shopId);
    const checker = new FecChecker();
    let lines = -1;
    let debit = 0;
    let credit = 0;
    const entries = new Set<string>();
    for await (const row of fecLines(shopId, ctx, fy.from, fy.to)) {
      checker.push(row);
      lines++;
      if (lines > 0) {
        const z = row.split('\t');
        entries.add(z[2]);
        debit += Math.round(Number(z[11].replace(',', '.')) * 100);
        credit += Math.round(Number(z[12].replace(',', '.')) * 100);
      }
    }
    const opening = (await openingProblems(shopId, ctx, year)).map((message) => ({ line: 0, message }));
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

  /** Streams the FEC of a fiscal year into `res`, in ISO 8859-15 (A47 A-1 LPF) unless UTF-8 is asked for. */
  async function fecDownload(shopId: number, year: number, res: Response, encoding: FecEncoding = 'iso-8859-15'): Promise<void> {
    const ctx = await posted(shopId);
    const siren = await sirenOf(shopId);
    if (!siren) throw new HttpError(409, RULES.sirenMissing);
    const fy = fiscalYearStarting(year, ctx.fiscal.month, ctx.fiscal.day);
    await markExported(shopId, fy.from, fy.to);
    res
      .setHeader('Content-Type', `text/plain; charset=${fecCharset(encoding)}`)
      .setHeader('Content-Disposition', `attachment; filename="${fecFileName(siren, fy.to)}"`);
    let chunk = '';
    for await (const row of fecLines(shopId, ctx, fy.from, fy.to)) {
      chunk += `${row}\r\n`;
      if (chunk.length > 64 * 1024) {
        if (!res.write(encodeFec(chunk, encoding))) await new Promise((r) => res.once('drain', r));
        chunk = '';
      }
    }
    res.end(encodeFec(chunk, encoding));
  }

  /**
   * The opening entry of a fiscal year against the previous year's closing (PCG art. 112-2: the opening balance sheet is
   * the previous closing one): missing while the previous year has entries, or differing on an account or auxiliary
   * (an entry of the previous year posted after it, a chart of accounts changed since…). French messages.
   */
  async function openingProblems(shopId: number, ctx: Context, year: number): Promise<string[]> {
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
    if (fy.from > today()) return out;
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

  async function markExported(shopId: number, from: string, to: string) {
    const months = monthsOf({ year: 0, from, to });
    await db
      .insert(accountingPeriods)
      .values(months.map((month) => ({ shopId, month, exportedAt: new Date() })))
      .onConflictDoUpdate({ target: [accountingPeriods.shopId, accountingPeriods.month], set: { exportedAt: new Date() } });
  }

  // ---------------------------------------------------------------- accountant export, VAT

  async function exportFile(shopId: number, q: { from: string; to: string; format?: ExportFormat; layout?: ExportLayout }) {
    const ctx = await posted(shopId);
    const format = q.format ?? ctx.settings.exportFormat;
    const layout = q.layout ?? ctx.settings.exportLayout;
    const r = rows<EntryLineRow>(
      // an opening line carrying an open item: its own piece and its item's lettering
      await db.execute(sql`select e.id, e.journal, e.num, e.date::text as date, coalesce(l.piece_ref, e.piece_ref) as piece_ref,
          coalesce(l.piece_date, e.piece_date)::text as piece_date, e.label, e.valid_date::text as valid_date,
          (case when e.source_kind = 'opening' then o.lettering else e.lettering end) as lettering,
          (case when e.source_kind = 'opening' then o.lettering_date else e.lettering_date end)::text as lettering_date,
          l.position, l.account, l.auxiliary, l.auxiliary_label, l.label as line_label, l.debit, l.credit, l.is_client
        from accounting_entries e join accounting_entry_lines l on l.entry_id = e.id left join accounting_entries o on o.id = l.open_entry_id
        where e.shop_id = ${shopId} and e.date between ${q.from} and ${q.to}
        order by e.date, e.journal, e.fiscal_year, e.num, l.position`),
    );
    const labels = accountLabels(ctx.chart);
    const table = exportTable(layout, r, ctx.settings, labels, format);
    await markExported(shopId, q.from, q.to);
    const name = `ecritures-${q.from}-${q.to}.${format}`;
    if (format === 'csv') {
      // Excel (French) reads a semicolon CSV with a BOM as UTF-8
      const text = writeCsv(table.header, table.rows);
      return { name, type: 'text/csv; charset=utf-8', body: Buffer.from(text, 'utf8') };
    }
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Écritures');
    ws.addRow(table.header).font = { bold: true };
    // a label or a client name starting like a formula stays text in the sheet too
    for (const row of table.rows) ws.addRow(row.map(spreadsheetCell));
    ws.columns.forEach((c) => (c.width = 16));
    return {
      name,
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body: Buffer.from(await wb.xlsx.writeBuffer()),
    };
  }

  async function vatSummary(shopId: number, from: string, to: string): Promise<VatSummary> {
    const { chart } = await contextOf(shopId);
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

  // ---------------------------------------------------------------- closing

  async function periods(shopId: number, year: number | undefined): Promise<AccountingPeriod[]> {
    const { fiscal } = await posted(shopId);
    const fy = year ? fiscalYearStarting(year, fiscal.month, fiscal.day) : fiscalYearOfDay(today(), fiscal.month, fiscal.day);
    const months = monthsOf(fy);
    const [counts, states, events] = await Promise.all([
      db.execute(sql`select to_char(date, 'YYYY-MM') as month, count(*)::int as n from accounting_entries
        where shop_id = ${shopId} and date between ${`${months[0]}-01`} and ${monthEnd(months[months.length - 1])} group by 1`),
      db
        .select()
        .from(accountingPeriods)
        .where(
          and(
            eq(accountingPeriods.shopId, shopId),
            sql`${accountingPeriods.month} in (${sql.join(
              months.map((m) => sql`${m}`),
              sql`, `,
            )})`,
          ),
        ),
      db
        .select()
        .from(accountingPeriodEvents)
        .where(
          and(
            eq(accountingPeriodEvents.shopId, shopId),
            sql`${accountingPeriodEvents.month} in (${sql.join(
              months.map((m) => sql`${m}`),
              sql`, `,
            )})`,
          ),
        )
        .orderBy(accountingPeriodEvents.at),
    ]);
    const n = new Map(rows<{ month: string; n: number }>(counts).map((c) => [c.month, c.n]));
    const st = new Map(states.map((s) => [s.month, s]));
    const now = today();
    return months.map((month) => ({
      month,
      status: st.get(month)?.closed ? 'closed' : 'open',
      over: monthEnd(month) < now,
      entries: n.get(month) ?? 0,
      exportedAt: st.get(month)?.exportedAt?.toISOString() ?? null,
      history: events
        .filter((e) => e.month === month)
        .map((e) => ({ action: e.action, at: e.at.toISOString(), by: e.userName, reason: e.reason })),
    }));
  }

  async function periodOf(shopId: number, month: string): Promise<AccountingPeriod> {
    const { fiscal } = await contextOf(shopId);
    const fy = fiscalYearOfDay(`${month}-01`, fiscal.month, fiscal.day);
    const list = await periods(shopId, fy.year);
    return list.find((p) => p.month === month) ?? list[0];
  }

  async function userName(userId: number) {
    const [u] = await db.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, userId));
    return u?.username || u?.email || '';
  }

  async function closePeriod(member: ShopMemberRow, month: string) {
    const shopId = member.shopId;
    if (monthEnd(month) >= today()) throw new HttpError(409, PERIOD_MESSAGES.notOver);
    // everything of the month is posted before it freezes
    await posted(shopId);
    const by = await userName(member.userId);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(accountingPeriods)
        .where(and(eq(accountingPeriods.shopId, shopId), eq(accountingPeriods.month, month)))
        .for('update');
      if (row?.closed) throw new HttpError(409, PERIOD_MESSAGES.alreadyClosed);
      await tx
        .insert(accountingPeriods)
        .values({ shopId, month, closed: true })
        .onConflictDoUpdate({ target: [accountingPeriods.shopId, accountingPeriods.month], set: { closed: true } });
      await tx.insert(accountingPeriodEvents).values({ shopId, month, action: 'close', userId: member.userId, userName: by, reason: null });
    });
    return { ...(await periodOf(shopId, month)), message: PERIOD_MESSAGES.closed(monthLabel(month)) };
  }

  async function reopenPeriod(member: ShopMemberRow, month: string, reason: string) {
    if (member.kind !== 'owner') throw new HttpError(403, PERIOD_MESSAGES.ownerOnly);
    const shopId = member.shopId;
    const by = await userName(member.userId);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(accountingPeriods)
        .where(and(eq(accountingPeriods.shopId, shopId), eq(accountingPeriods.month, month)))
        .for('update');
      if (!row?.closed) throw new HttpError(409, PERIOD_MESSAGES.notClosed);
      await tx
        .update(accountingPeriods)
        .set({ closed: false })
        .where(and(eq(accountingPeriods.shopId, shopId), eq(accountingPeriods.month, month)));
      await tx.insert(accountingPeriodEvents).values({ shopId, month, action: 'reopen', userId: member.userId, userName: by, reason });
    });
    return { ...(await periodOf(shopId, month)), message: PERIOD_MESSAGES.reopened(monthLabel(month)) };
  }

  return {
    codesOf: (shopId: number) => codesOf(db, shopId),
    putCodes,
    settingsOf: async (shopId: number) => (await contextOf(shopId)).settings,
    putSettings,
    sync: posted,
    listEntries,
    balances,
    fiscalYears,
    fecCheck,
    fecDownload,
    fecLines: async (shopId: number, year: number) => {
      const ctx = await posted(shopId);
      const fy = fiscalYearStarting(year, ctx.fiscal.month, ctx.fiscal.day);
      return fecLines(shopId, ctx, fy.from, fy.to);
    },
    exportFile,
    vatSummary,
    periods,
    closePeriod,
    reopenPeriod,
  };
}
export type AccountingService = ReturnType<typeof createAccountingService>;

const EU = new Set('AT BE BG CY CZ DE DK EE ES FI GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));

/** §3 VAT type of a sale: fr (France, or any taxed sale), ce (exempt intra-EU delivery to a VAT number), xx (export). */
export function vatType(rate: number, country: string | null, vatNumber: string | null): string {
  const c = (country ?? 'FR').toUpperCase();
  if (rate > 0 || c === 'FR' || c === 'MC') return 'fr';
  if (EU.has(c)) return vatNumber ? 'ce' : 'fr';
  return 'xx';
}

/** The label of each account of the chart (its role), over the PCG labels. */
function accountLabels(chart: ChartOfAccounts): Record<string, string> {
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
function labelOf(labels: Record<string, string>, account: string): string {
  return labels[account] ?? labels[account.slice(0, 4)] ?? labels[account.slice(0, 3)] ?? account;
}

/** The accountant export's columns for a layout (one row per entry line): each column a header and its cell. */
function exportTable(
  layout: ExportLayout,
  r: EntryLineRow[],
  settings: AccountingSettings,
  labels: Record<string, string>,
  format: ExportFormat,
) {
  type Cell = (x: EntryLineRow) => string | number | CsvFixed;
  const amount = (c: number) => (format === 'csv' ? csvFixed(c / 100, 2) : c / 100);
  const col = {
    journal: (x) => settings.journals[x.journal].code,
    date: (x) => frDate(x.date),
    account: (x) => x.account,
    auxiliary: (x) => x.auxiliary ?? '',
    piece: (x) => x.piece_ref,
    label: (x) => x.line_label,
    debit: (x) => amount(x.debit),
    credit: (x) => amount(x.credit),
  } satisfies Record<string, Cell>;
  const columns: Record<ExportLayout, Array<[string, Cell]>> = {
    sage: [
      ['Journal', col.journal],
      ['Date', col.date],
      ['Compte', col.account],
      ['Tiers', col.auxiliary],
      ['Pièce', col.piece],
      ['Libellé', col.label],
      ['Débit', col.debit],
      ['Crédit', col.credit],
    ],
    ebp: [
      ['Date', col.date],
      ['Journal', col.journal],
      ['Compte', col.account],
      ['Pièce', col.piece],
      ['Libellé', col.label],
      ['Débit', col.debit],
      ['Crédit', col.credit],
      ['Échéance', () => ''],
    ],
    cegid: [
      ['Journal', col.journal],
      ['Date', col.date],
      ['Compte général', col.account],
      ['Compte auxiliaire', col.auxiliary],
      ['Référence', col.piece],
      ['Libellé', col.label],
      ['Sens', (x) => (x.debit ? 'D' : 'C')],
      ['Montant', (x) => amount(x.debit || x.credit)],
    ],
    quadra: [
      ['Journal', col.journal],
      ['Date', col.date],
      ['Compte', col.account],
      ['Libellé', col.label],
      ['Montant débit', col.debit],
      ['Montant crédit', col.credit],
      ['Pièce', col.piece],
    ],
    generic: [
      ['Journal', col.journal],
      ['Libellé journal', (x) => settings.journals[x.journal].label],
      ['N° écriture', (x) => `${col.journal(x)}${String(x.num).padStart(6, '0')}`],
      ['Date', col.date],
      ['Compte', col.account],
      ['Libellé compte', (x) => labelOf(labels, x.account)],
      ['Compte auxiliaire', col.auxiliary],
      ['Libellé auxiliaire', (x) => x.auxiliary_label ?? ''],
      ['Pièce', col.piece],
      ['Date pièce', (x) => frDate(x.piece_date)],
      ['Libellé', col.label],
      ['Débit', col.debit],
      ['Crédit', col.credit],
      ['Lettrage', (x) => (x.is_client ? (x.lettering ?? '') : '')],
      ['Date lettrage', (x) => (x.is_client ? frDate(x.lettering_date) : '')],
    ],
  };
  const chosen = columns[layout] ?? columns.generic;
  return { header: chosen.map(([h]) => h), rows: r.map((x) => chosen.map(([, cell]) => cell(x))) };
}
