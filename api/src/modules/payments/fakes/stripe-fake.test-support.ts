// Test support (not a test file: jest runs *.test.ts only). A small local Stripe API for offline tests: several
// accounts, each known by its secret key (Authorization: Bearer sk_…), each seeing only its own PaymentIntents and
// refunds, with Stripe's response and error shapes (https://docs.stripe.com/api/payment_intents/object,
// https://docs.stripe.com/api/refunds/object, https://docs.stripe.com/api/errors) and its idempotency
// (https://docs.stripe.com/api/idempotent_requests: the same Idempotency-Key answers the first result again).
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import Stripe from 'stripe';

export interface FakeStripeAccount {
  secretKey: string;
  webhookSecret: string;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  livemode: boolean;
  metadata: Record<string, string>;
  payment_method_types: string[];
  next_action: unknown;
  created: number;
}
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
}

interface AccountState {
  account: FakeStripeAccount;
  intents: Map<string, FakePaymentIntent>;
  refunds: FakeRefund[];
  idempotent: Map<string, { status: number; body: unknown }>;
  /** every create call with its Idempotency-Key */
  creates: Array<{ path: string; idempotencyKey: string | undefined }>;
}

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
const stripeError = (res: Response, status: number, type: string, message: string, extra: Record<string, unknown> = {}) =>
  res.status(status).json({ error: { type, message, ...extra } });

export interface StripeFake {
  url: string;
  /** the PaymentIntents an account holds (by its secret key) */
  intents(secretKey: string): FakePaymentIntent[];
  refunds(secretKey: string): FakeRefund[];
  creates(secretKey: string): AccountState['creates'];
  /** a signed event as that account's Stripe would POST it to its endpoint */
  event(secretKey: string, type: string, intentId: string): { payload: string; signature: string };
  close(): Promise<void>;
}

