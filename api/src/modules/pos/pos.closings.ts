/**
 * Sessions and closings: a session opens with its cash float (one open at a time per salespoint); closing it makes the
 * day's Z (its tickets' totals, expected and counted per method, the gap), then the month and year closings of the
 * periods now over, added up from the closings below them. Sessions left open past midnight are closed by a sweep.
 */
import { POS_MESSAGES as M, type PosClosing, type PosPaymentMethod, type PosSession } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError, notFound } from '../../platform/errors';
import { nextCounterValue } from '../orders';
import { parisDate } from '../sales';
import { appendRecord, closingContent } from './pos.chain';
import { closingDto, prefixOf, sessionDto, type PosDeps } from './pos.model';
import {
  closingHash,
  closingsOfPeriod,
  findClosing,
  insertClosingRow,
  insertSession,
  lastGrandTotal,
  latestClosings,
  lockSession,
  markSessionClosed,
  openSessionOf,
  openSessions,
  pendingPeriods,
  sessionsOf,
  sessionTickets,
} from './pos.repository';
import { ensureModule, salesPointOf, userName } from './pos.scope';
import { totalsOf, sumTotals } from './pos.totals';
import type { posClosings, PosClosingRow, SalesPointRow } from './pos.tables';

// ---------------------------------------------------------------- sessions

export async function openSession({ db, clock }: PosDeps, member: ShopMemberRow, id: number, float: number) {
  await ensureModule(db, member.shopId);
  const by = await userName(db, member.userId);
  const session = await db.transaction(async (tx) => {
    // the salespoint's row locked: two sessions opened at once wait for each other, the second finds the first
    await salesPointOf(tx, member.shopId, id, true);
    const open = await openSessionOf(tx, id);
    if (open) throw new HttpError(409, M.sessionOpen);
    const s = await insertSession(tx, {
      shopId: member.shopId,
      salesPointId: id,
      openedBy: member.userId,
      openedByName: by,
      float,
      openedAt: clock(),
    });
    await appendRecord(tx, member.shopId, id, 'event', null, `SESSION-${s.id}`, {
      event: 'sessionOpen',
      session: s.id,
      float,
      by,
      at: s.openedAt.toISOString(),
    });
    return s;
  });
  return { ...sessionDto(session), message: M.opened };
}

export async function listSessions(db: DbOrTx, shopId: number, id: number): Promise<PosSession[]> {
  await ensureModule(db, shopId);
  await salesPointOf(db, shopId, id);
  const list = await sessionsOf(db, id);
  return list.map(sessionDto);
}

/** Closes a session: its Z (the day's totals, the cash count, the gap), then the months and years now over. */
export async function closeSession(
  { db, clock }: PosDeps,
  member: ShopMemberRow,
  sessionId: number,
  counted: Partial<Record<PosPaymentMethod, number>>,
) {
  await ensureModule(db, member.shopId);
  const by = await userName(db, member.userId);
  const closing = await db.transaction((tx) => closeSessionInTx(tx, member.shopId, sessionId, counted, by, clock()));
  return { ...closingDto(closing), message: M.closed(closing.ref) };
}

/**
 * The Z of a session: the totals of its tickets, expected per method (cash with the float), counted and the gap
 * (no count: an automatic closing at midnight, gap unknown). Dated by the day the session opened.
 */
export async function closeSessionInTx(
  tx: DbOrTx,
  shopId: number,
  sessionId: number,
  counted: Partial<Record<PosPaymentMethod, number>> | null,
  by: string,
  now: Date,
): Promise<PosClosingRow> {
  const s = await lockSession(tx, shopId, sessionId);
  if (!s) throw notFound(M.sessionNotFound);
  if (s.closedAt) throw new HttpError(409, M.sessionClosed);
  const sp = await salesPointOf(tx, shopId, s.salesPointId, true);
  const tickets = await sessionTickets(tx, s.id);
  const totals = totalsOf(tickets);
  const expected: Partial<Record<PosPaymentMethod, number>> = {};
  for (const m of totals.byMethod) expected[m.method] = m.amount;
  expected.cash = (expected.cash ?? 0) + s.float;
  const methods = new Set([...Object.keys(expected), ...Object.keys(counted ?? {})]) as Set<PosPaymentMethod>;
  const gap = counted ? [...methods].reduce((n, m) => n + (counted[m] ?? expected[m] ?? 0) - (expected[m] ?? 0), 0) : null;
  const last = await lastGrandTotal(tx, sp.id);
  const z = await insertClosing(tx, shopId, sp, {
    kind: 'day',
    period: parisDate(s.openedAt),
    at: now,
    byName: by,
    sessionId: s.id,
    totals,
    grandTotal: last?.grandTotal ?? 0,
    float: s.float,
    counted,
    expected,
    gap,
  });
  await markSessionClosed(tx, s.id, { closedAt: now, closedByName: by, closingId: z.id });
  await appendRecord(tx, shopId, sp.id, 'event', null, `SESSION-${s.id}-CLOSE`, {
    event: 'sessionClose',
    session: s.id,
    by,
    at: now.toISOString(),
  });
  await periodClosings(tx, shopId, sp, parisDate(now), by, now);
  return z;
}

