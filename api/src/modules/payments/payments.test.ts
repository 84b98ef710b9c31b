import express, { Router, type Express } from 'express';
import { createSecretBox } from '../../platform/secret-box';
import request from 'supertest';
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import {
  CART_MESSAGES,
  THREE_DS_MESSAGES,
  paymentResultSchema,
  orderDetailSchema,
  threeDsRequestSchema,
  type CheckoutPaymentMethod,
} from 'shared-kernel/contracts';
import { createAuthMiddlewares } from '../../platform/auth/middleware';
import type { Db } from '../../platform/db/client';
import { shops, users } from '../../platform/db/tables';
import type { AppDeps } from '../../platform/deps';
import { errorHandler, notFoundHandler } from '../../platform/errors';
import { createLogger } from '../../platform/logger';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';
import { createPaymentsModule, type PaymentsModuleInternals } from './payments.module';
import { shopCheckoutSettings } from '../orders';
import { paymentEvents, payments } from './payments.tables';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './providers/sandbox';
import { StripeProvider } from './providers/stripe';

const SECRET = 'sandbox-test-secret';

function mountApp(deps: AppDeps, mod: PaymentsModuleInternals): Express {
  const app = express();
  app.use(
    express.json({
      verify: (req, _res, buf) => {
        (req as unknown as { rawBody?: Buffer }).rawBody = buf;
      },
    }),
  );
  const v1 = Router();
  v1.use(mod.router);
  app.use('/v1', v1);
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}

function depsOf(ctx: TestContext): AppDeps {
  const jwt = ctx.app.locals.jwt;
  return {
    db: ctx.handle.db,
    config: ctx.config,
    jwt,
    auth: createAuthMiddlewares(ctx.handle.db, jwt),
    logger: createLogger('silent'),
    secrets: createSecretBox(new Uint8Array(32)),
  };
}

