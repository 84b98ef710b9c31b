import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { formatPrices, productFormats, products } from '../catalog';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

// Settings › Typologies: the « Remise globale » and the « Règles de quantité en équivalent 75 cl » of a typology change
// the prices its buyers get, in the cart (the one price engine, as the back-office orders) and at the till; Settings ›
// Produits › « Règles de quantité en équivalent 75 cl » does the same for every typology of the shop.
describe('a typology’s settings take effect in the prices', () => {
  let ctx: TestContext;
  let owner: string;
  let domaineId: number;
  let galets: { productId: number; formatId: number };
  const db = () => ctx.handle.db;

  const particulier = (over: { globalDiscount?: number; allRulesInEq75?: boolean }) =>
    request(ctx.app)
      .put('/v1/tariffs/typologies/particulier')
      .set(bearer(owner))
      .send({ name: 'Particulier', public: true, ttc: true, globalDiscount: 0, allRulesInEq75: false, ...over })
      .expect(200);

  /** What an anonymous visitor (the public typology, Particulier) pays for `quantity` Galets Rouges. */
  const unitPrice = async (quantity: number): Promise<number> => {
    const res = await request(ctx.app)
      .post('/v1/orders/get-cart-price')
      .send({
        orders: [
          {
            seller: { id: domaineId },
            products: [{ idTmp: 'a', id: galets.productId, quantity, chosenFormat: { id: galets.formatId } }],
            reservations: [],
          },
        ],
      })
      .expect(200);
    return res.body[0].lines[0].unitPrice as number;
  };

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    owner = await loginAs(ctx.app, 'owner@demo.test');
    domaineId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
    [galets] = await db()
      .select({ productId: products.id, formatId: productFormats.id })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(products.shopId, domaineId), eq(products.name, 'Les Galets Rouges'), eq(productFormats.nameInShop, 'Bouteille 75 cl')));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('quantity rules in 75 cl equivalents: 3 units of a 2-equivalent format reach the 6-unit tier only with the setting', async () => {
    // this format counts 2 equivalents a unit (as a magnum) and has a tier from 6 units, 1 € TTC off
    const [price] = await db()
      .select()
      .from(formatPrices)
      .where(and(eq(formatPrices.formatId, galets.formatId), eq(formatPrices.typology, 'particulier')));
    await db().update(productFormats).set({ eq75: 2 }).where(eq(productFormats.id, galets.formatId));
    await db()
      .update(formatPrices)
      .set({ discountPrice: { 6: price.priceCents - 100 } })
      .where(eq(formatPrices.id, price.id));

    const counted = await unitPrice(3);
    await particulier({ allRulesInEq75: true });
    const inEq75 = await unitPrice(3);
    expect(inEq75).toBeLessThan(counted);
    // the tier's price, HT (Particulier prices are TTC at 20 %)
    expect(inEq75).toBe(Math.round((price.priceCents - 100) / 1.2));
    await particulier({ allRulesInEq75: false });
    expect(await unitPrice(3)).toBe(counted);
  });

  it('the shop’s « Règles de quantité en équivalent 75 cl »: 3 magnums count 6 bottles for the 6-unit tier and a 6-bottle franco', async () => {
    // the seeded magnum (eq75 2): 28,75 € TTC, 27,31 € TTC from 6 units; the typology's own flag stays off
    const [magnum] = await db()
      .select({
        productId: products.id,
        formatId: productFormats.id,
        eq75: productFormats.eq75,
        priceCents: formatPrices.priceCents,
        discountPrice: formatPrices.discountPrice,
      })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .innerJoin(formatPrices, and(eq(formatPrices.formatId, productFormats.id), eq(formatPrices.typology, 'particulier')))
      .where(and(eq(products.shopId, domaineId), eq(products.name, 'Les Galets Rouges'), eq(productFormats.nameInShop, 'Magnum 150 cl')));
    const tier6 = (magnum.discountPrice as Record<string, number>)['6'];
    expect(magnum.eq75).toBe(2);
    expect(tier6).toBeLessThan(magnum.priceCents);

    // the owner's delivery settings: Colissimo free from 6 bottles (no amount), 12 € HT otherwise
    const delivery = (await request(ctx.app).get('/v1/orders/settings/delivery').set(bearer(owner)).expect(200)).body;
    const colissimo = delivery.deliveryTypes.find((d: { ref: string }) => d.ref === 'colissimo-fr');
    await request(ctx.app)
      .put('/v1/orders/settings/delivery')
      .set(bearer(owner))
      .send({
        ...delivery,
        deliveryTypes: delivery.deliveryTypes.map((d: { ref: string }) =>
          d === colissimo ? { ...d, franco: { quantity: 6, amount: null } } : d,
        ),
      })
      .expect(200);
    const shopFlag = async (on: boolean) => {
      const defaults = (await request(ctx.app).get('/v1/tariffs/product-defaults').set(bearer(owner)).expect(200)).body;
      await request(ctx.app)
        .put('/v1/tariffs/product-defaults')
        .set(bearer(owner))
        .send({ ...defaults, allRulesInEq75: on })
        .expect(200);
    };
    const threeMagnums = async () =>
      (
        await request(ctx.app)
          .post('/v1/orders/get-cart-price')
          .send({
            orders: [
              {
                seller: { id: domaineId },
                products: [{ idTmp: 'm', id: magnum.productId, quantity: 3, chosenFormat: { id: magnum.formatId } }],
                reservations: [],
                shipping: { type: 'colissimo', ref: 'colissimo-fr', collectionPoint: null },
              },
            ],
          })
          .expect(200)
      ).body[0];

    try {
      // counted in units: 3 < 6, the base price 28,75 / 1,2 = 23,958… → 23,96 € HT; 3 of 6 bottles: 50 % of the franco
      const units = await threeMagnums();
      expect(units.lines[0].unitPrice).toBe(Math.round(magnum.priceCents / 1.2));
      expect(units).toMatchObject({ franco: false, francoPercent: 50, price: { shipping: colissimo.zones[0].price * 100 } });

      // the shop's flag on: 3 × 2 = 6 equivalents, the tier 27,31 / 1,2 = 22,758… → 22,76 € HT; 6 of 6: shipping free
      await shopFlag(true);
      const inEq75 = await threeMagnums();
      expect(inEq75.lines[0].unitPrice).toBe(Math.round(tier6 / 1.2));
      expect(inEq75).toMatchObject({ franco: true, francoPercent: 100, price: { shipping: 0 } });

      await shopFlag(false);
      expect((await threeMagnums()).lines[0].unitPrice).toBe(units.lines[0].unitPrice);
    } finally {
      await shopFlag(false);
      await request(ctx.app).put('/v1/orders/settings/delivery').set(bearer(owner)).send(delivery).expect(200);
    }
  });

  it('« Remise globale » 10 %: the cart’s unit price and the till’s price fall by 10 %, rounded once to the cent', async () => {
    const before = await unitPrice(1);
    const [sp] = (await request(ctx.app).get('/v1/pos/salespoints').set(bearer(owner)).expect(200)).body as Array<{ id: number }>;
    const till = async () =>
      (
        (await request(ctx.app).get(`/v1/pos/salespoints/${sp.id}/catalog`).set(bearer(owner)).expect(200)).body.items as Array<{
          formatId: number;
          unitPriceTTC: number;
        }>
      ).find((i) => i.formatId === galets.formatId)!.unitPriceTTC;
    const tillBefore = await till();

    await particulier({ globalDiscount: 10 });
    expect(await unitPrice(1)).toBe(Math.round(before * 0.9));
    expect(await till()).toBe(Math.round(tillBefore * 0.9));

    await particulier({ globalDiscount: 0 });
    expect(await unitPrice(1)).toBe(before);
  });
});
