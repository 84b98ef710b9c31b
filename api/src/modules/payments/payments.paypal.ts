// PayPal on the shop's own PayPal account (Orders v2): the checkout creates a PayPal order per payer, the buyer approves it
// on PayPal and comes back to /paypal-return, where the approved order is captured; PayPal's own webhook (a shop's
// endpoint, verified by PayPal against that shop's webhook id) captures an order approved by a buyer who never came back,
// and reports captures completed, pending or denied. Every status change goes through the payments' one conditional
// update (`PayPalDeps.apply`), so a late or replayed event never moves a paid payment back.
import type { IncomingHttpHeaders } from 'node:http';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { HttpError, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Accounts } from './payments.accounts';
import { paymentEvents, payments, type PaymentRow, type PaymentStatus } from './payments.tables';
import { PAYPAL_MESSAGES, PayPalError, type PayPalClient } from './providers/paypal';
import { WebhookSignatureError } from './providers/provider';

export const PAYPAL_CHECKOUT_MESSAGES = {
  notOffered: "Ce domaine ne propose pas PayPal : son compte PayPal n'est pas relié. Choisissez un autre moyen de paiement.",
  notApproved: PAYPAL_MESSAGES.notApproved,
  declined: 'PayPal a refusé ce paiement. Choisissez un autre moyen de paiement sur PayPal ou réessayez.',
} as const;

export interface PayPalDeps {
  accounts: Accounts;
  logger: Logger;
  /** the shop pages' origin: PayPal sends the buyer back there */
  publicUrl: string;
  /** the one status-change path (conditional update, then the listeners once committed) */
  apply(db: Db, paymentId: number, status: PaymentStatus, providerRef?: string): Promise<void>;
}

/** Where PayPal sends the buyer back: approved (capture) or cancelled (choose again). */
export function paypalReturnUrls(publicUrl: string, paymentId: number) {
  const back = `${publicUrl}/paypal-return?payment=${paymentId}`;
  return { returnUrl: back, cancelUrl: `${back}&cancelled=1` };
}

/** The PayPal order of a new payment, on the shop's account (inside the order transaction: a failure creates nothing). */
export async function createPayPalOrder(
  client: PayPalClient,
  publicUrl: string,
  input: { paymentId: number; orderId: number; amountCents: number },
): Promise<{ providerRef: string; approveUrl: string | null }> {
  const order = await client.createOrder({ ...input, ...paypalReturnUrls(publicUrl, input.paymentId) });
  return { providerRef: order.id, approveUrl: order.approveUrl };
}

/** A PayPal capture's status → the payment's (null: nothing to change yet). */
export function statusOfCapture(status: string): PaymentStatus | null {
  if (status === 'COMPLETED') return 'paid';
  if (status === 'PENDING') return 'processing';
  if (status === 'DECLINED' || status === 'FAILED') return 'error';
  return null;
}

async function clientOf(deps: PayPalDeps, db: Db, row: PaymentRow): Promise<PayPalClient> {
  const client = await deps.accounts.paypalOf(db, row.shopId);
  if (!client) throw new HttpError(409, PAYPAL_CHECKOUT_MESSAGES.notOffered);
  return client;
}

/**
 * Captures the approved PayPal order of a payment still to pay (the return page and the webhook capturing at once get
 * the same capture: the client reads an existing one back). Not approved yet → 409 (the buyer approves again).
 */
export async function capturePayPal(deps: PayPalDeps, db: Db, row: PaymentRow): Promise<void> {
  if (!row.providerRef) throw notFound();
  const client = await clientOf(deps, db, row);
  let captured: { status: string; captureId: string | null };
  try {
    captured = await client.capture(row.providerRef);
  } catch (err) {
    if (err instanceof PayPalError && err.issue === 'ORDER_NOT_APPROVED') throw new HttpError(409, PAYPAL_CHECKOUT_MESSAGES.notApproved);
    if (err instanceof PayPalError && (err.issue === 'INSTRUMENT_DECLINED' || err.issue === 'PAYER_ACTION_REQUIRED')) {
      await deps.apply(db, row.id, 'error');
      throw new HttpError(402, PAYPAL_CHECKOUT_MESSAGES.declined);
    }
    if (err instanceof PayPalError) throw new HttpError(502, PAYPAL_MESSAGES.refused(err.issue));
    throw err;
  }
  const status = statusOfCapture(captured.status);
  if (status) await deps.apply(db, row.id, status, captured.captureId ?? undefined);
}

/** Gives back a paid PayPal payment on the shop's PayPal account: a part (`amountCents`, named by `key`) or the rest. */
export async function refundPayPal(
  deps: PayPalDeps,
  db: Db,
  row: PaymentRow,
  input: { amountCents?: number; key?: string },
): Promise<{ ref: string; amountCents: number | null }> {
  const client = await clientOf(deps, db, row);
  try {
    return await client.refund({ paymentId: row.id, captureId: row.providerRef!, amountCents: input.amountCents, key: input.key });
  } catch (err) {
    if (err instanceof PayPalError) throw new HttpError(502, PAYPAL_MESSAGES.refused(err.issue));
    throw err;
  }
}

const STATUS_BY_PAYPAL_EVENT: Readonly<Record<string, PaymentStatus>> = {
  'PAYMENT.CAPTURE.COMPLETED': 'paid',
  'PAYMENT.CAPTURE.PENDING': 'processing',
  'PAYMENT.CAPTURE.DENIED': 'error',
};

/**
 * A shop's PayPal webhook: PayPal verifies the signature against that shop's webhook id; an event is recorded once per
 * shop (a replay changes nothing) and moves only that shop's PayPal payments.
 */
export async function handlePayPalWebhook(
  deps: PayPalDeps,
  db: Db,
  shopId: number,
  rawBody: Buffer | undefined,
  headers: IncomingHttpHeaders,
): Promise<{ received: true; duplicate?: true }> {
  const client = await deps.accounts.paypalOf(db, shopId);
  if (!client) throw notFound();
  let event;
  try {
    event = await client.parseWebhook(rawBody, headers);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      deps.logger.warn({ provider: 'paypal', shopId, reason: err.message }, 'payment webhook refused');
      throw new HttpError(400, 'Signature du webhook invalide');
    }
    throw err;
  }
  const [inserted] = await db
    .insert(paymentEvents)
    .values({ provider: 'paypal', eventId: `shop:${shopId}:${event.id}`, type: event.type })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  if (!inserted) return { received: true, duplicate: true };
  // a capture event names the capture and, in its related ids, the PayPal order: the payment holds one or the other
  const refs = [event.resourceId, event.orderId].filter((r): r is string => !!r);
  const [row] = refs.length
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, 'paypal'), eq(payments.shopId, shopId), inArray(payments.providerRef, refs)))
        .limit(1)
    : [];
  if (!row) return { received: true };
  await db.update(paymentEvents).set({ paymentId: row.id, outcome: 'applied' }).where(eq(paymentEvents.id, inserted.id));
  if (event.type === 'CHECKOUT.ORDER.APPROVED') {
    // the buyer approved but never came back to the shop: capture now
    if (row.status === 'pending' || row.status === 'error') {
      await capturePayPal(deps, db, row).catch((err) => deps.logger.warn({ err, paymentId: row.id }, 'paypal capture on webhook failed'));
    }
    return { received: true };
  }
  const status = STATUS_BY_PAYPAL_EVENT[event.type];
  if (status)
    await deps.apply(db, row.id, status, event.type === 'PAYMENT.CAPTURE.COMPLETED' ? (event.resourceId ?? undefined) : undefined);
  return { received: true };
}