/** The sweep: sessions still open from a day before today are closed at midnight, without a count. */
export async function closeOverdueSessions({ db, clock }: PosDeps): Promise<number> {
  const now = clock();
  const today = parisDate(now);
  const open = await openSessions(db);
  let n = 0;
  for (const s of open.filter((x) => parisDate(x.openedAt) < today)) {
    // one transaction per session: one that fails (closed meanwhile by its till) does not stop the others
    await db
      .transaction((tx) => closeSessionInTx(tx, s.shopId, s.id, null, 'Clôture automatique (minuit)', now))
      .then(() => n++)
      .catch(() => undefined);
  }
  return n;
}

// ---------------------------------------------------------------- closings

/** A closing numbered in its kind's gapless series of the salespoint, then chained in the journal. */
async function insertClosing(
  tx: DbOrTx,
  shopId: number,
  sp: SalesPointRow,
  values: Omit<typeof posClosings.$inferInsert, 'shopId' | 'salesPointId' | 'number' | 'ref'>,
): Promise<PosClosingRow> {
  const number = await nextCounterValue(tx, shopId, `posz-${values.kind}-${sp.id}`, 0);
  const letter = { day: 'Z', month: 'M', year: 'A' }[values.kind];
  const c = await insertClosingRow(tx, {
    ...values,
    shopId,
    salesPointId: sp.id,
    number,
    ref: `${letter}-${prefixOf(sp.name)}-${String(number).padStart(4, '0')}`,
  });
  await appendRecord(tx, shopId, sp.id, 'closing', c.id, c.ref, closingContent(c));
  return c;
}

/** Month and year closings of the periods before `day` that have day closings and no closing of their own. */
async function periodClosings(tx: DbOrTx, shopId: number, sp: SalesPointRow, day: string, by: string, now: Date) {
  for (const kind of ['month', 'year'] as const) {
    const len = kind === 'month' ? 7 : 4;
    const current = day.slice(0, len);
    const source = kind === 'month' ? 'day' : 'month';
    const pending = await pendingPeriods(tx, sp.id, kind, source, len, current);
    for (const p of pending) {
      const parts = await closingsOfPeriod(tx, sp.id, source, len, p.period);
      await insertClosing(tx, shopId, sp, {
        kind,
        period: p.period,
        at: now,
        byName: by,
        sessionId: null,
        totals: sumTotals(parts.map((x) => x.totals)),
        grandTotal: parts[parts.length - 1].grandTotal,
        float: null,
        counted: null,
        expected: null,
        gap: parts.some((x) => x.gap != null) ? parts.reduce((n, x) => n + (x.gap ?? 0), 0) : null,
      });
    }
  }
}

export async function listClosings(db: DbOrTx, shopId: number, id: number): Promise<PosClosing[]> {
  await ensureModule(db, shopId);
  await salesPointOf(db, shopId, id);
  const list = await latestClosings(db, id);
  return list.map((c) => closingDto(c));
}

/** A closing of the shop, as stored (no module check). */
export async function closingRow(db: DbOrTx, shopId: number, id: number): Promise<PosClosingRow> {
  const c = await findClosing(db, shopId, id);
  if (!c) throw notFound(M.closingNotFound);
  return c;
}

export async function getClosing(db: DbOrTx, shopId: number, id: number): Promise<PosClosing> {
  await ensureModule(db, shopId);
  const c = await closingRow(db, shopId, id);
  return closingDto(c, (await closingHash(db, c.id)) ?? '');
}
