import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { PayRequest } from 'shared-kernel/contracts';
import { cardExpiration, cardNumber, cvv } from 'shared-kernel/validation';
import { HttpError } from '../../../platform/errors';
import { isValidIban, normalizeIban } from '../iban';
import {
  STATUS_BY_EVENT_TYPE,
  WebhookSignatureError,
  headerValue,
  type CaptureInput,
  type CaptureResult,
  type ConfirmInput,
  type ConfirmOutcome,
  type CreateIntentInput,
  type CreatedIntent,
  type IntentKind,
  type PaymentProvider,
  type ProviderEvent,
  type WebhookDelivery,
} from './provider';

/**
 * Local payment sandbox: no network, no real money. It behaves like Stripe's test mode (same test
 * cards, same event types) and reports every outcome as a signed webhook event that goes through
 * the same webhook handling code as a real provider event.
 */

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** events older (or further in the future) than this are refused */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const SANDBOX_CARDS = {
  /** accepted */
  success: '4242424242424242',
  /** the issuer asks for 3-D Secure (/validate3ds) */
  threeDSecure: '4000000000003220',
  /** declined */
  declined: '4000000000000002',
} as const;
/** also 3-D Secure (Stripe's "authentication required on setup and off-session" card) */
const THREE_DS_CARDS = new Set<string>([SANDBOX_CARDS.threeDSecure, '4000002500003155', '4000002760003184']);
/** also declined: insufficient funds, lost card, stolen card */
const DECLINED_CARDS = new Set<string>([SANDBOX_CARDS.declined, '4000000000009995', '4000000000009987', '4000000000009979']);

export const SANDBOX_IBANS = {
  /** processing, then paid */
  success: 'FR1420041010050500013M02606',
  /** processing, then failed */
  failure: 'FR8420041010050500013M02606',
} as const;

export const SANDBOX_MESSAGES = {
  iban: 'IBAN invalide',
} as const;

