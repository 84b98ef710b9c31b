/**
 * The status moves of a checkout order besides settlement: the buyer aborts, a grouped order expires (lazily and by
 * the sweep), the seller validates (imprints captured) or cancels (through the sales lifecycle). Closing an order
 * releases what it holds — web stock, event places — and cancels its unpaid payments, in the same transaction.
 */
import type { OrderDetail } from 'shared-kernel/contracts';
import type { PaymentStatus } from 'shared-kernel/domain';
import type { UserAuthContext } from '../../platform/auth/middleware';
import { hasPermission } from '../../platform/auth/scope';
import type { Db, DbOrTx } from '../../platform/db/client';
import { HttpError, forbidden, notFound } from '../../platform/errors';
import { syncOrdersLoyalty } from '../loyalty';
import { detailOf } from './orders.detail';
import { runEffects, type Effect } from './orders.effects';
import { ORDER_MESSAGES, type OrdersContext } from './orders.model';
import * as repo from './orders.repository';
import { notifyPaidInTx, paymentStatusFrom, settleInTx } from './orders.settlement';
import type { OrderRow } from './orders.tables';
import type { PaymentsPort } from './payments.port';

/** What closing an order needs: the database, its payments, the time (expiry). */
export type CloseDeps = Pick<OrdersContext, 'db' | 'payments' | 'clock'>;

/** Gives back the web stock and event places the order's lines still hold (in id order: no deadlock), cancels its payments. */
export async function releaseInTx(payments: PaymentsPort, tx: DbOrTx, orderId: number): Promise<void> {
  const lines = await repo.findHoldingLines(tx, orderId);
  const byFormat = new Map<number, number>();
  const bySlot = new Map<number, number>();
  for (const l of lines) {
    if (l.kind === 'product' && l.formatId) byFormat.set(l.formatId, (byFormat.get(l.formatId) ?? 0) + l.reserved);
    if (l.kind === 'reservation' && l.slotId) bySlot.set(l.slotId, (bySlot.get(l.slotId) ?? 0) + l.reserved);
  }
  for (const [id, n] of [...byFormat].sort((a, b) => a[0] - b[0])) await repo.giveBackStock(tx, id, n);
  for (const [id, n] of [...bySlot].sort((a, b) => a[0] - b[0])) await repo.giveBackPlaces(tx, id, n);
  await repo.clearHeld(tx, orderId);
  await payments.cancelForOrder(tx, orderId);
}

/**
 * The seller cancels a checkout order (the sales lifecycle's cancel, in its transaction): what it still holds of the
 * web stock and event places is given back (what has left the warehouse holds nothing any more), unpaid payments are
 * cancelled, paid online ones refunded in full by the provider; offline ones are listed for the seller to pay back.
 * The order's payment status follows.
 */
export async function cancelCheckoutInTx(payments: PaymentsPort, tx: DbOrTx, orderId: number) {
  await releaseInTx(payments, tx, orderId);
  const refunds = await payments.refundForOrder(tx as Db, orderId);
  const row = (await repo.findOrder(tx, orderId))!;
  const pays = await payments.listForOrder(tx as Db, orderId);
  const status: PaymentStatus =
    pays.some((p) => p.status === 'refunded') && !pays.some((p) => p.status === 'paid') ? 'refunded' : paymentStatusFrom(row, pays);
  if (status !== row.paymentStatus) await repo.setPaymentStatus(tx, orderId, status);
  await syncOrdersLoyalty(tx, [orderId]);
  return refunds;
}

/** pending → `to` (aborted / expired), stock and places released, payments cancelled; false when the order was not pending. */
export async function closeOrder(
  deps: Pick<OrdersContext, 'db' | 'payments'>,
  id: number,
  to: 'aborted' | 'expired',
  condition?: repo.CloseCondition,
): Promise<boolean> {
  const { db, payments } = deps;
  return db.transaction(async (tx) => {
    const row = await repo.closePending(tx, id, to, condition);
    if (!row) return false;
    await releaseInTx(payments, tx, id);
    const pays = await payments.listForOrder(tx, id);
    const ps = paymentStatusFrom(row, pays);
    if (ps !== row.paymentStatus) await repo.setPaymentStatus(tx, id, ps);
    // points spent on it come back
    await syncOrdersLoyalty(tx, [id]);
    return true;
  });
}

