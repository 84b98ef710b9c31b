// PayPal at checkout, on each shop's own PayPal account (a local fake of PayPal's REST API with two accounts): the
// order placed with PayPal, the buyer approving on PayPal and coming back, the capture, refunds, and the shop's webhook.
import request from 'supertest';
import { and, eq, ne } from 'drizzle-orm';
import { shops, users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { productFormats, products } from '../catalog';
import { orders } from '../orders';
import { startPayPalFake, type PayPalFake } from './fakes/paypal-fake.test-support';
import { createAuthMiddlewares } from '../../platform/auth/middleware';
import { createLogger } from '../../platform/logger';
import { createSecretBox } from '../../platform/secret-box';
import { createPaymentsModule } from './payments.module';
import { PAYPAL_CHECKOUT_MESSAGES } from './payments.paypal';
import { PAYMENT_MESSAGES } from './payments.service';
import { payments } from './payments.tables';

const A = { clientId: 'AaPayPalClientDomaine0001', clientSecret: 'EaPayPalSecretDomaine000000001', webhookId: 'WH-DOMAINE-0001' };
const B = { clientId: 'AbPayPalClientBrasserie002', clientSecret: 'EbPayPalSecretBrasserie0000002', webhookId: 'WH-BRASSERIE-02' };

describe("PayPal at checkout, on each shop's own PayPal account (local PayPal fake)", () => {
  let ctx: TestContext;
  let fake: PayPalFake;
  let buyer: string;
  let owner: string;
  let owner2: string;
  const shop = { domaine: 0, brasserie: 0, cave: 0 };
  let keyN = 0;
  const savedBase = process.env.PAYPAL_API_BASE;
  const db = () => ctx.handle.db;

  /** A product the buyer can buy at the shop (in stock), 12 of it, and how it is delivered or collected there. */
  async function cartOf(shopId: number) {
    const candidates = await db()
      .select({ productId: products.id, formatId: productFormats.id })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(products.shopId, shopId), eq(products.status, 'online'), ne(products.productType, 'prestation')))
      .orderBy(productFormats.id)
      .limit(20);
    const options = (await request(ctx.app).get(`/v1/shops/${shopId}/checkout-options`)).body;
    const point = options.collectionPoints?.[0];
    const shipping = point
      ? { type: null, ref: null, collectionPointId: point.id }
      : { type: options.deliveryTypes[0].type, ref: options.deliveryTypes[0].ref, collectionPointId: null };
    for (const p of candidates) {
      await db().update(productFormats).set({ stock: 1000 }).where(eq(productFormats.id, p.formatId));
      const order = {
        seller: { id: shopId },
        products: [{ idTmp: 'l1', id: p.productId, quantity: 12, chosenFormat: { id: p.formatId } }],
        reservations: [],
      };
      const priced = await request(ctx.app)
        .post('/v1/orders/get-cart-price')
        .set(bearer(buyer))
        .send({
          orders: [{ ...order, shipping: point ? { collectionPoint: { id: point.id } } : { type: shipping.type, ref: shipping.ref } }],
        });
      if (priced.status === 200 && priced.body[0]?.price?.totalTTC > 0)
        return { order, shipping, totalTTC: priced.body[0].price.totalTTC as number };
    }
    throw new Error(`no product to buy at shop ${shopId}`);
  }

  /** The buyer's checkout at `shopId`, paid by `method`. */
  async function checkout(shopId: number, method = 'paypal') {
    const { order, shipping, totalTTC } = await cartOf(shopId);
    return request(ctx.app)
      .post('/v1/orders')
      .set(bearer(buyer))
      .send({
        order,
        deliveryAddress: {
          firstname: 'Béatrice',
          lastname: 'Acheteuse',
          street: '12 rue des Vignes',
          zipcode: '69002',
          city: 'Lyon',
          country: 'FR',
        },
        billingAddress: null,
        phone: '+33612345678',
        shipping,
        paymentMethod: method,
        acceptTerms: true,
        expectedTotalTTC: totalTTC,
        idempotencyKey: `paypal-${Date.now()}-${++keyN}`,
      });
  }
  const capture = (paymentId: number, token = buyer) =>
    request(ctx.app).post(`/v1/payments/${paymentId}/paypal-capture`).set(bearer(token)).send({});
  const webhook = (shopId: number, e: { payload: string; headers: Record<string, string> }) =>
    request(ctx.app).post(`/v1/payments/webhooks/paypal/${shopId}`).set('content-type', 'application/json').set(e.headers).send(e.payload);
  const paymentRow = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
  const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const paypalOrderOf = (clientId: string, ref: string) => fake.orders(clientId).find((o) => o.id === ref)!;

  beforeAll(async () => {
    fake = await startPayPalFake([A, B]);
    // the app's payments module reads PAYPAL_API_BASE when it is built
    process.env.PAYPAL_API_BASE = fake.url;
    ctx = await createTestContext();
    [buyer, owner, owner2] = await Promise.all(['buyer', 'owner', 'owner2'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    for (const [k, url] of [
      ['domaine', 'domaine-demo'],
      ['brasserie', 'brasserie-demo'],
      ['cave', 'cave-des-pros'],
    ] as const) {
      shop[k] = (await db().select({ id: shops.id }).from(shops).where(eq(shops.urlShop, url)))[0].id;
    }
    for (const [token, keys] of [
      [owner, A],
      [owner2, B],
    ] as const) {
      const put = await request(ctx.app)
        .put('/v1/shops/me/settings/payment-keys')
        .set(bearer(token))
        .send({ paypal: { ...keys, mode: 'test' } });
      expect(put.status).toBe(200);
    }
  });
  afterAll(async () => {
    if (savedBase === undefined) delete process.env.PAYPAL_API_BASE;
    else process.env.PAYPAL_API_BASE = savedBase;
    await ctx.close();
    await fake.close();
  });

  it('the buyer is sent to PayPal, approves, comes back: captured once on the shop’s account, the order confirmed', async () => {
    expect((await request(ctx.app).get(`/v1/payments/shops/${shop.domaine}/options`)).body).toMatchObject({ paypalIsActive: true });
    const placed = await checkout(shop.domaine);
    expect(placed.status).toBe(201);
    const payment = placed.body.payment;
    const row = await paymentRow(payment.id);
    expect(payment).toMatchObject({ method: 'paypal', provider: 'paypal', status: 'pending' });
    expect(payment.nextAction).toEqual({ type: 'paypal_approve', url: `${fake.url}/checkoutnow?token=${row.providerRef}` });
    expect(row.account).toBe('shop');
    // the PayPal order is on the domaine's account, for the order's total, and comes back to the shop's return page
    const pp = paypalOrderOf(A.clientId, row.providerRef!);
    expect(Math.round(Number(pp.amount.value) * 100)).toBe(payment.amount);
    expect(pp.returnUrl).toBe(`${ctx.config.accounts.publicUrl}/paypal-return?payment=${payment.id}`);
    expect(fake.orders(B.clientId)).toEqual([]);
    expect((await orderRow(placed.body.order.id)).confirmedAt).toBeNull();

    // back without approving (the return page opened by hand): nothing captured, the buyer approves again
    const early = await capture(payment.id);
    expect([early.status, early.body.message]).toEqual([409, PAYPAL_CHECKOUT_MESSAGES.notApproved]);
    expect((await request(ctx.app).get(`/v1/payments/${payment.id}`).set(bearer(buyer))).body.nextAction.type).toBe('paypal_approve');

    // approved on PayPal: PayPal sends the buyer to the return page with its token
    const back = new URL(fake.approve(A.clientId, row.providerRef!));
    expect([back.pathname, back.searchParams.get('payment'), back.searchParams.get('token')]).toEqual([
      '/paypal-return',
      String(payment.id),
      row.providerRef,
    ]);
    // someone else cannot capture it
    expect((await capture(payment.id, owner2)).status).toBe(404);
    const paid = await capture(payment.id);
    expect(paid.body).toMatchObject({ id: payment.id, status: 'paid', provider: 'paypal', nextAction: null });
    const again = await capture(payment.id);
    expect(again.body.status).toBe('paid');
    const captured = paypalOrderOf(A.clientId, row.providerRef!);
    expect(captured.status).toBe('COMPLETED');
    expect((await paymentRow(payment.id)).providerRef).toBe(captured.captureId);
    const o = await orderRow(placed.body.order.id);
    expect([o.paymentStatus, o.status, o.confirmedAt !== null]).toEqual(['paid', 'validated', true]);

    // the seller cancels the paid order: the whole payment goes back on the domaine's PayPal account
    const cancelled = await request(ctx.app)
      .post(`/v1/sales/orders/${placed.body.order.id}/actions/cancel`)
      .set(bearer(owner))
      .send({ reason: 'Rupture' });
    expect(cancelled.status).toBe(200);
    // French number formatting: a narrow no-break space before €
    expect(cancelled.body.message.replace(/[\u202f\u00a0]/g, ' ')).toBe(
      `Commande annulée — ${(payment.amount / 100).toFixed(2).replace('.', ',')} € remboursés au client par le prestataire de paiement`,
    );
    expect(fake.refunds(A.clientId).map((r) => [r.captureId, Math.round(Number(r.amount.value) * 100)])).toEqual([
      [captured.captureId, payment.amount],
    ]);
    expect((await paymentRow(payment.id)).status).toBe('refunded');
    expect(fake.refunds(B.clientId)).toEqual([]);
  });

  it('a buyer who approved but never came back: the shop’s PayPal webhook captures it; a forged or foreign event changes nothing', async () => {
    const placed = await checkout(shop.domaine);
    const id = placed.body.payment.id as number;
    const ref = (await paymentRow(id)).providerRef!;
    fake.approve(A.clientId, ref);
    const approved = fake.event(A.clientId, 'CHECKOUT.ORDER.APPROVED', { id: ref, status: 'APPROVED' });

    // signed for the brasserie's account, or tampered, or sent to a shop without PayPal: refused
    const byB = fake.event(B.clientId, 'CHECKOUT.ORDER.APPROVED', { id: ref, status: 'APPROVED' });
    expect([(await webhook(shop.domaine, byB)).status, (await webhook(shop.domaine, byB)).body.message]).toEqual([
      400,
      PAYMENT_MESSAGES.webhookSignature,
    ]);
    expect(
      (await webhook(shop.domaine, { payload: approved.payload.replace('APPROVED"', 'COMPLETED"'), headers: approved.headers })).status,
    ).toBe(400);
    expect((await webhook(shop.cave, approved)).status).toBe(404);
    // the brasserie's genuine event about the domaine's PayPal order moves nothing: its endpoint moves only its payments
    expect((await webhook(shop.brasserie, byB)).body).toEqual({ received: true });
    expect((await paymentRow(id)).status).toBe('pending');

    expect((await webhook(shop.domaine, approved)).body).toEqual({ received: true });
    expect((await paymentRow(id)).status).toBe('paid');
    expect((await webhook(shop.domaine, approved)).body).toEqual({ received: true, duplicate: true });
    // PayPal's capture event afterwards: already paid, nothing moves
    const captureId = paypalOrderOf(A.clientId, ref).captureId!;
    const completed = fake.event(A.clientId, 'PAYMENT.CAPTURE.COMPLETED', {
      id: captureId,
      status: 'COMPLETED',
      supplementary_data: { related_ids: { order_id: ref } },
    });
    expect((await webhook(shop.domaine, completed)).body).toEqual({ received: true });
    expect((await paymentRow(id)).providerRef).toBe(captureId);
    expect(fake.orders(A.clientId).filter((o) => o.id === ref && o.status === 'COMPLETED')).toHaveLength(1);
  });

  it('a credit note gives back a part once; two producers in one cart are each paid on their own PayPal account', async () => {
    const a = await checkout(shop.domaine);
    const b = await checkout(shop.brasserie);
    expect([a.status, b.status, b.body.message]).toEqual([201, 201, undefined]);
    const [ra, rb] = [await paymentRow(a.body.payment.id), await paymentRow(b.body.payment.id)];
    expect(fake.orders(A.clientId).map((o) => o.id)).toContain(ra.providerRef);
    expect(fake.orders(A.clientId).map((o) => o.id)).not.toContain(rb.providerRef);
    expect(fake.orders(B.clientId).map((o) => o.id)).toEqual([rb.providerRef]);
    fake.approve(A.clientId, ra.providerRef!);
    fake.approve(B.clientId, rb.providerRef!);
    expect((await capture(ra.id)).body.status).toBe('paid');
    expect((await capture(rb.id)).body.status).toBe('paid');

    // the refund a credit note asks for, through a payments module over the same database and keys
    const mod = createPaymentsModule(
      {
        db: db(),
        config: ctx.config,
        jwt: ctx.app.locals.jwt,
        auth: createAuthMiddlewares(db(), ctx.app.locals.jwt),
        logger: createLogger('silent'),
        secrets: createSecretBox(ctx.secret),
      },
      { env: { PAYPAL_API_BASE: fake.url } },
    );
    const first = await db().transaction((tx) => mod.refundPayment(tx, rb.id, { amountCents: 300, key: 'AV2026-00009' }));
    const second = await db().transaction((tx) => mod.refundPayment(tx, rb.id, { amountCents: 300, key: 'AV2026-00009' }));
    expect(second.ref).toBe(first.ref);
    expect(fake.refunds(B.clientId).map((r) => r.amount.value)).toEqual(['3.00']);
    expect((await paymentRow(rb.id)).status).toBe('paid');
    const tooMuch = await db()
      .transaction((tx) => mod.refundPayment(tx, rb.id, { amountCents: rb.amountCents + 1, key: 'x' }))
      .catch((e) => e);
    expect([tooMuch.status, tooMuch.field]).toEqual([400, 'amountCents']);
    mod.close();
    expect(fake.refunds(A.clientId).filter((r) => r.captureId === paypalOrderOf(A.clientId, ra.providerRef!).captureId)).toEqual([]);
  });

  it('a shop without PayPal keys: PayPal not offered, and an order asking for it is refused naming the field', async () => {
    expect((await request(ctx.app).get(`/v1/payments/shops/${shop.cave}/options`)).body).toMatchObject({ paypalIsActive: false });
    // the domaine removes its PayPal keys: PayPal is no longer offered there, nothing is created on its account
    const removed = await request(ctx.app).put('/v1/shops/me/settings/payment-keys').set(bearer(owner)).send({ paypal: null });
    expect(removed.status).toBe(200);
    expect((await request(ctx.app).get(`/v1/payments/shops/${shop.domaine}/options`)).body).toMatchObject({ paypalIsActive: false });
    const before = fake.orders(A.clientId).length;
    const count = async () => (await db().select({ id: payments.id }).from(payments).where(eq(payments.shopId, shop.domaine))).length;
    const paymentsBefore = await count();
    const refused = await checkout(shop.domaine);
    expect([refused.status, refused.body.field, refused.body.message]).toEqual([400, 'paymentMethod', PAYPAL_CHECKOUT_MESSAGES.notOffered]);
    expect(fake.orders(A.clientId)).toHaveLength(before);
    expect(await count()).toBe(paymentsBefore);
    // the buyer of every PayPal payment is the buyer who placed the order
    const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'buyer@demo.test'));
    const rows = await db().select({ buyerId: payments.buyerId }).from(payments).where(eq(payments.provider, 'paypal'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.buyerId === u.id)).toBe(true);
  });
});
