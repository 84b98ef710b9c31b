import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { HttpError } from '../../../platform/errors';
import {
  STATUS_BY_EVENT_TYPE,
  WebhookSignatureError,
  headerValue,
  type CaptureInput,
  type CaptureResult,
  type CreateIntentInput,
  type CreatedIntent,
  type IntentKind,
  type PaymentProvider,
  type ProviderEvent,
} from './provider';
import { WEBHOOK_TOLERANCE_SECONDS } from './sandbox';

/**
 * Stripe: PaymentIntents for card and sepa_debit, a SetupIntent (off_session) for the card imprint,
 * charged later by an off-session PaymentIntent. The buyer's browser confirms with Stripe.js
 * (`nextAction: card_form` with the client secret and the publishable key); status changes arrive
 * as signed webhooks (stripe-signature, checked on the raw bytes by stripe.webhooks.constructEvent).
 */
export interface StripeProviderOptions {
  secretKey: string;
  publishableKey?: string;
  webhookSecret?: string;
  /**
   * where the Stripe API is (STRIPE_API_BASE, e.g. http://127.0.0.1:4242 for the local fake); default Stripe's own
   * https://api.stripe.com
   */
  apiBase?: string;
  /** a preconfigured client (tests: custom httpClient, no network) */
  client?: Stripe;
}

/** stripe-node's host / port / protocol options from a base URL (https://docs.stripe.com/api, "Configuring the client"). */
export function stripeHostOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const u = new URL(apiBase);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

export const STRIPE_MESSAGES = {
  unavailable: 'Le service de paiement est momentanément indisponible. Veuillez réessayer.',
  connected: 'Connexion à Stripe réussie',
  badKey: 'Stripe refuse la clé secrète : vérifiez-la dans votre tableau de bord Stripe',
  unreachable: 'Stripe ne répond pas pour le moment. Réessayez dans quelques minutes.',
  refused: (detail: string) => `Stripe a refusé la demande : ${detail}`,
} as const;

