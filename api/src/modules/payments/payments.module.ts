import crypto from 'node:crypto';
import type { ApiRouter } from '../../platform/routes';
import type { Db } from '../../platform/db/client';
import type { AppDeps } from '../../platform/deps';
import type { PaymentResult, PayRequest } from 'shared-kernel/contracts';
import { createPaymentsRouter } from './payments.router';
import {
  PAYMENT_MESSAGES,
  createPaymentsService,
  type CreatedPayments,
  type CreatePaymentsInput,
  type PaymentAuth,
  type PaymentListener,
  type PaymentsListItem,
  type PaymentsService,
  type RefundLine,
} from './payments.service';
import { createAccounts, type Accounts } from './payments.accounts';
import type { PaymentProvider } from './providers/provider';
import { SandboxProvider } from './providers/sandbox';
import { StripeProvider } from './providers/stripe';

export type { CreatePaymentsInput, CreatedPayments, PaymentChange, PaymentsListItem, RefundLine } from './payments.service';
export { PaymentDeclinedError, PAYMENT_MESSAGES } from './payments.service';

export interface PaymentsModule {
  /** mounted by app.ts under /v1: /payments/:id (GET), /payments/:id/pay, /payments/:id/3ds, /payments/webhooks/:provider */
  router: ApiRouter;
  /** inside the order-creation transaction `tx` */
  createForOrder(tx: Db, input: CreatePaymentsInput): Promise<CreatedPayments>;
  /**
   * the card (and SEPA / imprint) payment of a shop: offered or not (`stripeIsActive`), and why not in French; PayPal
   * offered when the shop has PayPal keys
   */
  paymentOptionsFor(db: Db, shopId: number): Promise<PaymentOptions>;
  /** order aborted / expired / cancelled: pending payments → cancelled (no-op for paid ones) */
  cancelForOrder(tx: Db, orderId: number): Promise<void>;
  /** seller validated the order: capture card imprints (status setup → paid); other methods unchanged */
  captureForOrder(tx: Db, orderId: number): Promise<void>;
  /** seller cancelled a paid order: paid online payments refunded in full by the provider; offline ones listed */
  refundForOrder(tx: Db, orderId: number): Promise<{ refunded: RefundLine[]; manual: RefundLine[] }>;
  /** a partial (or full) refund of one paid online payment, on the account that was charged; `key` makes it idempotent */
  refundPayment(tx: Db, paymentId: number, input: { amountCents: number; key: string }): Promise<RefundLine>;
  listForOrder(db: Db, orderId: number): Promise<PaymentsListItem[]>;
  /** a grouped-order payer's payment by their raw token (null when unknown) */
  findByGroupToken(
    db: Db,
    token: string,
  ): Promise<{ paymentId: number; orderId: number; payerEmail: string; amountCents: number; status: PaymentResult['status'] } | null>;
  /** pay a payment: card form (sandbox) / SEPA; `auth` is the caller: the order's buyer, or a group token */
  pay(db: Db, paymentId: number, body: PayRequest, auth: PaymentAuth): Promise<PaymentResult>;
  get(db: Db, paymentId: number, auth: PaymentAuth): Promise<PaymentResult>;
  /**
   * orders registers its reaction to a payment status change (paid, failed, requiresAction…); called after the change
   * is committed, with the payment and its new status (once per change: a replayed or late event changes nothing)
   */
  onPaymentChanged(listener: PaymentListener): void;
}

export interface PaymentsModuleOptions {
  /** environment to read (default process.env) */
  env?: NodeJS.ProcessEnv;
  /** the platform's provider (tests) instead of the one chosen from the environment */
  provider?: PaymentProvider;
}

export interface PaymentOptions {
  /** card, SEPA and imprint can be paid online (the shop's own Stripe account, or the platform's when allowed) */
  stripeIsActive: boolean;
  /** the shop's own account ('shop') or the platform's ('platform'); null when not offered */
  account: 'shop' | 'platform' | null;
  /** why card payment is not offered (French), null when it is */
  reason: string | null;
  /** PayPal (Orders v2) on the shop's own PayPal account */
  paypalIsActive: boolean;
}