describe('payments (sandbox provider)', () => {
  let ctx: TestContext;
  let db: Db;
  let app: Express;
  let mod: PaymentsModuleInternals;
  let buyer: string;
  let owner2: string;
  let buyerId: number;
  let shopId: number;
  let nextOrderId = 1000;
  /** listener calls: the order id and the statuses the listener could read at call time */
  const calls: Array<{ orderId: number; statuses: string[] }> = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.handle.db;
    const deps = depsOf(ctx);
    mod = createPaymentsModule(deps, { env: { SANDBOX_WEBHOOK_SECRET: SECRET, SANDBOX_SEPA_DELAY_MS: '0', PAYMENT_RATE_LIMIT_MAX: '0' } });
    mod.onPaymentChanged(async (listenerDb, orderId) => {
      const rows = await listenerDb.select({ status: payments.status }).from(payments).where(eq(payments.orderId, orderId));
      calls.push({ orderId, statuses: rows.map((r) => r.status) });
    });
    app = mountApp(deps, mod);
    [buyer, owner2] = await Promise.all([loginAs(ctx.app, 'buyer@demo.test'), loginAs(ctx.app, 'owner2@demo.test')]);
    buyerId = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'buyer@demo.test')))[0].id;
    shopId = (await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
  });
  afterAll(async () => {
    mod.close();
    await ctx.close();
  });

  async function newPayment(method: CheckoutPaymentMethod, amountCents = 12345, extra: { lang?: 'fr' | 'en'; orderNumber?: string } = {}) {
    const orderId = ++nextOrderId;
    const created = await db.transaction((tx) =>
      mod.createForOrder(tx, {
        orderId,
        shopId,
        buyerId,
        buyerEmail: 'buyer@demo.test',
        method,
        amountCents,
        lang: extra.lang ?? 'fr',
        orderNumber: extra.orderNumber,
      }),
    );
    return { orderId, created, primary: created.primary! };
  }
  const callsFor = (orderId: number) => calls.filter((c) => c.orderId === orderId);
  const pay = (id: number, body: object, token = buyer) => request(app).post(`/v1/payments/${id}/pay`).set(bearer(token)).send(body);
  const get = (id: number, token = buyer) => request(app).get(`/v1/payments/${id}`).set(bearer(token));
  const card = (number: string, over: Partial<{ expiration: string; cvv: string }> = {}) => ({
    card: { number, expiration: '12/39', cvv: '123', holder: 'Bea Buyer', ...over },
  });
  const events = (paymentId: number) => db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));

  function signed(event: object, opts: { t?: number; secret?: string } = {}) {
    const raw = JSON.stringify(event);
    return { raw, signature: signSandboxPayload(raw, opts.secret ?? SECRET, opts.t) };
  }
  const postWebhook = (raw: string, signature?: string, provider = 'sandbox') => {
    const r = request(app).post(`/v1/payments/webhooks/${provider}`).set('content-type', 'application/json');
    return (signature ? r.set(SANDBOX_SIGNATURE_HEADER, signature) : r).send(raw);
  };
  const refOf = async (id: number) => (await db.select({ ref: payments.providerRef }).from(payments).where(eq(payments.id, id)))[0].ref!;
  const sandboxEvent = (id: string, type: string, ref: string) => ({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: ref, object: type.split('.')[0] } },
  });

  describe('card', () => {
    it('creates a pending sandbox payment whose next action is the card form, with the test cards in the instructions', async () => {
      const { primary, created } = await newPayment('stripe');
      expect(paymentResultSchema.parse(primary)).toEqual(primary);
      expect(primary).toMatchObject({
        status: 'pending',
        method: 'stripe',
        amount: 12345,
        provider: 'sandbox',
        nextAction: { type: 'card_form' },
      });
      expect(primary.instructions).toContain('4242 4242 4242 4242');
      expect(primary.instructions).toContain('4000 0000 0000 3220');
      expect(primary.instructions).toContain('4000 0000 0000 0002');
      expect(created.groupTokens).toEqual([]);
    });

    it('4242 4242 4242 4242 → paid, through one signed event, and the listener is told once after the commit', async () => {
      const { primary, orderId } = await newPayment('stripe');
      const res = await pay(primary.id, card('4242 4242 4242 4242'));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: primary.id, orderId, status: 'paid', nextAction: null });
      expect(paymentResultSchema.safeParse(res.body).success).toBe(true);
      // the listener ran after the commit: it already read the new status
      expect(callsFor(orderId)).toEqual([{ orderId, statuses: ['paid'] }]);
      const ev = await events(primary.id);
      expect(ev).toHaveLength(1);
      expect(ev[0]).toMatchObject({ provider: 'sandbox', type: 'payment_intent.succeeded', outcome: 'applied' });
      expect((await get(primary.id)).body).toMatchObject({ status: 'paid', nextAction: null });
      // paying again changes nothing
      expect((await pay(primary.id, card('4000 0000 0000 0002'))).body).toMatchObject({ status: 'paid' });
      expect(callsFor(orderId)).toHaveLength(1);
    });

    it('4000 0000 0000 0002 → declined: 402 with the exact message; the payment is in error and can be paid again', async () => {
      const { primary, orderId } = await newPayment('stripe');
      const res = await pay(primary.id, card('4000000000000002'));
      expect(res.status).toBe(402);
      expect(res.body).toEqual({
        success: false,
        message: 'Une erreur est survenue lors de la validation de votre paiement. Veuillez réessayer.',
      });
      expect(res.body.message).toBe(CART_MESSAGES.payment);
      const after = (await get(primary.id)).body;
      expect(after).toMatchObject({ status: 'error', message: CART_MESSAGES.payment, nextAction: { type: 'card_form' } });
      expect(callsFor(orderId).map((c) => c.statuses)).toEqual([['error']]);
      const retry = await pay(primary.id, card('4242424242424242'));
      expect(retry.body).toMatchObject({ status: 'paid' });
      expect(retry.body.message).toBeUndefined();
      expect(callsFor(orderId).map((c) => c.statuses)).toEqual([['error'], ['paid']]);
    });

    it.each([
      ['a wrong card number', card('4242 4242 4242 4241'), 'Mauvais numéro de carte', 'card.number'],
      ['a too short card number', card('1234'), 'Mauvais numéro de carte', 'card.number'],
      ['no card at all', {}, 'Mauvais numéro de carte', 'card.number'],
      ['an expired card', card('4242424242424242', { expiration: '01/20' }), "Date d'expiration invalide", 'card.expiration'],
      ['a malformed expiration', card('4242424242424242', { expiration: '13/30' }), "Date d'expiration invalide", 'card.expiration'],
      ['a 2-digit CVV', card('4242424242424242', { cvv: '12' }), 'CVV invalide', 'card.cvv'],
      ['a non-numeric CVV', card('4242424242424242', { cvv: 'abc' }), 'CVV invalide', 'card.cvv'],
    ])('refuses %s with the §5 message and field, nothing changes', async (_label, body, message, field) => {
      const { primary, orderId } = await newPayment('stripe');
      const res = await pay(primary.id, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message, field });
      expect((await get(primary.id)).body.status).toBe('pending');
      expect(callsFor(orderId)).toEqual([]);
      expect(await events(primary.id)).toEqual([]);
    });
  });

  describe('3-D Secure (4000 0000 0000 3220)', () => {
    async function start() {
      const p = await newPayment('stripe');
      const res = await pay(p.primary.id, card('4000 0000 0000 3220'));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'requiresAction', nextAction: { type: 'redirect_3ds' } });
      const url = new URL(res.body.nextAction.url, 'http://localhost');
      expect(url.pathname).toBe('/validate3ds');
      expect(url.searchParams.get('payment')).toBe(String(p.primary.id));
      const challenge = url.searchParams.get('challenge')!;
      expect(challenge.length).toBeGreaterThanOrEqual(24);
      return { ...p, challenge };
    }
    const answer = (id: number, body: object, token = buyer) => request(app).post(`/v1/payments/${id}/3ds`).set(bearer(token)).send(body);

    it('approve → paid through the webhook path; the challenge works once', async () => {
      const { primary, orderId, challenge } = await start();
      expect(callsFor(orderId).map((c) => c.statuses)).toEqual([['requiresAction']]);
      // the page polls the payment meanwhile
      expect((await get(primary.id)).body.status).toBe('requiresAction');
      const wrong = await answer(primary.id, { challenge: 'not-the-challenge', approve: true });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ field: 'challenge' });
      expect((await get(primary.id)).body.status).toBe('requiresAction');

      const ok = await answer(primary.id, { challenge, approve: true });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ status: 'paid', nextAction: null });
      expect(callsFor(orderId).map((c) => c.statuses)).toEqual([['requiresAction'], ['paid']]);
      const ev = await events(primary.id);
      expect(ev.map((e) => e.type).sort()).toEqual(['payment_intent.requires_action', 'payment_intent.succeeded']);
      // replaying the answer (double click) changes nothing
      const again = await answer(primary.id, { challenge, approve: false });
      expect(again.body).toMatchObject({ status: 'paid' });
      expect(callsFor(orderId)).toHaveLength(2);
    });

    it('refuse → error with the payment message', async () => {
      const { primary, orderId, challenge } = await start();
      const res = await answer(primary.id, { challenge, approve: false });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'error', message: CART_MESSAGES.payment, nextAction: { type: 'card_form' } });
      expect(callsFor(orderId).map((c) => c.statuses)).toEqual([['requiresAction'], ['error']]);
      // the challenge is spent
      expect((await answer(primary.id, { challenge, approve: true })).body).toMatchObject({ status: 'error' });
    });

    it('needs a challenge and a boolean answer; another user or an anonymous caller gets 404', async () => {
      const { primary, challenge } = await start();
      for (const [bad, field] of [
        [{ approve: true }, 'challenge'],
        [{ challenge: '', approve: true }, 'challenge'],
        [{ challenge: 'x'.repeat(201), approve: true }, 'challenge'],
        [{ challenge, approve: 'yes' }, 'approve'],
        [{ challenge }, 'approve'],
      ] as const) {
        const res = await answer(primary.id, bad);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, field, message: THREE_DS_MESSAGES[field] });
      }
      // the contract's schema is the one the router validates with
      expect(threeDsRequestSchema.safeParse({ challenge, approve: false }).success).toBe(true);
      expect((await answer(primary.id, { challenge, approve: true }, owner2)).status).toBe(404);
      expect((await request(app).post(`/v1/payments/${primary.id}/3ds`).send({ challenge, approve: true })).status).toBe(404);
      expect((await get(primary.id)).body.status).toBe('requiresAction');
    });
  });

  describe('SEPA direct debit', () => {
    it('checks the IBAN (field iban)', async () => {
      const { primary } = await newPayment('stripeSepa');
      expect(primary).toMatchObject({ provider: 'sandbox', nextAction: { type: 'card_form' } });
      expect(primary.instructions).toContain('FR14 2004 1010 0505 0001 3M02 606');
      for (const iban of [undefined, 'FR14 2004 1010 0505 0001 3M02 607', 'XX00123', 'FR142004101005050001']) {
        const res = await pay(primary.id, iban === undefined ? {} : { iban });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, message: 'IBAN invalide', field: 'iban' });
      }
      expect((await get(primary.id)).body.status).toBe('pending');
    });

    it('a valid IBAN → processing, then paid by a later sandbox webhook', async () => {
      const { primary, orderId } = await newPayment('stripeSepa');
      const res = await pay(primary.id, { iban: 'fr14 2004 1010 0505 0001 3m02 606' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'processing', nextAction: null });
      await mod.idle();
      expect((await get(primary.id)).body).toMatchObject({ status: 'paid' });
      expect(callsFor(orderId).map((c) => c.statuses)).toEqual([['processing'], ['paid']]);
    });

    it('the failing test IBAN → processing, then error', async () => {
      const { primary, orderId } = await newPayment('stripeSepa');
      expect((await pay(primary.id, { iban: 'FR8420041010050500013M02606' })).body).toMatchObject({ status: 'processing' });
      await mod.idle();
      expect((await get(primary.id)).body).toMatchObject({ status: 'error', message: CART_MESSAGES.payment });
      expect(callsFor(orderId).map((c) => c.statuses)).toEqual([['processing'], ['error']]);
    });
  });

  describe('card imprint', () => {
    it('a valid card → setup (0 EUR); captureForOrder charges it → paid', async () => {
      const { primary, orderId } = await newPayment('imprint', 4200);
      expect(primary).toMatchObject({ status: 'pending', amount: 4200, nextAction: { type: 'card_form' } });
      expect(primary.instructions).toContain('0 €');
      const res = await pay(primary.id, card('4242424242424242'));
      expect(res.body).toMatchObject({ status: 'setup', nextAction: null });
      expect(callsFor(orderId).map((c) => c.statuses)).toEqual([['setup']]);
      expect((await events(primary.id))[0].type).toBe('setup_intent.succeeded');

      await db.transaction((tx) => mod.captureForOrder(tx, orderId));
      const list = await mod.listForOrder(db, orderId);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ status: 'paid', amount: 4200, payerEmail: 'buyer@demo.test' });
      expect(list[0].paidAt).toEqual(expect.any(String));
      expect((await refOf(primary.id)).startsWith('sbx_pi_')).toBe(true);
      // capturing again is a no-op
      await db.transaction((tx) => mod.captureForOrder(tx, orderId));
      expect((await mod.listForOrder(db, orderId))[0].status).toBe('paid');
    });

    it('an imprint with the 3-D Secure card goes through the challenge to setup; a declined card → 402', async () => {
      const { primary } = await newPayment('imprint', 4200);
      const res = await pay(primary.id, card('4000000000003220'));
      expect(res.body.status).toBe('requiresAction');
      const challenge = new URL(res.body.nextAction.url, 'http://x').searchParams.get('challenge');
      const ok = await request(app).post(`/v1/payments/${primary.id}/3ds`).set(bearer(buyer)).send({ challenge, approve: true });
      expect(ok.body.status).toBe('setup');

      const other = await newPayment('imprint', 4200);
      const declined = await pay(other.primary.id, card('4000000000000002'));
      expect(declined.status).toBe(402);
      expect(declined.body.message).toBe(CART_MESSAGES.payment);
      // a capture leaves a failed imprint alone
      await db.transaction((tx) => mod.captureForOrder(tx, other.orderId));
      expect((await get(other.primary.id)).body.status).toBe('error');
    });
  });

  describe('offline methods', () => {
    it('transfer: provider offline, pending, no next action; the shop’s own text, the amount, the reference, the billing account', async () => {
      const { primary } = await newPayment('transfer', 12345, { orderNumber: 'C2026-00042' });
      expect(primary).toMatchObject({ provider: 'offline', status: 'pending', nextAction: null, method: 'transfer' });
      // the demo shop's checkout text and the default account of its billing settings (seed)
      expect(primary.instructions).toMatch(
        /^Virement à l’ordre de SCEA Domaine de Démo, en indiquant le numéro de commande\.\nMontant : 123,45\s€ · Référence : C2026-00042\.\nIBAN : FR76 3000 6000 0112 3456 7890 189 · BIC : AGRIFRPP · Titulaire : Domaine de Démo SAS\.$/,
      );
      const res = await pay(primary.id, card('4242424242424242'));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'Ce moyen de paiement se règle directement auprès du domaine' });
    });

    it('check: the shop’s own text (to whose order, where to send it), then the amount and the reference', async () => {
      const { primary } = await newPayment('check', 5000, { orderNumber: 'C2026-00044' });
      expect(primary.instructions).toMatch(
        /^Chèque à l’ordre de SCEA Domaine de Démo, à envoyer au 12 chemin des Vignes, 84100 Orange\.\nMontant : 50,00\s€ · Référence à indiquer au dos : C2026-00044\.$/,
      );
    });

    describe('a shop without its own texts', () => {
      beforeAll(async () => {
        await db
          .update(shopCheckoutSettings)
          .set({ transferInstructions: null, chequeInstructions: null })
          .where(eq(shopCheckoutSettings.shopId, shopId));
      });

      it.each([
        ['transfer', /^Effectuez un virement de 50,00\s€ à l'ordre de Domaine de Démo en indiquant la référence n° \d+\.\nIBAN : FR76 /],
        ['check', /^Envoyez un chèque de 50,00\s€ à l'ordre de Domaine de Démo en indiquant au dos la référence/],
        ['cash', /^Réglez 50,00\s€ en espèces à Domaine de Démo/],
        ['bill', /^Domaine de Démo vous adressera une lettre de change de 50,00\s€/],
      ] as const)('%s has its own instructions', async (method, pattern) => {
        const { primary } = await newPayment(method, 5000);
        expect(primary).toMatchObject({ provider: 'offline', status: 'pending', nextAction: null });
        expect(primary.instructions).toMatch(pattern);
      });

      it('speaks English to an English buyer', async () => {
        const { primary } = await newPayment('transfer', 5000, { lang: 'en', orderNumber: 'C2026-00043' });
        expect(primary.instructions).toBe(
          'Make a bank transfer of €50.00 to Domaine de Démo quoting the reference C2026-00043.\n' +
            'IBAN: FR76 3000 6000 0112 3456 7890 189 · BIC: AGRIFRPP · Account holder: Domaine de Démo SAS.',
        );
      });
    });
  });

  describe('signed webhooks', () => {
    it('a valid signature changes the status once; the same event replayed → duplicate, no second listener call', async () => {
      const { primary, orderId } = await newPayment('stripe');
      const { raw, signature } = signed(sandboxEvent('evt_test_once', 'payment_intent.succeeded', await refOf(primary.id)));
      const first = await postWebhook(raw, signature);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ received: true });
      expect((await get(primary.id)).body.status).toBe('paid');
      expect(callsFor(orderId)).toHaveLength(1);
      const replay = await postWebhook(raw, signature);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual({ received: true, duplicate: true });
      expect(callsFor(orderId)).toHaveLength(1);
      expect(await events(primary.id)).toHaveLength(1);
    });

    it('the same event delivered twice at the same time is applied once', async () => {
      const { primary, orderId } = await newPayment('stripe');
      const { raw, signature } = signed(sandboxEvent('evt_test_race', 'payment_intent.succeeded', await refOf(primary.id)));
      const answers = await Promise.all([postWebhook(raw, signature), postWebhook(raw, signature), postWebhook(raw, signature)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers.filter((a) => a.body.duplicate).length).toBe(2);
      expect(callsFor(orderId)).toHaveLength(1);
    });

    it('a late or out-of-order event cannot move a paid payment back', async () => {
      const { primary, orderId } = await newPayment('stripe');
      await pay(primary.id, card('4242424242424242'));
      const ref = await refOf(primary.id);
      for (const [id, type] of [
        ['evt_late_1', 'payment_intent.payment_failed'],
        ['evt_late_2', 'payment_intent.processing'],
        ['evt_late_3', 'payment_intent.requires_action'],
        ['evt_late_4', 'payment_intent.canceled'],
      ]) {
        const { raw, signature } = signed(sandboxEvent(id, type, ref));
        expect((await postWebhook(raw, signature)).body).toEqual({ received: true });
      }
      expect((await get(primary.id)).body.status).toBe('paid');
      expect(callsFor(orderId)).toHaveLength(1);
      const recorded = await db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.paymentId, primary.id), eq(paymentEvents.outcome, 'ignored')));
      expect(recorded).toHaveLength(4);
    });

    it('a tampered body → 400 and nothing changes', async () => {
      const { primary, orderId } = await newPayment('stripe');
      const { raw, signature } = signed(sandboxEvent('evt_tamper', 'payment_intent.payment_failed', await refOf(primary.id)));
      const res = await postWebhook(raw.replace('payment_failed', 'succeeded'), signature);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'Signature du webhook invalide' });
      expect((await get(primary.id)).body.status).toBe('pending');
      expect(callsFor(orderId)).toEqual([]);
      // the genuine event is still accepted afterwards (the refused one was not recorded)
      expect((await postWebhook(raw, signature)).body).toEqual({ received: true });
    });

    it('a stale timestamp, a missing, malformed or foreign signature → 400, nothing changes', async () => {
      const { primary, orderId } = await newPayment('stripe');
      const ev = sandboxEvent('evt_bad', 'payment_intent.succeeded', await refOf(primary.id));
      const stale = signed(ev, { t: Math.floor(Date.now() / 1000) - 301 });
      expect((await postWebhook(stale.raw, stale.signature)).status).toBe(400);
      const future = signed(ev, { t: Math.floor(Date.now() / 1000) + 600 });
      expect((await postWebhook(future.raw, future.signature)).status).toBe(400);
      const good = signed(ev);
      expect((await postWebhook(good.raw)).status).toBe(400);
      expect((await postWebhook(good.raw, 'garbage')).status).toBe(400);
      const foreign = signed(ev, { secret: 'another-secret' });
      expect((await postWebhook(foreign.raw, foreign.signature)).status).toBe(400);
      expect(
        (await request(app).post('/v1/payments/webhooks/sandbox').set(SANDBOX_SIGNATURE_HEADER, good.signature).send('t=1')).status,
      ).toBe(400);
      expect((await get(primary.id)).body.status).toBe('pending');
      expect(callsFor(orderId)).toEqual([]);
      expect(await db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_bad'))).toEqual([]);
    });

    it('only the active provider has a webhook endpoint', async () => {
      const { raw, signature } = signed(sandboxEvent('evt_x', 'payment_intent.succeeded', 'sbx_pi_none'));
      expect((await postWebhook(raw, signature, 'stripe')).status).toBe(404);
      expect((await postWebhook(raw, signature, 'paypal')).status).toBe(404);
      // an event about an unknown intent is acknowledged and ignored
      expect((await postWebhook(raw, signature)).body).toEqual({ received: true });
    });
  });

  describe('authorization', () => {
    it('another user, an anonymous caller or a wrong token cannot read or pay (404); a bad session → 401', async () => {
      const { primary } = await newPayment('stripe');
      expect((await get(primary.id, owner2)).status).toBe(404);
      expect((await get(primary.id, owner2)).body).toEqual({ success: false, message: 'Paiement introuvable' });
      expect((await pay(primary.id, card('4242424242424242'), owner2)).status).toBe(404);
      expect((await request(app).get(`/v1/payments/${primary.id}`)).status).toBe(404);
      expect(
        (
          await request(app)
            .get(`/v1/payments/${primary.id}`)
            .query({ token: 'x'.repeat(43) })
        ).status,
      ).toBe(404);
      expect((await request(app).get(`/v1/payments/${primary.id}`).set('Authorization', 'Bearer nope')).status).toBe(401);
      expect((await get(999999)).status).toBe(404);
      expect((await request(app).get('/v1/payments/abc').set(bearer(buyer))).status).toBe(404);
      expect((await get(primary.id)).body.status).toBe('pending');
    });

    it('grouped order: one payment per payer, tokens work by query or header, the buyer share is the primary', async () => {
      const orderId = ++nextOrderId;
      const created = await db.transaction((tx) =>
        mod.createForOrder(tx, {
          orderId,
          shopId,
          buyerId,
          buyerEmail: 'Buyer@demo.test',
          method: 'stripe',
          amountCents: 10001,
          lang: 'fr',
          groups: [
            { email: 'friend@example.com', amountCents: 5000 },
            { email: 'buyer@demo.test', amountCents: 5001 },
          ],
        }),
      );
      expect(created.primary).toMatchObject({ amount: 5001, status: 'pending' });
      expect(created.groupTokens).toHaveLength(2);
      const friend = created.groupTokens.find((g) => g.email === 'friend@example.com')!;
      expect(friend.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // stored hashed only
      const stored = await db.select({ hash: payments.groupTokenHash }).from(payments).where(eq(payments.id, friend.paymentId));
      expect(stored[0].hash).not.toContain(friend.token);
      expect(stored[0].hash).toMatch(/^[0-9a-f]{64}$/);

      expect(await mod.findByGroupToken(db, friend.token)).toEqual({
        paymentId: friend.paymentId,
        orderId,
        payerEmail: 'friend@example.com',
        amountCents: 5000,
        status: 'pending',
      });
      expect(await mod.findByGroupToken(db, 'unknown')).toBeNull();

      const byQuery = await request(app).get(`/v1/payments/${friend.paymentId}`).query({ token: friend.token });
      expect(byQuery.status).toBe(200);
      expect(byQuery.body).toMatchObject({ amount: 5000, status: 'pending' });
      // a stale session in the payer's browser does not block the link
      const byHeader = await request(app)
        .get(`/v1/payments/${friend.paymentId}`)
        .set('x-payment-group-token', friend.token)
        .set('Authorization', 'Bearer stale');
      expect(byHeader.status).toBe(200);
      // the friend's token does not open the buyer's share
      expect((await request(app).get(`/v1/payments/${created.primary!.id}`).query({ token: friend.token })).status).toBe(404);
      // the buyer who placed the order may read every share
      expect((await get(friend.paymentId)).status).toBe(200);

      const paid = await request(app)
        .post(`/v1/payments/${friend.paymentId}/pay`)
        .query({ token: friend.token })
        .send(card('4242424242424242'));
      expect(paid.body).toMatchObject({ status: 'paid' });
      expect(callsFor(orderId).map((c) => c.statuses.sort())).toEqual([['paid', 'pending']]);
      expect(await mod.pay(db, created.primary!.id, card('4242424242424242'), { userId: buyerId })).toMatchObject({ status: 'paid' });
      const list = await mod.listForOrder(db, orderId);
      expect(list.map((p) => [p.payerEmail, p.amount, p.status])).toEqual([
        ['friend@example.com', 5000, 'paid'],
        ['buyer@demo.test', 5001, 'paid'],
      ]);
      expect(orderDetailSchema.shape.payments.safeParse(list).success).toBe(true);
    });

    it('grouped order: shares must add up to the total; no share for the buyer → primary null', async () => {
      const base = { shopId, buyerId, buyerEmail: 'buyer@demo.test', method: 'stripe' as const, amountCents: 10000, lang: 'fr' as const };
      const bad = await db
        .transaction((tx) =>
          mod.createForOrder(tx, {
            ...base,
            orderId: ++nextOrderId,
            groups: [
              { email: 'a@x.test', amountCents: 4000 },
              { email: 'b@x.test', amountCents: 5000 },
            ],
          }),
        )
        .catch((e) => e);
      expect(bad).toMatchObject({ status: 400, message: CART_MESSAGES.paymentGroupsTotal, field: 'paymentGroups' });
      const noShare = await db.transaction((tx) =>
        mod.createForOrder(tx, {
          ...base,
          orderId: ++nextOrderId,
          groups: [
            { email: 'a@x.test', amountCents: 4000 },
            { email: 'b@x.test', amountCents: 6000 },
          ],
        }),
      );
      expect(noShare.primary).toBeNull();
      expect(noShare.groupTokens.map((g) => g.amountCents)).toEqual([4000, 6000]);
    });
  });

  describe('card testing defence', () => {
    it('limits failed attempts per payment (429 in French), successful ones are not counted', async () => {
      const limited = createPaymentsModule(depsOf(ctx), { env: { SANDBOX_WEBHOOK_SECRET: SECRET, PAYMENT_RATE_LIMIT_MAX: '2' } });
      const limitedApp = mountApp(depsOf(ctx), limited);
      const { primary } = await newPayment('stripe');
      const attempt = () => request(limitedApp).post(`/v1/payments/${primary.id}/pay`).set(bearer(buyer)).send(card('4242424242424241'));
      expect((await attempt()).status).toBe(400);
      expect((await attempt()).status).toBe(400);
      const third = await attempt();
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ success: false, message: 'Trop de tentatives de paiement. Réessayez dans quelques minutes.' });
      // another payment is not affected
      const other = await newPayment('stripe');
      expect(
        (await request(limitedApp).post(`/v1/payments/${other.primary.id}/pay`).set(bearer(buyer)).send(card('4242424242424242'))).body
          .status,
      ).toBe('paid');
    });
  });

  describe('cancel', () => {
    it('cancelForOrder cancels unpaid payments and leaves paid ones; a cancelled payment cannot be paid (409)', async () => {
      const orderId = ++nextOrderId;
      const created = await db.transaction((tx) =>
        mod.createForOrder(tx, {
          orderId,
          shopId,
          buyerId,
          buyerEmail: 'buyer@demo.test',
          method: 'stripe',
          amountCents: 300,
          lang: 'fr',
          groups: [
            { email: 'buyer@demo.test', amountCents: 100 },
            { email: 'c@x.test', amountCents: 200 },
          ],
        }),
      );
      const [mine, theirs] = created.groupTokens;
      await pay(mine.paymentId, card('4242424242424242'));
      await db.transaction((tx) => mod.cancelForOrder(tx, orderId));
      expect((await mod.listForOrder(db, orderId)).map((p) => p.status)).toEqual(['paid', 'cancelled']);
      const res = await pay(theirs.paymentId, card('4242424242424242'));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, message: 'Ce paiement a été annulé' });
      expect((await get(theirs.paymentId)).body).toMatchObject({ status: 'cancelled', nextAction: null });
    });

    it('refundForOrder gives back the paid card payments through the provider, once; offline ones are listed to pay back by hand', async () => {
      const orderId = ++nextOrderId;
      const created = await db.transaction((tx) =>
        mod.createForOrder(tx, {
          orderId,
          shopId,
          buyerId,
          buyerEmail: 'buyer@demo.test',
          method: 'stripe',
          amountCents: 300,
          lang: 'fr',
          groups: [
            { email: 'buyer@demo.test', amountCents: 100 },
            { email: 'c@x.test', amountCents: 200 },
          ],
        }),
      );
      const [mine, theirs] = created.groupTokens;
      await pay(mine.paymentId, card('4242424242424242'));
      const first = await db.transaction((tx) => mod.refundForOrder(tx, orderId));
      expect(first.refunded).toEqual([
        { paymentId: mine.paymentId, method: 'stripe', amountCents: 100, ref: expect.stringMatching(/^sbx_re_/) },
      ]);
      expect(first.manual).toEqual([]);
      expect((await mod.listForOrder(db, orderId)).map((p) => p.status)).toEqual(['refunded', 'pending']);
      // nothing is refunded twice
      expect(await db.transaction((tx) => mod.refundForOrder(tx, orderId))).toEqual({ refunded: [], manual: [] });
      // a transfer marked paid is the seller's to give back
      const transferOrder = ++nextOrderId;
      const transfer = await db.transaction((tx) =>
        mod.createForOrder(tx, {
          orderId: transferOrder,
          shopId,
          buyerId,
          buyerEmail: 'buyer@demo.test',
          method: 'transfer',
          amountCents: 5000,
          lang: 'fr',
        }),
      );
      await db.update(payments).set({ status: 'paid' }).where(eq(payments.id, transfer.primary!.id));
      const offline = await db.transaction((tx) => mod.refundForOrder(tx, transferOrder));
      expect(offline).toEqual({
        refunded: [],
        manual: [{ paymentId: transfer.primary!.id, method: 'transfer', amountCents: 5000, ref: null }],
      });
      expect(theirs.paymentId).toBeGreaterThan(0);
    });
  });
});

