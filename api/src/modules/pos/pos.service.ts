/**
 * The cash register as one object for the router, the tests and the demo seed: each operation is a module-level
 * function of its own file, given here its dependencies (the db, the clock, how stock moves).
 *   pos.salespoints.ts  salespoints          pos.catalogue.ts  what the till sells, at the counter prices
 *   pos.tickets.ts      tickets, refunds     pos.stock.ts      a ticket's stock movement (inline or as a job)
 *   pos.closings.ts     sessions, Z / month / year closings (pos.totals.ts: their totals)
 *   pos.chain.ts        the chained journal: records, events, verification, archive
 *   pos.scope.ts        module switch and salespoint checks    pos.repository.ts  every query
 *   pos.model.ts        the deps, the write inputs, the answers built from rows
 * Sold units leave the salespoint's warehouse (a 'sale' movement); a unit the stock does not know of never blocks a
 * paid sale (it is noted as an event).
 */
import type { PosPaymentMethod } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import type { Logger } from '../../platform/logger';
import { catalog } from './pos.catalogue';
import { archive, recordEvent, verify } from './pos.chain';
import { closeOverdueSessions, closeSession, closingRow, getClosing, listClosings, listSessions, openSession } from './pos.closings';
import type { PosTicketDeps, SalesPointValues, TicketValues } from './pos.model';
import { createSalesPoint, getSalesPoint, listSalesPoints, updateSalesPoint } from './pos.salespoints';
import type { TicketsListQuery } from './pos.schemas';
import { ensureModule, salesPointOf } from './pos.scope';
import { applyTicketStock } from './pos.stock';
import { createTicket, getTicket, listTickets, refundTicket, ticketOf, type RefundValues } from './pos.tickets';

/** `stock`: see PosTicketDeps — 'job' for the api, 'inline' (the default) for the demo seed and scripts. */
export function createPosService({
  db,
  clock = () => new Date(),
  stock = 'inline',
}: {
  db: Db;
  clock?: () => Date;
  stock?: PosTicketDeps['stock'];
}) {
  const deps: PosTicketDeps = { db, clock, stock };
  return {
    listSalesPoints: (shopId: number) => listSalesPoints(deps, shopId),
    getSalesPoint: (shopId: number, id: number) => getSalesPoint(deps, shopId, id),
    createSalesPoint: (shopId: number, v: SalesPointValues) => createSalesPoint(deps, shopId, v),
    updateSalesPoint: (shopId: number, id: number, v: SalesPointValues) => updateSalesPoint(deps, shopId, id, v),
    catalog: (shopId: number, id: number) => catalog(deps, shopId, id),
    openSession: (member: ShopMemberRow, id: number, float: number) => openSession(deps, member, id, float),
    listSessions: (shopId: number, id: number) => listSessions(db, shopId, id),
    closeSession: (member: ShopMemberRow, sessionId: number, counted: Partial<Record<PosPaymentMethod, number>>) =>
      closeSession(deps, member, sessionId, counted),
    closeOverdueSessions: () => closeOverdueSessions(deps),
    createTicket: (member: ShopMemberRow, salesPointId: number, values: TicketValues) => createTicket(deps, member, salesPointId, values),
    applyTicketStock: (ticketId: number, userId: number | null) => applyTicketStock(db, ticketId, userId),
    getTicket: (shopId: number, id: number) => getTicket(db, shopId, id),
    ticketRow: (shopId: number, id: number) => ticketOf(db, shopId, id),
    listTickets: (shopId: number, id: number, q: TicketsListQuery) => listTickets(db, shopId, id, q),
    refundTicket: (member: ShopMemberRow, ticketId: number, values: RefundValues) => refundTicket(deps, member, ticketId, values),
    listClosings: (shopId: number, id: number) => listClosings(db, shopId, id),
    getClosing: (shopId: number, id: number) => getClosing(db, shopId, id),
    closingRow: (shopId: number, id: number) => closingRow(db, shopId, id),
    salesPointRow: (shopId: number, id: number) => salesPointOf(db, shopId, id),
    recordEvent: (member: ShopMemberRow, salesPointId: number, kind: string, detail: string) =>
      recordEvent(deps, member, salesPointId, kind, detail),
    verify: (shopId: number, salesPointId: number) => verify(deps, shopId, salesPointId),
    archive: (member: ShopMemberRow, salesPointId: number, from: string, to: string) => archive(deps, member, salesPointId, from, to),
    ensureModule: (shopId: number) => ensureModule(db, shopId),
  };
}
export type PosService = ReturnType<typeof createPosService>;

/**
 * A session left open past midnight gets its Z (without a count) within five minutes. Started once by the composition
 * root; the timer never keeps the process alive.
 */
export function startOverdueClosingSweep(service: Pick<PosService, 'closeOverdueSessions'>, logger: Logger): NodeJS.Timeout {
  const timer = setInterval(() => {
    service.closeOverdueSessions().catch((err: unknown) => logger.warn({ err }, 'till midnight closing sweep failed'));
  }, 5 * 60_000);
  timer.unref();
  return timer;
}