/** Extra handles for tests and the server's shutdown; not part of the interface other modules use. */
export interface PaymentsModuleInternals extends PaymentsModule {
  provider: PaymentProvider;
  accounts: Accounts;
  service: PaymentsService;
  /** resolves once every scheduled provider event (sandbox SEPA settlement) has been delivered */
  idle(): Promise<void>;
  close(): void;
}

/**
 * The provider from the environment: Stripe when STRIPE_SECRET_KEY is set, else the local sandbox
 * (`npm start`, tests). SANDBOX_WEBHOOK_SECRET signs sandbox events (random per process when unset);
 * SANDBOX_SEPA_DELAY_MS is how long a sandbox SEPA debit stays `processing` (default 4000). STRIPE_API_BASE points
 * every Stripe client (the platform's and the shops') elsewhere than api.stripe.com (the local fake in tests).
 */
export function providerFromEnv(env: NodeJS.ProcessEnv): PaymentProvider {
  if (env.STRIPE_SECRET_KEY) {
    return new StripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      apiBase: env.STRIPE_API_BASE || undefined,
    });
  }
  const delay = Number(env.SANDBOX_SEPA_DELAY_MS);
  return new SandboxProvider({
    secret: env.SANDBOX_WEBHOOK_SECRET || crypto.randomBytes(32).toString('hex'),
    sepaSettleDelayMs: Number.isFinite(delay) && delay >= 0 ? delay : 4000,
  });
}

export function createPaymentsModule(deps: AppDeps, options: PaymentsModuleOptions = {}): PaymentsModuleInternals {
  const env = options.env ?? process.env;
  const provider = options.provider ?? providerFromEnv(env);
  if (provider.name === 'sandbox' && deps.config.nodeEnv === 'production') {
    deps.logger.warn('payments: STRIPE_SECRET_KEY is not set, online payments use the local sandbox (no real money)');
  }
  if (provider.name === 'stripe' && !env.STRIPE_WEBHOOK_SECRET && !options.provider) {
    deps.logger.warn('payments: STRIPE_WEBHOOK_SECRET is not set, Stripe webhooks will be refused');
  }
  // The sandbox moves no money: every shop without keys may use it. The platform's Stripe account collects for the
  // producers only when the operator says so (STRIPE_PLATFORM_ACCOUNT=shared).
  const platformForShops = provider.name === 'sandbox' || env.STRIPE_PLATFORM_ACCOUNT === 'shared';
  const accounts = createAccounts({
    secrets: deps.secrets,
    platform: provider,
    platformForShops,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
    paypalApiBase: env.PAYPAL_API_BASE || undefined,
  });
  const service = createPaymentsService({ db: deps.db, logger: deps.logger, accounts, publicUrl: deps.config.accounts.publicUrl });

  async function paymentOptionsFor(db: Db, shopId: number): Promise<PaymentOptions> {
    const [card, paypal] = await Promise.all([accounts.cardAccountOf(db, shopId), accounts.paypalOf(db, shopId)]);
    return {
      stripeIsActive: card !== null,
      account: card?.owner ?? null,
      reason: card ? null : PAYMENT_MESSAGES.cardNotOffered,
      paypalIsActive: paypal !== null,
    };
  }
  const attempts = Number(env.PAYMENT_RATE_LIMIT_MAX);
  const router = createPaymentsRouter(deps, service, {
    attemptsPerWindow: Number.isFinite(attempts) && attempts >= 0 ? attempts : 20,
    accounts,
    paymentOptionsFor,
  });
  return {
    router,
    provider,
    accounts,
    service,
    paymentOptionsFor,
    refundPayment: service.refundPayment,
    createForOrder: service.createForOrder,
    cancelForOrder: service.cancelForOrder,
    captureForOrder: service.captureForOrder,
    refundForOrder: service.refundForOrder,
    listForOrder: service.listForOrder,
    findByGroupToken: service.findByGroupToken,
    pay: service.pay,
    get: service.get,
    onPaymentChanged: (listener: PaymentListener) => service.onPaymentChanged(listener),
    idle: service.idle,
    close: service.close,
  };
}
