import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import { shops } from '../../platform/db/tables';
import { createTestContext, loginAs, bearer, type TestContext, binary } from '../../test/test-app';
import { productFormats, products } from '../catalog';
import { crmClients } from '../clients';
import { orderLines, orders, shopCheckoutSettings } from '../orders';
import { stockLevels, warehouses } from '../stock';
import { closePdfText, pdfText, plainSpaces } from './documents/test-utils';
import { DEFAULT_PACKAGING } from 'shared-kernel/domain';
import { bottlesOf, packagesOf, type BottleLine } from './sales.delivery';

const line = (l: Partial<BottleLine>): BottleLine => ({
  kind: 'product',
  quantity: 0,
  addQuantity: 0,
  accountingType: null,
  productId: null,
  productType: null,
  ...l,
});

describe('bottlesOf (the bottles of an order, §9 packaging)', () => {
  it('counts the units of bottle products, free units included', () => {
    expect(
      bottlesOf([
        line({ productId: 1, productType: 'bottle', quantity: 12, addQuantity: 1 }),
        line({ productId: 2, productType: 'bottle', quantity: 6, accountingType: 'productGift' }),
      ]),
    ).toBe(19);
  });

  it('leaves out boxes, accessories, services and the lines that are not articles', () => {
    expect(
      bottlesOf([
        line({ productId: 3, productType: 'box', quantity: 2, accountingType: 'box' }),
        line({ productId: 4, productType: 'accessory', quantity: 5, accountingType: 'marchandise' }),
        line({ productId: 5, productType: 'prestation', quantity: 1, accountingType: 'prestation' }),
        line({ kind: 'shipping', quantity: 1, accountingType: 'shipping' }),
        line({ kind: 'reservation', quantity: 4 }),
        line({ kind: 'discount', quantity: 1, accountingType: 'discount' }),
      ]),
    ).toBe(0);
  });

  it('counts a line typed by hand when it is booked as a bottle product (offered and samples too)', () => {
    expect(
      bottlesOf([
        line({ quantity: 36, accountingType: 'product' }),
        line({ quantity: 12, accountingType: 'product' }),
        line({ quantity: 2, accountingType: 'productGift' }),
        line({ quantity: 1, accountingType: 'productSample' }),
        line({ quantity: 1, accountingType: 'prestation' }),
        line({ quantity: 3, accountingType: 'box' }),
        line({ quantity: 2, accountingType: 'marchandise' }),
        line({ quantity: 1, accountingType: null }),
      ]),
    ).toBe(51);
  });
});

describe('packagesOf (what leaves the cellar, in parcels)', () => {
  it('counts the bottles inside boxes whose content is known: 2 boxes of 3 and 7 bottles = 13 bottles, 2 packages of 12', () => {
    expect(
      packagesOf(
        [
          line({ productId: 3, productType: 'box', quantity: 2, bottlesPerBox: 3 }),
          line({ productId: 1, productType: 'bottle', quantity: 7 }),
        ],
        DEFAULT_PACKAGING,
      ),
    ).toEqual({ bottles: 13, packages: 2 });
  });

  it('ships goods without bottles in one parcel; a service alone ships nothing', () => {
    // a box typed by hand (content unknown) and a jar of jam: no bottle, still a parcel
    expect(
      packagesOf([line({ quantity: 2, accountingType: 'box' }), line({ quantity: 2, accountingType: 'marchandise' })], DEFAULT_PACKAGING),
    ).toEqual({ bottles: 0, packages: 1 });
    expect(packagesOf([line({ productId: 4, productType: 'accessory', quantity: 3 })], DEFAULT_PACKAGING)).toEqual({
      bottles: 0,
      packages: 1,
    });
    expect(packagesOf([line({ productId: 5, productType: 'prestation', quantity: 1 })], DEFAULT_PACKAGING)).toEqual({
      bottles: 0,
      packages: 0,
    });
    expect(packagesOf([line({ quantity: 1, accountingType: 'prestation' })], DEFAULT_PACKAGING)).toEqual({ bottles: 0, packages: 0 });
  });
});

