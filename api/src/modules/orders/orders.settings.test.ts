import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { DELIVERY_SETTINGS_MESSAGES as M, deliverySettingsAnswerSchema, type DeliverySettingsInput } from 'shared-kernel/contracts';
import { shopMembers, shops, users } from '../../platform/db/tables';
import { productFormats, products } from '../catalog';
import { crmClients } from '../clients';
import { orders, shopCheckoutSettings } from './orders.tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

const PATH = '/v1/orders/settings/delivery';

describe('settings section `delivery` (GET / PUT /v1/orders/settings/delivery)', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let agent: string;
  let buyer: string;
  let domaineId: number;
  let galets: { productId: number; formatId: number };
  const db = () => ctx.handle.db;

  const get = (token: string) => request(ctx.app).get(PATH).set(bearer(token));
  const put = (token: string, body: object) => request(ctx.app).put(PATH).set(bearer(token)).send(body);
  const options = (query = '') => request(ctx.app).get(`/v1/shops/domaine-demo/checkout-options${query}`);
  const cartPrice = async (quantity: number, shipping: Record<string, unknown>) => {
    const res = await request(ctx.app)
      .post('/v1/orders/get-cart-price')
      .send({
        orders: [
          {
            seller: { id: domaineId },
            products: [{ idTmp: 'a', id: galets.productId, quantity, chosenFormat: { id: galets.formatId } }],
            reservations: [],
            shipping,
          },
        ],
      });
    expect(res.status).toBe(200);
    return res.body[0] as { price: { shipping: number; nbrPackages: number; totalTTC: number }; franco: boolean };
  };

  /** The settings the tests start from (the seed's, as a PUT body). */
  const base = (): DeliverySettingsInput => ({
    deliveryTypes: [
      {
        name: 'Colissimo France',
        ref: 'colissimo-fr',
        type: 'colissimo',
        zones: [{ countries: ['FR'], price: 12 }],
        franco: { quantity: 24, amount: 300 },
      },
      {
        name: 'Transporteur Europe',
        ref: 'transporteur-eu',
        type: 'transporteur',
        zones: [
          { countries: ['BE', 'DE', 'LU'], price: 25 },
          { countries: ['CH', 'GB'], price: 35 },
        ],
        franco: null,
      },
    ],
    collectionPoints: [
      { id: 1, name: 'Retrait au domaine', address: '12 chemin des Vignes, 84100 Orange', price: 0 },
      { id: 2, name: 'Cave partenaire (Lyon)', address: '8 rue Mercière, 69002 Lyon', price: 5 },
    ],
    packaging: { bottlesPerPackage: 12, extraPackagePrice: 7 },
  });

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam, agent, buyer] = await Promise.all(
      ['owner', 'owner2', 'iam', 'agent', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)),
    );
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

  it('reads the seeded settings: zones, collection points, packaging; an older row (no zones) reads as one zone', async () => {
    const res = await get(owner);
    expect(res.status).toBe(200);
    expect(deliverySettingsAnswerSchema.parse(res.body)).toEqual(res.body);
    expect(res.body.deliveryTypes[0]).toEqual({
      name: 'Colissimo France',
      ref: 'colissimo-fr',
      type: 'colissimo',
      zones: [{ countries: ['FR'], price: 12 }],
      franco: { quantity: 24, amount: 300 },
    });
    expect(res.body.deliveryTypes[1].zones.map((z: { price: number }) => z.price)).toEqual([25, 35]);
    expect(res.body.collectionPoints.map((p: { id: number }) => p.id)).toEqual([1, 2]);
    expect(res.body.packaging).toEqual({ bottlesPerPackage: 12, extraPackagePrice: 7 });

    // the brasserie's row is stored the older way (price + countries)
    const b = await get(owner2);
    expect(b.status).toBe(200);
    expect(b.body.deliveryTypes).toEqual([
      { name: 'Livraison locale', ref: 'livraison-locale', type: 'local', zones: [{ countries: ['FR'], price: 8 }], franco: null },
    ]);
    expect(b.body.packaging).toEqual({ bottlesPerPackage: 12, extraPackagePrice: 7 });
  });

  it('owner, and iam with manageDelivery only; anyone else 403, no token 401', async () => {
    expect((await request(ctx.app).get(PATH)).status).toBe(401);
    for (const token of [agent, buyer, iam]) {
      expect((await get(token)).status).toBe(403);
      expect((await put(token, base())).status).toBe(403);
    }
    const [iamUser] = await db().select().from(users).where(eq(users.email, 'iam@demo.test'));
    const [member] = await db()
      .select()
      .from(shopMembers)
      .where(and(eq(shopMembers.userId, iamUser.id), eq(shopMembers.shopId, domaineId)));
    await db()
      .update(shopMembers)
      .set({ authorizations: { ...(member.authorizations ?? {}), manageDelivery: true } })
      .where(eq(shopMembers.id, member.id));
    try {
      const iam2 = await loginAs(ctx.app, 'iam@demo.test');
      expect((await get(iam2)).status).toBe(200);
      const saved = await put(iam2, base());
      expect(saved.status).toBe(200);
      expect(saved.body.message).toBe(M.saved);
    } finally {
      await db().update(shopMembers).set({ authorizations: member.authorizations }).where(eq(shopMembers.id, member.id));
    }
  });

  it('another shop’s owner reads and writes only their own shop', async () => {
    const before = await get(owner);
    const res = await put(owner2, {
      deliveryTypes: [{ name: 'Coursier', ref: 'coursier', type: 'local', zones: [{ countries: ['FR'], price: 9 }] }],
    });
    expect(res.status).toBe(200);
    expect((await get(owner)).body).toEqual(before.body);
    const [brasserie] = await db().select().from(shops).where(eq(shops.urlShop, 'brasserie-demo'));
    const [row] = await db().select().from(shopCheckoutSettings).where(eq(shopCheckoutSettings.shopId, brasserie.id));
    expect(row.deliveryTypes.map((d) => d.ref)).toEqual(['coursier']);
    // what the PUT does not own stays: payment methods, rules, terms
    expect(row.paymentMethods).toEqual(['stripe', 'transfer', 'check']);
    expect(row.rules).toMatchObject({ minAmountHT: 20, packaging: { bottlesPerPackage: 12, extraPackagePrice: 7 } });
    expect(row.terms).toBeTruthy();
  });

  it('round trip: what is saved is what is read; stored with price + countries for older readers', async () => {
    const body = base();
    body.deliveryTypes!.push({
      name: 'Monde',
      ref: 'monde',
      type: 'transporteur',
      zones: [
        { countries: ['us', ' ca '], price: 45.5 },
        { countries: [], price: 60 },
      ],
      franco: { quantity: null, amount: 1000 },
    });
    body.packaging = { bottlesPerPackage: 6, extraPackagePrice: 4.5 };
    const res = await put(owner, body);
    expect(res.status).toBe(200);
    const read = await get(owner);
    const { message, ...saved } = res.body;
    expect(message).toBe('Paramètres de livraison enregistrés');
    expect(read.body).toEqual(saved);
    expect(read.body.deliveryTypes[2]).toEqual({
      name: 'Monde',
      ref: 'monde',
      type: 'transporteur',
      zones: [
        { countries: ['US', 'CA'], price: 45.5 },
        { countries: [], price: 60 },
      ],
      franco: { quantity: null, amount: 1000 },
    });
    expect(read.body.packaging).toEqual({ bottlesPerPackage: 6, extraPackagePrice: 4.5 });
    const [row] = await db().select().from(shopCheckoutSettings).where(eq(shopCheckoutSettings.shopId, domaineId));
    expect(row.deliveryTypes[2]).toMatchObject({ price: 60, countries: [] });
    expect(row.deliveryTypes[1]).toMatchObject({ price: 25, countries: ['BE', 'DE', 'LU', 'CH', 'GB'] });
    expect((await put(owner, base())).status).toBe(200);
  });

  it('collection points keep their ids; a new one never takes an id an order names', async () => {
    // an order names point 2
    const [o] = await db().select().from(orders).where(eq(orders.shopId, domaineId)).limit(1);
    await db()
      .update(orders)
      .set({ shipping: { ...o.shipping, collectionPointId: 2, collectionPoint: 'Cave partenaire (Lyon)' } })
      .where(eq(orders.id, o.id));
    try {
      const body = base();
      // point 2 removed, point 1 renamed and moved last, a new point
      body.collectionPoints = [
        { name: 'Boutique de Nîmes', address: '3 rue de la Madeleine, 30000 Nîmes', price: 2.5 },
        { id: 1, name: 'Retrait au caveau', address: '12 chemin des Vignes, 84100 Orange', price: 0 },
      ];
      const res = await put(owner, body);
      expect(res.status).toBe(200);
      expect(res.body.collectionPoints).toEqual([
        { id: 3, name: 'Boutique de Nîmes', address: '3 rue de la Madeleine, 30000 Nîmes', price: 2.5 },
        { id: 1, name: 'Retrait au caveau', address: '12 chemin des Vignes, 84100 Orange', price: 0 },
      ]);
      // an unknown id, or an id sent twice, is a new point
      const again = await put(owner, {
        ...body,
        collectionPoints: [
          { id: 3, name: 'Boutique de Nîmes', address: 'a', price: 1 },
          { id: 3, name: 'Copie', address: 'b', price: 1 },
          { id: 99, name: 'Inventé', address: 'c', price: 1 },
        ],
      });
      expect(again.body.collectionPoints.map((p: { id: number }) => p.id)).toEqual([3, 4, 5]);
    } finally {
      await db().update(orders).set({ shipping: o.shipping }).where(eq(orders.id, o.id));
      await db()
        .update(shopCheckoutSettings)
        .set({ collectionPoints: base().collectionPoints as never })
        .where(eq(shopCheckoutSettings.shopId, domaineId));
    }
  });

  describe('validation: 400 with a French message naming the field', () => {
    const expect400 = async (body: object, field: string, message: string) => {
      const res = await put(owner, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, field, message });
    };
    it('empty texts', async () => {
      const b = base();
      b.deliveryTypes![0].name = '  ';
      await expect400(b, 'deliveryTypes.0.name', 'Ce champ ne peut pas être vide');
      const c = base();
      c.collectionPoints![1].address = '';
      await expect400(c, 'collectionPoints.1.address', 'Ce champ ne peut pas être vide');
    });
    it('prices ≥ 0', async () => {
      const b = base();
      b.deliveryTypes![1].zones[1].price = -1;
      await expect400(b, 'deliveryTypes.1.zones.1.price', M.price);
      const c = base();
      c.collectionPoints![0].price = -0.01;
      await expect400(c, 'collectionPoints.0.price', M.price);
      await expect400({ ...base(), packaging: { bottlesPerPackage: 12, extraPackagePrice: -7 } }, 'packaging.extraPackagePrice', M.price);
    });
    it('duplicate ref (any case)', async () => {
      const b = base();
      b.deliveryTypes![1].ref = 'Colissimo-FR';
      await expect400(b, 'deliveryTypes.1.ref', 'La référence « Colissimo-FR » est déjà utilisée par un autre mode de livraison');
    });
    it('invalid country code, a country in two zones, no zone', async () => {
      const b = base();
      b.deliveryTypes![1].zones[0].countries = ['BE', 'XX'];
      await expect400(b, 'deliveryTypes.1.zones.0.countries.1', "Le code pays « XX » n'est pas un code ISO valide (ex. FR, BE, DE)");
      const c = base();
      c.deliveryTypes![1].zones[1].countries = ['CH', 'de'];
      await expect400(c, 'deliveryTypes.1.zones.1.countries', M.countryTwice('DE'));
      const d = base();
      d.deliveryTypes![0].zones = [];
      await expect400(d, 'deliveryTypes.0.zones', M.zones);
    });
    it('franco and packaging bounds', async () => {
      const b = base();
      b.deliveryTypes![0].franco = { quantity: 0, amount: null };
      await expect400(b, 'deliveryTypes.0.franco.quantity', M.francoQuantity);
      await expect400(
        { ...base(), packaging: { bottlesPerPackage: 0, extraPackagePrice: 7 } },
        'packaging.bottlesPerPackage',
        M.bottlesPerPackage,
      );
    });
    it('nothing is saved on a 400', async () => {
      const before = await get(owner);
      const b = base();
      b.deliveryTypes![0].zones[0].price = 99;
      b.deliveryTypes![1].name = '';
      expect((await put(owner, b)).status).toBe(400);
      expect((await get(owner)).body).toEqual(before.body);
    });
  });

  describe('the checkout follows at once', () => {
    afterEach(async () => {
      expect((await put(owner, base())).status).toBe(200);
    });

    it('checkout options and the cart price reflect a change at once (answer cache)', async () => {
      // read (and keep) the seller's answers first
      expect((await options()).body.deliveryTypes.map((d: { name: string; price: number }) => `${d.name} ${d.price}`)).toEqual([
        'Colissimo France 12',
        'Transporteur Europe 25',
      ]);
      expect((await cartPrice(6, { type: 'colissimo', ref: 'colissimo-fr' })).price.shipping).toBe(1200);
      const b = base();
      b.deliveryTypes![0].zones[0].price = 14.9;
      b.deliveryTypes![0].name = 'Colissimo';
      expect((await put(owner, b)).status).toBe(200);
      const after = await options();
      expect(after.body.deliveryTypes[0]).toMatchObject({ name: 'Colissimo', price: 14.9, zones: [{ countries: ['FR'], price: 14.9 }] });
      expect((await cartPrice(6, { type: 'colissimo', ref: 'colissimo-fr' })).price.shipping).toBe(1490);
    });

    it('zones by country: the rate of the zone serving it; a type serving no zone of the country is not offered', async () => {
      const b = base();
      b.deliveryTypes!.push({
        name: 'Monde',
        ref: 'monde',
        type: 'dhl',
        zones: [
          { countries: ['US'], price: 40 },
          { countries: [], price: 55 },
        ],
      });
      expect((await put(owner, b)).status).toBe(200);
      const names = async (country: string) =>
        (await options(`?country=${country}`)).body.deliveryTypes.map((d: { ref: string; price: number }) => `${d.ref} ${d.price}`);
      expect(await names('FR')).toEqual(['colissimo-fr 12', 'monde 55']);
      expect(await names('ch')).toEqual(['transporteur-eu 35', 'monde 55']);
      expect(await names('DE')).toEqual(['transporteur-eu 25', 'monde 55']);
      expect(await names('US')).toEqual(['monde 40']);
      const bad = await options('?country=FRA');
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('country');
      // without a country: every type, with its zones, the packaging
      const all = (await options()).body;
      expect(
        all.deliveryTypes.map((d: { ref: string; price: number; countries: string[] }) => `${d.ref} ${d.price} ${d.countries.length}`),
      ).toEqual(['colissimo-fr 12 1', 'transporteur-eu 25 5', 'monde 55 0']);
      expect(all.deliveryTypes[1].zones).toEqual([
        { countries: ['BE', 'DE', 'LU'], price: 25 },
        { countries: ['CH', 'GB'], price: 35 },
      ]);
      expect(all.packaging).toEqual({ bottlesPerPackage: 12, extraPackagePrice: 7 });

      // the cart price with the delivery country
      expect((await cartPrice(6, { type: 'transporteur', ref: 'transporteur-eu', country: 'CH' })).price.shipping).toBe(3500);
      expect((await cartPrice(6, { type: 'transporteur', ref: 'transporteur-eu', country: 'BE' })).price.shipping).toBe(2500);
      expect((await cartPrice(6, { type: 'dhl', ref: 'monde', country: 'US' })).price.shipping).toBe(4000);
      expect((await cartPrice(6, { type: 'dhl', ref: 'monde' })).price.shipping).toBe(5500);
    });

    it('placing an order: the zone of the delivery address sets the rate; a country no zone serves is refused', async () => {
      const address = {
        firstname: 'Béatrice',
        lastname: 'Acheteuse',
        street: '1 Bahnhofstrasse',
        zipcode: '8001',
        city: 'Zürich',
        country: 'CH',
      };
      const shipping = { type: 'transporteur', ref: 'transporteur-eu', collectionPointId: null };
      const priced = await cartPrice(6, { ...shipping, country: 'CH' });
      const order = {
        seller: { id: domaineId },
        products: [{ idTmp: 'a', id: galets.productId, quantity: 6, chosenFormat: { id: galets.formatId } }],
        reservations: [],
      };
      const body = (over: Record<string, unknown>) => ({
        order,
        deliveryAddress: address,
        billingAddress: null,
        phone: '+33612345678',
        shipping,
        paymentMethod: 'transfer',
        acceptTerms: true,
        expectedTotalTTC: priced.price.totalTTC,
        idempotencyKey: `delivery-${Date.now()}-${Math.random()}`,
        ...over,
      });
      const placed = await request(ctx.app).post('/v1/orders').set(bearer(buyer)).send(body({}));
      expect(placed.status).toBe(201);
      const [row] = await db()
        .select()
        .from(orders)
        .where(eq(orders.number, placed.body.number ?? placed.body.order?.number));
      expect((row.price as { shipping: number }).shipping).toBe(3500);
      // Colissimo serves France only
      const refused = await request(ctx.app)
        .post('/v1/orders')
        .set(bearer(buyer))
        .send(body({ shipping: { type: 'colissimo', ref: 'colissimo-fr', collectionPointId: null } }));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toContainEqual(
        expect.objectContaining({ field: 'shipping', message: "Aucun mode de livraison n'est disponible pour cette adresse" }),
      );
      await request(ctx.app).put(`/v1/orders/${row.id}/aborted-cart`).set(bearer(buyer));
    });

    it('the back-office pricing (sales preview) uses the client’s zone and the shop’s packaging', async () => {
      const [client] = await db().select().from(crmClients).where(eq(crmClients.shopId, domaineId)).limit(1);
      await db()
        .update(crmClients)
        .set({
          addresses: [
            { kind: 'delivery', isDefault: true, street: '1 Bahnhofstrasse', zipcode: '8001', city: 'Zürich', country: 'CH' },
          ] as never,
        })
        .where(eq(crmClients.id, client.id));
      try {
        const preview = async () => {
          const res = await request(ctx.app)
            .post('/v1/sales/orders/preview')
            .set(bearer(owner))
            .send({ clientId: client.id, lines: [{ formatId: galets.formatId, quantity: 13 }], shipping: { ref: 'transporteur-eu' } });
          expect(res.status).toBe(200);
          return res.body as { shippingHT: number };
        };
        // Swiss zone 35 € + one extra package at 7 €
        expect(await preview()).toMatchObject({ shippingHT: 4200 });
        expect((await put(owner, { ...base(), packaging: { bottlesPerPackage: 6, extraPackagePrice: 4.5 } })).status).toBe(200);
        // 13 bottles in packages of 6: two extra packages at 4.50 €
        expect(await preview()).toMatchObject({ shippingHT: 3500 + 900 });
      } finally {
        await db().update(crmClients).set({ addresses: client.addresses }).where(eq(crmClients.id, client.id));
      }
    });

    it('the cart price charges the shop’s packaging (bottles a package, price per extra package)', async () => {
      // defaults: 13 bottles → 2 packages → 12 + 7
      expect((await cartPrice(13, { type: 'colissimo', ref: 'colissimo-fr' })).price).toMatchObject({ shipping: 1900, nbrPackages: 2 });
      expect((await put(owner, { ...base(), packaging: { bottlesPerPackage: 6, extraPackagePrice: 4.5 } })).status).toBe(200);
      // 13 bottles → 3 packages of 6 → 12 + 2 × 4.50
      expect((await cartPrice(13, { type: 'colissimo', ref: 'colissimo-fr' })).price).toMatchObject({ shipping: 2100, nbrPackages: 3 });
      // the franco still makes it free
      expect(await cartPrice(24, { type: 'colissimo', ref: 'colissimo-fr' })).toMatchObject({ franco: true, price: { shipping: 0 } });
      // a collection point pays no package
      expect((await cartPrice(13, { collectionPoint: { id: 2 } })).price.shipping).toBe(500);
    });
  });
});
