/**
 * The inalterable journal of a till (CGI art. 286 I 3° bis; the NF525 reference's requirements of
 * inalterability, security, conservation and archiving): every ticket, closing and technical event of a salespoint is
 * a record of `pos_journal`, numbered without gap (seq) and chained: hash = SHA-256(previous hash ‖ canonical
 * content). The content of a ticket or closing is taken from its own row (`ticketContent`, `closingContent`), so
 * the verification recomputes it from the row as it is now: a stored amount changed in SQL no longer matches its
 * record, a record changed no longer matches its hash, a record removed breaks the sequence.
 * A chain cannot see its own end cut off (the last records removed leave a shorter chain that is still whole), so the
 * verification also anchors the end: the counters the salespoint numbers its records, tickets and closings with
 * (order_counters, taken in the same transaction as each record) must end where the journal ends, and every closed
 * session's Z must still be in the journal.
 * The api's side of the journal is here too: the events a till reports, the verification and the signed archive.
 */
import { createHash, createHmac } from 'node:crypto';
import type { ChainVerification } from 'shared-kernel/contracts';
import { canonical, chainInput, GENESIS } from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { nextCounterValue } from '../orders';
import { prefixOf, type PosDeps } from './pos.model';
import {
  closedSessionsOf,
  closingsBetween,
  closingsOfSalesPoint,
  counterValues,
  insertJournalRecord,
  journalBetween,
  journalHashAt,
  journalOf,
  ticketsBetween,
  ticketsOfSalesPoint,
} from './pos.repository';
import { ensureModule, salesPointOf, userName } from './pos.scope';
import type { PosClosingRow, PosTicketRow } from './pos.tables';

export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** The legal content of a ticket: what it sold, for how much, how it was paid, its place in the series. */
export function ticketContent(t: PosTicketRow): Record<string, unknown> {
  return {
    number: t.number,
    ref: t.ref,
    kind: t.kind,
    refundOf: t.refundOf,
    at: t.at.toISOString(),
    seller: t.sellerName,
    client: t.clientId,
    lines: t.lines.map((l) => [l.formatId, l.label, l.quantity, l.unitPriceTTC, l.vatRate, l.totalTTC, l.totalHT, l.vat]),
    discount: t.discount,
    totalTTC: t.totalTTC,
    totalHT: t.totalHT,
    totalVAT: t.totalVAT,
    vat: t.vat,
    payments: t.payments,
    change: t.change,
    grandTotal: t.grandTotal,
    offline: t.offlineNumber,
  };
}

export function closingContent(c: PosClosingRow): Record<string, unknown> {
  return {
    kind: c.kind,
    period: c.period,
    number: c.number,
    ref: c.ref,
    at: c.at.toISOString(),
    totals: c.totals,
    grandTotal: c.grandTotal,
    counted: c.counted,
    expected: c.expected,
    gap: c.gap,
  };
}

/**
 * Appends a record in the caller's transaction. The journal counter (order_counters 'posj-<id>') is taken first: its
 * row lock orders the transactions of one salespoint, so the previous hash read next is the last committed one.
 */
export async function appendRecord(
  tx: DbOrTx,
  shopId: number,
  salesPointId: number,
  kind: 'ticket' | 'closing' | 'event',
  refId: number | null,
  ref: string,
  content: Record<string, unknown>,
): Promise<string> {
  const seq = await nextCounterValue(tx, shopId, `posj-${salesPointId}`, 0);
  const prevHash = (await journalHashAt(tx, salesPointId, seq - 1)) ?? GENESIS;
  const hash = sha256(chainInput(prevHash, { seq, kind, ref, content }));
  await insertJournalRecord(tx, { shopId, salesPointId, seq, kind, refId, ref, content, prevHash, hash });
  return hash;
}

