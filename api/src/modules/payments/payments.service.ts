import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  CART_MESSAGES,
  type CheckoutPaymentMethod,
  type OrderOnlinePayment,
  type PaymentResult,
  type PayRequest,
} from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { shops } from '../../platform/db/tables';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { checkoutSettingsOf } from '../orders';
import { billingBankOf } from '../sales';
import { offlineInstructions, sandboxInstructions, transferBank, type BankDetails } from './payments.instructions';
import { paymentEvents, payments, type PaymentRow, type PaymentStatus } from './payments.tables';
import type { Accounts } from './payments.accounts';
import {
  PAYPAL_CHECKOUT_MESSAGES,
  capturePayPal,
  createPayPalOrder,
  handlePayPalWebhook,
  refundPayPal,
  type PayPalDeps,
} from './payments.paypal';
import {
  WebhookSignatureError,
  type IntentKind,
  type OnlineProviderName,
  type PaymentProvider,
  type WebhookDelivery,
} from './providers/provider';

export const PAYMENT_MESSAGES = {
  notFound: 'Paiement introuvable',
  offline: 'Ce moyen de paiement se règle directement auprès du domaine',
  cancelled: 'Ce paiement a été annulé',
  providerChanged: 'Ce paiement ne peut plus être réglé en ligne. Veuillez contacter le domaine.',
  challenge: "Cette demande d'authentification n'est pas valide ou a expiré",
  webhookSignature: 'Signature du webhook invalide',
  cardNotOffered:
    "Ce domaine ne propose pas encore le paiement en ligne : son compte de paiement n'est pas relié. Choisissez un autre moyen de paiement.",
  refundAmount: 'Le montant à rembourser doit être positif et ne pas dépasser le montant payé',
  notRefundable: "Ce paiement n'a pas été réglé en ligne : il ne peut pas être remboursé par le prestataire",
  declined: CART_MESSAGES.payment,
  groupsTotal: CART_MESSAGES.paymentGroupsTotal,
} as const;

/** A declined payment: HTTP 402 `{ success: false, message: CART_MESSAGES.payment }`; `result` is the payment (status error). */
export class PaymentDeclinedError extends HttpError {
  constructor(public readonly result: PaymentResult) {
    super(402, CART_MESSAGES.payment);
    this.name = 'PaymentDeclinedError';
  }
}

export interface PaymentAuth {
  userId?: number;
  groupToken?: string;
}
/** What changed: the payment and its new status (told to the listeners with the order's id). */
export interface PaymentChange {
  paymentId: number;
  status: PaymentStatus;
}
export type PaymentListener = (db: Db, orderId: number, change?: PaymentChange) => Promise<void>;

export interface CreatePaymentsInput {
  orderId: number;
  shopId: number;
  buyerId: number;
  buyerEmail: string;
  method: CheckoutPaymentMethod;
  amountCents: number;
  lang: 'fr' | 'en';
  groups?: Array<{ email: string; amountCents: number }>;
  /** the order number shown to buyer and seller (e.g. C2026-00042), quoted in transfer/cheque instructions; default `n° <orderId>` */
  orderNumber?: string;
}
export interface CreatedPayments {
  primary: PaymentResult | null;
  groupTokens: Array<{ email: string; token: string; paymentId: number; amountCents: number }>;
}
export type PaymentsListItem = OrderOnlinePayment;

/**
 * Which statuses an event may move a payment from. Updates are conditional
 * (`UPDATE … WHERE status IN (…)`): a late or out-of-order event never moves a paid payment back.
 */
export const TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  paid: ['pending', 'requiresAction', 'processing', 'setup', 'error'],
  setup: ['pending', 'requiresAction', 'error'],
  processing: ['pending', 'requiresAction', 'error'],
  requiresAction: ['pending', 'error'],
  error: ['pending', 'requiresAction', 'processing'],
  cancelled: ['pending', 'requiresAction', 'setup', 'error'],
  pending: [],
  partial: [],
  missing: [],
  refunded: [],
  scheduled: [],
};
/** a payer may (re)submit a card / IBAN */
const PAYABLE: readonly PaymentStatus[] = ['pending', 'error', 'requiresAction'];

export function intentKind(method: CheckoutPaymentMethod): IntentKind | null {
  return method === 'stripe' ? 'card' : method === 'stripeSepa' ? 'sepa' : method === 'imprint' ? 'imprint' : null;
}

