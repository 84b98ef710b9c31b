import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from '../../../platform/errors';
import { WebhookSignatureError, headerValue } from './provider';

/**
 * PayPal REST API (Orders v2) on a shop's own account, with its client id and secret:
 * - OAuth 2.0 client credentials: POST /v1/oauth2/token (https://developer.paypal.com/api/rest/authentication/)
 * - create: POST /v2/checkout/orders, intent CAPTURE; the buyer approves on PayPal (the `payer-action` / `approve`
 *   link) and comes back to return_url (https://developer.paypal.com/docs/api/orders/v2/#orders_create)
 * - capture: POST /v2/checkout/orders/{id}/capture (https://developer.paypal.com/docs/api/orders/v2/#orders_capture)
 * - refund: POST /v2/payments/captures/{id}/refund, in full or in part (https://developer.paypal.com/docs/api/payments/v2/#captures_refund)
 * - webhooks: POST /v1/notifications/verify-webhook-signature with the PAYPAL-* headers and the shop's webhook id
 *   (https://developer.paypal.com/api/webhooks/v1/#verify-webhook-signature_post)
 * Every create / capture / refund carries a PayPal-Request-Id, so a retried call never charges or refunds twice.
 */
export interface PayPalClientOptions {
  /** PAYPAL_API_BASE or PayPal's sandbox / live API */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** the id of the shop's webhook at PayPal (its events are verified against it) */
  webhookId?: string | null;
  fetch?: typeof fetch;
}

export const PAYPAL_MESSAGES = {
  connected: 'Connexion à PayPal réussie',
  badKey: "PayPal refuse l'identifiant client ou le secret : vérifiez-les dans votre espace développeur PayPal",
  unreachable: 'PayPal ne répond pas pour le moment. Réessayez dans quelques minutes.',
  refused: (detail: string) => `PayPal a refusé la demande : ${detail}`,
  notApproved: "Le paiement PayPal n'a pas été approuvé",
} as const;

export class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
  ) {
    super(`PayPal ${status} ${issue}`);
    this.name = 'PayPalError';
  }
}

export interface PayPalOrder {
  id: string;
  status: string;
  /** where the buyer approves the payment */
  approveUrl: string | null;
}

export interface PayPalEvent {
  id: string;
  type: string;
  /** the PayPal order or capture the event is about */
  resourceId: string | null;
  /** the order id of a capture event (supplementary_data.related_ids.order_id) */
  orderId: string | null;
}

const toValue = (cents: number) => (cents / 100).toFixed(2);