/** Recomputes the whole chain of a salespoint and the content of every ticket and closing from their rows. */
export async function verifyChain(db: Db, salesPointId: number, now = new Date()): Promise<ChainVerification> {
  const records = await journalOf(db, salesPointId);
  const [ticketRows, closingRows] = await Promise.all([ticketsOfSalesPoint(db, salesPointId), closingsOfSalesPoint(db, salesPointId)]);
  const tickets = new Map(ticketRows.map((t) => [t.id, t]));
  const closings = new Map(closingRows.map((c) => [c.id, c]));
  let prev = GENESIS;
  let grandTotal = 0;
  const seen = new Set<number>();
  const seenClosings = new Set<number>();
  let lastTicket = 0;
  const lastClosing: Record<PosClosingRow['kind'], number> = { day: 0, month: 0, year: 0 };
  const broken = (r: (typeof records)[number], reason: string): ChainVerification => ({
    intact: false,
    records: records.length,
    broken: { seq: r.seq, kind: r.kind, ref: r.ref, reason },
    grandTotal,
    checkedAt: now.toISOString(),
  });
  for (const [i, r] of records.entries()) {
    if (r.seq !== i + 1) return broken(r, `Enregistrement manquant avant le n° ${r.seq}`);
    if (r.prev_hash !== prev) return broken(r, 'Le chaînage avec l’enregistrement précédent est rompu');
    if (sha256(chainInput(prev, { seq: r.seq, kind: r.kind, ref: r.ref, content: r.content })) !== r.hash)
      return broken(r, 'L’empreinte ne correspond plus au contenu enregistré');
    if (r.kind === 'ticket') {
      const t = r.ref_id != null ? tickets.get(r.ref_id) : undefined;
      if (!t) return broken(r, 'Le ticket a disparu');
      if (canonical(ticketContent(t)) !== canonical(r.content)) return broken(r, 'Le ticket ne correspond plus à son enregistrement');
      seen.add(t.id);
      grandTotal = t.grandTotal;
      lastTicket = t.number;
    }
    if (r.kind === 'closing') {
      const c = r.ref_id != null ? closings.get(r.ref_id) : undefined;
      if (!c) return broken(r, 'La clôture a disparu');
      if (canonical(closingContent(c)) !== canonical(r.content)) return broken(r, 'La clôture ne correspond plus à son enregistrement');
      seenClosings.add(c.id);
      lastClosing[c.kind] = c.number;
    }
    prev = r.hash;
  }
  // a ticket with no record (inserted behind the api's back)
  const stray = [...tickets.values()].find((t) => !seen.has(t.id));
  if (stray)
    return {
      intact: false,
      records: records.length,
      broken: { seq: 0, kind: 'ticket', ref: stray.ref, reason: 'Ticket absent du journal' },
      grandTotal,
      checkedAt: now.toISOString(),
    };
  const tail = await missingTail(db, salesPointId, { lastSeq: records.at(-1)?.seq ?? 0, lastTicket, lastClosing, seenClosings });
  if (tail) return { intact: false, records: records.length, broken: tail, grandTotal, checkedAt: now.toISOString() };
  return { intact: true, records: records.length, broken: null, grandTotal, checkedAt: now.toISOString() };
}

const CLOSING_KINDS = ['day', 'month', 'year'] as const;

/**
 * What the end of an intact chain lacks: the records, tickets or closings the salespoint numbered past the last ones
 * in the journal, or the Z of a closed session that is no longer there.
 */
