// Test support (not a test file: jest runs *.test.ts only). A small local PayPal REST API for offline tests: several
// accounts (client id + secret), each seeing only its own orders, captures and refunds. Shapes after PayPal's docs:
// OAuth token (https://developer.paypal.com/api/rest/authentication/), Orders v2 create / capture
// (https://developer.paypal.com/docs/api/orders/v2/), captures refund (https://developer.paypal.com/docs/api/payments/v2/),
// verify-webhook-signature (https://developer.paypal.com/api/webhooks/v1/). PayPal signs its webhooks with a
// certificate; the fake signs with an HMAC of the account's own secret over PayPal's signed string
// `<transmission id>|<transmission time>|<webhook id>|<crc32 of the body>`, and its verify endpoint checks it.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';

export interface FakePayPalAccount {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}
interface Order {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  returnUrl: string | null;
  cancelUrl: string | null;
  captureId: string | null;
}
interface Refund {
  id: string;
  captureId: string;
  amount: { currency_code: string; value: string };
}
interface AccountState {
  account: FakePayPalAccount;
  tokens: Set<string>;
  orders: Map<string, Order>;
  refunds: Refund[];
  requests: Map<string, unknown>;
}

const pid = () => crypto.randomBytes(8).toString('hex').toUpperCase();

/** CRC-32 (IEEE), as PayPal's signed string uses for the body */
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

