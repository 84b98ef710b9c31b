/**
 * The lifecycle of an order from the back office: each action (send, validate, invoice, cancel, refuse, expire, ship,
 * deliver) checked against the rights table on the locked row, applied in one transaction with its stock, documents,
 * loyalty points, history and notifications; the same action on many orders; a shipped parcel's new tracking number.
 */
import type { BulkOrderActionResult, OrderActionResult } from 'shared-kernel/contracts';
import { SALES_MESSAGES as M } from 'shared-kernel/contracts';
import { ORDER_STATUS, formatCents, nextOrderState, orderTransitionMessage, type OrderAction } from 'shared-kernel/domain';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError } from '../../platform/errors';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import { syncOrdersLoyalty } from '../loyalty';
import type { OrderRow, RefundLine } from '../orders';
import { trackingMail } from './sales.delivery';
import { history, notifyMoved } from './sales.history';
import { creditNoteInTx, issueInvoiceInTx } from './sales.invoices';
import { docRef, ONLINE_METHOD, type ActionValues, type SalesContext } from './sales.model';
import * as repo from './sales.repository';
import type { OrderSet } from './sales.repository';
import { assertMay, orderOf, rightsState } from './sales.scope';
import { billingOf } from './sales.settings';
import { releaseStock, reserveStock, shipStock } from './sales.stock';
import type { InvoiceRow } from './sales.tables';

/** What cancelling a paid checkout order gave back, or leaves the seller to give back by hand. */
function refundMessage({ refunded, manual }: { refunded: RefundLine[]; manual: RefundLine[] }): string | null {
  const sum = (l: RefundLine[]) => l.reduce((n, r) => n + r.amountCents, 0);
  const parts = [
    refunded.length ? M.refunded(formatCents(sum(refunded))) : null,
    manual.length ? M.refundByHand(formatCents(sum(manual))) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' ; ') : null;
}

/**
 * When an order was delivered: now, or the date given (a carrier's), which can be neither in the future nor before
 * the goods left. A few minutes ahead are taken as now: the caller's clock may run a little ahead of ours.
 */
function deliveryDate({ clock }: SalesContext, o: OrderRow, given: string | null | undefined): Date {
  const now = clock();
  if (!given) return now;
  const at = new Date(given);
  if (Number.isNaN(at.getTime())) throw new HttpError(400, M.deliveredAt, 'deliveredAt');
  if (at.getTime() > now.getTime() + 5 * 60_000) throw new HttpError(400, M.deliveredAtFuture, 'deliveredAt');
  if (o.shippedAt && at < o.shippedAt) throw new HttpError(400, M.deliveredAtBeforeShipped, 'deliveredAt');
  return at > now ? now : at;
}

/** The buyer's mail with the parcel's carrier and tracking number, queued in the transaction. */
async function queueTrackingMail(tx: DbOrTx, o: OrderRow, dedupeKey: string): Promise<void> {
  const billing = await billingOf(tx, o.shopId);
  const shop = await repo.shopName(tx, o.shopId);
  await enqueueMail(tx as Db, trackingMail(o, billing?.companyName ?? shop.name, billing?.email ?? null), { dedupeKey });
}

/**
 * A shipped order's parcel now travels under another number (its carrier's label was voided and booked again): the
 * order keeps its delivery status and its stock exits, takes the new carrier and tracking number, and the buyer gets
 * the tracking mail again with them (the one sent before names a parcel that no longer exists).
 */