async function missingTail(
  db: Db,
  salesPointId: number,
  end: {
    lastSeq: number;
    lastTicket: number;
    lastClosing: Record<PosClosingRow['kind'], number>;
    seenClosings: Set<number>;
  },
): Promise<NonNullable<ChainVerification['broken']> | null> {
  const series = {
    journal: `posj-${salesPointId}`,
    ticket: `pos-${salesPointId}`,
    ...Object.fromEntries(CLOSING_KINDS.map((k) => [k, `posz-${k}-${salesPointId}`])),
  } as Record<'journal' | 'ticket' | PosClosingRow['kind'], string>;
  const values = await counterValues(db, Object.values(series));
  const counted = (k: keyof typeof series) => values.get(series[k]) ?? 0;
  const first = end.lastSeq + 1;
  const closingCut = CLOSING_KINDS.find((k) => counted(k) !== end.lastClosing[k]);
  const ticketCut = counted('ticket') !== end.lastTicket;
  if (counted('journal') !== end.lastSeq) {
    const lost = counted('journal') - end.lastSeq;
    return {
      seq: first,
      kind: ticketCut ? 'ticket' : closingCut ? 'closing' : 'event',
      ref: '',
      reason:
        lost > 0
          ? `Enregistrements manquants après le n° ${end.lastSeq} : le point de vente en a numéroté ${counted('journal')} (${lost} disparu${lost > 1 ? 's' : ''})`
          : `Le dernier enregistrement du journal (n° ${end.lastSeq}) dépasse le compteur du point de vente (n° ${counted('journal')})`,
    };
  }
  if (ticketCut)
    return {
      seq: first,
      kind: 'ticket',
      ref: '',
      reason: `Tickets manquants après le ticket n° ${end.lastTicket} : le point de vente en a numéroté ${counted('ticket')}`,
    };
  if (closingCut)
    return {
      seq: first,
      kind: 'closing',
      ref: '',
      reason: `Clôtures manquantes après la clôture n° ${end.lastClosing[closingCut]} : le point de vente en a numéroté ${counted(closingCut)}`,
    };
  const sessions = await closedSessionsOf(db, salesPointId);
  const lostZ = sessions.find((x) => !end.seenClosings.has(x.closingId!));
  if (lostZ)
    return {
      seq: first,
      kind: 'closing',
      ref: '',
      reason: `La clôture de la session n° ${lostZ.id} a disparu du journal`,
    };
  return null;
}

// ---------------------------------------------------------------- the journal through the api

/** An event the till reports (a reprint, a failure, a price change), written in the journal. */
export async function recordEvent({ db, clock }: PosDeps, member: ShopMemberRow, salesPointId: number, kind: string, detail: string) {
  await ensureModule(db, member.shopId);
  await salesPointOf(db, member.shopId, salesPointId);
  const by = await userName(db, member.userId);
  const at = clock().toISOString();
  await db.transaction((tx) =>
    appendRecord(tx, member.shopId, salesPointId, 'event', null, `EVT-${kind}`, { event: kind, detail, by, at }),
  );
  return { message: 'Événement enregistré' };
}

export async function verify({ db, clock }: PosDeps, shopId: number, salesPointId: number): Promise<ChainVerification> {
  await ensureModule(db, shopId);
  await salesPointOf(db, shopId, salesPointId);
  return verifyChain(db, salesPointId, clock());
}

/**
 * The archive of a period: its tickets, closings and journal records with the verification of the whole chain, signed
 * HMAC-SHA256 with the salespoint's own key. The export itself is an event of the journal (with its signature).
 */
export async function archive({ db, clock }: PosDeps, member: ShopMemberRow, salesPointId: number, from: string, to: string) {
  await ensureModule(db, member.shopId);
  const sp = await salesPointOf(db, member.shopId, salesPointId);
  const [tickets, closings, journal] = await Promise.all([
    ticketsBetween(db, sp.id, from, to),
    closingsBetween(db, sp.id, from, to),
    journalBetween(db, sp.id, from, to),
  ]);
  const verification = await verifyChain(db, sp.id, clock());
  const body = {
    format: 'wineriz-pos-archive/1',
    salesPoint: { id: sp.id, name: sp.name },
    period: { from, to },
    exportedAt: clock().toISOString(),
    verification,
    tickets: tickets.map(ticketContent),
    closings: closings.map(closingContent),
    journal,
  };
  const text = JSON.stringify(body);
  const signature = createHmac('sha256', sp.signingKey).update(text).digest('hex');
  const by = await userName(db, member.userId);
  await db.transaction((tx) =>
    appendRecord(tx, member.shopId, sp.id, 'event', null, 'EVT-export', {
      event: 'export',
      from,
      to,
      by,
      at: body.exportedAt,
      signature,
    }),
  );
  return {
    name: `archive-${prefixOf(sp.name).toLowerCase()}-${from}-${to}.json`,
    text: JSON.stringify({ ...body, signature: { alg: 'HMAC-SHA256', value: signature } }, null, 1),
  };
}
