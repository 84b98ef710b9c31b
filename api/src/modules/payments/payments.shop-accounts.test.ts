// Each producer is paid on their own account: a shop's Stripe keys (Intégrations › « Clés de paiement ») carry its
// charges, refunds and webhooks, against a local fake of the Stripe API (two accounts, each seeing only its own).
import express, { Router, type Express } from 'express';
import request from 'supertest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { createAuthMiddlewares } from '../../platform/auth/middleware';
import type { Db } from '../../platform/db/client';
import { shops, users } from '../../platform/db/tables';
import type { AppDeps } from '../../platform/deps';
import { errorHandler, notFoundHandler } from '../../platform/errors';
import { createLogger } from '../../platform/logger';
import { provideShopModules, type ShopState } from '../../platform/routes';
import { createSecretBox } from '../../platform/secret-box';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { startStripeFake, type StripeFake } from './fakes/stripe-fake.test-support';
import { createPaymentsModule, type PaymentsModuleInternals } from './payments.module';
import { PAYMENT_MESSAGES } from './payments.service';
import { payments } from './payments.tables';
import { StripeProvider, stripeHostOptions } from './providers/stripe';

const A = {
  secretKey: 'sk_test_shopAaaaaaaaaaaaaaaaaaaaaa1111',
  publishableKey: 'pk_test_shopAaaaaaaaaaaa',
  webhookSecret: 'whsec_shopAaaaaaaaaaaaaaaaaa',
};
const B = {
  secretKey: 'sk_test_shopBbbbbbbbbbbbbbbbbbbbbb2222',
  publishableKey: 'pk_test_shopBbbbbbbbbbbb',
  webhookSecret: 'whsec_shopBbbbbbbbbbbbbbbbbb',
};
const C = {
  secretKey: 'sk_test_shopCcccccccccccccccccccccc3333',
  publishableKey: 'pk_test_shopCcccccccccccc',
  webhookSecret: 'whsec_shopCcccccccccccccccccc',
};
const PLATFORM = { secretKey: 'sk_test_platformPPPPPPPPPPPPPPP3333', webhookSecret: 'whsec_platformPPPPPPPPPPPP' };
const SECRETS = [A.secretKey, B.secretKey, A.webhookSecret, B.webhookSecret, PLATFORM.secretKey, PLATFORM.webhookSecret];

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