/** A grouped order past its expiry and not fully paid expires now; true when it did. */
export async function expireIfDue(deps: CloseDeps, o: OrderRow): Promise<boolean> {
  if (!o.grouped || o.status !== 'pending' || !o.expiresAt || o.expiresAt.getTime() > deps.clock().getTime() || o.paymentStatus === 'paid')
    return false;
  return closeOrder(deps, o.id, 'expired', 'due');
}

/** Expires every grouped order past its expiry (the minute sweep and lazily before listings). */
export async function sweepExpired(deps: Pick<OrdersContext, 'db' | 'payments'>, limit = 100): Promise<number> {
  let n = 0;
  for (const id of await repo.findDueGroupedIds(deps.db, limit)) if (await closeOrder(deps, id, 'expired', 'due')) n++;
  return n;
}

/** The buyer gives up their pending unpaid order (a second abort answers the same). */
export async function abortOrder(deps: CloseDeps, auth: UserAuthContext, id: number): Promise<{ success: true; message: string }> {
  const o = await repo.findOrder(deps.db, id);
  if (!o || o.buyerId !== auth.user.id) throw notFound(ORDER_MESSAGES.notFound);
  if (o.status === 'aborted') return { success: true, message: ORDER_MESSAGES.aborted };
  if (await expireIfDue(deps, o)) throw new HttpError(400, ORDER_MESSAGES.notAbortable);
  if (!(await closeOrder(deps, id, 'aborted', 'unpaid'))) throw new HttpError(400, ORDER_MESSAGES.notAbortable);
  return { success: true, message: ORDER_MESSAGES.aborted };
}

/** The seller validates a pending order: card imprints are captured, the money received is told to the shop's staff. */
export async function validateOrder(
  ctx: OrdersContext,
  auth: UserAuthContext,
  id: number,
): Promise<{ success: true; message: string; order: OrderDetail }> {
  const { db, payments } = ctx;
  const o = await repo.findOrder(db, id);
  const member = o && auth.memberships.find((m) => m.shopId === o.shopId && (m.kind === 'owner' || m.kind === 'iam'));
  if (!o || !member) throw notFound(ORDER_MESSAGES.notFound);
  if (!hasPermission(member, 'createOrder') && !hasPermission(member, 'seeAllOrder')) throw forbidden();
  if (await expireIfDue(ctx, o)) throw new HttpError(400, ORDER_MESSAGES.notValidatable);
  if (o.status !== 'pending') throw new HttpError(400, ORDER_MESSAGES.notValidatable);
  if (o.grouped && o.paymentStatus !== 'paid') throw new HttpError(400, ORDER_MESSAGES.groupedNotPaid);
  const effects: Effect[] = [];
  const row = await db.transaction(async (tx) => {
    if (!(await repo.validatePending(tx, id))) throw new HttpError(400, ORDER_MESSAGES.notValidatable);
    const paidBefore = new Set((await payments.listForOrder(tx, id)).filter((p) => p.status === 'paid').map((p) => p.id));
    await payments.captureForOrder(tx, id);
    const captured = (await payments.listForOrder(tx, id)).filter((p) => p.status === 'paid' && !paidBefore.has(p.id));
    const settled = await settleInTx(ctx, tx, id, effects);
    if (settled && captured.length) await notifyPaidInTx(tx, settled, captured, auth.user.id);
    return settled;
  });
  await runEffects(ctx.logger, effects);
  return { success: true, message: ORDER_MESSAGES.validated, order: await detailOf(ctx, db, row!) };
}