export const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');
function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export interface PaymentsServiceOptions {
  db: Db;
  logger: Logger;
  /** whose account each shop's payments go to (the shop's own keys, or the platform's provider) */
  accounts: Accounts;
  /** the shop pages' origin (PayPal sends the buyer back there); default http://localhost:3000 */
  publicUrl?: string;
}

/** A payment given back (or to give back by hand) when a paid order is cancelled. */
export interface RefundLine {
  paymentId: number;
  method: string;
  amountCents: number;
  /** the provider's refund id; null for a payment to give back by hand */
  ref: string | null;
}

export function createPaymentsService({ db: rootDb, logger, accounts, publicUrl = 'http://localhost:3000' }: PaymentsServiceOptions) {
  const listeners: PaymentListener[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  /** the platform's provider: the sandbox's own events (its 3-D Secure answers, SEPA settlements) go through it */
  const platform = accounts.platform;

  /**
   * The provider that holds a payment's intent: the shop's account (its own keys, else the platform's when allowed).
   * Null for an offline payment, or when the shop's account is now of another provider than the payment's (the payment
   * can no longer be handled online).
   */
  async function providerOf(db: Db, row: PaymentRow): Promise<PaymentProvider | null> {
    if (row.provider === 'offline' || row.provider === 'paypal' || !intentKind(row.method)) return null;
    // the account that was charged: the platform's stays the platform's after the shop saved keys of its own
    if (row.account === 'platform') return platform.name === row.provider ? platform : null;
    if (row.account === 'shop') return row.provider === 'stripe' ? await accounts.shopStripeOf(db, row.shopId) : null;
    const account = await accounts.cardAccountOf(db, row.shopId);
    return account && account.provider.name === row.provider ? account.provider : null;
  }

  async function resultOf(db: Db, row: PaymentRow): Promise<PaymentResult> {
    return toResult(row, await providerOf(db, row));
  }

  function toResult(row: PaymentRow, provider: PaymentProvider | null): PaymentResult {
    const online = row.provider !== 'offline' && !!provider && row.provider === provider.name;
    const approve = row.provider === 'paypal' && row.approveUrl && PAYABLE.includes(row.status) ? row.approveUrl : null;
    return {
      id: row.id,
      orderId: row.orderId,
      status: row.status,
      method: row.method,
      amount: row.amountCents,
      provider: row.provider,
      nextAction: approve
        ? { type: 'paypal_approve', url: approve }
        : online && PAYABLE.includes(row.status)
          ? provider.cardForm(row.clientSecret)
          : null,
      instructions: row.instructions,
      ...(row.status === 'error' && row.failureMessage ? { message: row.failureMessage } : {}),
    };
  }

  async function load(db: Db, id: number): Promise<PaymentRow | undefined> {
    const rows = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return rows[0];
  }

  /** The order's buyer or the holder of the payment's group token; anyone else → 404. */
  async function loadAuthorized(db: Db, id: number, auth: PaymentAuth): Promise<PaymentRow> {
    const row = Number.isSafeInteger(id) && id > 0 ? await load(db, id) : undefined;
    if (!row) throw notFound(PAYMENT_MESSAGES.notFound);
    const byUser = auth.userId !== undefined && row.buyerId === auth.userId;
    const byToken = Boolean(auth.groupToken && row.groupTokenHash && sameHash(sha256(auth.groupToken), row.groupTokenHash));
    if (!byUser && !byToken) throw notFound(PAYMENT_MESSAGES.notFound);
    return row;
  }

  async function notify(orderId: number, change?: PaymentChange) {
    for (const listener of listeners) {
      try {
        await listener(rootDb, orderId, change);
      } catch (err) {
        logger.error({ err, orderId }, 'payment listener failed');
      }
    }
  }

  /**
   * The one status-change path: verify the provider's signature on the raw bytes, record the event
   * id (a replay → duplicate, nothing changes), apply the status conditionally, commit, then tell the
   * listeners. Real provider webhooks and the sandbox's own events both come through here.
   */
  async function handleWebhook(
    db: Db,
    providerName: string,
    rawBody: Buffer | undefined,
    headers: IncomingHttpHeaders,
    shopId?: number,
  ): Promise<{ received: true; duplicate?: true }> {
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
    if ('changedOrderId' in outcome && outcome.changedOrderId !== undefined) await notify(outcome.changedOrderId, outcome.change);
    return { received: true };
  }

  async function applyStatus(db: Db, paymentId: number, status: PaymentStatus): Promise<{ orderId: number } | null> {
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
  async function apply(db: Db, paymentId: number, status: PaymentStatus, providerRef?: string): Promise<void> {
    const changed = await db.transaction(async (tx) => {
      if (providerRef) await tx.update(payments).set({ providerRef }).where(eq(payments.id, paymentId));
      return applyStatus(tx, paymentId, status);
    });
    if (changed) await notify(changed.orderId, { paymentId, status });
  }
  const paypal: PayPalDeps = { accounts, logger, publicUrl, apply };

  async function deliver(db: Db, delivery: WebhookDelivery) {
    return handleWebhook(db, platform.name, delivery.rawBody, delivery.headers);
  }

  function schedule(deliverLater: () => WebhookDelivery, delayMs: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const p = deliver(rootDb, deliverLater())
        .catch((err) => logger.error({ err }, 'sandbox webhook delivery failed'))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }, delayMs);
    timer.unref?.();
    timers.add(timer);
  }

  return {
    toResult,
    handleWebhook,
    handlePayPalWebhook: (db: Db, shopId: number, rawBody: Buffer | undefined, headers: IncomingHttpHeaders) =>
      handlePayPalWebhook(paypal, db, shopId, rawBody, headers),

    onPaymentChanged(listener: PaymentListener) {
      listeners.push(listener);
    },

    async createForOrder(tx: Db, input: CreatePaymentsInput): Promise<CreatedPayments> {
      const groups = input.groups?.length ? input.groups : null;
      if (groups) {
        const total = groups.reduce((s, g) => s + g.amountCents, 0);
        if (total !== input.amountCents || groups.some((g) => !Number.isInteger(g.amountCents) || g.amountCents <= 0)) {
          throw new HttpError(400, PAYMENT_MESSAGES.groupsTotal, 'paymentGroups');
        }
      }
      if (!Number.isInteger(input.amountCents) || input.amountCents < 0) throw new HttpError(400, MESSAGES.badRequest, 'amountCents');
      const [shop] = await tx.select({ name: shops.name, settings: shops.settings }).from(shops).where(eq(shops.id, input.shopId)).limit(1);
      if (!shop) throw notFound(MESSAGES.shopNotFound);
      const kind = intentKind(input.method);
      // Card / SEPA / imprint go to the shop's own account; without one (and the platform not allowed) they are not offered.
      const account = kind ? await accounts.cardAccountOf(tx, input.shopId) : null;
      if (kind && !account) throw new HttpError(400, PAYMENT_MESSAGES.cardNotOffered, 'paymentMethod');
      const provider = account?.provider ?? null;
      // PayPal: the shop's own PayPal account, offered only when the shop saved its keys
      const paypalClient = input.method === 'paypal' ? await accounts.paypalOf(tx, input.shopId) : null;
      if (input.method === 'paypal' && !paypalClient) throw new HttpError(400, PAYPAL_CHECKOUT_MESSAGES.notOffered, 'paymentMethod');
      const reference = input.orderNumber ?? `n° ${input.orderId}`;
      // offline methods: the shop's own texts (checkout settings) and the account of its billing settings
      let offline: { bank: BankDetails | null; transfer: string | null; check: string | null } | null = null;
      if (!kind && (input.method === 'transfer' || input.method === 'check')) {
        const checkout = await checkoutSettingsOf(tx, input.shopId);
        offline = {
          bank: input.method === 'transfer' ? transferBank(await billingBankOf(tx, input.shopId), shop.settings) : null,
          transfer: checkout.transferInstructions,
          check: checkout.chequeInstructions,
        };
      }
      const shares = groups ?? [{ email: input.buyerEmail, amountCents: input.amountCents }];
      const out: CreatedPayments = { primary: null, groupTokens: [] };
      for (const share of shares) {
        const token = groups ? crypto.randomBytes(32).toString('base64url') : null;
        const free = (kind !== null || paypalClient !== null) && share.amountCents === 0;
        const instructions = paypalClient
          ? null
          : kind
            ? provider!.name === 'sandbox'
              ? sandboxInstructions(kind, input.lang)
              : null
            : offlineInstructions(input.method as 'transfer', {
                amountCents: share.amountCents,
                shopName: shop.name,
                reference,
                bank: offline?.bank ?? null,
                shopText: input.method === 'transfer' ? offline?.transfer : input.method === 'check' ? offline?.check : null,
                lang: input.lang,
              });
        let [row] = await tx
          .insert(payments)
          .values({
            orderId: input.orderId,
            shopId: input.shopId,
            buyerId: input.buyerId,
            payerEmail: share.email,
            method: input.method,
            provider: paypalClient ? 'paypal' : kind ? provider!.name : 'offline',
            account: paypalClient ? 'shop' : (account?.owner ?? null),
            status: free ? 'paid' : 'pending',
            paidAt: free ? new Date() : null,
            amountCents: share.amountCents,
            groupTokenHash: token ? sha256(token) : null,
            instructions,
          })
          .returning();
        if (paypalClient && !free) {
          const created = await createPayPalOrder(paypalClient, publicUrl, {
            paymentId: row.id,
            orderId: input.orderId,
            amountCents: share.amountCents,
          });
          [row] = await tx.update(payments).set(created).where(eq(payments.id, row.id)).returning();
        }
        if (kind && !free) {
          const intent = await provider!.createIntent({
            paymentId: row.id,
            orderId: input.orderId,
            kind,
            amountCents: share.amountCents,
            email: share.email,
            lang: input.lang,
          });
          [row] = await tx
            .update(payments)
            .set({ providerRef: intent.ref, clientSecret: intent.clientSecret })
            .where(eq(payments.id, row.id))
            .returning();
        }
        if (token) out.groupTokens.push({ email: share.email, token, paymentId: row.id, amountCents: share.amountCents });
        const mine = !groups || share.email.trim().toLowerCase() === input.buyerEmail.trim().toLowerCase();
        if (mine && !out.primary) out.primary = toResult(row, provider);
      }
      return out;
    },

    async cancelForOrder(tx: Db, orderId: number): Promise<void> {
      const rows = await tx
        .update(payments)
        .set({ status: 'cancelled', challengeHash: null, updatedAt: new Date() })
        .where(and(eq(payments.orderId, orderId), inArray(payments.status, [...TRANSITIONS.cancelled])))
        .returning();
      for (const row of rows) {
        const kind = intentKind(row.method);
        const provider = await providerOf(tx, row);
        if (!kind || !row.providerRef || !provider) continue;
        await provider.cancel(row.providerRef, kind).catch((err) => logger.warn({ err, paymentId: row.id }, 'provider cancel failed'));
      }
    },

    /**
     * The seller cancels a paid order: every paid online payment of it is given back in full by the provider and
     * marked refunded; offline ones (transfer, cheque, cash…) are the seller's to pay back, listed as `manual`.
     */
    async refundForOrder(tx: Db, orderId: number): Promise<{ refunded: RefundLine[]; manual: RefundLine[] }> {
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
          const given = await refundPayPal(paypal, tx, row, {});
          await tx
            .update(payments)
            .set({ status: 'refunded', updatedAt: new Date() })
            .where(and(eq(payments.id, row.id), eq(payments.status, 'paid')));
          out.refunded.push({ paymentId: row.id, method: row.method, amountCents: given.amountCents ?? row.amountCents, ref: given.ref });
          continue;
        }
        const provider = row.providerRef ? await providerOf(tx, row) : null;
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
    },

    /**
     * Gives back part (or the rest) of one paid online payment on the account that was charged; `key` names this refund
     * (e.g. the credit note's number) so that a retry never refunds twice. The payment becomes `refunded` when the whole
     * amount is given back in one refund; a partial refund leaves it `paid` (the seller's books record the refund).
     */
    async refundPayment(tx: Db, paymentId: number, input: { amountCents: number; key: string }): Promise<RefundLine> {
      const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (!row) throw notFound(PAYMENT_MESSAGES.notFound);
      const byPayPal = row.status === 'paid' && !!row.providerRef && row.provider === 'paypal';
      const provider = row.status === 'paid' && row.providerRef && !byPayPal ? await providerOf(tx, row) : null;
      if (!provider && !byPayPal) throw new HttpError(400, PAYMENT_MESSAGES.notRefundable);
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > row.amountCents) {
        throw new HttpError(400, PAYMENT_MESSAGES.refundAmount, 'amountCents');
      }
      const { ref } = provider
        ? await provider.refund({ paymentId: row.id, ref: row.providerRef!, amountCents: input.amountCents, key: input.key })
        : await refundPayPal(paypal, tx, row, { amountCents: input.amountCents, key: input.key });
      if (input.amountCents === row.amountCents) {
        await tx.update(payments).set({ status: 'refunded', updatedAt: new Date() }).where(eq(payments.id, row.id));
      }
      return { paymentId: row.id, method: row.method, amountCents: input.amountCents, ref };
    },

    async captureForOrder(tx: Db, orderId: number): Promise<void> {
      const rows = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.method, 'imprint'), eq(payments.status, 'setup')))
        .orderBy(asc(payments.id))
        .for('update');
      for (const row of rows) {
        const provider = row.providerRef ? await providerOf(tx, row) : null;
        if (!provider) {
          logger.warn({ paymentId: row.id, provider: row.provider }, 'imprint cannot be captured by the current provider');
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
    },

    async listForOrder(db: Db, orderId: number): Promise<PaymentsListItem[]> {
      const rows = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
      return rows.map((row) => {
        const { nextAction: _omit, ...rest } = toResult(row, null);
        return { ...rest, payerEmail: row.payerEmail, paidAt: row.paidAt ? row.paidAt.toISOString() : null };
      });
    },

    async findByGroupToken(db: Db, token: string) {
      if (!token || token.length > 200) return null;
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.groupTokenHash, sha256(token)))
        .limit(1);
      return row
        ? { paymentId: row.id, orderId: row.orderId, payerEmail: row.payerEmail, amountCents: row.amountCents, status: row.status }
        : null;
    },

    async get(db: Db, paymentId: number, auth: PaymentAuth): Promise<PaymentResult> {
      return resultOf(db, await loadAuthorized(db, paymentId, auth));
    },

    async pay(db: Db, paymentId: number, body: PayRequest, auth: PaymentAuth): Promise<PaymentResult> {
      const row = await loadAuthorized(db, paymentId, auth);
      // PayPal is paid on PayPal's page: the answer says where to go (nextAction paypal_approve)
      if (row.provider === 'paypal') {
        if (row.status === 'cancelled') throw new HttpError(409, PAYMENT_MESSAGES.cancelled);
        return toResult(row, null);
      }
      const kind = intentKind(row.method);
      if (!kind || row.provider === 'offline') throw new HttpError(400, PAYMENT_MESSAGES.offline);
      if (row.status === 'cancelled') throw new HttpError(409, PAYMENT_MESSAGES.cancelled);
      const provider = await providerOf(db, row);
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
      for (const d of outcome.deliveries) await deliver(db, d);
      for (const l of outcome.later) schedule(l.deliver, l.delayMs);
      const after = toResult((await load(db, row.id))!, provider);
      if (after.status === 'error') throw new PaymentDeclinedError(after);
      if (after.status === 'requiresAction' && outcome.challenge) {
        after.nextAction = {
          type: 'redirect_3ds',
          url: `/validate3ds?payment=${row.id}&challenge=${encodeURIComponent(outcome.challenge)}`,
        };
      }
      return after;
    },

    /**
     * The payer is back from PayPal: the approved PayPal order is captured on the shop's account (paid, or processing
     * while PayPal holds it); already captured → the payment as it is. Not approved → 409, the payer approves again.
     */
    async capturePayPal(db: Db, paymentId: number, auth: PaymentAuth): Promise<PaymentResult> {
      const row = await loadAuthorized(db, paymentId, auth);
      if (row.provider !== 'paypal') throw notFound(PAYMENT_MESSAGES.notFound);
      if (row.status === 'cancelled') throw new HttpError(409, PAYMENT_MESSAGES.cancelled);
      if (PAYABLE.includes(row.status)) await capturePayPal(paypal, db, row);
      const after = toResult((await load(db, row.id))!, null);
      if (after.status === 'error') throw new PaymentDeclinedError(after);
      return after;
    },

    /** The sandbox issuer's answer to a 3-D Secure challenge, fed back as a signed event. */
    async complete3ds(db: Db, paymentId: number, body: { challenge: string; approve: boolean }, auth: PaymentAuth): Promise<PaymentResult> {
      const row = await loadAuthorized(db, paymentId, auth);
      const kind = intentKind(row.method);
      const provider = await providerOf(db, row);
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
      if (consumed.length) await deliver(db, provider.complete3ds({ ref: row.providerRef, kind, approve: body.approve }));
      return toResult((await load(db, row.id))!, provider);
    },

    /** Resolves when every scheduled provider event has been delivered (tests, shutdown). */
    async idle(): Promise<void> {
      while (timers.size || inFlight.size) {
        await Promise.all([...inFlight]);
        if (timers.size) await new Promise((r) => setTimeout(r, 10));
      }
    },

    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
export type { OnlineProviderName };
