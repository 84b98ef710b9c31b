/**
 * What the till's files share: the dependencies each of their functions is given (instead of closing over them), the
 * inputs of its writes, the prefix its numbers carry and the answers built from its rows.
 */
import type { PosClosing, PosPaymentMethod, PosSession, PosTicket } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import type { PosClosingRow, PosSessionRow, PosTicketRow } from './pos.tables';

/** The database and the time: a test or the demo seed walks the clock through past days. */
export interface PosDeps {
  db: Db;
  clock: () => Date;
}

/**
 * `stock: 'job'` (the api): a ticket's stock movement is a job enqueued in the ticket's transaction and run right
 * after by the worker, so finalising a ticket never waits on the warehouse's rows (ten tills selling the same wine
 * would queue on them) and a stock problem never refuses a paid sale; 'inline' (the demo seed, scripts): in the
 * ticket's transaction.
 */
export interface PosTicketDeps extends PosDeps {
  stock: 'inline' | 'job';
}

export interface SalesPointValues {
  name: string;
  warehouseId: number;
  methods: PosPaymentMethod[];
  typology?: string | null;
  receiptHeader: string;
  receiptFooter: string;
  display: boolean;
}

export interface TicketValues {
  key: string;
  lines: Array<{
    formatId?: number | null;
    label?: string | null;
    quantity: number;
    unitPriceTTC?: number | null;
    vatRate?: number | null;
    accountingType?: string | null;
    discount?: { kind: 'percent' | 'amount'; value: number } | null;
    free?: boolean;
  }>;
  discount?: { kind: 'percent' | 'amount'; value: number } | null;
  clientId?: number | null;
  payments: Array<{ method: PosPaymentMethod; amount: number }>;
  cashGiven?: number | null;
  offline?: { number: string; at: string } | null;
}

/** 'CAVEAU' from 'Caveau du domaine' → the ticket prefix. */
export const prefixOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .split(' ')[0]
    ?.slice(0, 10) || 'CAISSE';

export function sessionDto(s: PosSessionRow): PosSession {
  return {
    id: s.id,
    salesPointId: s.salesPointId,
    openedAt: s.openedAt.toISOString(),
    openedBy: s.openedByName,
    float: s.float,
    closedAt: s.closedAt?.toISOString() ?? null,
    closedBy: s.closedByName,
    closingId: s.closingId,
  };
}

/** `refunded`: per line, the units refunded so far; the hash is the caller's to fill (it lives in the journal). */
export function ticketDto(t: PosTicketRow, refundOfRef: string | null, refunded: number[]): PosTicket {
  return {
    id: t.id,
    salesPointId: t.salesPointId,
    sessionId: t.sessionId,
    number: t.number,
    ref: t.ref,
    kind: t.kind,
    refundOf: t.refundOf ? { id: t.refundOf, ref: refundOfRef ?? '' } : null,
    at: t.at.toISOString(),
    seller: t.sellerName,
    client: t.clientId ? { id: t.clientId, name: t.clientName ?? '' } : null,
    lines: t.lines,
    discount: t.discount,
    totalTTC: t.totalTTC,
    totalHT: t.totalHT,
    totalVAT: t.totalVAT,
    vat: t.vat,
    payments: t.payments,
    cashGiven: t.cashGiven,
    change: t.change,
    refunded,
    offline: t.offlineNumber ? { number: t.offlineNumber, at: t.offlineAt?.toISOString() ?? t.at.toISOString() } : null,
    hash: '',
  };
}

export function closingDto(c: PosClosingRow, hash = ''): PosClosing {
  return {
    id: c.id,
    salesPointId: c.salesPointId,
    kind: c.kind,
    period: c.period,
    ref: c.ref,
    at: c.at.toISOString(),
    by: c.byName,
    totals: c.totals,
    grandTotal: c.grandTotal,
    float: c.float,
    counted: c.counted,
    expected: c.expected,
    gap: c.gap,
    hash,
  };
}
