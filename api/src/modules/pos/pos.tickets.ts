/**
 * Tickets: priced with shared-kernel/domain/pos priceTicket — the code the till runs, offline too — from the counter
 * typology's TTC prices (pos.catalogue.ts), line and ticket discounts included. A ticket is final once recorded:
 * numbered without gap per salespoint, its content chained in the journal (pos.chain.ts). A refund is a new ticket
 * with negative lines that refers to the sale, never more than was sold.
 */
import { POS_MESSAGES as M, type Paginated, type PosTicket, type PosTicketLine } from 'shared-kernel/contracts';
import { changeDue, formatCents, paymentProblems, priceTicket, type TicketLineInput } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { enqueue, nudgeJobs } from '../../platform/jobs';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError, notFound } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { clientName } from '../clients';
import { syncTicketLoyalty } from '../loyalty';
import { nextCounterValue } from '../orders';
import { parisDate } from '../sales';
import { catalogItems } from './pos.catalogue';
import { appendRecord, ticketContent } from './pos.chain';
import { prefixOf, ticketDto, type PosTicketDeps, type TicketValues } from './pos.model';
import {
  findTicket,
  insertTicket,
  lastGrandTotal,
  lockTicketKey,
  openSessionOf,
  refundLinesOf,
  shopClient,
  ticketHashes,
  ticketIdByKey,
  ticketRefs,
  ticketsByKey,
  ticketsPage,
} from './pos.repository';
import type { TicketsListQuery } from './pos.schemas';
import { ensureModule, salesPointOf, userName } from './pos.scope';
import { moveStock, POS_STOCK_JOB } from './pos.stock';
import type { PosTicketRow } from './pos.tables';

export interface RefundValues {
  key: string;
  lines: Array<{ index: number; quantity: number }>;
  payments: TicketValues['payments'];
  reason?: string | null;
}

/** The answers of these tickets: the ref of the sale a refund refers to, what was refunded per line, the hash. */
export async function ticketsDto(db: DbOrTx, list: PosTicketRow[]): Promise<PosTicket[]> {
  if (!list.length) return [];
  const ids = list.map((t) => t.id);
  const refIds = list.map((t) => t.refundOf).filter((v): v is number => v != null);
  const [refs, refunds, hashes] = await Promise.all([
    refIds.length ? ticketRefs(db, refIds) : [],
    refundLinesOf(db, ids),
    ticketHashes(db, ids),
  ]);
  const refOf = new Map(refs.map((r) => [r.id, r.ref]));
  const hashOf = new Map(hashes.map((h) => [h.ref_id, h.hash]));
  return list.map((t) => {
    const refunded = t.lines.map(() => 0);
    for (const r of refunds.filter((x) => x.refundOf === t.id))
      for (const l of r.lines as Array<PosTicketLine & { of?: number }>) if (l.of != null) refunded[l.of] += -l.quantity;
    return { ...ticketDto(t, t.refundOf ? (refOf.get(t.refundOf) ?? null) : null, refunded), hash: hashOf.get(t.id) ?? '' };
  });
}

export async function ticketOf(db: DbOrTx, shopId: number, id: number): Promise<PosTicketRow> {
  const t = await findTicket(db, shopId, id);
  if (!t) throw notFound(M.ticketNotFound);
  return t;
}

export async function getTicket(db: DbOrTx, shopId: number, id: number) {
  await ensureModule(db, shopId);
  return (await ticketsDto(db, [await ticketOf(db, shopId, id)]))[0];
}

export async function listTickets(db: DbOrTx, shopId: number, id: number, q: TicketsListQuery): Promise<Paginated<PosTicket>> {
  await ensureModule(db, shopId);
  await salesPointOf(db, shopId, id);
  const { total, list } = await ticketsPage(db, id, q);
  return paginated(await ticketsDto(db, list), total, q);
}

/**
 * Records a ticket in one transaction: the salespoint's row locked (tickets of a till are numbered one after the
 * other), the number, the grand total, the stock movements, the journal record. `key` makes it idempotent.
 */
