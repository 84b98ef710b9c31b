import Stripe from 'stripe';
import { HttpError } from '../../../platform/errors';
import { WebhookSignatureError } from './provider';
import { StripeProvider } from './stripe';

/** Stripe provider without network: a fake fetch behind Stripe's own FetchHttpClient. */

interface Call {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Record<string, string>;
}

function fakeStripe(answer: (call: Call) => { status?: number; body: unknown }) {
  const calls: Call[] = [];
  const fetchFn = (async (url: string | URL, init?: RequestInit) => {
    const u = new URL(String(url));
    const headers = Object.fromEntries(new Headers(init?.headers as HeadersInit).entries());
    const call: Call = {
      method: String(init?.method ?? 'GET'),
      path: u.pathname,
      params: new URLSearchParams(String(init?.body ?? '')),
      headers,
    };
    calls.push(call);
    const { status = 200, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
  }) as typeof fetch;
  const client = new Stripe('sk_test_fake', { httpClient: Stripe.createFetchHttpClient(fetchFn), maxNetworkRetries: 0, telemetry: false });
  return { client, calls };
}

const WHSEC = 'whsec_test_secret';

function provider(client?: Stripe) {
  return new StripeProvider({ secretKey: 'sk_test_fake', publishableKey: 'pk_test_123', webhookSecret: WHSEC, client });
}

function signedEvent(event: Record<string, unknown>, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WHSEC, timestamp: opts.timestamp });
  return { raw: Buffer.from(payload), header };
}

const piEvent = (type: string, id = 'pi_123') => ({
  id: `evt_${Math.random().toString(36).slice(2)}`,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  api_version: '2026-10-28.endive',
  livemode: false,
  pending_webhooks: 1,
  request: null,
  data: { object: { id, object: type.startsWith('setup') ? 'setup_intent' : 'payment_intent', status: 'succeeded' } },
});

