/**
 * Cancelling a reservation: credit notes through the sales module when it is invoiced (refunded or kept as credit),
 * then the order is cancelled and its places given back in one transaction (a checkout order through the orders
 * module: its online payments too).
 */
import { creditNoteInputSchema } from 'shared-kernel/contracts';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError, notFound } from '../../platform/errors';
import { giveBackPlaces } from '../orders';
import { CLOSED, paidSome, salesStaff, statusLabel, type ReservationsDeps } from './reservations.model';
import * as repo from './reservations.repository';
import { RESERVATION_MESSAGES as M, type CancelInput } from './reservations.schemas';

/** Gives back the places an order still holds (slot rows in id order) and clears them on its lines. */
async function releaseInTx(tx: DbOrTx, orderId: number): Promise<void> {
  const bySlot = new Map<number, number>();
  for (const l of await repo.findHeldPlaces(tx, orderId)) if (l.slotId) bySlot.set(l.slotId, (bySlot.get(l.slotId) ?? 0) + l.reserved);
  for (const [id, n] of [...bySlot].sort((a, b) => a[0] - b[0])) await giveBackPlaces(tx, id, n);
  await repo.clearHeldPlaces(tx, orderId);
}

export async function cancel(
  { db, sales, orders }: Pick<ReservationsDeps, 'db' | 'sales' | 'orders'>,
  auth: UserAuthContext,
  member: ShopMemberRow,
  orderId: number,
  input: CancelInput,
) {
  const shopId = member.shopId;
  const o = await repo.findOrder(db, shopId, orderId);
  if (!o || !(await repo.findOrderBookingLines(db, o.id)).some((r) => r.line.kind === 'reservation')) throw notFound(M.orderNotFound);
  if (o.status === 'cancelled') throw new HttpError(409, M.alreadyCancelled);
  if (CLOSED.includes(o.status)) throw new HttpError(409, M.closed(statusLabel(o.status)));
  const reason = input.reason || 'Annulation de la réservation';

  // 1. the invoices: a credit note for what they still hold (the sales module's series), refunded or kept as credit;
  // without refund, what was paid stays paid (an unpaid invoice is still cancelled by its credit note)
  const invoices = await repo.findOrderInvoices(db, o.id);
  const credits: Array<{ id: number; number: string }> = [];
  const staff = salesStaff(auth, member);
  for (const inv of invoices) {
    if (inv.kind === 'deposit' && invoices.some((x) => x.kind === 'invoice')) continue; // deducted by the invoice
    if (inv.totalTTC - inv.credited <= 0) continue;
    if (input.refund === 'none' && inv.paid > 0) continue;
    try {
      const doc = await sales.creditNote(
        staff.auth,
        staff.member,
        inv.id,
        creditNoteInputSchema.parse({
          settlement: input.refund === 'refund' ? 'refund' : 'credit',
          refundMethod: input.refund === 'refund' ? (inv.method ?? 'transfer') : null,
          reason,
        }),
      );
      credits.push({ id: doc.id, number: doc.number });
    } catch (err) {
      // two cancellations at once: the other one credited it first
      const now = await repo.findOrder(db, shopId, o.id);
      if (now?.status === 'cancelled') throw new HttpError(409, M.alreadyCancelled);
      throw err;
    }
  }
  if (!invoices.length && input.refund === 'credit' && paidSome(o)) throw new HttpError(409, M.creditNoInvoice, 'refund');

  // 2. the order: cancelled once (its row locked), its places given back
  await db.transaction(async (tx) => {
    const row = (await repo.findOrder(tx, shopId, o.id, true))!;
    if (row.status === 'cancelled') throw new HttpError(409, M.alreadyCancelled);
    if (CLOSED.includes(row.status)) throw new HttpError(409, M.closed(statusLabel(row.status)));
    const patch: Parameters<typeof repo.updateOrder>[2] = { status: 'cancelled', closedAt: new Date() };
    if (row.source === 'shop' && (input.refund === 'refund' || !paidSome(row))) {
      // a checkout order: its places and its payments (unpaid ones cancelled, paid online ones refunded)
      await orders.cancelCheckoutInTx(tx, row.id);
    } else {
      await releaseInTx(tx, row.id);
      if (input.refund === 'refund' && paidSome(row)) patch.paymentStatus = 'refunded';
    }
    await repo.updateOrder(tx, row.id, patch);
    await repo.addHistory(tx, {
      shopId,
      orderId: row.id,
      userId: auth.user.id,
      action: 'cancel',
      from: row.status,
      to: 'cancelled',
      note: [reason, ...credits.map((c) => c.number)].join(' · '),
    });
  });
  const credit = credits[0] ?? null;
  return {
    success: true as const,
    message: credit ? `${M.cancelled} : avoir ${credit.number}` : M.cancelled,
    creditNote: credit,
  };
}
