/**
 * The one status-change path of a payment: a provider's webhook (verified, deduplicated), a PayPal capture or a sandbox
 * event scheduled for later all end in the same conditional update, and the listeners are told once it is committed.
 * Also the service's own timers: waiting for the scheduled events (tests, shutdown) and dropping them.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { and, eq, inArray } from 'drizzle-orm';
import { CART_MESSAGES } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { HttpError, notFound } from '../../platform/errors';
import { PAYMENT_MESSAGES, TRANSITIONS, type PaymentChange, type PaymentsContext } from './payments.model';
import { paymentEvents, payments, type PaymentStatus } from './payments.tables';
import { WebhookSignatureError, type PaymentProvider, type WebhookDelivery } from './providers/provider';

export async function notify(ctx: PaymentsContext, orderId: number, change?: PaymentChange) {
  for (const listener of ctx.listeners) {
    try {
      await listener(ctx.db, orderId, change);
    } catch (err) {
      ctx.logger.error({ err, orderId }, 'payment listener failed');
    }
  }
}

/**
 * The one status-change path: verify the provider's signature on the raw bytes, record the event
 * id (a replay → duplicate, nothing changes), apply the status conditionally, commit, then tell the
 * listeners. Real provider webhooks and the sandbox's own events both come through here.
 */
export async function handleWebhook(
  ctx: PaymentsContext,
  db: Db,
  providerName: string,
  rawBody: Buffer | undefined,
  headers: IncomingHttpHeaders,
  shopId?: number,
): Promise<{ received: true; duplicate?: true }> {
  const { accounts, platform, logger } = ctx;
  // A shop's endpoint: verified with that shop's own signing secret, and it moves only that shop's payments (another
  // shop's event, even validly signed by that other shop, matches nothing here and its signature fails anyway).
  let provider: PaymentProvider;
  if (shopId !== undefined) {
    const own = providerName === 'stripe' ? await accounts.shopStripeOf(db, shopId) : null;
    if (!own) throw notFound();
    provider = own;
  } else {
    if (providerName !== platform.name) throw notFound();
    provider = platform;
  }
  let event;
  try {
    event = provider.parseWebhook(rawBody, headers);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      logger.warn({ provider: providerName, reason: err.message }, 'payment webhook refused');
      throw new HttpError(400, PAYMENT_MESSAGES.webhookSignature);
    }
    throw err;
  }
  const outcome = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      // per account: an event id seen at one shop's endpoint never stands for another account's event
      .values({ provider: provider.name, eventId: shopId !== undefined ? `shop:${shopId}:${event.id}` : event.id, type: event.type })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (!inserted.length) return { duplicate: true as const };
    if (!event.ref || !event.status) return {};
    const [row] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.provider, provider.name),
          eq(payments.providerRef, event.ref),
          ...(shopId !== undefined ? [eq(payments.shopId, shopId)] : []),
        ),
      )
      .limit(1);
    if (!row) return {};
    const changed = await applyStatus(tx, row.id, event.status);
    await tx
      .update(paymentEvents)
      .set({ paymentId: row.id, outcome: changed ? 'applied' : 'ignored' })
      .where(eq(paymentEvents.id, inserted[0].id));
    if (!changed) logger.info({ eventId: event.id, type: event.type, paymentId: row.id }, 'payment event ignored (late or out of order)');
    return { changedOrderId: changed?.orderId, change: changed ? { paymentId: row.id, status: event.status } : undefined };
  });
  if ('duplicate' in outcome && outcome.duplicate) return { received: true, duplicate: true };
  if ('changedOrderId' in outcome && outcome.changedOrderId !== undefined) await notify(ctx, outcome.changedOrderId, outcome.change);
  return { received: true };
}

export async function applyStatus(db: Db, paymentId: number, status: PaymentStatus): Promise<{ orderId: number } | null> {
  const from = TRANSITIONS[status];
  if (!from.length) return null;
  const now = new Date();
  const rows = await db
    .update(payments)
    .set({
      status,
      updatedAt: now,
      failureMessage: status === 'error' ? CART_MESSAGES.payment : null,
      ...(status === 'paid' ? { paidAt: now } : {}),
      ...(status !== 'requiresAction' ? { challengeHash: null } : {}),
    })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, [...from])))
    .returning({ orderId: payments.orderId });
  return rows[0] ?? null;
}

/** A status change outside a provider webhook (a PayPal capture): applied conditionally, then told to the listeners. */
export async function apply(ctx: PaymentsContext, db: Db, paymentId: number, status: PaymentStatus, providerRef?: string): Promise<void> {
  const changed = await db.transaction(async (tx) => {
    if (providerRef) await tx.update(payments).set({ providerRef }).where(eq(payments.id, paymentId));
    return applyStatus(tx, paymentId, status);
  });
  if (changed) await notify(ctx, changed.orderId, { paymentId, status });
}

/** A sandbox event (a 3-D Secure answer, a SEPA settlement) goes through the platform's webhook path like a real one. */
export async function deliver(ctx: PaymentsContext, db: Db, delivery: WebhookDelivery) {
  return handleWebhook(ctx, db, ctx.platform.name, delivery.rawBody, delivery.headers);
}

export function schedule(ctx: PaymentsContext, deliverLater: () => WebhookDelivery, delayMs: number) {
  const { timers, inFlight } = ctx;
  const timer = setTimeout(() => {
    timers.delete(timer);
    const p = deliver(ctx, ctx.db, deliverLater())
      .catch((err) => ctx.logger.error({ err }, 'sandbox webhook delivery failed'))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, delayMs);
  timer.unref?.();
  timers.add(timer);
}

/** Resolves when every scheduled provider event has been delivered (tests, shutdown). */
export async function idle(ctx: PaymentsContext): Promise<void> {
  const { timers, inFlight } = ctx;
  while (timers.size || inFlight.size) {
    await Promise.all([...inFlight]);
    if (timers.size) await new Promise((r) => setTimeout(r, 10));
  }
}

/** Drops the provider events scheduled for later (shutdown). */
export function close(ctx: PaymentsContext) {
  for (const t of ctx.timers) clearTimeout(t);
  ctx.timers.clear();
}
