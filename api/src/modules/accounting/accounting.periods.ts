/**
 * The fiscal years and their months: the years to choose from, each month open or closed with its entries, last
 * export and history, the closing of a month that is over (what is waiting is posted first) and its reopening by the
 * owner with a reason. The FEC and the accountant exports mark the months they cover as exported.
 */
import { and, eq, sql } from 'drizzle-orm';
import { PERIOD_MESSAGES, type AccountingPeriod, type FiscalYear } from 'shared-kernel/contracts';
import { fiscalYearOfDay, fiscalYearStarting, monthEnd, monthsOf } from 'shared-kernel/domain';
import type { Db } from '../../platform/db/client';
import { users, type ShopMemberRow } from '../../platform/db/tables';
import { HttpError, monthLabel } from '../../platform/errors';
import { frDate, rows, todayOf, type AccountingDeps } from './accounting.model';
import { contextOf, posted } from './accounting.settings';
import { accountingPeriodEvents, accountingPeriods } from './accounting.tables';

export async function fiscalYears(deps: AccountingDeps, shopId: number): Promise<FiscalYear[]> {
  const { fiscal } = await contextOf(deps, shopId);
  const current = fiscalYearOfDay(todayOf(deps), fiscal.month, fiscal.day);
  const [span] = rows<{ first: string | null; last: string | null }>(
    await deps.db.execute(sql`select min(d)::text as first, max(d)::text as last from (
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

export async function periods(deps: AccountingDeps, shopId: number, year: number | undefined): Promise<AccountingPeriod[]> {
  const { db } = deps;
  const { fiscal } = await posted(deps, shopId);
  const fy = year ? fiscalYearStarting(year, fiscal.month, fiscal.day) : fiscalYearOfDay(todayOf(deps), fiscal.month, fiscal.day);
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
  const now = todayOf(deps);
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

async function periodOf(deps: AccountingDeps, shopId: number, month: string): Promise<AccountingPeriod> {
  const { fiscal } = await contextOf(deps, shopId);
  const fy = fiscalYearOfDay(`${month}-01`, fiscal.month, fiscal.day);
  const list = await periods(deps, shopId, fy.year);
  return list.find((p) => p.month === month) ?? list[0];
}

async function userName(db: Db, userId: number) {
  const [u] = await db.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, userId));
  return u?.username || u?.email || '';
}

export async function closePeriod(deps: AccountingDeps, member: ShopMemberRow, month: string) {
  const shopId = member.shopId;
  if (monthEnd(month) >= todayOf(deps)) throw new HttpError(409, PERIOD_MESSAGES.notOver);
  // everything of the month is posted before it freezes
  await posted(deps, shopId);
  const by = await userName(deps.db, member.userId);
  await deps.db.transaction(async (tx) => {
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
  return { ...(await periodOf(deps, shopId, month)), message: PERIOD_MESSAGES.closed(monthLabel(month)) };
}

export async function reopenPeriod(deps: AccountingDeps, member: ShopMemberRow, month: string, reason: string) {
  if (member.kind !== 'owner') throw new HttpError(403, PERIOD_MESSAGES.ownerOnly);
  const shopId = member.shopId;
  const by = await userName(deps.db, member.userId);
  await deps.db.transaction(async (tx) => {
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
  return { ...(await periodOf(deps, shopId, month)), message: PERIOD_MESSAGES.reopened(monthLabel(month)) };
}

/** The months of a file sent to the accountant (FEC, export) marked exported now. */
export async function markExported(db: Db, shopId: number, from: string, to: string) {
  const months = monthsOf({ year: 0, from, to });
  await db
    .insert(accountingPeriods)
    .values(months.map((month) => ({ shopId, month, exportedAt: new Date() })))
    .onConflictDoUpdate({ target: [accountingPeriods.shopId, accountingPeriods.month], set: { exportedAt: new Date() } });
}