const metadata = (paymentId: number, orderId: number) => ({ paymentId: String(paymentId), orderId: String(orderId) });

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly client: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.client =
      options.client ??
      new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 20000, telemetry: false, ...stripeHostOptions(options.apiBase) });
  }

  /** The publishable key the browser gets (never the secret key). */
  get publishableKey(): string | undefined {
    return this.options.publishableKey;
  }

  /** One harmless authenticated call (GET /v1/balance, https://docs.stripe.com/api/balance/balance_retrieve). */
  async testConnection(): Promise<{ ok: boolean; message: string }> {
    try {
      await this.client.balance.retrieve();
      return { ok: true, message: STRIPE_MESSAGES.connected };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError) {
        return { ok: false, message: STRIPE_MESSAGES.badKey };
      }
      if (err instanceof Stripe.errors.StripeConnectionError || !(err instanceof Stripe.errors.StripeError)) {
        return { ok: false, message: STRIPE_MESSAGES.unreachable };
      }
      // Stripe's own explanation (English) after a French lead: the owner can search it in Stripe's docs.
      return { ok: false, message: STRIPE_MESSAGES.refused(err.code ?? err.type) };
    }
  }

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    const meta = metadata(input.paymentId, input.orderId);
    const idempotencyKey = `wz-payment-${input.paymentId}-create`;
    try {
      if (input.kind === 'imprint') {
        const customer = await this.client.customers.create(
          { email: input.email, metadata: meta },
          { idempotencyKey: `${idempotencyKey}-customer` },
        );
        const si = await this.client.setupIntents.create(
          {
            customer: customer.id,
            usage: 'off_session',
            allowed_payment_method_types: ['card'],
            metadata: meta,
          },
          { idempotencyKey },
        );
        return { ref: si.id, clientSecret: si.client_secret };
      }
      const pi = await this.client.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'eur',
          allowed_payment_method_types: [input.kind === 'sepa' ? 'sepa_debit' : 'card'],
          receipt_email: input.email,
          metadata: meta,
        },
        { idempotencyKey },
      );
      return { ref: pi.id, clientSecret: pi.client_secret };
    } catch (err) {
      throw unavailable(err);
    }
  }

  cardForm(clientSecret: string | null) {
    return {
      type: 'card_form' as const,
      ...(clientSecret ? { clientSecret } : {}),
      ...(this.options.publishableKey ? { publishableKey: this.options.publishableKey } : {}),
    };
  }

  async capture(input: CaptureInput): Promise<CaptureResult> {
    let si: Stripe.SetupIntent;
    try {
      si = await this.client.setupIntents.retrieve(input.ref);
    } catch (err) {
      throw unavailable(err);
    }
    const customer = typeof si.customer === 'string' ? si.customer : si.customer?.id;
    const paymentMethod = typeof si.payment_method === 'string' ? si.payment_method : si.payment_method?.id;
    if (si.status !== 'succeeded' || !customer || !paymentMethod) return { ref: input.ref, status: 'error' };
    try {
      const pi = await this.client.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'eur',
          customer,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
          receipt_email: input.email,
          metadata: metadata(input.paymentId, input.orderId),
        },
        { idempotencyKey: `wz-payment-${input.paymentId}-capture` },
      );
      return { ref: pi.id, status: pi.status === 'succeeded' ? 'paid' : pi.status === 'processing' ? 'processing' : 'error' };
    } catch (err) {
      // A declined off-session charge (card_declined, authentication_required…) is a payment failure.
      if (err instanceof Stripe.errors.StripeCardError) {
        const piId = (err.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent?.id;
        return { ref: piId ?? input.ref, status: 'error' };
      }
      throw unavailable(err);
    }
  }

  async cancel(ref: string, kind: IntentKind): Promise<void> {
    try {
      if (kind === 'imprint' && ref.startsWith('seti_')) await this.client.setupIntents.cancel(ref);
      else if (ref.startsWith('pi_')) await this.client.paymentIntents.cancel(ref);
    } catch (err) {
      // Already succeeded/canceled or not cancelable (processing SEPA): the local status still changes.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw unavailable(err);
    }
  }

  async refund(input: {
    paymentId: number;
    ref: string;
    amountCents: number;
    key?: string;
  }): Promise<{ ref: string; amountCents: number }> {
    try {
      // Without a key: what is left to refund (Stripe refunds the rest when no amount is given, after any partial refund).
      const refund = await this.client.refunds.create(
        input.key ? { payment_intent: input.ref, amount: input.amountCents } : { payment_intent: input.ref },
        { idempotencyKey: `wz-payment-${input.paymentId}-refund${input.key ? `-${input.key}` : ''}` },
      );
      return { ref: refund.id, amountCents: refund.amount };
    } catch (err) {
      throw unavailable(err);
    }
  }

  parseWebhook(rawBody: Buffer | undefined, headers: IncomingHttpHeaders): ProviderEvent {
    if (!this.options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
    const signature = headerValue(headers, 'stripe-signature');
    if (!rawBody || !rawBody.length || !signature) throw new WebhookSignatureError('missing body or signature');
    let event: Stripe.Event;
    try {
      event = this.client.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (err) {
      throw new WebhookSignatureError(err instanceof Error ? err.message : 'invalid signature');
    }
    const object = event.data?.object as { id?: unknown; object?: unknown } | undefined;
    const isIntent = object?.object === 'payment_intent' || object?.object === 'setup_intent';
    const ref = isIntent && typeof object?.id === 'string' ? object.id : null;
    return { id: event.id, type: event.type, ref, status: ref ? (STATUS_BY_EVENT_TYPE[event.type] ?? null) : null };
  }
}

function unavailable(err: unknown): HttpError {
  const e = new HttpError(502, STRIPE_MESSAGES.unavailable);
  (e as { cause?: unknown }).cause = err;
  return e;
}