describe('payments with the Stripe provider (fake Stripe HTTP, signed Stripe webhooks)', () => {
  let ctx: TestContext;
  let app: Express;
  let mod: PaymentsModuleInternals;
  let buyer: string;
  const WHSEC = 'whsec_module_test';
  const changed: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    const fetchFn = (async () =>
      new Response(
        JSON.stringify({
          id: 'pi_stripe_1',
          object: 'payment_intent',
          client_secret: 'pi_stripe_1_secret_x',
          status: 'requires_payment_method',
        }),
        {
          status: 200,
          headers: { 'content-type': 'application/json', 'request-id': 'req_1' },
        },
      )) as typeof fetch;
    const client = new Stripe('sk_test_fake', {
      httpClient: Stripe.createFetchHttpClient(fetchFn),
      maxNetworkRetries: 0,
      telemetry: false,
    });
    const provider = new StripeProvider({ secretKey: 'sk_test_fake', publishableKey: 'pk_test_abc', webhookSecret: WHSEC, client });
    const deps = depsOf(ctx);
    // the platform's Stripe account collects for shops without their own keys only when the operator allows it
    mod = createPaymentsModule(deps, { provider, env: { PAYMENT_RATE_LIMIT_MAX: '0', STRIPE_PLATFORM_ACCOUNT: 'shared' } });
    mod.onPaymentChanged(async (_db, orderId) => {
      changed.push(orderId);
    });
    app = mountApp(deps, mod);
    buyer = await loginAs(ctx.app, 'buyer@demo.test');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('the browser gets a Stripe card form; a signed payment_intent.succeeded marks it paid once; the sandbox endpoint does not exist', async () => {
    const db = ctx.handle.db;
    const buyerId = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'buyer@demo.test')))[0].id;
    const shopId = (await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    const { primary } = await db.transaction((tx) =>
      mod.createForOrder(tx, {
        orderId: 77,
        shopId,
        buyerId,
        buyerEmail: 'buyer@demo.test',
        method: 'stripe',
        amountCents: 2500,
        lang: 'fr',
      }),
    );
    expect(primary).toMatchObject({
      provider: 'stripe',
      status: 'pending',
      instructions: null,
      nextAction: { type: 'card_form', clientSecret: 'pi_stripe_1_secret_x', publishableKey: 'pk_test_abc' },
    });
    // card data is never taken server-side with Stripe
    expect(
      (
        await request(app)
          .post(`/v1/payments/${primary!.id}/pay`)
          .set(bearer(buyer))
          .send({ card: { number: '4242424242424242', expiration: '12/39', cvv: '123' } })
      ).body.status,
    ).toBe('pending');

    const payload = JSON.stringify({
      id: 'evt_stripe_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'pi_stripe_1', object: 'payment_intent', status: 'succeeded' } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WHSEC });
    const send = (body: string, h = header) =>
      request(app).post('/v1/payments/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', h).send(body);
    expect((await send(payload.replace('succeeded', 'canceled'))).status).toBe(400);
    expect((await send(payload)).body).toEqual({ received: true });
    expect((await send(payload)).body).toEqual({ received: true, duplicate: true });
    expect(changed).toEqual([77]);
    expect((await request(app).get(`/v1/payments/${primary!.id}`).set(bearer(buyer))).body).toMatchObject({
      status: 'paid',
      nextAction: null,
    });
    expect((await request(app).post('/v1/payments/webhooks/sandbox').set('content-type', 'application/json').send(payload)).status).toBe(
      404,
    );
  });
});