describe("payments on each shop's own Stripe account (local Stripe fake)", () => {
  let ctx: TestContext;
  let db: Db;
  let deps: AppDeps;
  let fake: StripeFake;
  let mod: PaymentsModuleInternals;
  let app: Express;
  let owner: string;
  let owner2: string;
  let buyerId: number;
  const shop: Record<'domaine' | 'brasserie' | 'cave', number> = { domaine: 0, brasserie: 0, cave: 0 };
  let nextOrderId = 5000;
  const changed: Array<{ orderId: number; status?: string }> = [];

  const putKeys = (token: string, body: unknown) =>
    request(ctx.app)
      .put('/v1/shops/me/settings/payment-keys')
      .set(bearer(token))
      .send(body as object);
  /** what the buyer's browser does with Stripe.js: confirm the PaymentIntent on the shop's account */
  const browserConfirm = (secretKey: string, pi: string, paymentMethod: string) =>
    new Stripe(secretKey, { ...stripeHostOptions(fake.url), maxNetworkRetries: 0, telemetry: false }).paymentIntents
      .confirm(pi, { payment_method: paymentMethod })
      .catch((err: unknown) => err);
  const webhook = (shopId: number | 'platform', e: { payload: string; signature: string }) =>
    request(app)
      .post(shopId === 'platform' ? '/v1/payments/webhooks/stripe' : `/v1/payments/webhooks/stripe/${shopId}`)
      .set('content-type', 'application/json')
      .set('stripe-signature', e.signature)
      .send(e.payload);
  const statusOf = async (id: number) => (await db.select({ s: payments.status }).from(payments).where(eq(payments.id, id)))[0].s;

  async function newPayment(m: PaymentsModuleInternals, shopId: number, amountCents: number) {
    const orderId = ++nextOrderId;
    const { primary } = await db.transaction((tx) =>
      m.createForOrder(tx, { orderId, shopId, buyerId, buyerEmail: 'buyer@demo.test', method: 'stripe', amountCents, lang: 'fr' }),
    );
    const [row] = await db.select().from(payments).where(eq(payments.id, primary!.id));
    return { orderId, primary: primary!, ref: row.providerRef! };
  }

  beforeAll(async () => {
    fake = await startStripeFake([
      { secretKey: A.secretKey, webhookSecret: A.webhookSecret },
      { secretKey: B.secretKey, webhookSecret: B.webhookSecret },
      { secretKey: C.secretKey, webhookSecret: C.webhookSecret },
      PLATFORM,
    ]);
    ctx = await createTestContext();
    db = ctx.handle.db;
    const jwt = ctx.app.locals.jwt;
    // the same secret box as the app's: the keys the settings route sealed open here
    deps = {
      db,
      config: ctx.config,
      jwt,
      auth: createAuthMiddlewares(db, jwt),
      logger: createLogger(process.env.DEBUG_LOG ? 'error' : 'silent'),
      secrets: createSecretBox(ctx.secret),
    };
    // as the shops module does in the app: the owner-only route reads the shop's state
    provideShopModules(deps.auth, async (id) => {
      const [row] = await db.select({ integration: shops.integration }).from(shops).where(eq(shops.id, id));
      return row ? { integration: row.integration as ShopState['integration'], suspended: false } : undefined;
    });
    mod = createPaymentsModule(deps, { env: { STRIPE_API_BASE: fake.url, PAYMENT_RATE_LIMIT_MAX: '0', SANDBOX_SEPA_DELAY_MS: '0' } });
    mod.onPaymentChanged(async (_db, orderId, change) => {
      changed.push({ orderId, status: change?.status });
    });
    app = mountApp(deps, mod);
    [owner, owner2] = await Promise.all([loginAs(ctx.app, 'owner@demo.test'), loginAs(ctx.app, 'owner2@demo.test')]);
    buyerId = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'buyer@demo.test')))[0].id;
    for (const [k, url] of [
      ['domaine', 'domaine-demo'],
      ['brasserie', 'brasserie-demo'],
      ['cave', 'cave-des-pros'],
    ] as const) {
      shop[k] = (await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, url)))[0].id;
    }
    expect((await putKeys(owner, { stripe: A })).status).toBe(200);
    expect((await putKeys(owner2, { stripe: B })).status).toBe(200);
  });
  afterAll(async () => {
    mod.close();
    await ctx.close();
    await fake.close();
  });

  it("charges, signs and refunds on the shop's own account; the other account sees nothing", async () => {
    const { orderId, primary, ref } = await newPayment(mod, shop.domaine, 2500);
    // the browser gets the shop's publishable key and the client secret of the shop's own PaymentIntent
    const piA = fake.intents(A.secretKey);
    expect(piA.map((p) => [p.id, p.amount, p.metadata.paymentId])).toEqual([[ref, 2500, String(primary.id)]]);
    expect(primary).toMatchObject({
      provider: 'stripe',
      status: 'pending',
      nextAction: { type: 'card_form', publishableKey: A.publishableKey, clientSecret: piA[0].client_secret },
    });
    expect(fake.creates(A.secretKey)).toEqual([{ path: '/v1/payment_intents', idempotencyKey: `wz-payment-${primary.id}-create` }]);
    expect(fake.intents(B.secretKey)).toEqual([]);
    expect(fake.intents(PLATFORM.secretKey)).toEqual([]);

    await browserConfirm(A.secretKey, ref, 'pm_card_visa');
    const succeeded = fake.event(A.secretKey, 'payment_intent.succeeded', ref);
    expect((await webhook(shop.domaine, succeeded)).body).toEqual({ received: true });
    expect(await statusOf(primary.id)).toBe('paid');
    expect(changed).toContainEqual({ orderId, status: 'paid' });

    // a part given back (a credit note), then the same refund again: one refund on the shop's account
    const partial = await db.transaction((tx) => mod.refundPayment(tx, primary.id, { amountCents: 1000, key: 'AV2026-00001' }));
    const again = await db.transaction((tx) => mod.refundPayment(tx, primary.id, { amountCents: 1000, key: 'AV2026-00001' }));
    expect(again.ref).toBe(partial.ref);
    expect(fake.refunds(A.secretKey).map((r) => [r.payment_intent, r.amount])).toEqual([[ref, 1000]]);
    expect(await statusOf(primary.id)).toBe('paid');
    const tooMuch = await db.transaction((tx) => mod.refundPayment(tx, primary.id, { amountCents: 2501, key: 'x' })).catch((e) => e);
    expect([tooMuch.status, tooMuch.field]).toEqual([400, 'amountCents']);
    expect(fake.refunds(B.secretKey)).toEqual([]);
    // then the seller cancels that order: only the rest goes back, and the payment is refunded
    const rest = await db.transaction((tx) => mod.refundForOrder(tx, orderId));
    expect(rest.refunded.map((r) => r.amountCents)).toEqual([1500]);
    expect(fake.refunds(A.secretKey).map((r) => [r.payment_intent, r.amount])).toEqual([
      [ref, 1000],
      [ref, 1500],
    ]);
    expect(await statusOf(primary.id)).toBe('refunded');

    // the seller cancels another paid order: refunded in full on its account
    const second = await newPayment(mod, shop.domaine, 1800);
    await browserConfirm(A.secretKey, second.ref, 'pm_card_visa');
    await webhook(shop.domaine, fake.event(A.secretKey, 'payment_intent.succeeded', second.ref));
    const refunded = await db.transaction((tx) => mod.refundForOrder(tx, second.orderId));
    expect(refunded.refunded.map((r) => r.amountCents)).toEqual([1800]);
    expect(
      fake
        .refunds(A.secretKey)
        .filter((r) => r.payment_intent === second.ref)
        .map((r) => r.amount),
    ).toEqual([1800]);
    expect(await statusOf(second.primary.id)).toBe('refunded');
    expect(fake.refunds(B.secretKey)).toEqual([]);
  });

  it("a forged event, or one signed by another shop's secret, is refused (400) and changes nothing", async () => {
    const { primary, ref } = await newPayment(mod, shop.domaine, 990);
    await browserConfirm(A.secretKey, ref, 'pm_card_visa');
    const real = fake.event(A.secretKey, 'payment_intent.succeeded', ref);
    // B's secret signing an event about A's payment, sent to A's endpoint
    const byB = {
      payload: real.payload,
      signature: Stripe.webhooks.generateTestHeaderString({ payload: real.payload, secret: B.webhookSecret }),
    };
    const forged = {
      payload: real.payload,
      signature: Stripe.webhooks.generateTestHeaderString({ payload: real.payload, secret: 'whsec_forged0000000' }),
    };
    const tampered = { payload: real.payload.replace('"amount":990', '"amount":1'), signature: real.signature };
    for (const attempt of [byB, forged, tampered]) {
      const res = await webhook(shop.domaine, attempt);
      expect([res.status, res.body.message]).toEqual([400, PAYMENT_MESSAGES.webhookSignature]);
    }
    // A's genuine event sent to B's endpoint: B's secret does not verify it
    expect((await webhook(shop.brasserie, real)).status).toBe(400);
    // validly signed by B, at B's endpoint, but about A's payment: B's endpoint moves only B's payments
    const bAboutA = { payload: real.payload, signature: byB.signature };
    expect((await webhook(shop.brasserie, bAboutA)).body).toEqual({ received: true });
    // a shop without keys has no endpoint; the platform (sandbox here) has no Stripe endpoint
    expect((await webhook(shop.cave, real)).status).toBe(404);
    expect((await webhook('platform', real)).status).toBe(404);
    expect(await statusOf(primary.id)).toBe('pending');

    // the genuine one, at A's endpoint, once
    expect((await webhook(shop.domaine, real)).body).toEqual({ received: true });
    expect(await statusOf(primary.id)).toBe('paid');
  });

  it('two producers in one cart: one payment per seller order, each on its own account, never charged twice, a failed one paid again', async () => {
    const beforeA = fake.intents(A.secretKey).length;
    const beforeB = fake.intents(B.secretKey).length;
    const a = await newPayment(mod, shop.domaine, 4200);
    const b = await newPayment(mod, shop.brasserie, 1300);
    expect(
      fake
        .intents(A.secretKey)
        .slice(beforeA)
        .map((p) => [p.id, p.amount]),
    ).toEqual([[a.ref, 4200]]);
    expect(
      fake
        .intents(B.secretKey)
        .slice(beforeB)
        .map((p) => [p.id, p.amount]),
    ).toEqual([[b.ref, 1300]]);
    expect(b.primary.nextAction).toMatchObject({ publishableKey: B.publishableKey });

    // a create retried (lost answer) gives the same PaymentIntent: the Idempotency-Key of that payment
    const provider = (await mod.accounts.cardAccountOf(db, shop.brasserie))!.provider;
    const retry = await provider.createIntent({
      paymentId: b.primary.id,
      orderId: b.orderId,
      kind: 'card',
      amountCents: 1300,
      email: 'buyer@demo.test',
      lang: 'fr',
    });
    expect(retry.ref).toBe(b.ref);
    expect(fake.intents(B.secretKey).length).toBe(beforeB + 1);

    // B's card declined: the payment is in error and payable again with the same intent
    expect(await browserConfirm(B.secretKey, b.ref, 'pm_card_chargeDeclined')).toBeInstanceOf(Stripe.errors.StripeCardError);
    await webhook(shop.brasserie, fake.event(B.secretKey, 'payment_intent.payment_failed', b.ref));
    expect(await statusOf(b.primary.id)).toBe('error');
    const buyer = await loginAs(ctx.app, 'buyer@demo.test');
    const again = await request(app).get(`/v1/payments/${b.primary.id}`).set(bearer(buyer));
    expect(again.body).toMatchObject({ status: 'error', nextAction: { type: 'card_form', publishableKey: B.publishableKey } });
    await browserConfirm(B.secretKey, b.ref, 'pm_card_visa');
    await webhook(shop.brasserie, fake.event(B.secretKey, 'payment_intent.succeeded', b.ref));
    await browserConfirm(A.secretKey, a.ref, 'pm_card_visa');
    await webhook(shop.domaine, fake.event(A.secretKey, 'payment_intent.succeeded', a.ref));
    expect([await statusOf(a.primary.id), await statusOf(b.primary.id)]).toEqual(['paid', 'paid']);
    expect(fake.intents(B.secretKey).filter((p) => p.status === 'succeeded' && p.id === b.ref).length).toBe(1);
  });

  it("a shop without keys: card not offered (with the reason) unless the platform's Stripe account is allowed", async () => {
    const platform = new StripeProvider({ ...PLATFORM, publishableKey: 'pk_test_platformPPPP', apiBase: fake.url });
    const strict = createPaymentsModule(deps, { provider: platform, env: { STRIPE_API_BASE: fake.url } });
    const shared = createPaymentsModule(deps, {
      provider: platform,
      env: { STRIPE_API_BASE: fake.url, STRIPE_PLATFORM_ACCOUNT: 'shared' },
    });
    const strictApp = mountApp(deps, strict);

    const options = await request(strictApp).get(`/v1/payments/shops/${shop.cave}/options`);
    expect(options.body).toEqual({ stripeIsActive: false, account: null, reason: PAYMENT_MESSAGES.cardNotOffered, paypalIsActive: false });
    const refused = await newPayment(strict, shop.cave, 1000).catch((e) => e);
    expect([refused.status, refused.field, refused.message]).toEqual([400, 'paymentMethod', PAYMENT_MESSAGES.cardNotOffered]);
    expect(fake.intents(PLATFORM.secretKey)).toEqual([]);
    // a shop with its own keys is offered card on its own account either way
    expect((await request(strictApp).get(`/v1/payments/shops/${shop.domaine}/options`)).body).toMatchObject({
      stripeIsActive: true,
      account: 'shop',
    });
    expect((await request(strictApp).get('/v1/payments/shops/999999/options')).status).toBe(404);

    expect(await shared.paymentOptionsFor(db, shop.cave)).toMatchObject({ stripeIsActive: true, account: 'platform', reason: null });
    const onPlatform = await newPayment(shared, shop.cave, 1000);
    expect(fake.intents(PLATFORM.secretKey).map((p) => p.id)).toEqual([onPlatform.ref]);
    strict.close();
    shared.close();
  });

  it("a payment taken on the platform's account is given back there, even after the shop saved keys of its own", async () => {
    const platform = new StripeProvider({ ...PLATFORM, publishableKey: 'pk_test_platformPPPP', apiBase: fake.url });
    const shared = createPaymentsModule(deps, {
      provider: platform,
      env: { STRIPE_API_BASE: fake.url, STRIPE_PLATFORM_ACCOUNT: 'shared' },
    });
    const taken = await newPayment(shared, shop.cave, 2200);
    expect((await db.select().from(payments).where(eq(payments.id, taken.primary.id)))[0].account).toBe('platform');
    await browserConfirm(PLATFORM.secretKey, taken.ref, 'pm_card_visa');
    await db.update(payments).set({ status: 'paid' }).where(eq(payments.id, taken.primary.id));

    const owner3 = await loginAs(ctx.app, 'owner3@demo.test');
    expect((await putKeys(owner3, { stripe: C })).status).toBe(200);
    const back = await db.transaction((tx) => shared.refundForOrder(tx, taken.orderId));
    expect(back.refunded.map((r) => r.amountCents)).toEqual([2200]);
    expect(fake.refunds(PLATFORM.secretKey).map((r) => [r.payment_intent, r.amount])).toEqual([[taken.ref, 2200]]);
    expect(fake.refunds(C.secretKey)).toEqual([]);
    // the next payment of that shop goes to its own account
    const next = await newPayment(shared, shop.cave, 900);
    expect(fake.intents(C.secretKey).map((p) => p.id)).toEqual([next.ref]);
    await putKeys(owner3, { stripe: null });
    shared.close();
  });

  it('refuses test keys on a shop declared live, and live with test keys, naming the field', async () => {
    const live = await putKeys(owner, { stripe: { mode: 'live', publishableKey: 'pk_test_shopAaaaaaaaaaaa', secretKey: A.secretKey } });
    expect([live.status, live.body.field, live.body.message]).toEqual([
      400,
      'stripe.publishableKey',
      'Cette boutique est en mode production : indiquez une clé Stripe live (pk_live_ / sk_live_)',
    ]);
    const mixed = await putKeys(owner, { stripe: { publishableKey: 'pk_live_shopAaaaaaaaaaaa', secretKey: A.secretKey } });
    expect([mixed.status, mixed.body.field, mixed.body.message]).toEqual([
      400,
      'stripe.secretKey',
      'Les clés Stripe doivent être toutes de test ou toutes de production',
    ]);
    // nothing changed: the shop is still charged on its test account
    expect((await mod.accounts.shopStripeOf(db, shop.domaine))?.publishableKey).toBe(A.publishableKey);
  });

  it('« Tester la connexion » makes one call with the saved keys and reports it in French; no answer carries a secret', async () => {
    const test = (token: string, provider: string) =>
      request(app).post(`/v1/payments/connection-tests/${provider}`).set(bearer(token)).send({});
    const ok = await test(owner, 'stripe');
    expect(ok.body).toEqual({ ok: true, message: 'Connexion à Stripe réussie' });
    const noPaypal = await test(owner, 'paypal');
    expect([noPaypal.status, noPaypal.body.message]).toEqual([400, "Enregistrez d'abord l'identifiant client et le secret PayPal"]);
    const iam = await loginAs(ctx.app, 'iam@demo.test');
    expect((await test(iam, 'stripe')).status).toBe(403);

    // a key the provider does not know
    const owner3 = await loginAs(ctx.app, 'owner3@demo.test');
    await putKeys(owner3, { stripe: { publishableKey: 'pk_test_unknownnnnnnnnnn', secretKey: 'sk_test_unknownnnnnnnnnnnnnnnnn9999' } });
    expect((await test(owner3, 'stripe')).body).toEqual({
      ok: false,
      message: 'Stripe refuse la clé secrète : vérifiez-la dans votre tableau de bord Stripe',
    });
    await putKeys(owner3, { stripe: null });

    const answers = [
      ok.body,
      (await request(ctx.app).get('/v1/shops/me/settings/payment-keys').set(bearer(owner))).body,
      (await putKeys(owner, { stripe: { webhookSecret: A.webhookSecret } })).body,
      (await request(ctx.app).get('/v1/shops/me').set(bearer(owner))).body,
      (await request(app).get(`/v1/payments/shops/${shop.domaine}/options`)).body,
      (await newPayment(mod, shop.domaine, 700)).primary,
    ];
    const json = JSON.stringify(answers);
    for (const s of SECRETS) expect(json).not.toContain(s);
    expect(json).toContain(A.publishableKey);
  });
});