export async function recordTicket(
  { db, clock, stock }: PosTicketDeps,
  member: ShopMemberRow,
  salesPointId: number,
  values: TicketValues,
  refund?: { of: PosTicketRow; lines: Array<PosTicketLine & { of: number }> },
): Promise<{ ticket: PosTicket; created: boolean }> {
  const shopId = member.shopId;
  // the reads that do not depend on each other, at once (a till waits on this answer)
  const [, existing, sp, seller] = await Promise.all([
    ensureModule(db, shopId),
    ticketsByKey(db, shopId, values.key),
    salesPointOf(db, shopId, salesPointId),
    userName(db, member.userId),
  ]);
  if (existing[0]) {
    if (existing[0].salesPointId !== salesPointId) throw notFound(M.notFound);
    return { ticket: (await ticketsDto(db, existing))[0], created: false };
  }

  // lines: catalogue lines at the counter price (a price typed at the till overrides it), free lines as typed
  let input: TicketLineInput[];
  /** prices typed at the till over the catalogue's (an event of the journal) */
  const priceChanges: string[] = [];
  if (refund) input = refund.lines;
  else {
    const ids = values.lines.map((l) => l.formatId).filter((v): v is number => v != null);
    const known = new Map((await catalogItems(db, shopId, sp, ids)).items.map((i) => [i.formatId, i]));
    input = values.lines.map((l, i) => {
      if (l.formatId != null) {
        const item = known.get(l.formatId);
        if (!item) throw new HttpError(400, M.unknownFormat, `lines.${i}.formatId`);
        if (l.unitPriceTTC != null && l.unitPriceTTC !== item.unitPriceTTC && !values.offline)
          priceChanges.push(`${item.label} : ${formatCents(item.unitPriceTTC)} → ${formatCents(l.unitPriceTTC)}`);
        return {
          formatId: item.formatId,
          vintageId: item.vintageId,
          label: [item.label, item.details].filter(Boolean).join(' · '),
          quantity: l.quantity,
          unitPriceTTC: l.unitPriceTTC ?? item.unitPriceTTC,
          vatRate: item.vatRate,
          accountingType: item.accountingType,
          discount: l.discount ?? null,
          free: l.free,
        };
      }
      if (!l.label) throw new HttpError(400, 'Le libellé d’une ligne libre est obligatoire', `lines.${i}.label`);
      return {
        formatId: null,
        label: l.label,
        quantity: l.quantity,
        unitPriceTTC: l.unitPriceTTC ?? 0,
        vatRate: l.vatRate ?? 20,
        accountingType: l.free ? 'productTasting' : (l.accountingType ?? 'prestation'),
        discount: l.discount ?? null,
        free: l.free,
      };
    });
  }
  // a refund's lines are the sale's, already priced (their share of its discounts included)
  const priced = priceTicket({ lines: refund ? [] : input, discount: refund ? null : (values.discount ?? null) });
  if (!refund && priced.problems.length) throw new HttpError(400, priced.problems[0].message, priced.problems[0].field);
  const totalTTC = refund ? refund.lines.reduce((n, l) => n + l.totalTTC, 0) : priced.totalTTC;
  const problems = paymentProblems(totalTTC, values.payments, values.cashGiven, formatCents, sp.methods);
  if (problems.length) throw new HttpError(400, problems[0].message, problems[0].field);
  const change = changeDue(values.payments, values.cashGiven);

  let clientLabel: string | null = null;
  if (values.clientId) {
    const c = await shopClient(db, shopId, values.clientId);
    if (!c) throw new HttpError(400, 'Client introuvable', 'clientId');
    clientLabel = clientName(c);
  }

  const now = clock();
  const recorded = await db.transaction(async (tx): Promise<{ again: number } | { t: PosTicketRow; hash: string }> => {
    // the same key sent twice at once: the second waits here and finds the first
    await lockTicketKey(tx, values.key);
    const again = await ticketIdByKey(tx, shopId, values.key);
    if (again) return { again: again.id };
    await salesPointOf(tx, shopId, salesPointId, true);
    const session = await openSessionOf(tx, salesPointId);
    if (!session) throw new HttpError(409, M.noSession);
    const number = await nextCounterValue(tx, shopId, `pos-${salesPointId}`, 0);
    const prev = await lastGrandTotal(tx, salesPointId);
    const lines: PosTicketLine[] = refund
      ? refund.lines
      : priced.lines.map((l) => ({
          formatId: l.formatId ?? null,
          label: l.label,
          quantity: l.quantity,
          unitPriceTTC: l.free ? 0 : l.unitPriceTTC,
          vatRate: l.vatRate,
          accountingType: l.accountingType,
          gross: l.gross,
          lineDiscount: l.lineDiscount,
          ticketDiscount: l.ticketDiscount,
          totalTTC: l.totalTTC,
          totalHT: l.totalHT,
          vat: l.vat,
        }));
    const vat = refund ? vatOfLines(lines) : priced.vat;
    const t = await insertTicket(tx, {
      shopId,
      salesPointId,
      sessionId: session.id,
      number,
      ref: `${prefixOf(sp.name)}-${String(number).padStart(6, '0')}`,
      kind: refund ? 'refund' : 'sale',
      refundOf: refund?.of.id ?? null,
      at: now,
      day: parisDate(now),
      userId: member.userId,
      sellerName: seller,
      clientId: values.clientId ?? refund?.of.clientId ?? null,
      clientName: clientLabel ?? refund?.of.clientName ?? null,
      lines,
      discount: refund ? 0 : priced.discount,
      totalTTC,
      totalHT: totalTTC - vat.reduce((n, r) => n + r.vat, 0),
      totalVAT: vat.reduce((n, r) => n + r.vat, 0),
      vat,
      payments: values.payments,
      cashGiven: values.cashGiven ?? null,
      change,
      grandTotal: (prev?.grandTotal ?? 0) + totalTTC,
      idempotencyKey: values.key,
      offlineNumber: values.offline?.number ?? null,
      offlineAt: values.offline ? new Date(values.offline.at) : null,
    });
    const hash = await appendRecord(tx, shopId, salesPointId, 'ticket', t.id, t.ref, ticketContent(t));
    // an identified client's sale earns loyalty points, a refund takes its share back
    await syncTicketLoyalty(tx, t.id);
    if (priceChanges.length)
      await appendRecord(tx, shopId, salesPointId, 'event', null, `PRIX-${t.ref}`, {
        event: 'priceChange',
        detail: priceChanges.join(' ; '),
        ticket: t.ref,
        by: seller,
        at: now.toISOString(),
      });
    if (stock === 'job')
      await enqueue(tx, POS_STOCK_JOB, { ticketId: t.id, userId: member.userId }, { dedupeKey: `${POS_STOCK_JOB}:${t.id}` });
    else await moveStock(tx, shopId, member.userId, sp, t);
    return { t, hash };
  });
  if (stock === 'job') nudgeJobs();
  if ('again' in recorded) {
    const t = await ticketOf(db, shopId, recorded.again);
    return { ticket: (await ticketsDto(db, [t]))[0], created: false };
  }
  // a new ticket: nothing refunded yet, its hash and its sale's ref known here
  const { t, hash } = recorded;
  return {
    ticket: {
      ...ticketDto(
        t,
        refund?.of.ref ?? null,
        t.lines.map(() => 0),
      ),
      hash,
    },
    created: true,
  };
}