export interface PayPalFake {
  url: string;
  orders(clientId: string): Order[];
  refunds(clientId: string): Refund[];
  /** what PayPal does when the buyer approves on its page: the order becomes APPROVED, the buyer goes to return_url */
  approve(clientId: string, orderId: string): string;
  /** a webhook event with PAYPAL-* headers signed for that account (its webhook id) */
  event(clientId: string, type: string, resource: Record<string, unknown>): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export async function startPayPalFake(accounts: FakePayPalAccount[]): Promise<PayPalFake> {
  const states = new Map(
    accounts.map((a) => [
      a.clientId,
      { account: a, tokens: new Set(), orders: new Map(), refunds: [], requests: new Map() } as AccountState,
    ]),
  );
  const app = express();
  app.use(express.urlencoded({ extended: false }));
  app.use(express.json());

  const paypalError = (res: Response, status: number, name: string, issue?: string) =>
    res.status(status).json({ name, message: name, debug_id: pid(), ...(issue ? { details: [{ issue }] } : {}) });
  const byToken = (req: Request, res: Response): AccountState | null => {
    const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    const state = token ? [...states.values()].find((s) => s.tokens.has(token)) : undefined;
    if (!state) paypalError(res, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN');
    return state ?? null;
  };
  const once = (state: AccountState, req: Request, res: Response, status: number, run: () => unknown) => {
    const key = req.get('paypal-request-id');
    const body = (key && state.requests.get(key)) || run();
    if (key) state.requests.set(key, body);
    if ((body as { name?: string }).name) res.status(422).json(body);
    else res.status(status).json(body);
  };

  app.post('/v1/oauth2/token', (req, res) => {
    const [clientId, secret] = Buffer.from(/^Basic (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '', 'base64')
      .toString()
      .split(':');
    const state = states.get(clientId ?? '');
    if (!state || state.account.clientSecret !== secret || req.body.grant_type !== 'client_credentials') {
      res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      return;
    }
    const token = `A21AA${crypto.randomBytes(16).toString('hex')}`;
    state.tokens.add(token);
    res.json({ scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', expires_in: 32400 });
  });

  app.post('/v2/checkout/orders', (req, res) => {
    const state = byToken(req, res);
    if (!state) return;
    once(state, req, res, 201, () => {
      const unit = req.body.purchase_units?.[0];
      if (req.body.intent !== 'CAPTURE' || !unit?.amount?.value)
        return { name: 'INVALID_REQUEST', details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] };
      const order: Order = {
        id: pid(),
        status: 'PAYER_ACTION_REQUIRED',
        amount: unit.amount,
        returnUrl: req.body.payment_source?.paypal?.experience_context?.return_url ?? null,
        cancelUrl: req.body.payment_source?.paypal?.experience_context?.cancel_url ?? null,
        captureId: null,
      };
      state.orders.set(order.id, order);
      return {
        id: order.id,
        status: order.status,
        links: [
          { href: `${url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
          { href: `${url}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' },
        ],
      };
    });
  });

  app.post('/v2/checkout/orders/:id/capture', (req, res) => {
    const state = byToken(req, res);
    if (!state) return;
    const order = state.orders.get(req.params.id);
    if (!order) return void paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    once(state, req, res, 201, () => {
      if (order.status === 'COMPLETED') return { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] };
      if (order.status !== 'APPROVED') return { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] };
      order.status = 'COMPLETED';
      order.captureId = pid();
      return {
        id: order.id,
        status: 'COMPLETED',
        purchase_units: [{ payments: { captures: [{ id: order.captureId, status: 'COMPLETED', amount: order.amount }] } }],
      };
    });
  });

  app.get('/v2/checkout/orders/:id', (req, res) => {
    const state = byToken(req, res);
    if (!state) return;
    const order = state.orders.get(req.params.id);
    if (!order) return void paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    res.json({
      id: order.id,
      status: order.status,
      purchase_units: [
        {
          amount: order.amount,
          payments: order.captureId ? { captures: [{ id: order.captureId, status: 'COMPLETED', amount: order.amount }] } : {},
        },
      ],
    });
  });

  app.post('/v2/payments/captures/:id/refund', (req, res) => {
    const state = byToken(req, res);
    if (!state) return;
    const order = [...state.orders.values()].find((o) => o.captureId === req.params.id);
    if (!order) return void paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    once(state, req, res, 201, () => {
      const cents = (v: string) => Math.round(Number(v) * 100);
      const already = state.refunds.filter((r) => r.captureId === order.captureId).reduce((s, r) => s + cents(r.amount.value), 0);
      const amount = req.body.amount ?? {
        currency_code: order.amount.currency_code,
        value: ((cents(order.amount.value) - already) / 100).toFixed(2),
      };
      if (cents(amount.value) < 1 || already + cents(amount.value) > cents(order.amount.value)) {
        return { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] };
      }
      const refund: Refund = { id: pid(), captureId: order.captureId!, amount };
      state.refunds.push(refund);
      return { id: refund.id, status: 'COMPLETED', amount };
    });
  });

  // PayPal's own page, as a browser sees it (end-to-end tests): the payer approves, or cancels, and goes back to the shop.
  const orderByToken = (token: unknown) => {
    for (const st of states.values()) {
      const order = st.orders.get(String(token));
      if (order) return order;
    }
    return null;
  };
  const withToken = (target: string, orderId: string) => {
    const back = new URL(target);
    back.searchParams.set('token', orderId);
    return back;
  };
  app.get('/checkoutnow', (req, res) => {
    const order = orderByToken(req.query.token);
    if (!order) return void res.status(404).type('html').send('<p>Commande PayPal inconnue</p>');
    const esc = (v: string) => v.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    res.type('html').send(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>PayPal (test)</title></head><body>
<main><h1>PayPal (environnement de test)</h1><p data-testid="paypal-amount">${esc(order.amount.value)} ${esc(order.amount.currency_code)}</p>
<form method="post" action="/checkoutnow/approve?token=${esc(order.id)}"><button type="submit">Approuver le paiement</button></form>
${order.cancelUrl ? `<a href="${esc(withToken(order.cancelUrl, order.id).toString())}">Annuler et revenir à la boutique</a>` : ''}</main></body></html>`);
  });
  app.post('/checkoutnow/approve', (req, res) => {
    const order = orderByToken(req.query.token);
    if (!order || !order.returnUrl) return void res.status(404).send('unknown order');
    if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
    const back = withToken(order.returnUrl, order.id);
    back.searchParams.set('PayerID', 'PAYERFAKE1');
    res.redirect(303, back.toString());
  });
  // what an account holds, for tests that run in another process than the fake
  app.get('/__fake/accounts/:clientId', (req, res) => {
    const st = states.get(req.params.clientId);
    if (!st) return void res.status(404).json({});
    res.json({ orders: [...st.orders.values()], refunds: st.refunds });
  });

  const signatureOf = (state: AccountState, transmissionId: string, time: string, body: Buffer) =>
    crypto
      .createHmac('sha256', state.account.clientSecret)
      .update(`${transmissionId}|${time}|${state.account.webhookId}|${crc32(body)}`)
      .digest('base64');

  app.post('/v1/notifications/verify-webhook-signature', (req, res) => {
    const state = byToken(req, res);
    if (!state) return;
    const b = req.body as Record<string, unknown>;
    for (const f of ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event']) {
      if (!b[f]) return void paypalError(res, 400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
    }
    // a webhook id of another account is not this account's: FAILURE, as PayPal answers
    const expected =
      b.webhook_id === state.account.webhookId
        ? signatureOf(state, String(b.transmission_id), String(b.transmission_time), Buffer.from(JSON.stringify(b.webhook_event)))
        : null;
    const given = Buffer.from(String(b.transmission_sig));
    const ok = !!expected && given.length === Buffer.from(expected).length && crypto.timingSafeEqual(given, Buffer.from(expected));
    res.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  });

  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const must = (clientId: string) => {
    const s = states.get(clientId);
    if (!s) throw new Error(`no fake PayPal account ${clientId}`);
    return s;
  };
  return {
    url,
    orders: (c) => [...must(c).orders.values()],
    refunds: (c) => [...must(c).refunds],
    approve(clientId, orderId) {
      const order = must(clientId).orders.get(orderId);
      if (!order) throw new Error(`no PayPal order ${orderId}`);
      order.status = 'APPROVED';
      const back = new URL(order.returnUrl ?? `${url}/return`);
      back.searchParams.set('token', orderId);
      back.searchParams.set('PayerID', 'PAYER123');
      return back.toString();
    },
    event(clientId, type, resource) {
      const state = must(clientId);
      const payload = JSON.stringify({
        id: `WH-${pid()}`,
        event_type: type,
        resource_type: 'capture',
        resource,
        create_time: new Date().toISOString(),
      });
      const transmissionId = crypto.randomUUID();
      const time = new Date().toISOString();
      return {
        payload,
        headers: {
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${url}/v1/notifications/certs/CERT-FAKE`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          // the body as the verify call re-serializes it (JSON.stringify of the parsed event)
          'paypal-transmission-sig': signatureOf(state, transmissionId, time, Buffer.from(JSON.stringify(JSON.parse(payload)))),
        },
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // clients keep their connections alive: drop them so the test process can end
        server.closeAllConnections();
      }),
  };
}
