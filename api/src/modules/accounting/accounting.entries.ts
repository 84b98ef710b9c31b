/**
 * The journal entries as the back office reads them: a page of entries (filtered, searched, sorted, with the totals of
 * the filtered lines), each with its lines, its accounts' labels and where its source opens, and the balances of the
 * accounts over a period. Posted first, as every read.
 */
import { and, eq, sql } from 'drizzle-orm';
import type {
  AccountBalances,
  AccountingEntriesPage,
  AccountingEntry,
  AccountingSettings,
  EntrySource,
  JournalKind,
} from 'shared-kernel/contracts';
import type { ChartOfAccounts } from 'shared-kernel/domain';
import type { Db } from '../../platform/db/client';
import { paginated } from '../../platform/list-query';
import { accountLabels, labelOf, rows, type AccountingDeps } from './accounting.model';
import type { EntriesListQuery } from './accounting.schemas';
import { posted } from './accounting.settings';
import { accountingPeriods } from './accounting.tables';

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

function entriesWhere(shopId: number, f: { from?: string; to?: string; journal?: JournalKind; clientId?: number }) {
  const conds = [sql`e.shop_id = ${shopId}`];
  if (f.from) conds.push(sql`e.date >= ${f.from}`);
  if (f.to) conds.push(sql`e.date <= ${f.to}`);
  if (f.journal) conds.push(sql`e.journal = ${f.journal}`);
  if (f.clientId) conds.push(sql`e.client_id = ${f.clientId}`);
  return conds;
}

async function closedMonths(db: Db, shopId: number): Promise<Set<string>> {
  const r = await db
    .select({ month: accountingPeriods.month })
    .from(accountingPeriods)
    .where(and(eq(accountingPeriods.shopId, shopId), eq(accountingPeriods.closed, true)));
  return new Set(r.map((x) => x.month));
}

export async function listEntries(deps: AccountingDeps, shopId: number, q: EntriesListQuery): Promise<AccountingEntriesPage> {
  const { db } = deps;
  const { chart, settings } = await posted(deps, shopId);
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
  const closed = await closedMonths(db, shopId);
  const items = ids.length ? await entriesByIds(db, shopId, ids, chart, settings, closed) : [];
  const t = rows<{ debit: string; credit: string }>(totalsRes)[0];
  return {
    ...paginated(items, rows<{ n: number }>(countRes)[0].n, q),
    totals: { debit: Number(t.debit), credit: Number(t.credit) },
  };
}

async function entriesByIds(
  db: Db,
  shopId: number,
  ids: number[],
  chart: ChartOfAccounts,
  settings: AccountingSettings,
  closed: Set<string>,
) {
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

export async function balances(
  deps: AccountingDeps,
  shopId: number,
  q: { from?: string; to?: string; journal?: JournalKind; clientId?: number },
): Promise<AccountBalances> {
  const { chart } = await posted(deps, shopId);
  const conds = entriesWhere(shopId, q);
  // an opening entry carries the balances of every entry before it: over a period, only the one opening it counts
  // (the later ones would count the same movements twice); the AN journal asked for alone shows them all
  if (q.journal !== 'AN') conds.push(sql`(e.source_kind <> 'opening' or e.date <= ${q.from ?? '0001-01-01'})`);
  const where = sql.join(conds, sql` and `);
  const r = rows<{ account: string; auxiliary: string | null; auxiliary_label: string | null; debit: string; credit: string }>(
    await deps.db.execute(sql`select l.account, l.auxiliary, max(l.auxiliary_label) as auxiliary_label, sum(l.debit)::bigint as debit,
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