describe('GET /sales/deliveries: bottles and packages from the order lines and the shop packaging', () => {
  let ctx: TestContext;
  let owner: string;
  let shopId: number;
  let clientId: number;
  let warehouseId: number;
  let bottleFormats: number[];
  let accessoryFormat: number;
  const db = () => ctx.handle.db;

  const call = (method: 'get' | 'post' | 'put', url: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(owner));
    return body === undefined ? r : r.send(body as object);
  };
  const deliveries = async () => {
    const res = await call('get', '/sales/deliveries?pageSize=100');
    expect(res.status).toBe(200);
    return res.body.items as Array<{ orderId: number; number: string; bottles: number; packages: number }>;
  };
  const itemOf = async (orderId: number) => {
    const item = (await deliveries()).find((i) => i.orderId === orderId);
    expect(item).toBeDefined();
    return item!;
  };
  const setPackaging = (packaging: { bottlesPerPackage: number; extraPackagePrice: number } | null) =>
    db()
      .update(shopCheckoutSettings)
      .set({
        rules: packaging
          ? sql`jsonb_set(coalesce(${shopCheckoutSettings.rules}, '{}'::jsonb), '{packaging}', ${JSON.stringify(packaging)}::jsonb)`
          : sql`${shopCheckoutSettings.rules} - 'packaging'`,
      })
      .where(eq(shopCheckoutSettings.shopId, shopId));
  /** a back-office order, validated so that it is to ship */
  const shipOrder = async (lines: unknown[]) => {
    const created = await call('post', '/sales/orders', { clientId, warehouseId, lines, shipping: { priceHT: 1800 }, paymentDelay: '30' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const validated = await call('post', `/sales/orders/${id}/actions/validate`, {});
    expect(validated.status).toBe(200);
    return id;
  };
  const note = async (orderId: number) => {
    const res = await call('get', `/sales/orders/${orderId}/delivery-note.pdf`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    return plainSpaces((await pdfText(res.body as Buffer)).text);
  };

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    owner = await loginAs(ctx.app, 'owner@demo.test');
    shopId = (await db().select().from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    const [c] = await db()
      .insert(crmClients)
      .values({
        shopId,
        kind: 'professional',
        typology: 'professionnel',
        company: 'Cave Colis',
        firstname: 'Anne',
        lastname: 'Colis',
        email: 'colis@test.test',
        siret: '35600000000048', // a professional is invoiced with its SIREN
        addresses: [{ kind: 'billing', isDefault: true, street: '2 rue du Test', zipcode: '69001', city: 'Lyon', country: 'FR' }],
      })
      .returning();
    clientId = c.id;
    const [w] = await db().insert(warehouses).values({ shopId, name: 'Entrepôt colis test' }).returning();
    warehouseId = w.id;
    const formatsOf = (type: 'bottle' | 'accessory') =>
      db()
        .select({ id: productFormats.id })
        .from(productFormats)
        .innerJoin(products, eq(products.id, productFormats.productId))
        .where(and(eq(productFormats.shopId, shopId), eq(products.productType, type), eq(products.status, 'online')))
        .orderBy(productFormats.id);
    bottleFormats = (await formatsOf('bottle')).slice(0, 2).map((f) => f.id);
    accessoryFormat = (await formatsOf('accessory'))[0].id;
    expect(bottleFormats).toHaveLength(2);
    await db()
      .insert(stockLevels)
      .values([...bottleFormats, accessoryFormat].map((formatId) => ({ shopId, warehouseId, formatId, onHand: 500 })));
  });
  afterAll(async () => {
    await closePdfText();
    await ctx.close();
  });

  it('the demo order of 48 bottles typed by hand (C2026-00016 of the demo): 48 bottles, 4 packages of 12, 8 of 6', async () => {
    // the same lines as the demo's history orders (api/src/seed/sales.ts): wines typed by hand, booked as products
    const id = await shipOrder([
      { label: 'Mâcon-Pierreclos blanc 2023 — 75 cl', quantity: 36, unitPriceHT: 1150, vatRate: 20, accountingType: 'product' },
      { label: 'Bourgogne rouge 2022 — 75 cl', quantity: 12, unitPriceHT: 1390, vatRate: 20, accountingType: 'product' },
    ]);
    await setPackaging(null);
    expect(await itemOf(id)).toMatchObject({ bottles: 48, packages: 4 });
    expect(await note(id)).toContain('48 bouteille(s) — 4 colis de 12 bouteilles au plus');
    // the order screen counts the same (staff only: the buyer's answer has no sales part)
    expect((await call('get', `/orders/${id}`)).body.sales.parcels).toEqual({ bottles: 48, packages: 4 });
    // the shop's own packaging (settings section 'delivery'): 6 bottles a package
    await setPackaging({ bottlesPerPackage: 6, extraPackagePrice: 5 });
    expect(await itemOf(id)).toMatchObject({ bottles: 48, packages: 8 });
    expect(await note(id)).toContain('48 bouteille(s) — 8 colis de 6 bouteilles au plus');
    await setPackaging(null);
  });

  it('catalogue lines: bottle products with their free units count, an accessory and a service do not', async () => {
    const id = await shipOrder([
      { formatId: bottleFormats[0], quantity: 12 },
      { formatId: bottleFormats[1], quantity: 6 },
      { formatId: accessoryFormat, quantity: 3 },
      { label: 'Dégustation commentée', quantity: 1, unitPriceHT: 5000, vatRate: 20 },
    ]);
    // a '12 + 1 offert' promotion on the first line (free units are shipped too)
    const [first] = await db()
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, id), eq(orderLines.formatId, bottleFormats[0])));
    await db().update(orderLines).set({ addQuantity: 1 }).where(eq(orderLines.id, first.id));
    await setPackaging(null);
    expect(await itemOf(id)).toMatchObject({ bottles: 19, packages: 2 });
    await setPackaging({ bottlesPerPackage: 6, extraPackagePrice: 5 });
    expect(await itemOf(id)).toMatchObject({ bottles: 19, packages: 4 });
    await setPackaging(null);
  });

  it("the demo's orders to ship that hold bottles no longer show 0 bottles · 0 packages", async () => {
    await setPackaging(null);
    const items = await deliveries();
    // the demo history (wines typed by hand, invoiced, not shipped yet)
    const history = await db()
      .select({ orderId: orderLines.orderId, n: sql<number>`sum(${orderLines.quantity} + ${orderLines.addQuantity})::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.shopId, shopId), eq(orderLines.accountingType, 'product'), sql`${orderLines.productId} is null`))
      .groupBy(orderLines.orderId);
    const listed = history.filter((h) => items.some((i) => i.orderId === h.orderId));
    expect(listed.length).toBeGreaterThan(0);
    for (const h of listed) {
      const item = items.find((i) => i.orderId === h.orderId)!;
      expect([item.number, item.bottles, item.packages]).toEqual([item.number, h.n, Math.ceil(h.n / 12)]);
    }
  });
});