describe('StripeProvider.parseWebhook (stripe.webhooks.constructEvent, no network)', () => {
  const p = provider();

  it.each([
    ['payment_intent.succeeded', 'paid'],
    ['payment_intent.processing', 'processing'],
    ['payment_intent.payment_failed', 'error'],
    ['payment_intent.requires_action', 'requiresAction'],
    ['payment_intent.canceled', 'cancelled'],
    ['setup_intent.succeeded', 'setup'],
    ['setup_intent.setup_failed', 'error'],
  ])('accepts a correctly signed %s event → %s', (type, status) => {
    const ev = piEvent(type, type.startsWith('setup') ? 'seti_9' : 'pi_9');
    const { raw, header } = signedEvent(ev);
    expect(p.parseWebhook(raw, { 'stripe-signature': header })).toEqual({ id: ev.id, type, ref: ev.data.object.id, status });
  });

  it('ignores events that are not about an intent', () => {
    const { raw, header } = signedEvent({ ...piEvent('customer.created'), data: { object: { id: 'cus_1', object: 'customer' } } });
    expect(p.parseWebhook(raw, { 'stripe-signature': header })).toMatchObject({ ref: null, status: null });
  });

  it('refuses a tampered body', () => {
    const { raw, header } = signedEvent(piEvent('payment_intent.payment_failed'));
    const tampered = Buffer.from(raw.toString().replace('payment_failed', 'succeeded'));
    expect(() => p.parseWebhook(tampered, { 'stripe-signature': header })).toThrow(WebhookSignatureError);
  });

  it('refuses another secret, a stale timestamp, a missing header or body', () => {
    const other = signedEvent(piEvent('payment_intent.succeeded'), { secret: 'whsec_other' });
    expect(() => p.parseWebhook(other.raw, { 'stripe-signature': other.header })).toThrow(WebhookSignatureError);
    const stale = signedEvent(piEvent('payment_intent.succeeded'), { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => p.parseWebhook(stale.raw, { 'stripe-signature': stale.header })).toThrow(WebhookSignatureError);
    const ok = signedEvent(piEvent('payment_intent.succeeded'));
    expect(() => p.parseWebhook(ok.raw, {})).toThrow(WebhookSignatureError);
    expect(() => p.parseWebhook(undefined, { 'stripe-signature': ok.header })).toThrow(WebhookSignatureError);
  });

  it('refuses every event when STRIPE_WEBHOOK_SECRET is not configured', () => {
    const noSecret = new StripeProvider({ secretKey: 'sk_test_fake' });
    const { raw, header } = signedEvent(piEvent('payment_intent.succeeded'));
    expect(() => noSecret.parseWebhook(raw, { 'stripe-signature': header })).toThrow(WebhookSignatureError);
  });
});

describe('StripeProvider intents (fake HTTP client)', () => {
  it('creates a card PaymentIntent in EUR cents with metadata and an idempotency key; the card form carries the client secret and publishable key', async () => {
    const { client, calls } = fakeStripe(() => ({
      body: { id: 'pi_abc', object: 'payment_intent', client_secret: 'pi_abc_secret_1', status: 'requires_payment_method' },
    }));
    const p = provider(client);
    const intent = await p.createIntent({
      paymentId: 7,
      orderId: 3,
      kind: 'card',
      amountCents: 12345,
      email: 'buyer@demo.test',
      lang: 'fr',
    });
    expect(intent).toEqual({ ref: 'pi_abc', clientSecret: 'pi_abc_secret_1' });
    expect(calls).toHaveLength(1);
    const c = calls[0];
    expect([c.method, c.path]).toEqual(['POST', '/v1/payment_intents']);
    expect(c.params.get('amount')).toBe('12345');
    expect(c.params.get('currency')).toBe('eur');
    expect(c.params.get('allowed_payment_method_types[0]')).toBe('card');
    expect(c.params.get('metadata[paymentId]')).toBe('7');
    expect(c.params.get('metadata[orderId]')).toBe('3');
    expect(c.headers['idempotency-key']).toBe('wz-payment-7-create');
    expect(c.headers.authorization).toBe('Bearer sk_test_fake');
    expect(p.cardForm(intent.clientSecret)).toEqual({ type: 'card_form', clientSecret: 'pi_abc_secret_1', publishableKey: 'pk_test_123' });
  });

  it('creates a sepa_debit PaymentIntent for SEPA', async () => {
    const { client, calls } = fakeStripe(() => ({
      body: { id: 'pi_sepa', object: 'payment_intent', client_secret: 's', status: 'requires_payment_method' },
    }));
    await provider(client).createIntent({ paymentId: 8, orderId: 3, kind: 'sepa', amountCents: 5000, email: 'b@x.test', lang: 'fr' });
    expect(calls[0].params.get('allowed_payment_method_types[0]')).toBe('sepa_debit');
  });

  it('imprint: a customer then an off_session SetupIntent; capture charges it off-session for the order amount', async () => {
    const { client, calls } = fakeStripe((call) => {
      if (call.path === '/v1/customers') return { body: { id: 'cus_1', object: 'customer' } };
      if (call.path === '/v1/setup_intents')
        return { body: { id: 'seti_1', object: 'setup_intent', client_secret: 'seti_1_secret', status: 'requires_payment_method' } };
      if (call.path === '/v1/setup_intents/seti_1')
        return { body: { id: 'seti_1', object: 'setup_intent', status: 'succeeded', customer: 'cus_1', payment_method: 'pm_1' } };
      if (call.path === '/v1/payment_intents') return { body: { id: 'pi_cap', object: 'payment_intent', status: 'succeeded' } };
      return { status: 404, body: { error: { type: 'invalid_request_error', message: 'no' } } };
    });
    const p = provider(client);
    const intent = await p.createIntent({ paymentId: 9, orderId: 4, kind: 'imprint', amountCents: 4200, email: 'b@x.test', lang: 'fr' });
    expect(intent).toEqual({ ref: 'seti_1', clientSecret: 'seti_1_secret' });
    expect(calls.map((c) => c.path)).toEqual(['/v1/customers', '/v1/setup_intents']);
    expect(calls[1].params.get('usage')).toBe('off_session');
    expect(calls[1].params.get('customer')).toBe('cus_1');

    const captured = await p.capture({ paymentId: 9, orderId: 4, ref: 'seti_1', amountCents: 4200, email: 'b@x.test' });
    expect(captured).toEqual({ ref: 'pi_cap', status: 'paid' });
    const charge = calls[calls.length - 1];
    expect(charge.path).toBe('/v1/payment_intents');
    expect(charge.params.get('amount')).toBe('4200');
    expect(charge.params.get('off_session')).toBe('true');
    expect(charge.params.get('confirm')).toBe('true');
    expect(charge.params.get('payment_method')).toBe('pm_1');
    expect(charge.params.get('customer')).toBe('cus_1');
    expect(charge.headers['idempotency-key']).toBe('wz-payment-9-capture');
  });

  it('a declined off-session capture is a payment error, not a crash', async () => {
    const { client } = fakeStripe((call) => {
      if (call.path === '/v1/setup_intents/seti_2')
        return { body: { id: 'seti_2', object: 'setup_intent', status: 'succeeded', customer: 'cus_2', payment_method: 'pm_2' } };
      return {
        status: 402,
        body: {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: { id: 'pi_declined' } },
        },
      };
    });
    expect(await provider(client).capture({ paymentId: 10, orderId: 5, ref: 'seti_2', amountCents: 100, email: 'b@x.test' })).toEqual({
      ref: 'pi_declined',
      status: 'error',
    });
  });

  it('Stripe being unreachable answers 502 with a French message', async () => {
    const { client } = fakeStripe(() => ({ status: 500, body: { error: { type: 'api_error', message: 'boom' } } }));
    const err = await provider(client)
      .createIntent({ paymentId: 11, orderId: 5, kind: 'card', amountCents: 100, email: 'b@x.test', lang: 'fr' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 502, message: 'Le service de paiement est momentanément indisponible. Veuillez réessayer.' });
  });
});

describe('StripeProvider.refund (fake HTTP client)', () => {
  it('refunds the whole intent once (idempotency key per payment); Stripe unreachable → 503, nothing assumed', async () => {
    const { client, calls } = fakeStripe(() => ({ body: { id: 're_123', object: 'refund', status: 'succeeded', amount: 4200 } }));
    expect(await provider(client).refund({ paymentId: 11, ref: 'pi_abc', amountCents: 4200 })).toEqual({
      ref: 're_123',
      amountCents: 4200,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('POST');
    expect(calls[0].path).toBe('/v1/refunds');
    expect(calls[0].params.get('payment_intent')).toBe('pi_abc');
    // the whole: no amount, Stripe gives back what is not refunded yet (the rest after a partial refund)
    expect(calls[0].params.get('amount')).toBeNull();
    expect(calls[0].headers['idempotency-key']).toBe('wz-payment-11-refund');
    // a part: its amount, and its own key
    await provider(client).refund({ paymentId: 11, ref: 'pi_abc', amountCents: 700, key: 'AV2026-00003' });
    expect([calls[1].params.get('amount'), calls[1].headers['idempotency-key']]).toEqual(['700', 'wz-payment-11-refund-AV2026-00003']);

    const down = fakeStripe(() => ({ status: 500, body: { error: { type: 'api_error', message: 'boom' } } }));
    await expect(provider(down.client).refund({ paymentId: 12, ref: 'pi_def', amountCents: 100 })).rejects.toBeInstanceOf(HttpError);
  });
});
