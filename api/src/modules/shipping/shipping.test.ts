// UPS shipments against a local fake of UPS's APIs (fake-ups.test-support.ts): credentials, connection test, booking
// with its label and the order marked shipped, bulk labels, each UPS failure in French with nothing stored, voiding and
// booking again, the tracking sweep (the order delivered at UPS's date, the buyer told once), and the scope (module
// `ups`, manageDelivery for the credentials and the shipments, another shop's order).
import express, { type Express } from 'express';
import request from 'supertest';
import { PDFDocument } from 'pdf-lib';
import { SALES_MESSAGES, SHOP_HEADER } from 'shared-kernel/contracts';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { createAuthMiddlewares } from '../../platform/auth/middleware';
import { createJwtService } from '../../platform/auth/jwt';
import type { Db } from '../../platform/db/client';
import { jobs, notifications, shopMembers, shops, users } from '../../platform/db/tables';
import type { AppDeps } from '../../platform/deps';
import { errorHandler, HttpError, notFoundHandler } from '../../platform/errors';
import { inputGuard } from '../../platform/input-guard';
import { createLogger } from '../../platform/logger';
import { apiRouter, mount } from '../../platform/routes';
import { createSecretBox } from '../../platform/secret-box';
import { bearer, binary, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { crmClients } from '../clients';
import { orders } from '../orders';
import { createPaymentsModule } from '../payments';
import { createOrdersRouter } from '../orders';
import { createSalesRouter } from '../sales';
import { createShopsRouter } from '../shops';
import { startFakeUps, type FakeUps } from './fake-ups.test-support';
import { createShippingRouter } from './shipping.router';
import { SHIPPING_MESSAGES as M } from './shipping.schemas';
import { createUpsShipment } from './shipping.shipments';
import { staffFor } from './shipping.orders';
import { shipments, carrierAccounts } from './shipping.tables';
import { trackOpenShipments } from './shipping.tracking';
import { forgetUpsTokens } from './ups.adapter';
import type { ShippingDeps } from './shipping.deps';

/** UPS's way of writing a day: YYYYMMDD (UTC) */
const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');

const CREDS = { clientId: 'fake-client-id', clientSecret: 'fake-client-secret', accountNumber: 'A1B2C3', environment: 'test' };

describe('UPS shipments (local UPS fake)', () => {
  let ctx: TestContext;
  let db: Db;
  let fake: FakeUps;
  let app: Express;
  let shipping: ShippingDeps;
  let owner: string;
  let owner2: string;
  let iam: string;
  let shopId: number;
  let shop2Id: number;
  let ownerId: number;

  const call = (token: string, method: 'get' | 'post' | 'put', url: string, body?: unknown) => {
    const r = request(app)[method](`/v1${url}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };
  const pdfOf = (token: string, method: 'get' | 'post', url: string, body?: unknown) => {
    const r = request(app)[method](`/v1${url}`).set(bearer(token));
    return (body === undefined ? r : r.send(body as object)).buffer(true).parse(binary);
  };
  const pagesOf = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPageCount();

  /** a validated back-office order of `bottles` bottles typed by hand, delivered to `zipcode` */
  const validatedOrder = async (token: string, sid: number, bottles: number, zipcode = '69001') => {
    const [c] = await db
      .insert(crmClients)
      .values({
        shopId: sid,
        kind: 'professional',
        typology: 'professionnel',
        company: 'Cave UPS',
        firstname: 'Anne',
        lastname: 'Colis',
        email: 'ups-client@test.test',
        addresses: [{ kind: 'billing', isDefault: true, street: '2 rue du Test', zipcode, city: 'Lyon', country: 'FR' }],
      })
      .returning();
    const created = await request(ctx.app)
      .post('/v1/sales/orders')
      .set(bearer(token))
      .send({
        clientId: c.id,
        lines: [{ label: 'Bourgogne rouge 2022 — 75 cl', quantity: bottles, unitPriceHT: 1390, vatRate: 20, accountingType: 'product' }],
        paymentDelay: '30',
      });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await request(ctx.app).post(`/v1/sales/orders/${id}/actions/validate`).set(bearer(token)).send({})).status).toBe(200);
    return id;
  };
  const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
  const shipmentRows = (orderId: number) => db.select().from(shipments).where(eq(shipments.orderId, orderId));
  const saveCreds = () => call(owner, 'put', '/shipping/ups/account', CREDS);

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    db = ctx.handle.db;
    fake = await startFakeUps();
    process.env.UPS_TEST_URL = fake.url;
    const logger = createLogger('silent');
    const jwt = createJwtService(ctx.secret, ctx.config.jwtTtlSeconds);
    const deps: AppDeps = {
      db,
      config: ctx.config,
      jwt,
      auth: createAuthMiddlewares(db, jwt),
      logger,
      secrets: createSecretBox(ctx.secret),
    };
    // the routers this module works with, as app.ts builds them
    const ordersRouter = createOrdersRouter(deps, createPaymentsModule(deps));
    const sales = createSalesRouter(deps, ordersRouter.service);
    const router = createShippingRouter(deps, sales.service);
    shipping = router.shipping;
    const v1 = apiRouter(deps.auth);
    mount(v1, createShopsRouter(deps), router);
    app = express();
    app.use(express.json());
    app.use(inputGuard);
    app.use('/v1', v1);
    app.use(notFoundHandler);
    app.use(errorHandler(logger));

    owner = await loginAs(ctx.app, 'owner@demo.test');
    owner2 = await loginAs(ctx.app, 'owner2@demo.test');
    iam = await loginAs(ctx.app, 'iam@demo.test');
    shopId = (await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    shop2Id = (await db.select().from(shops).where(eq(shops.urlShop, 'brasserie-demo')))[0].id;
    ownerId = (await db.select().from(users).where(eq(users.email, 'owner@demo.test')))[0].id;
  });
  beforeEach(() => {
    fake.reset();
    forgetUpsTokens();
  });
  afterAll(async () => {
    delete process.env.UPS_TEST_URL;
    await fake.close();
    await ctx.close();
  });

  it('keeps the credentials with the secret sealed: never in an answer, never in clear in the database', async () => {
    expect((await call(owner, 'get', '/shipping/ups/account')).body).toMatchObject({ configured: false, clientSecretSet: false });
    // a first save needs the secret
    const noSecret = await call(owner, 'put', '/shipping/ups/account', { ...CREDS, clientSecret: '' });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body).toMatchObject({ message: M.secretNeeded, field: 'clientSecret' });
    const bad = await call(owner, 'put', '/shipping/ups/account', { ...CREDS, accountNumber: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: M.accountNumber, field: 'accountNumber' });

    const saved = await saveCreds();
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      configured: true,
      clientId: CREDS.clientId,
      clientSecretSet: true,
      accountNumber: 'A1B2C3',
      message: M.saved,
    });
    const read = await call(owner, 'get', '/shipping/ups/account');
    for (const body of [saved.body, read.body]) expect(JSON.stringify(body)).not.toContain(CREDS.clientSecret);
    const [row] = await db.select().from(carrierAccounts).where(eq(carrierAccounts.shopId, shopId));
    expect(row.clientSecret).not.toContain(CREDS.clientSecret);
    // '' keeps the stored secret
    const kept = await call(owner, 'put', '/shipping/ups/account', { ...CREDS, clientSecret: '' });
    expect(kept.status).toBe(200);
    expect((await call(owner, 'post', '/shipping/ups/account/test')).body).toEqual({ ok: true, message: M.connected });
  });

  it('« Tester la connexion »: ok with the right credentials, a French reason otherwise', async () => {
    await saveCreds();
    const ok = await call(owner, 'post', '/shipping/ups/account/test');
    expect(ok.body).toEqual({ ok: true, message: M.connected });
    expect((await call(owner, 'get', '/shipping/ups/account')).body.verifiedAt).not.toBeNull();
    expect(fake.state.calls).toContain('POST /security/v1/oauth/token');

    await call(owner, 'put', '/shipping/ups/account', { ...CREDS, clientSecret: 'wrong-secret-123' });
    const ko = await call(owner, 'post', '/shipping/ups/account/test');
    expect(ko.status).toBe(200);
    expect(ko.body).toEqual({ ok: false, message: M.auth });
    expect((await call(owner, 'get', '/shipping/ups/account')).body.verifiedAt).toBeNull();

    await saveCreds();
    fake.state.fail.down = true;
    expect((await call(owner, 'post', '/shipping/ups/account/test')).body).toEqual({ ok: false, message: M.unavailable });
  });

  it('books the shipment of an order: label stored (a page per parcel), tracking number, order shipped with UPS', async () => {
    await saveCreds();
    const id = await validatedOrder(owner, shopId, 18);
    const before = await call(owner, 'get', `/shipping/orders/${id}`);
    expect(before.status).toBe(200);
    // 18 bottles by the default packaging of 12: a full parcel and one of 6
    expect(before.body).toMatchObject({ shipment: null, accountConfigured: true });
    expect(before.body.suggestedParcels.map((p: { bottles: number }) => p.bottles)).toEqual([12, 6]);

    const res = await call(owner, 'post', `/shipping/orders/${id}/ups`, { service: '11' });
    expect(res.status).toBe(201);
    const tn = res.body.trackingNumber as string;
    expect(tn).toMatch(/^1ZFAKE/);
    expect(res.body).toMatchObject({ orderId: id, service: '11', serviceLabel: 'UPS Standard', status: 'created', message: M.created(tn) });
    expect(res.body.cost).toEqual({ cents: 2500, currency: 'EUR' });

    // what UPS was asked: the shop's account, the order's address, two parcels with their weights
    const [booked] = [...fake.state.shipments.values()];
    type Party = { ShipperNumber?: string; Address: Record<string, unknown> };
    const sent = (
      booked.body as {
        ShipmentRequest: { Shipment: { Shipper: Party; ShipTo: Party; Package: Array<{ PackageWeight: { Weight: string } }> } };
      }
    ).ShipmentRequest.Shipment;
    expect(sent.Shipper.ShipperNumber).toBe('A1B2C3');
    expect(sent.Shipper.Address).toMatchObject({ PostalCode: '71960', City: 'Pierreclos', CountryCode: 'FR' });
    expect(sent.ShipTo.Address).toMatchObject({ PostalCode: '69001', City: 'Lyon' });
    expect(sent.Package.map((p) => p.PackageWeight.Weight)).toEqual(['16.8', '8.7']);

    const [row] = await shipmentRows(id);
    expect(row).toMatchObject({ trackingNumber: tn, status: 'created', shopId, createdBy: ownerId });
    const o = await orderRow(id);
    expect(o).toMatchObject({ carrier: 'UPS', trackingNumber: tn, deliveryStatus: 'transit' });
    // the order's detail, as the buyer's order page reads it: the parcel and UPS's tracking page
    const detail = await request(ctx.app).get(`/v1/orders/${id}`).set(bearer(owner));
    expect(detail.body.tracking).toEqual({ carrier: 'UPS', number: tn, url: `https://www.ups.com/track?loc=fr_FR&tracknum=${tn}` });

    const label = await pdfOf(owner, 'get', `/shipping/shipments/${row.id}/label.pdf`);
    expect(label.status).toBe(200);
    expect(label.headers['content-type']).toMatch(/application\/pdf/);
    expect(await pagesOf(label.body as Buffer)).toBe(2);

    // a second booking of the same order is refused, naming the first
    const again = await call(owner, 'post', `/shipping/orders/${id}/ups`, { service: '11' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.alreadyShipped(tn));
    expect(fake.state.shipments.size).toBe(1);
  });

  it('prints the labels of several orders in one PDF, a page per label', async () => {
    await saveCreds();
    const a = await validatedOrder(owner, shopId, 6);
    const b = await validatedOrder(owner, shopId, 30);
    const none = await validatedOrder(owner, shopId, 3);
    expect((await call(owner, 'post', `/shipping/orders/${a}/ups`, { service: '65' })).status).toBe(201);
    expect(
      (
        await call(owner, 'post', `/shipping/orders/${b}/ups`, {
          service: '11',
          parcels: [{ weightKg: 17 }, { weightKg: 17 }, { weightKg: 9.5 }],
        })
      ).status,
    ).toBe(201);
    const res = await pdfOf(owner, 'post', '/shipping/labels.pdf', { orderIds: [a, b, none] });
    expect(res.status).toBe(200);
    expect(await pagesOf(res.body as Buffer)).toBe(1 + 3);
    const nothing = await call(owner, 'post', '/shipping/labels.pdf', { orderIds: [none] });
    expect(nothing.status).toBe(404);
    expect(nothing.body.message).toBe(M.noLabels);
    const bad = await call(owner, 'post', '/shipping/labels.pdf', { orderIds: [] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: M.orderIds, field: 'orderIds' });
  });

  it.each([
    ['address', 400, M.address, 'deliveryAddress'],
    ['auth', 409, M.auth, 'clientSecret'],
    ['down', 502, M.unavailable, undefined],
    ['service', 400, M.service, 'service'],
  ] as const)('UPS failing (%s) → %i in French, nothing stored, order not shipped', async (failure, status, message, field) => {
    await saveCreds();
    const id = await validatedOrder(owner, shopId, 12);
    fake.state.fail[failure] = true;
    const res = await call(owner, 'post', `/shipping/orders/${id}/ups`, { service: '11' });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, message });
    expect(res.body.field).toBe(field);
    expect(await shipmentRows(id)).toHaveLength(0);
    expect(await orderRow(id)).toMatchObject({ deliveryStatus: 'pending', trackingNumber: null });
    expect(fake.state.shipments.size).toBe(0);
  });

  it('refuses before asking UPS: no credentials, a cancelled order', async () => {
    await db.delete(carrierAccounts).where(eq(carrierAccounts.shopId, shopId));
    const o = await validatedOrder(owner, shopId, 6);
    const res = await call(owner, 'post', `/shipping/orders/${o}/ups`, { service: '11' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.notConfigured);
    await saveCreds();
    await request(ctx.app).post(`/v1/sales/orders/${o}/actions/cancel`).set(bearer(owner)).send({});
    const cancelled = await call(owner, 'post', `/shipping/orders/${o}/ups`, { service: '11' });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe(M.notShippable);
    expect(fake.state.calls.filter((c) => c.includes('/ship'))).toHaveLength(0);
  });

  it('when storing or marking the order fails, the UPS shipment is voided and nothing is kept', async () => {
    await saveCreds();
    const staff = (await staffFor(db, shopId, [ownerId]))!;
    const id = await validatedOrder(owner, shopId, 6);
    const failingOrders = { ...shipping.orders, ship: () => Promise.reject(new HttpError(409, 'refusé par les ventes')) };
    await expect(createUpsShipment({ ...shipping, orders: failingOrders }, staff, id, { service: '11' })).rejects.toMatchObject({
      status: 409,
    });
    expect(fake.state.voided).toHaveLength(1);
    expect(await shipmentRows(id)).toHaveLength(0);

    const failingDb = new Proxy(db, {
      get: (t, p) => (p === 'transaction' ? () => Promise.reject(new Error('connection lost')) : Reflect.get(t, p)),
    });
    await expect(createUpsShipment({ ...shipping, db: failingDb }, staff, id, { service: '11' })).rejects.toMatchObject({
      status: 503,
      message: M.storeFailed,
    });
    expect(fake.state.voided).toHaveLength(2);
    expect(fake.state.shipments.size).toBe(0);
    expect(await shipmentRows(id)).toHaveLength(0);
    expect(await orderRow(id)).toMatchObject({ deliveryStatus: 'pending' });
  });

  it('voids a shipment at UPS and here; twice is refused', async () => {
    await saveCreds();
    const id = await validatedOrder(owner, shopId, 6);
    const created = await call(owner, 'post', `/shipping/orders/${id}/ups`, { service: '11' });
    const res = await call(owner, 'post', `/shipping/shipments/${created.body.id}/void`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'voided', message: M.voided });
    expect(fake.state.voided).toHaveLength(1);
    expect((await call(owner, 'post', `/shipping/shipments/${created.body.id}/void`)).status).toBe(409);
    expect((await call(owner, 'get', `/shipping/orders/${id}`)).body.shipment).toBeNull();
  });

  it('the tracking sweep: UPS says delivered → the shipment gets its date, the order is delivered', async () => {
    await saveCreds();
    const inTransit = await validatedOrder(owner, shopId, 6);
    const delivered = await validatedOrder(owner, shopId, 12);
    const a = await call(owner, 'post', `/shipping/orders/${inTransit}/ups`, { service: '11' });
    const b = await call(owner, 'post', `/shipping/orders/${delivered}/ups`, { service: '11' });
    fake.state.tracking.set(a.body.trackingNumber, { type: 'I' });
    fake.state.tracking.set(b.body.trackingNumber, { type: 'D', date: '20261205' });

    const result = await trackOpenShipments(shipping, { minAgeMs: 0 });
    expect(result.delivered).toBe(1);
    const [sa] = await shipmentRows(inTransit);
    const [sb] = await shipmentRows(delivered);
    expect(sa).toMatchObject({ status: 'transit', deliveredAt: null });
    expect(sb.status).toBe('delivered');
    expect(sb.deliveredAt?.toISOString()).toBe('2026-12-05T14:30:00.000Z');
    expect(await orderRow(delivered)).toMatchObject({ deliveryStatus: 'delivered' });
    expect(await orderRow(inTransit)).toMatchObject({ deliveryStatus: 'transit' });

    // a delivered shipment is not asked about again
    fake.state.calls.length = 0;
    await trackOpenShipments(shipping, { minAgeMs: 0 });
    expect(fake.state.calls.filter((c) => c.includes(sb.trackingNumber))).toHaveLength(0);
    const deliveredVoid = await call(owner, 'post', `/shipping/shipments/${sb.id}/void`);
    expect(deliveredVoid.status).toBe(409);
    expect(deliveredVoid.body.message).toBe(M.deliveredNoVoid);
  });

  it("the order is delivered at UPS's date, not at the sweep's; a date ahead of now or before the booking is brought within them", async () => {
    await saveCreds();
    const started = Date.now();
    const day = 24 * 3600_000;
    const book = async () => {
      const id = await validatedOrder(owner, shopId, 6);
      const res = await call(owner, 'post', `/shipping/orders/${id}/ups`, { service: '11' });
      expect(res.status).toBe(201);
      return { id, tn: res.body.trackingNumber as string };
    };
    // booked five days ago, delivered two days ago
    const late = await book();
    await db
      .update(orders)
      .set({ shippedAt: new Date(started - 5 * day) })
      .where(eq(orders.id, late.id));
    const upsDay = new Date(started - 2 * day);
    fake.state.tracking.set(late.tn, { type: 'D', date: ymd(upsDay) });
    // UPS's date (noon, a local time read as UTC) before the booking that shipped the order, and one after now
    const before = await book();
    fake.state.tracking.set(before.tn, { type: 'D', date: ymd(new Date(started - 3 * day)) });
    const ahead = await book();
    fake.state.tracking.set(ahead.tn, { type: 'D', date: ymd(new Date(started + 2 * day)) });

    expect((await trackOpenShipments(shipping, { minAgeMs: 0 })).delivered).toBe(3);
    const l = await orderRow(late.id);
    expect(l.deliveryStatus).toBe('delivered');
    expect(l.deliveredAt?.toISOString()).toBe(`${upsDay.toISOString().slice(0, 10)}T14:30:00.000Z`);
    const b = await orderRow(before.id);
    expect(b.deliveryStatus).toBe('delivered');
    expect(b.deliveredAt?.toISOString()).toBe(b.shippedAt?.toISOString());
    const a = await orderRow(ahead.id);
    expect(a.deliveryStatus).toBe('delivered');
    expect(a.deliveredAt!.getTime()).toBeGreaterThanOrEqual(started);
    expect(a.deliveredAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('the sales action deliver takes the date it was delivered: never ahead of now nor before it left, else 400 naming deliveredAt', async () => {
    const id = await validatedOrder(owner, shopId, 6);
    const deliver = (body: object) => request(ctx.app).post(`/v1/sales/orders/${id}/actions/deliver`).set(bearer(owner)).send(body);
    const shipped = await request(ctx.app)
      .post(`/v1/sales/orders/${id}/actions/ship`)
      .set(bearer(owner))
      .send({ carrier: 'Colissimo', trackingNumber: '6A12345' });
    expect(shipped.status).toBe(200);
    const shippedAt = new Date(Date.now() - 4 * 24 * 3600_000);
    await db.update(orders).set({ shippedAt }).where(eq(orders.id, id));
    const bad: Array<[unknown, string]> = [
      ['hier', SALES_MESSAGES.deliveredAt],
      ['2026-13-45T10:00:00Z', SALES_MESSAGES.deliveredAt],
      [2147483648, SALES_MESSAGES.deliveredAt],
      [new Date(Date.now() + 3600_000).toISOString(), SALES_MESSAGES.deliveredAtFuture],
      [new Date(shippedAt.getTime() - 3600_000).toISOString(), SALES_MESSAGES.deliveredAtBeforeShipped],
    ];
    for (const [deliveredAt, message] of bad) {
      const res = await deliver({ deliveredAt });
      expect([deliveredAt, res.status, res.body.field, res.body.message]).toEqual([deliveredAt, 400, 'deliveredAt', message]);
    }
    expect(await orderRow(id)).toMatchObject({ deliveryStatus: 'transit', deliveredAt: null });
    const at = new Date(shippedAt.getTime() + 26 * 3600_000);
    expect((await deliver({ deliveredAt: at.toISOString().replace('Z', '+00:00') })).status).toBe(200);
    const o = await orderRow(id);
    expect(o.deliveryStatus).toBe('delivered');
    expect(o.deliveredAt?.toISOString()).toBe(at.toISOString());
    expect(o.shippedAt?.toISOString()).toBe(shippedAt.toISOString());
  });

  it('the buyer hears of a UPS delivery once: the sales notification, with the tracking number, and no mail', async () => {
    await saveCreds();
    const id = await validatedOrder(owner, shopId, 6);
    const booked = await call(owner, 'post', `/shipping/orders/${id}/ups`, { service: '11' });
    expect(booked.status).toBe(201);
    const tn = booked.body.trackingNumber as string;
    // an order the buyer placed online: the one sales tells of its moves
    const [buyer] = await db.select().from(users).where(eq(users.email, 'buyer@demo.test'));
    await db.update(orders).set({ buyerId: buyer.id, source: 'shop' }).where(eq(orders.id, id));
    const { buyerEmail, number } = await orderRow(id);
    const lastOf = async (table: typeof notifications | typeof jobs) =>
      (await db.select({ n: sql<number>`coalesce(max(${table.id}), 0)::int` }).from(table))[0].n;
    const [noteSince, jobSince] = [await lastOf(notifications), await lastOf(jobs)];
    fake.state.tracking.set(tn, { type: 'D', date: ymd(new Date()) });

    expect((await trackOpenShipments(shipping, { minAgeMs: 0 })).delivered).toBe(1);
    expect(await orderRow(id)).toMatchObject({ deliveryStatus: 'delivered' });
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.id), gt(notifications.id, noteSince)));
    expect(told.map((n) => [n.content, n.redirectLink])).toEqual([
      [`Commande ${number} (${(await orderRow(id)).buyerName}) livrée (UPS, suivi ${tn})`, `/dashboard/orders/${id}`],
    ]);
    const mailed = await db
      .select()
      .from(jobs)
      .where(and(gt(jobs.id, jobSince), sql`${jobs.payload}->>'to' = ${buyerEmail}`));
    expect(mailed).toHaveLength(0);
  });

  it('a voided shipment can be booked again: a new label, the order takes its tracking number, the voided one stays listed', async () => {
    await saveCreds();
    const id = await validatedOrder(owner, shopId, 6);
    const first = await call(owner, 'post', `/shipping/orders/${id}/ups`, { service: '11' });
    expect(first.status).toBe(201);
    expect((await call(owner, 'post', `/shipping/shipments/${first.body.id}/void`)).status).toBe(200);
    const { shippedAt } = await orderRow(id);

    const second = await call(owner, 'post', `/shipping/orders/${id}/ups`, { service: '65' });
    expect(second.status).toBe(201);
    const tn = second.body.trackingNumber as string;
    expect(tn).not.toBe(first.body.trackingNumber);
    expect(second.body).toMatchObject({ status: 'created', service: '65', message: M.created(tn) });
    // still shipped, from the same day, under the new number; the buyer gets the mail with it
    expect(await orderRow(id)).toMatchObject({ carrier: 'UPS', trackingNumber: tn, deliveryStatus: 'transit', shippedAt });
    const [mail] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `order-shipped:${id}:${tn}`));
    expect(JSON.stringify(mail.payload)).toContain(tn);

    const rows = await shipmentRows(id);
    expect(rows.map((r) => [r.trackingNumber, r.status]).sort()).toEqual(
      [
        [first.body.trackingNumber, 'voided'],
        [tn, 'created'],
      ].sort(),
    );
    const read = await call(owner, 'get', `/shipping/orders/${id}`);
    expect(read.body.shipment).toMatchObject({ id: second.body.id, trackingNumber: tn });
    expect(read.body.shipments.map((s: { trackingNumber: string; status: string }) => [s.trackingNumber, s.status])).toEqual([
      [tn, 'created'],
      [first.body.trackingNumber, 'voided'],
    ]);
    // the new one is live: a third booking is refused
    const third = await call(owner, 'post', `/shipping/orders/${id}/ups`, { service: '11' });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(M.alreadyShipped(tn));

    // an order shipped by other means is not UPS's to book
    const byHand = await validatedOrder(owner, shopId, 6);
    await request(ctx.app)
      .post(`/v1/sales/orders/${byHand}/actions/ship`)
      .set(bearer(owner))
      .send({ carrier: 'Colissimo', trackingNumber: '6A777' });
    const refused = await call(owner, 'post', `/shipping/orders/${byHand}/ups`, { service: '11' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.notShippable);
  });

  it('bad values (too big ids, negatives, fractions, empty strings) are 4xx naming the field, never 5xx', async () => {
    await saveCreds();
    const id = await validatedOrder(owner, shopId, 6);
    const all: unknown[] = [2147483648, -1, 1e23, 1.5, '', null, 'x'.repeat(300)];
    const cases: Array<[string, string, (v: unknown) => object, unknown[]]> = [
      ['put', '/shipping/ups/account', (v) => ({ ...CREDS, clientId: v }), all],
      // '' is how the form keeps the stored secret
      ['put', '/shipping/ups/account', (v) => ({ ...CREDS, clientSecret: v }), all.filter((v) => v !== '')],
      ['put', '/shipping/ups/account', (v) => ({ ...CREDS, accountNumber: v }), all],
      ['put', '/shipping/ups/account', (v) => ({ ...CREDS, environment: v }), all],
      ['post', `/shipping/orders/${id}/ups`, (v) => ({ service: v }), all],
      ['post', `/shipping/orders/${id}/ups`, (v) => ({ service: '11', parcels: [{ weightKg: v }] }), [2147483648, -1, 1e23, 0, '', null]],
      [
        'post',
        `/shipping/orders/${id}/ups`,
        (v) => ({ service: '11', parcels: [{ weightKg: 2, bottles: v }] }),
        [2147483648, -1, 1e23, 1.5, ''],
      ],
      ['post', `/shipping/orders/${id}/ups`, (v) => ({ service: '11', parcels: v }), all],
      ['post', '/shipping/labels.pdf', (v) => ({ orderIds: [v] }), all],
    ];
    for (const [method, url, body, values] of cases)
      for (const v of values) {
        const res = await call(owner, method as 'put' | 'post', url, body(v));
        expect([url, v, res.status]).toEqual([url, v, 400]);
        expect(res.body.field).toBeTruthy();
      }
    for (const bad of ['2147483648', '-1', '1e23', '1.5', 'abc'])
      for (const [method, url] of [
        ['get', `/shipping/orders/${bad}`],
        ['post', `/shipping/orders/${bad}/ups`],
        ['post', `/shipping/orders/${bad}/address-check`],
        ['get', `/shipping/shipments/${bad}/label.pdf`],
        ['post', `/shipping/shipments/${bad}/void`],
      ] as const)
        expect([url, (await call(owner, method, url, method === 'post' ? { service: '11' } : undefined)).status]).toEqual([url, 404]);
    // nothing was booked by any of them
    expect(fake.state.shipments.size).toBe(0);
  });

  it('asks UPS about the delivery address', async () => {
    await saveCreds();
    const id = await validatedOrder(owner, shopId, 6);
    const ok = await call(owner, 'post', `/shipping/orders/${id}/address-check`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ valid: true, message: M.addressValid });
    expect(ok.body.candidates[0]).toMatchObject({ zipcode: '69001', city: 'Lyon', country: 'FR' });
    fake.state.fail.address = true;
    expect((await call(owner, 'post', `/shipping/orders/${id}/address-check`)).body).toMatchObject({
      valid: false,
      message: M.addressInvalid,
    });
    fake.state.fail.address = false;
    fake.state.fail.down = true;
    const down = await call(owner, 'post', `/shipping/orders/${id}/address-check`);
    expect(down.status).toBe(502);
    expect(down.body.message).toBe(M.unavailable);
  });

  describe('scope', () => {
    it("module 'ups' off → 403; an iam without manageDelivery → 403", async () => {
      // the brasserie of owner2 has only shop, crm and stocks on
      const off = await call(owner2, 'get', '/shipping/ups/account');
      expect(off.status).toBe(403);
      expect(off.body.message).toBe('Ce module n’est pas activé pour votre boutique');
      expect((await call(iam, 'get', '/shipping/ups/account')).status).toBe(403);
      expect((await call(iam, 'post', '/shipping/labels.pdf', { orderIds: [1] })).status).toBe(403);
    });

    it('saving the UPS credentials needs manageDelivery: the owner, an iam holding it; not an iam without it, an agent, another shop', async () => {
      const agent = await loginAs(ctx.app, 'agent@demo.test');
      const [iamUser] = await db.select().from(users).where(eq(users.email, 'iam@demo.test'));
      const [iamMember] = await db
        .select()
        .from(shopMembers)
        .where(and(eq(shopMembers.userId, iamUser.id), eq(shopMembers.shopId, shopId)));
      expect(iamMember.authorizations?.manageDelivery).toBeFalsy();
      const stored = async () => (await db.select().from(carrierAccounts).where(eq(carrierAccounts.shopId, shopId)))[0]?.clientId;
      const other = { ...CREDS, clientId: 'someone-else-id', accountNumber: 'Z9Y8X7' };

      expect((await saveCreds()).status).toBe(200);
      expect((await call(iam, 'put', '/shipping/ups/account', other)).status).toBe(403);
      expect((await call(agent, 'put', '/shipping/ups/account', other)).status).toBe(403);
      // another shop's owner: naming this shop → 404; on their own shop it is not this shop's account
      const named = await request(app).put('/v1/shipping/ups/account').set(bearer(owner2)).set(SHOP_HEADER, String(shopId)).send(other);
      expect(named.status).toBe(404);
      expect((await call(owner2, 'put', '/shipping/ups/account', other)).status).toBe(403);
      expect(await stored()).toBe(CREDS.clientId);

      await db
        .update(shopMembers)
        .set({ authorizations: { ...iamMember.authorizations, manageDelivery: true } })
        .where(eq(shopMembers.id, iamMember.id));
      try {
        const saved = await call(iam, 'put', '/shipping/ups/account', other);
        expect(saved.status).toBe(200);
        expect(await stored()).toBe(other.clientId);
      } finally {
        await db.update(shopMembers).set({ authorizations: iamMember.authorizations }).where(eq(shopMembers.id, iamMember.id));
      }
      expect((await saveCreds()).status).toBe(200);
    });

    it("another shop's order or shipment → 404", async () => {
      await saveCreds();
      const [other] = await db.select({ id: orders.id }).from(orders).where(ne(orders.shopId, shopId)).limit(1);
      const otherOrder = other?.id ?? 2147483647;
      expect((await call(owner, 'get', `/shipping/orders/${otherOrder}`)).status).toBe(404);
      const res = await call(owner, 'post', `/shipping/orders/${otherOrder}/ups`, { service: '11' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.orderNotFound);
      // a shipment of another shop: moved there behind the api's back
      const id = await validatedOrder(owner, shopId, 6);
      const created = await call(owner, 'post', `/shipping/orders/${id}/ups`, { service: '11' });
      await db.update(shipments).set({ shopId: shop2Id }).where(eq(shipments.id, created.body.id));
      expect((await call(owner, 'get', `/shipping/shipments/${created.body.id}/label.pdf`)).status).toBe(404);
      expect((await call(owner, 'post', `/shipping/shipments/${created.body.id}/void`)).status).toBe(404);
      expect(fake.state.voided).toHaveLength(0);
    });
  });
});
