/**
 * A payer paying: a card or an IBAN submitted (the sandbox confirms it here, Stripe in the browser), the answer to a
 * 3-D Secure challenge, and the capture of the PayPal order the payer approved on PayPal. Each is checked against the
 * caller (the order's buyer or the holder of the payment's group token) and answers the payment as it is now.
 */
import { and, eq } from 'drizzle-orm';
import type { PaymentResult, PayRequest } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { HttpError, notFound } from '../../platform/errors';
import {
  PAYABLE,
  PAYMENT_MESSAGES,
  PaymentDeclinedError,
  intentKind,
  sameHash,
  sha256,
  type PaymentAuth,
  type PaymentsContext,
} from './payments.model';
import { capturePayPal as capturePayPalOrder } from './payments.paypal';
import { load, loadAuthorized, providerOf, toResult } from './payments.read';
import { deliver, schedule } from './payments.status';
import { payments } from './payments.tables';

export async function pay(ctx: PaymentsContext, db: Db, paymentId: number, body: PayRequest, auth: PaymentAuth): Promise<PaymentResult> {
  const row = await loadAuthorized(db, paymentId, auth);
  // PayPal is paid on PayPal's page: the answer says where to go (nextAction paypal_approve)
  if (row.provider === 'paypal') {
    if (row.status === 'cancelled') throw new HttpError(409, PAYMENT_MESSAGES.cancelled);
    return toResult(row, null);
  }
  const kind = intentKind(row.method);
  if (!kind || row.provider === 'offline') throw new HttpError(400, PAYMENT_MESSAGES.offline);
  if (row.status === 'cancelled') throw new HttpError(409, PAYMENT_MESSAGES.cancelled);
  const provider = await providerOf(ctx, db, row);
  if (!PAYABLE.includes(row.status)) return toResult(row, provider); // paid, processing, setup: nothing to do
  if (!provider || !row.providerRef) throw new HttpError(409, PAYMENT_MESSAGES.providerChanged);
  // Stripe: card data never reaches this server, the browser confirms with Stripe.js.
  if (!provider.confirm) return toResult(row, provider);
  const outcome = await provider.confirm({
    paymentId: row.id,
    ref: row.providerRef,
    kind,
    amountCents: row.amountCents,
    card: body.card,
    iban: body.iban,
  });
  if (outcome.challenge) {
    await db
      .update(payments)
      .set({ challengeHash: sha256(outcome.challenge), updatedAt: new Date() })
      .where(eq(payments.id, row.id));
  }
  for (const d of outcome.deliveries) await deliver(ctx, db, d);
  for (const l of outcome.later) schedule(ctx, l.deliver, l.delayMs);
  const after = toResult((await load(db, row.id))!, provider);
  if (after.status === 'error') throw new PaymentDeclinedError(after);
  if (after.status === 'requiresAction' && outcome.challenge) {
    after.nextAction = {
      type: 'redirect_3ds',
      url: `/validate3ds?payment=${row.id}&challenge=${encodeURIComponent(outcome.challenge)}`,
    };
  }
  return after;
}

/**
 * The payer is back from PayPal: the approved PayPal order is captured on the shop's account (paid, or processing
 * while PayPal holds it); already captured → the payment as it is. Not approved → 409, the payer approves again.
 */
export async function capturePayPal(ctx: PaymentsContext, db: Db, paymentId: number, auth: PaymentAuth): Promise<PaymentResult> {
  const row = await loadAuthorized(db, paymentId, auth);
  if (row.provider !== 'paypal') throw notFound(PAYMENT_MESSAGES.notFound);
  if (row.status === 'cancelled') throw new HttpError(409, PAYMENT_MESSAGES.cancelled);
  if (PAYABLE.includes(row.status)) await capturePayPalOrder(ctx.paypal, db, row);
  const after = toResult((await load(db, row.id))!, null);
  if (after.status === 'error') throw new PaymentDeclinedError(after);
  return after;
}

/** The sandbox issuer's answer to a 3-D Secure challenge, fed back as a signed event. */
export async function complete3ds(
  ctx: PaymentsContext,
  db: Db,
  paymentId: number,
  body: { challenge: string; approve: boolean },
  auth: PaymentAuth,
): Promise<PaymentResult> {
  const row = await loadAuthorized(db, paymentId, auth);
  const kind = intentKind(row.method);
  const provider = await providerOf(ctx, db, row);
  if (!provider?.complete3ds || !kind || !row.providerRef) throw notFound(PAYMENT_MESSAGES.notFound);
  if (row.status !== 'requiresAction') return toResult(row, provider); // already answered
  const hash = sha256(body.challenge);
  if (!row.challengeHash || !sameHash(hash, row.challengeHash)) throw new HttpError(400, PAYMENT_MESSAGES.challenge, 'challenge');
  // One use: consume the challenge before answering (a double submit answers the current state).
  const consumed = await db
    .update(payments)
    .set({ challengeHash: null, updatedAt: new Date() })
    .where(and(eq(payments.id, row.id), eq(payments.challengeHash, hash), eq(payments.status, 'requiresAction')))
    .returning({ id: payments.id });
  if (consumed.length) await deliver(ctx, db, provider.complete3ds({ ref: row.providerRef, kind, approve: body.approve }));
  return toResult((await load(db, row.id))!, provider);
}