export function createTicket(deps: PosTicketDeps, member: ShopMemberRow, salesPointId: number, values: TicketValues) {
  return recordTicket(deps, member, salesPointId, values);
}

/** Refunds lines of a sale: each line's refunded share of what it came to, never more units than are left. */
export async function refundTicket(deps: PosTicketDeps, member: ShopMemberRow, ticketId: number, values: RefundValues) {
  const { db } = deps;
  await ensureModule(db, member.shopId);
  const of = await ticketOf(db, member.shopId, ticketId);
  if (of.kind === 'refund') throw new HttpError(409, M.refundOfRefund);
  const [dto] = await ticketsDto(db, [of]);
  const lines = values.lines.map((r, i) => {
    const l = of.lines[r.index];
    if (!l) throw new HttpError(400, M.refundNothing, `lines.${i}.index`);
    const left =
      l.quantity - dto.refunded[r.index] - values.lines.filter((x, j) => j < i && x.index === r.index).reduce((n, x) => n + x.quantity, 0);
    if (r.quantity > left) throw new HttpError(400, M.refundTooMany(Math.max(0, left)), `lines.${i}.quantity`);
    // the refunded share of what the line came to (its discounts included), to the cent
    const share = (v: number) => -Math.round((v * r.quantity) / l.quantity);
    const totalTTC = r.quantity === l.quantity ? -l.totalTTC : share(l.totalTTC);
    const vat = r.quantity === l.quantity ? -l.vat : share(l.vat);
    return {
      ...l,
      of: r.index,
      quantity: -r.quantity,
      gross: share(l.gross),
      lineDiscount: share(l.lineDiscount),
      ticketDiscount: share(l.ticketDiscount),
      totalTTC,
      vat,
      totalHT: totalTTC - vat,
    };
  });
  return recordTicket(deps, member, of.salesPointId, { key: values.key, lines: [], payments: values.payments }, { of, lines });
}

/** VAT per rate of lines already priced (a refund's). */
export function vatOfLines(lines: PosTicketLine[]) {
  const byRate = new Map<number, { rate: number; ttc: number; ht: number; vat: number }>();
  for (const l of lines) {
    const r = byRate.get(l.vatRate) ?? { rate: l.vatRate, ttc: 0, ht: 0, vat: 0 };
    r.ttc += l.totalTTC;
    r.vat += l.vat;
    r.ht = r.ttc - r.vat;
    byRate.set(l.vatRate, r);
  }
  return [...byRate.values()].sort((a, b) => b.rate - a.rate);
}