export async function changeTracking(
  ctx: SalesContext,
  auth: UserAuthContext,
  member: ShopMemberRow,
  id: number,
  input: { carrier: string; trackingNumber: string },
): Promise<void> {
  const { db } = ctx;
  const userId = auth.user.id;
  const peek = await orderOf(db, member, id);
  assertMay(member, 'ship', await rightsState(db, peek));
  let mailed = false;
  await db.transaction(async (tx) => {
    const o = await orderOf(tx, member, id, true);
    const left = o.deliveryStatus === 'transit' || o.deliveryStatus === 'partiallyDelivered';
    if (!left || (o.status !== 'validated' && o.status !== 'invoiced')) throw new HttpError(409, M.trackingNotShipped);
    const updated = await repo.updateOrderReturning(tx, o.id, {
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      updatedAt: new Date(),
    });
    if (updated.buyerEmail) {
      await queueTrackingMail(tx, updated, `order-shipped:${o.id}:${input.trackingNumber}`);
      mailed = true;
    }
    await history(ctx, tx, o, userId, 'ship', o.deliveryStatus, o.deliveryStatus, `${input.carrier} · ${input.trackingNumber}`);
  });
  if (mailed) nudgeJobs();
}

export async function act(
  ctx: SalesContext,
  auth: UserAuthContext,
  member: ShopMemberRow,
  id: number,
  action: OrderAction,
  input: ActionValues,
): Promise<OrderActionResult> {
  const { db } = ctx;
  const userId = auth.user.id;
  const peek = await orderOf(db, member, id);
  assertMay(member, action, await rightsState(db, peek));
  // a checkout order waiting for the shop: the orders module validates it (card imprints captured)
  if (action === 'validate' && peek.source === 'shop' && peek.status === 'pending') {
    const r = await ctx.orders.validateOrder(auth, id);
    await db.transaction(async (tx) => {
      await repo.insertHistory(tx, { shopId: peek.shopId, orderId: id, userId, action, fromStatus: 'pending', toStatus: 'validated' });
      await notifyMoved(tx, peek, action, userId);
    });
    return { success: true, message: r.message, document: null };
  }
  const issued: number[] = [];
  let mailed = false;
  let refunds: { refunded: RefundLine[]; manual: RefundLine[] } | null = null;
  // the order's kind on the locked row: an order sent is not a quote sent
  let subType = peek.subType;
  const result = await db.transaction(async (tx) => {
    const o = await orderOf(tx, member, id, true);
    subType = o.subType;
    // again on the locked row: the order may have moved since (validated → invoiced: cancelling now issues a credit note)
    assertMay(member, action, await rightsState(tx, o));
    const next = nextOrderState({ status: o.status, deliveryStatus: o.deliveryStatus }, action);
    if (!next)
      throw new HttpError(
        409,
        orderTransitionMessage(action, o, (s) => ORDER_STATUS[s].label.toLowerCase()),
      );
    let document: InvoiceRow | null = null;
    const set: OrderSet = { status: next.status, deliveryStatus: next.deliveryStatus, updatedAt: new Date() };
    switch (action) {
      case 'validate':
        await reserveStock(tx, o);
        set.validatedAt = ctx.clock();
        if (o.subType === 'quote') set.subType = 'order';
        break;
      case 'invoice':
        if (o.subType === 'sample') throw new HttpError(409, 'Un échantillon ne se facture pas');
        document = await issueInvoiceInTx(ctx, tx, o, userId);
        break;
      case 'cancel': {
        if (o.status === 'invoiced') {
          const issuedInvoices = await repo.lockPayableDocuments(tx, o.id);
          for (const inv of issuedInvoices) {
            const credits = await repo.relatedTotalsOf(tx, inv.id);
            if (credits.reduce((n, c) => n + c.ttc, 0) >= inv.totalTTC) continue;
            // a deposit deducted by the final invoice is credited through that invoice
            if (inv.kind === 'deposit' && issuedInvoices.some((x) => x.kind === 'invoice')) continue;
            // a checkout order paid online is refunded (the credit note records the payment out)
            document = await creditNoteInTx(ctx, tx, inv, userId, {
              settlement: o.source === 'shop' ? 'refund' : 'credit',
              refundMethod: o.source === 'shop' ? (ONLINE_METHOD[o.paymentMethod ?? ''] ?? 'transfer') : null,
              reason: input.reason ?? 'Annulation de la commande',
            });
            issued.push(document.id);
          }
        }
        // a checkout order gives back its web stock and places and its online payments (refunded by the provider)
        // (what has left the warehouse was released by its sale movement: only the rest is still held)
        if (o.source === 'shop') refunds = await ctx.orders.cancelCheckoutInTx(tx, o.id);
        else await releaseStock(tx, o);
        set.closedAt = new Date();
        break;
      }
      case 'refuse':
      case 'expire':
        await releaseStock(tx, o);
        set.closedAt = new Date();
        break;
      case 'ship': {
        // part of the goods: partially delivered until the rest leaves (a next 'ship', or 'deliver')
        const all = await shipStock(tx, o, userId, input.lines);
        if (!all) {
          next.deliveryStatus = 'partiallyDelivered';
          set.deliveryStatus = 'partiallyDelivered';
        }
        set.shippedAt = o.shippedAt ?? ctx.clock();
        if (input.carrier) set.carrier = input.carrier;
        if (input.trackingNumber) set.trackingNumber = input.trackingNumber;
        break;
      }
      case 'deliver': {
        const at = deliveryDate(ctx, o, input.deliveredAt);
        await shipStock(tx, o, userId);
        set.shippedAt = o.shippedAt ?? at;
        set.deliveredAt = at;
        break;
      }
      case 'send':
        break;
    }
    const updated = await repo.updateOrderReturning(tx, o.id, set);
    // a cancelled order's points are taken back, points spent on an unpaid one come back (idempotent)
    await syncOrdersLoyalty(tx, [o.id]);
    if (action === 'ship' && updated.buyerEmail) {
      await queueTrackingMail(tx, updated, `order-shipped:${o.id}`);
      mailed = true;
    }
    const delivery = action === 'ship' || action === 'deliver';
    await history(
      ctx,
      tx,
      o,
      userId,
      action,
      delivery ? o.deliveryStatus : o.status,
      delivery ? next.deliveryStatus : next.status,
      [input.reason, input.carrier, input.trackingNumber].filter(Boolean).join(' · ') || (document ? document.number : null),
    );
    if (document && action === 'invoice') issued.push(document.id);
    await notifyMoved(tx, updated, action, userId);
    return document;
  });
  if (issued.length) ctx.onIssued?.(member.shopId, issued);
  if (mailed) nudgeJobs();
  const refundNote = refunds ? refundMessage(refunds) : null;
  return {
    success: true,
    message: [
      action === 'invoice' && result
        ? M.invoiced(result.number)
        : action === 'cancel' && result
          ? `${M.actionDone.cancel} : ${M.creditIssued(result.number)}`
          : action === 'send' && subType !== 'quote'
            ? M.orderSent
            : M.actionDone[action],
      refundNote,
    ]
      .filter(Boolean)
      .join(' — '),
    document: result ? docRef(result) : null,
  };
}

/** One action on many orders, each in its own transaction: what failed is listed with its reason. */
export async function bulk(
  ctx: SalesContext,
  auth: UserAuthContext,
  member: ShopMemberRow,
  body: { action: 'validate' | 'invoice'; ids: number[] },
): Promise<BulkOrderActionResult> {
  // a caller who may not do this action on any order is refused at once; each order is then checked in its state
  assertMay(member, body.action);
  const done: number[] = [];
  const failed: BulkOrderActionResult['failed'] = [];
  for (const id of body.ids) {
    try {
      await act(ctx, auth, member, id, body.action, { reason: null, carrier: null, trackingNumber: null });
      done.push(id);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const o = await repo.shopOrderNumber(ctx.db, member.shopId, id);
      failed.push({ id, number: o?.number ?? String(id), message: err.message });
    }
  }
  const verb = body.action === 'validate' ? 'validée' : 'facturée';
  return {
    done,
    failed,
    message: `${done.length} commande${done.length > 1 ? 's' : ''} ${verb}${done.length > 1 ? 's' : ''}${failed.length ? `, ${failed.length} en échec` : ''}`,
  };
}