export async function startStripeFake(accounts: FakeStripeAccount[]): Promise<StripeFake> {
  const states = new Map(
    accounts.map((a) => [a.secretKey, { account: a, intents: new Map(), refunds: [], idempotent: new Map(), creates: [] } as AccountState]),
  );
  const app = express();
  app.use(express.urlencoded({ extended: true }));

  const stateOf = (req: Request, res: Response): AccountState | null => {
    const key = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    const state = key ? states.get(key) : undefined;
    if (!state) {
      stripeError(res, 401, 'invalid_request_error', `Invalid API Key provided: ${key ? `${key.slice(0, 8)}****` : '(none)'}`);
      return null;
    }
    return state;
  };
  /** Stripe replays the first answer to a repeated Idempotency-Key */
  const idempotent = (state: AccountState, req: Request, res: Response, run: () => { status: number; body: unknown }) => {
    const key = req.get('idempotency-key');
    state.creates.push({ path: req.path, idempotencyKey: key });
    const seen = key ? state.idempotent.get(key) : undefined;
    const answer = seen ?? run();
    if (key && !seen) state.idempotent.set(key, answer);
    res.status(answer.status).json(answer.body);
  };
  const intentOf = (state: AccountState, res: Response, intentId: string) => {
    const pi = state.intents.get(intentId);
    if (!pi) {
      stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${intentId}'`, {
        code: 'resource_missing',
        param: 'intent',
      });
    }
    return pi ?? null;
  };

  app.get('/v1/balance', (req, res) => {
    if (!stateOf(req, res)) return;
    res.json({
      object: 'balance',
      available: [{ amount: 0, currency: 'eur' }],
      pending: [{ amount: 0, currency: 'eur' }],
      livemode: false,
    });
  });

  app.post('/v1/payment_intents', (req, res) => {
    const state = stateOf(req, res);
    if (!state) return;
    idempotent(state, req, res, () => {
      const amount = Number(req.body.amount);
      if (!Number.isInteger(amount) || amount < 1) {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'Invalid integer', param: 'amount' } },
        };
      }
      const piId = id('pi');
      const types = req.body.payment_method_types ?? req.body.allowed_payment_method_types ?? ['card'];
      const pi: FakePaymentIntent = {
        id: piId,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(req.body.currency ?? 'eur'),
        status: 'requires_payment_method',
        client_secret: `${piId}_secret_${crypto.randomBytes(8).toString('hex')}`,
        livemode: state.account.secretKey.startsWith('sk_live_'),
        metadata: (req.body.metadata ?? {}) as Record<string, string>,
        payment_method_types: Array.isArray(types) ? types : [String(types)],
        next_action: null,
        created: Math.floor(Date.now() / 1000),
      };
      state.intents.set(piId, pi);
      return { status: 200, body: pi };
    });
  });

  app.get('/v1/payment_intents/:id', (req, res) => {
    const state = stateOf(req, res);
    const pi = state && intentOf(state, res, req.params.id);
    if (pi) res.json(pi);
  });

  // Stripe's test payment methods: pm_card_visa succeeds, pm_card_threeDSecure2Required asks for 3-D Secure,
  // pm_card_chargeDeclined is declined (https://docs.stripe.com/testing#cards).
  app.post('/v1/payment_intents/:id/confirm', (req, res) => {
    const state = stateOf(req, res);
    const pi = state && intentOf(state, res, req.params.id);
    if (!pi) return;
    const pm = String(req.body.payment_method ?? 'pm_card_visa');
    if (pm === 'pm_card_chargeDeclined') {
      pi.status = 'requires_payment_method';
      stripeError(res, 402, 'card_error', 'Your card was declined.', { code: 'card_declined', payment_intent: pi });
      return;
    }
    if (pm === 'pm_card_threeDSecure2Required') {
      pi.status = 'requires_action';
      pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
    } else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      pi.next_action = null;
    }
    res.json(pi);
  });

  app.post('/v1/payment_intents/:id/cancel', (req, res) => {
    const state = stateOf(req, res);
    const pi = state && intentOf(state, res, req.params.id);
    if (!pi) return;
    if (pi.status === 'succeeded') {
      stripeError(res, 400, 'invalid_request_error', 'This PaymentIntent could not be canceled', {
        code: 'payment_intent_unexpected_state',
      });
      return;
    }
    pi.status = 'canceled';
    res.json(pi);
  });

  app.post('/v1/refunds', (req, res) => {
    const state = stateOf(req, res);
    if (!state) return;
    idempotent(state, req, res, () => {
      const pi = state.intents.get(String(req.body.payment_intent ?? ''));
      if (!pi) {
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${req.body.payment_intent}'`,
              param: 'payment_intent',
            },
          },
        };
      }
      const already = state.refunds.filter((r) => r.payment_intent === pi.id).reduce((s, r) => s + r.amount, 0);
      const amount = req.body.amount === undefined ? pi.amount_received - already : Number(req.body.amount);
      if (pi.status !== 'succeeded' || amount < 1 || amount + already > pi.amount_received) {
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', code: 'amount_too_large', message: 'Refund amount is greater than unrefunded amount' },
          },
        };
      }
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: pi.currency,
        payment_intent: pi.id,
        status: 'succeeded',
      };
      state.refunds.push(refund);
      return { status: 200, body: refund };
    });
  });

  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const must = (secretKey: string) => {
    const s = states.get(secretKey);
    if (!s) throw new Error(`no fake Stripe account ${secretKey.slice(0, 8)}…`);
    return s;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    intents: (k) => [...must(k).intents.values()],
    refunds: (k) => [...must(k).refunds],
    creates: (k) => [...must(k).creates],
    event(secretKey, type, intentId) {
      const state = must(secretKey);
      const pi = state.intents.get(intentId);
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: { ...(pi ?? { id: intentId, object: 'payment_intent' }) } },
      });
      // Stripe's scheme (https://docs.stripe.com/webhooks#verify-manually): t=<unix>,v1=HMAC-SHA256(secret, "t.payload")
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: state.account.webhookSecret }) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // clients keep their connections alive: drop them so the test process can end
        server.closeAllConnections();
      }),
  };
}