export class PayPalClient {
  private token: { value: string; expiresAt: number } | null = null;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly options: PayPalClientOptions) {
    this.fetchFn = options.fetch ?? fetch;
  }

  /** client credentials → access token, kept until a minute before it expires */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const res = await this.send('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json()) as { access_token?: string; expires_in?: number; error?: string };
    if (!res.ok || !body.access_token) throw new PayPalError(res.status, body.error ?? 'token');
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
    return body.access_token;
  }

  async createOrder(input: {
    paymentId: number;
    orderId: number;
    amountCents: number;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PayPalOrder> {
    const body = await this.call<{ id: string; status: string; links?: Array<{ rel: string; href: string }> }>(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: String(input.orderId),
            custom_id: String(input.paymentId),
            amount: { currency_code: 'EUR', value: toValue(input.amountCents) },
          },
        ],
        payment_source: {
          paypal: { experience_context: { return_url: input.returnUrl, cancel_url: input.cancelUrl, user_action: 'PAY_NOW' } },
        },
      },
      `wz-payment-${input.paymentId}-create`,
    );
    const approve = body.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
    return { id: body.id, status: body.status, approveUrl: approve?.href ?? null };
  }

  /**
   * The approved order captured: its capture id, or status not COMPLETED. Captured already (the return page and the
   * webhook at once, or a retry after a lost answer) → the order's existing capture, read back: never a second one.
   * No PayPal-Request-Id here: a first attempt refused as not approved yet must not stand for the retry once approved.
   */
  async capture(paypalOrderId: string): Promise<{ status: string; captureId: string | null }> {
    type WithCaptures = { status: string; purchase_units?: Array<{ payments?: { captures?: Array<{ id: string; status: string }> } }> };
    const path = `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`;
    let body: WithCaptures;
    try {
      body = await this.call<WithCaptures>('POST', `${path}/capture`, {});
    } catch (err) {
      if (!(err instanceof PayPalError && err.issue === 'ORDER_ALREADY_CAPTURED')) throw err;
      body = await this.call<WithCaptures>('GET', path);
    }
    const capture = body.purchase_units?.[0]?.payments?.captures?.[0];
    return { status: capture?.status ?? body.status, captureId: capture?.id ?? null };
  }

  /** `amountCents` given: that part; without it, all that is not refunded yet (PayPal's default), told back in cents */
  async refund(input: {
    paymentId: number;
    captureId: string;
    amountCents?: number;
    key?: string;
  }): Promise<{ ref: string; status: string; amountCents: number | null }> {
    const body = await this.call<{ id: string; status: string; amount?: { value?: string } }>(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`,
      input.amountCents === undefined ? {} : { amount: { currency_code: 'EUR', value: toValue(input.amountCents) } },
      `wz-payment-${input.paymentId}-refund${input.key ? `-${input.key}` : ''}`,
    );
    const value = Number(body.amount?.value);
    return { ref: body.id, status: body.status, amountCents: Number.isFinite(value) ? Math.round(value * 100) : null };
  }

  /** PayPal checks the PAYPAL-* headers against the shop's webhook id; anything but SUCCESS → WebhookSignatureError. */
  async parseWebhook(rawBody: Buffer | undefined, headers: IncomingHttpHeaders): Promise<PayPalEvent> {
    if (!this.options.webhookId) throw new WebhookSignatureError('no PayPal webhook id for this shop');
    if (!rawBody?.length) throw new WebhookSignatureError('empty body');
    const h = (name: string) => headerValue(headers, name);
    const sig = {
      auth_algo: h('paypal-auth-algo'),
      cert_url: h('paypal-cert-url'),
      transmission_id: h('paypal-transmission-id'),
      transmission_sig: h('paypal-transmission-sig'),
      transmission_time: h('paypal-transmission-time'),
    };
    if (Object.values(sig).some((v) => !v)) throw new WebhookSignatureError('missing PayPal signature headers');
    let event: { id?: unknown; event_type?: unknown; resource?: Record<string, unknown> };
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookSignatureError('not JSON');
    }
    if (typeof event?.id !== 'string' || typeof event.event_type !== 'string') throw new WebhookSignatureError('not an event');
    let verdict: { verification_status?: string };
    try {
      verdict = await this.call('POST', '/v1/notifications/verify-webhook-signature', {
        ...sig,
        webhook_id: this.options.webhookId,
        webhook_event: event,
      });
    } catch (err) {
      if (err instanceof PayPalError && err.status >= 400 && err.status < 500) throw new WebhookSignatureError(err.issue);
      throw err;
    }
    if (verdict.verification_status !== 'SUCCESS') throw new WebhookSignatureError('PayPal: verification FAILURE');
    const resource = event.resource ?? {};
    const related = (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids;
    return {
      id: event.id,
      type: event.event_type,
      resourceId: typeof resource.id === 'string' ? resource.id : null,
      orderId: typeof related?.order_id === 'string' ? related.order_id : null,
    };
  }

  /** Getting a token is PayPal's harmless call: it proves the client id and secret. */
  async testConnection(): Promise<{ ok: boolean; message: string }> {
    this.token = null;
    try {
      await this.accessToken();
      return { ok: true, message: PAYPAL_MESSAGES.connected };
    } catch (err) {
      if (err instanceof PayPalError && (err.status === 401 || err.status === 403)) return { ok: false, message: PAYPAL_MESSAGES.badKey };
      if (err instanceof PayPalError) return { ok: false, message: PAYPAL_MESSAGES.refused(err.issue) };
      return { ok: false, message: PAYPAL_MESSAGES.unreachable };
    }
  }

  private async call<T>(method: 'POST' | 'GET', path: string, body?: unknown, requestId?: string): Promise<T> {
    const token = await this.accessToken();
    const res = await this.send(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as T & { name?: string; details?: Array<{ issue?: string }> };
    if (!res.ok) throw new PayPalError(res.status, json.details?.[0]?.issue ?? json.name ?? 'error');
    return json;
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchFn(new URL(path, this.options.baseUrl), { ...init, signal: AbortSignal.timeout(20000) });
    } catch (err) {
      const e = new HttpError(502, PAYPAL_MESSAGES.unreachable);
      (e as { cause?: unknown }).cause = err;
      throw e;
    }
  }
}
