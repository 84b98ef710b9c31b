/**
 * A ticket's units leave the salespoint's warehouse (a refund's come back) as 'sale' movements. A paid sale is never
 * refused for stock: what the warehouse does not hold is written in the journal as an event instead.
 */
import type { Db, DbOrTx } from '../../platform/db/client';
import { applyMovements } from '../stock';
import { appendRecord } from './pos.chain';
import { lockStockLevel, ticketById, ticketMovementCount } from './pos.repository';
import { salesPointOf } from './pos.scope';
import type { PosTicketRow, SalesPointRow } from './pos.tables';

/** The job that moves a ticket's units out of (or back into) the salespoint's warehouse. */
export const POS_STOCK_JOB = 'pos-stock';

/** Sold units leave the warehouse (refunded ones come back); what the stock does not hold is noted, never refused. */
export async function moveStock(tx: DbOrTx, shopId: number, userId: number, sp: SalesPointRow, t: PosTicketRow) {
  const byFormat = new Map<number, number>();
  for (const l of t.lines) if (l.formatId) byFormat.set(l.formatId, (byFormat.get(l.formatId) ?? 0) + l.quantity);
  const moves = [];
  const missing: string[] = [];
  for (const [formatId, q] of byFormat) {
    if (q > 0) {
      const lvl = await lockStockLevel(tx, sp.warehouseId, formatId);
      const take = Math.min(q, Math.max(0, lvl?.onHand ?? 0));
      if (take < q) missing.push(`${q - take} × format ${formatId}`);
      if (take > 0) moves.push({ formatId, quantity: -take });
    } else if (q < 0) moves.push({ formatId, quantity: -q });
  }
  if (moves.length)
    await applyMovements(
      tx,
      { shopId, userId },
      moves.map((m) => ({
        warehouseId: sp.warehouseId,
        formatId: m.formatId,
        quantity: m.quantity,
        kind: 'sale' as const,
        reason: `Ticket ${t.ref}`,
        documentType: 'ticket' as const,
        documentId: t.id,
      })),
    );
  if (missing.length)
    await appendRecord(tx, shopId, sp.id, 'event', null, `STOCK-${t.ref}`, {
      event: 'failure',
      detail: `Vendu sans stock connu dans l’entrepôt : ${missing.join(', ')}`,
      ticket: t.ref,
      at: t.at.toISOString(),
    });
}

/** The stock movement of a ticket, once (the job's work; a ticket already moved is left alone). */
export async function applyTicketStock(db: Db, ticketId: number, userId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await ticketById(tx, ticketId);
    if (!t) return;
    // one job per ticket at a time: the salespoint's row orders them, the check below makes a re-run harmless
    const sp = await salesPointOf(tx, t.shopId, t.salesPointId, true);
    if ((await ticketMovementCount(tx, t.id)) > 0) return;
    await moveStock(tx, t.shopId, userId ?? t.userId ?? 0, sp, t);
  });
}