/** `t=<unix>,v1=<hex hmac-sha256 of "<t>.<raw body>">` */
export function signSandboxPayload(rawBody: string | Buffer, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** Throws WebhookSignatureError unless `header` signs `rawBody` with `secret` within the tolerance. */
export function verifySandboxSignature(
  rawBody: Buffer | undefined,
  header: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  if (!rawBody || !rawBody.length) throw new WebhookSignatureError('empty body');
  if (!header) throw new WebhookSignatureError('missing signature');
  let t: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [k, v] = part.trim().split('=', 2);
    if (k === 't' && v && /^\d{1,12}$/.test(v)) t = Number(v);
    else if (k === 'v1' && v && /^[0-9a-f]{64}$/i.test(v)) signatures.push(v.toLowerCase());
  }
  if (t === undefined || !signatures.length) throw new WebhookSignatureError('malformed signature header');
  if (Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError('timestamp outside the tolerance');
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex'));
  if (!signatures.some((s) => crypto.timingSafeEqual(Buffer.from(s), expected))) throw new WebhookSignatureError('signature mismatch');
}

/** §5 card checks: number, expiration, CVV (the first wrong field → 400 naming it). */
export function checkCard(card: PayRequest['card']): string {
  const checks: Array<[string, (v: unknown) => string | true, unknown]> = [
    ['card.number', cardNumber, card?.number],
    ['card.expiration', cardExpiration, card?.expiration],
    ['card.cvv', cvv, card?.cvv],
  ];
  for (const [field, validate, value] of checks) {
    const r = validate(value);
    if (r !== true) throw new HttpError(400, r, field);
  }
  return String(card!.number).replace(/[\s-]/g, '');
}

const random = (bytes: number) => crypto.randomBytes(bytes).toString('hex');

export interface SandboxOptions {
  /** HMAC secret of the sandbox webhooks (SANDBOX_WEBHOOK_SECRET; random per process when unset) */
  secret: string;
  /** delay before a sandbox SEPA debit settles (paid or failed) */
  sepaSettleDelayMs: number;
  /** unix seconds (tests) */
  now?: () => number;
}

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private readonly now: () => number;

  constructor(private readonly options: SandboxOptions) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
  }

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    return { ref: `sbx_${input.kind === 'imprint' ? 'seti' : 'pi'}_${random(12)}`, clientSecret: null };
  }

  cardForm() {
    return { type: 'card_form' as const };
  }

  async confirm(input: ConfirmInput): Promise<ConfirmOutcome> {
    if (input.kind === 'sepa') {
      // Like Stripe's test mode, the failing test IBAN is accepted as is (its check digits are not mod-97 valid).
      const fails = Boolean(input.iban) && normalizeIban(input.iban!) === SANDBOX_IBANS.failure;
      if (!fails && (!input.iban || !isValidIban(input.iban))) throw new HttpError(400, SANDBOX_MESSAGES.iban, 'iban');
      return {
        deliveries: [this.event('payment_intent.processing', input.ref)],
        later: [
          {
            deliver: () => this.event(fails ? 'payment_intent.payment_failed' : 'payment_intent.succeeded', input.ref),
            delayMs: this.options.sepaSettleDelayMs,
          },
        ],
      };
    }
    const number = checkCard(input.card);
    const object = input.kind === 'imprint' ? 'setup_intent' : 'payment_intent';
    if (DECLINED_CARDS.has(number)) return { deliveries: [this.event(failedType(input.kind), input.ref)], later: [] };
    if (THREE_DS_CARDS.has(number)) {
      return {
        deliveries: [this.event(`${object}.requires_action`, input.ref)],
        later: [],
        challenge: crypto.randomBytes(24).toString('base64url'),
      };
    }
    return { deliveries: [this.event(succeededType(input.kind), input.ref)], later: [] };
  }

  complete3ds(input: { ref: string; kind: IntentKind; approve: boolean }): WebhookDelivery {
    return this.event(input.approve ? succeededType(input.kind) : failedType(input.kind), input.ref);
  }

  async capture(input: CaptureInput): Promise<CaptureResult> {
    if (!input.ref.startsWith('sbx_seti_')) return { ref: input.ref, status: 'error' };
    return { ref: `sbx_pi_${random(12)}`, status: 'paid' };
  }

  async cancel(): Promise<void> {
    // nothing is held in the sandbox
  }

  async refund(input: { paymentId: number; ref: string; amountCents: number }): Promise<{ ref: string }> {
    // the sandbox gives back what it was paid (a refund id of its own, as Stripe's re_…)
    return { ref: `sbx_re_${input.paymentId}_${random(8)}` };
  }

  parseWebhook(rawBody: Buffer | undefined, headers: IncomingHttpHeaders): ProviderEvent {
    verifySandboxSignature(rawBody, headerValue(headers, SANDBOX_SIGNATURE_HEADER), this.options.secret, this.now());
    let body: { id?: unknown; type?: unknown; data?: { object?: { id?: unknown } } };
    try {
      body = JSON.parse(rawBody!.toString('utf8'));
    } catch {
      throw new WebhookSignatureError('not JSON');
    }
    if (typeof body?.id !== 'string' || typeof body.type !== 'string') throw new WebhookSignatureError('not an event');
    const ref = typeof body.data?.object?.id === 'string' ? body.data.object.id : null;
    return { id: body.id, type: body.type, ref, status: ref ? (STATUS_BY_EVENT_TYPE[body.type] ?? null) : null };
  }

  /** A signed sandbox event, exactly as the webhook endpoint receives it. */
  event(type: string, ref: string): WebhookDelivery {
    const created = this.now();
    const payload = {
      id: `evt_sbx_${random(12)}`,
      object: 'event',
      type,
      created,
      livemode: false,
      data: { object: { id: ref, object: type.split('.')[0] } },
    };
    const rawBody = Buffer.from(JSON.stringify(payload));
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(rawBody, this.options.secret, created),
      },
    };
  }
}

const succeededType = (kind: IntentKind) => (kind === 'imprint' ? 'setup_intent.succeeded' : 'payment_intent.succeeded');
const failedType = (kind: IntentKind) => (kind === 'imprint' ? 'setup_intent.setup_failed' : 'payment_intent.payment_failed');
