/**
 * What the seller's moves on an order do to its payments: closing an unpaid order cancels them, validating it charges
 * its card imprints, cancelling a paid one gives the money back (in full, or part of one payment for a credit note) on
 * the account that was charged.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { CART_MESSAGES } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { HttpError, notFound } from '../../platform/errors';
import { PAYMENT_MESSAGES, TRANSITIONS, intentKind, type PaymentsContext, type RefundLine } from './payments.model';
import { refundPayPal } from './payments.paypal';
import { providerOf } from './payments.read';
import { payments } from './payments.tables';

/** An unpaid order closed (aborted, expired, cancelled): its open payments cancelled, and the provider's intents with them. */
export async function cancelForOrder(ctx: PaymentsContext, tx: Db, orderId: number): Promise<void> {
  const rows = await tx
    .update(payments)
    .set({ status: 'cancelled', challengeHash: null, updatedAt: new Date() })
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, [...TRANSITIONS.cancelled])))
    .returning();
  for (const row of rows) {
    const kind = intentKind(row.method);
    const provider = await providerOf(ctx, tx, row);
    if (!kind || !row.providerRef || !provider) continue;
    await provider.cancel(row.providerRef, kind).catch((err) => ctx.logger.warn({ err, paymentId: row.id }, 'provider cancel failed'));
  }
}

/**
 * The seller cancels a paid order: every paid online payment of it is given back in full by the provider and
 * marked refunded; offline ones (transfer, cheque, cash…) are the seller's to pay back, listed as `manual`.
 */
export async function refundForOrder(
  ctx: PaymentsContext,
  tx: Db,
  orderId: number,
): Promise<{ refunded: RefundLine[]; manual: RefundLine[] }> {
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')))
    .orderBy(asc(payments.id))
    .for('update');
  const out = { refunded: [] as RefundLine[], manual: [] as RefundLine[] };
  for (const row of rows) {
    if (row.amountCents <= 0) continue;
    if (row.provider === 'paypal' && row.providerRef) {
      const given = await refundPayPal(ctx.paypal, tx, row, {});
      await tx
        .update(payments)
        .set({ status: 'refunded', updatedAt: new Date() })
        .where(and(eq(payments.id, row.id), eq(payments.status, 'paid')));
      out.refunded.push({ paymentId: row.id, method: row.method, amountCents: given.amountCents ?? row.amountCents, ref: given.ref });
      continue;
    }
    const provider = row.providerRef ? await providerOf(ctx, tx, row) : null;
    if (!provider) {
      out.manual.push({ paymentId: row.id, method: row.method, amountCents: row.amountCents, ref: null });
      continue;
    }
    const given = await provider.refund({ paymentId: row.id, ref: row.providerRef!, amountCents: row.amountCents });
    await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'paid')));
    // after a partial refund, only the rest goes back
    out.refunded.push({ paymentId: row.id, method: row.method, amountCents: given.amountCents ?? row.amountCents, ref: given.ref });
  }
  return out;
}

/**
 * Gives back part (or the rest) of one paid online payment on the account that was charged; `key` names this refund
 * (e.g. the credit note's number) so that a retry never refunds twice. The payment becomes `refunded` when the whole
 * amount is given back in one refund; a partial refund leaves it `paid` (the seller's books record the refund).
 */
export async function refundPayment(
  ctx: PaymentsContext,
  tx: Db,
  paymentId: number,
  input: { amountCents: number; key: string },
): Promise<RefundLine> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!row) throw notFound(PAYMENT_MESSAGES.notFound);
  const byPayPal = row.status === 'paid' && !!row.providerRef && row.provider === 'paypal';
  const provider = row.status === 'paid' && row.providerRef && !byPayPal ? await providerOf(ctx, tx, row) : null;
  if (!provider && !byPayPal) throw new HttpError(400, PAYMENT_MESSAGES.notRefundable);
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > row.amountCents) {
    throw new HttpError(400, PAYMENT_MESSAGES.refundAmount, 'amountCents');
  }
  const { ref } = provider
    ? await provider.refund({ paymentId: row.id, ref: row.providerRef!, amountCents: input.amountCents, key: input.key })
    : await refundPayPal(ctx.paypal, tx, row, { amountCents: input.amountCents, key: input.key });
  if (input.amountCents === row.amountCents) {
    await tx.update(payments).set({ status: 'refunded', updatedAt: new Date() }).where(eq(payments.id, row.id));
  }
  return { paymentId: row.id, method: row.method, amountCents: input.amountCents, ref };
}

/** The seller validated the order: its card imprints are charged off-session (setup → the outcome of the charge). */
export async function captureForOrder(ctx: PaymentsContext, tx: Db, orderId: number): Promise<void> {
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, 'imprint'), eq(payments.status, 'setup')))
    .orderBy(asc(payments.id))
    .for('update');
  for (const row of rows) {
    const provider = row.providerRef ? await providerOf(ctx, tx, row) : null;
    if (!provider) {
      ctx.logger.warn({ paymentId: row.id, provider: row.provider }, 'imprint cannot be captured by the current provider');
      continue;
    }
    const res = await provider.capture({
      paymentId: row.id,
      orderId,
      ref: row.providerRef!,
      amountCents: row.amountCents,
      email: row.payerEmail,
    });
    const now = new Date();
    await tx
      .update(payments)
      .set({
        providerRef: res.ref,
        status: res.status,
        updatedAt: now,
        paidAt: res.status === 'paid' ? now : null,
        failureMessage: res.status === 'error' ? CART_MESSAGES.payment : null,
      })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'setup')));
  }
}
