import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentResult, PayRequest } from 'shared-kernel/contracts';
import type { PaymentStatus } from '../payments.tables';

/**
 * What a payment provider does for the payments module. Two implementations: `stripe` (the real
 * Stripe API; the buyer's browser confirms with Stripe.js) and `sandbox` (local, no network, the
 * same event flow with signed webhooks). Offline methods (transfer, cheque, cash, bill) use no provider.
 */
export type OnlineProviderName = 'sandbox' | 'stripe';

/** card: PaymentIntent for a card; sepa: PaymentIntent for sepa_debit; imprint: 0 EUR SetupIntent, charged later off-session. */
export type IntentKind = 'card' | 'sepa' | 'imprint';

export interface CreateIntentInput {
  paymentId: number;
  orderId: number;
  kind: IntentKind;
  amountCents: number;
  email: string;
  lang: 'fr' | 'en';
}

export interface CreatedIntent {
  /** provider intent id (pi_… / seti_… / sbx_…) */
  ref: string;
  /** handed to Stripe.js (stripe only) */
  clientSecret: string | null;
}

export interface ConfirmInput {
  paymentId: number;
  ref: string;
  kind: IntentKind;
  amountCents: number;
  card?: PayRequest['card'];
  iban?: string;
}

/** A webhook request exactly as the provider would send it: raw bytes + headers. */
export interface WebhookDelivery {
  rawBody: Buffer;
  headers: Record<string, string>;
}

export interface ConfirmOutcome {
  /** events to feed now through the webhook handling code (the one status-change path) */
  deliveries: WebhookDelivery[];
  /** events the provider sends later (e.g. a SEPA debit settling), signed when they are sent */
  later: Array<{ deliver: () => WebhookDelivery; delayMs: number }>;
  /** raw 3-D Secure challenge token when the issuer asks for one (stored hashed, put in the redirect url) */
  challenge?: string;
}

export interface CaptureInput {
  paymentId: number;
  orderId: number;
  /** the SetupIntent of the imprint */
  ref: string;
  amountCents: number;
  email: string;
}

export interface CaptureResult {
  /** the new PaymentIntent id (replaces the SetupIntent ref on the payment) */
  ref: string;
  status: Extract<PaymentStatus, 'paid' | 'processing' | 'error'>;
}

/** A verified provider event reduced to what the payments module needs. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** the intent the event is about (null when the event is not about an intent) */
  ref: string | null;
  /** the payment status the event means, null when the event does not change a payment */
  status: PaymentStatus | null;
}

/** Bad, missing or stale signature, or a body that is not a provider event: 400 and nothing changes. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  readonly name: OnlineProviderName;
  /** create the intent of a new online payment (inside the order transaction) */
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** the card form to show for a payment still to pay */
  cardForm(clientSecret: string | null): Extract<NonNullable<PaymentResult['nextAction']>, { type: 'card_form' }>;
  /**
   * Server-side confirmation with the card or IBAN (sandbox only: with Stripe the browser confirms
   * with Stripe.js, card data never reaches this server). Invalid fields → HttpError 400 with `field`.
   */
  confirm?(input: ConfirmInput): Promise<ConfirmOutcome>;
  /** the issuer's answer to a 3-D Secure challenge (sandbox only; Stripe.js handles it with Stripe) */
  complete3ds?(input: { ref: string; kind: IntentKind; approve: boolean }): WebhookDelivery;
  /** charge a card imprint (SetupIntent) off-session for the order amount */
  capture(input: CaptureInput): Promise<CaptureResult>;
  /** cancel an intent that will not be paid (best effort) */
  cancel(ref: string, kind: IntentKind): Promise<void>;
  /**
   * give back a paid intent: without `key`, all that is not refunded yet (the seller cancelled a paid order; the answer's
   * `amountCents` is what was given back), or a part (`key` names that partial refund); idempotent per payment and key. Throws an
   * HttpError 503 when the provider cannot be reached (nothing changes locally then).
   */
  refund(input: { paymentId: number; ref: string; amountCents: number; key?: string }): Promise<{ ref: string; amountCents?: number }>;
  /** verify the signature of a webhook on its raw bytes, then parse it; throws WebhookSignatureError */
  parseWebhook(rawBody: Buffer | undefined, headers: IncomingHttpHeaders): ProviderEvent;
}

/**
 * Stripe event types → payment status. The sandbox emits the same event types, so both providers
 * share one mapping (and one status-change path).
 */
export const STATUS_BY_EVENT_TYPE: Readonly<Record<string, PaymentStatus>> = {
  'payment_intent.succeeded': 'paid',
  'payment_intent.processing': 'processing',
  'payment_intent.requires_action': 'requiresAction',
  'payment_intent.payment_failed': 'error',
  'payment_intent.canceled': 'cancelled',
  'setup_intent.succeeded': 'setup',
  'setup_intent.requires_action': 'requiresAction',
  'setup_intent.setup_failed': 'error',
  'setup_intent.canceled': 'cancelled',
};

export function headerValue(headers: IncomingHttpHeaders | Record<string, string>, name: string): string | undefined {
  const v = (headers as Record<string, string | string[] | undefined>)[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
