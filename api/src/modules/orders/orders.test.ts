import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { simpleParser } from 'mailparser';
import { and, eq, sql } from 'drizzle-orm';
import { CART_MESSAGES, orderListSchema, type CatalogProduct } from 'shared-kernel/contracts';
import { formatCents, priceOrder, toCartFormat, toCartVintage, vatRateOf, type CartOrder } from 'shared-kernel/domain';
import { loadConfig } from '../../platform/config';
import { hashPassword } from '../../platform/auth/password';
import { eventSlots, events, productFormats, products } from '../catalog';
import { jobs, notifications, users } from '../../platform/db/tables';
import { orders, shopCheckoutSettings } from './orders.tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

type Ids = { productId: number; formatId: number };

describe('orders and checkout', () => {
  let ctx: TestContext;
  let mailDir: string;
  let buyer: string;
  let owner: string;
  let iam: string;
  let agent: string;
  let domaineId: number;
  let galets: Ids;
  let rose: Ids;
  let magnum: Ids;
  let vrac: Ids;
  let paused: Ids;
  let terrasses: Ids;
  const db = () => ctx.handle.db;

  const ids = async (name: string, nameInShop: string): Promise<Ids> => {
    const [row] = await db()
      .select({ productId: products.id, formatId: productFormats.id })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(products.shopId, domaineId), eq(products.name, name), eq(productFormats.nameInShop, nameInShop)));
    return row;
  };
  const stockOf = async (formatId: number) =>
    (await db().select({ s: productFormats.stock }).from(productFormats).where(eq(productFormats.id, formatId)))[0].s;
  const setStock = (formatId: number, stock: number) => db().update(productFormats).set({ stock }).where(eq(productFormats.id, formatId));
  const line = (p: Ids, quantity: number, idTmp = `l-${p.formatId}`) => ({
    idTmp,
    id: p.productId,
    quantity,
    chosenFormat: { id: p.formatId },
  });
  const address = {
    firstname: 'Béatrice',
    lastname: 'Acheteuse',
    street: '12 rue des Vignes',
    zipcode: '69002',
    city: 'Lyon',
    country: 'FR',
  };
  let keyN = 0;
  const newKey = () => `test-key-${Date.now()}-${++keyN}`;

  const price = async (order: Record<string, unknown>, token?: string) => {
    const r = request(ctx.app)
      .post('/v1/orders/get-cart-price')
      .send({ orders: [order] });
    const res = await (token ? r.set(bearer(token)) : r);
    expect(res.status).toBe(200);
    return res.body[0];
  };

  /** A valid order body (6 × Les Galets Rouges, Colissimo, transfer) with the right expected total. */
  const body = async (over: Record<string, unknown> = {}, order?: Record<string, unknown>) => {
    const o = order ?? { seller: { id: domaineId }, products: [line(galets, 6)], reservations: [] };
    const shipping = (over.shipping as Record<string, unknown> | undefined) ?? {
      type: 'colissimo',
      ref: 'colissimo-fr',
      collectionPointId: null,
    };
    const p = await price({
      ...o,
      shipping: {
        type: shipping.type,
        ref: shipping.ref,
        collectionPoint: shipping.collectionPointId != null ? { id: shipping.collectionPointId } : null,
      },
    });
    return {
      order: o,
      deliveryAddress: address,
      billingAddress: null,
      phone: '+33612345678',
      shipping,
      paymentMethod: 'transfer',
      acceptTerms: true,
      expectedTotalTTC: p.price.totalTTC,
      idempotencyKey: newKey(),
      ...over,
    };
  };
  const place = (b: Record<string, unknown>, token = buyer) => request(ctx.app).post('/v1/orders').set(bearer(token)).send(b);

  beforeAll(async () => {
    mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wz-orders-mail-'));
    const base = loadConfig({ NODE_ENV: 'test' }).accounts;
    ctx = await createTestContext({ accounts: { ...base, smtpUrl: undefined, mailDir, publicUrl: 'http://app.test' } });
    [buyer, owner, iam, agent] = await Promise.all(['buyer', 'owner', 'iam', 'agent'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    domaineId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
    galets = await ids('Les Galets Rouges', 'Bouteille 75 cl');
    rose = await ids('Rosé des Vignes', 'Bouteille 75 cl');
    magnum = await ids('Les Galets Rouges', 'Magnum 150 cl');
    vrac = await ids('Rouge de Soif', 'Vrac (au litre)');
    paused = await ids('Vendanges Tardives', 'Demi-bouteille 37,5 cl');
    terrasses = await ids('Les Terrasses', 'Bouteille 75 cl');
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  });

  describe('seed and public endpoints', () => {
    it('seeds checkout settings, three orders of the demo buyer and a history of twelve validated ones, placed through the service', async () => {
      const list = await request(ctx.app).get('/v1/orders?pageSize=50').set(bearer(buyer));
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(15);
      const statuses = list.body.items.map(
        (o: { status: string; paymentStatus: string; hasReservations: boolean }) => `${o.status}/${o.paymentStatus}/${o.hasReservations}`,
      );
      expect(statuses.filter((s: string) => s.startsWith('pending')).sort()).toEqual(['pending/pending/false', 'pending/pending/true']);
      expect(statuses.filter((s: string) => s === 'validated/paid/false')).toHaveLength(13);
      expect(list.body.items.map((o: { number: string }) => o.number).sort()).toEqual(
        Array.from({ length: 15 }, (_, i) => expect.stringMatching(new RegExp(`^C\\d{4}-${String(i + 1).padStart(5, '0')}$`))),
      );
      // the shop's list: those 15 checkout orders and the demo's back-office orders, quotes and samples
      const seller = await request(ctx.app).get('/v1/orders').set(bearer(owner));
      const backOffice = await db()
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.shopId, domaineId), eq(orders.source, 'backoffice')));
      expect(backOffice.length).toBeGreaterThan(5);
      expect(seller.body.total).toBe(15 + backOffice.length);
    });

    it('GET /v1/shops/:id/checkout-options by code, url name or id', async () => {
      for (const ref of ['DOMDEM', 'domaine-demo', String(domaineId)]) {
        const res = await request(ctx.app).get(`/v1/shops/${ref}/checkout-options`);
        expect(res.status).toBe(200);
        expect(res.body.deliveryTypes.map((d: { name: string; price: number }) => `${d.name} ${d.price}`)).toEqual([
          'Colissimo France 12',
          'Transporteur Europe 25',
        ]);
        expect(res.body.collectionPoints.map((c: { name: string }) => c.name)).toEqual(['Retrait au domaine', 'Cave partenaire (Lyon)']);
        expect(res.body.paymentMethods).toEqual(['stripe', 'stripeSepa', 'imprint', 'transfer', 'check', 'cash', 'bill']);
        expect(res.body.groupedOrders).toBe(true);
        expect(res.body.terms).toContain('Conditions générales de vente');
        expect(res.body).not.toHaveProperty('transferInstructions');
      }
      const b = await request(ctx.app).get('/v1/shops/brasserie-demo/checkout-options');
      expect(b.body.rules.minAmountHT).toBe(20);
      expect(b.body.paymentMethods).toEqual(['stripe', 'transfer', 'check']);
      expect((await request(ctx.app).get('/v1/shops/nope-nope/checkout-options')).status).toBe(404);
    });

    it('GET /v1/shops/:id/events lists future slots with places left and euro rates', async () => {
      const res = await request(ctx.app).get('/v1/shops/domaine-demo/events');
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(3);
      const balade = res.body.find((e: { title: string }) => e.title === 'Balade dans les vignes');
      expect(balade.rates).toEqual([
        { name: 'Adulte', priceTTC: 20, optional: false, touristTax: false },
        { name: 'Taxe de séjour', priceTTC: 1, optional: false, touristTax: true },
      ]);
      expect(balade.slots).toHaveLength(3);
      for (const s of balade.slots) expect(new Date(s.start).getTime()).toBeGreaterThan(Date.now());
      const visite = res.body.find((e: { title: string }) => e.title === 'Visite des caves et dégustation');
      expect(visite.slots[0].placesLeft).toBe(10); // 12 - the 2 adults of the seeded reservation
      expect((await request(ctx.app).get('/v1/shops/brasserie-demo/events')).body).toEqual([]);
    });
  });

  describe('POST /v1/orders/get-cart-price', () => {
    it('prices a tier, a promotion and Colissimo to the cent (hand-computed) and equals priceOrder on the shop page representation', async () => {
      const res = await price({
        seller: { id: domaineId },
        products: [line(galets, 6, 'a'), line(rose, 2, 'b')],
        reservations: [],
        shipping: { type: 'colissimo', ref: 'colissimo-fr' },
      });
      // Galets 12,50 TTC, tier 6 → 11,88 TTC = 9,90 HT × 6 = 59,40; Rosé 9,90 TTC = 8,25 HT × 2 = 16,50 − 10 % = 14,85
      // products HT 74,25 + Colissimo 12,00 HT = 86,25 HT, VAT 20 % 17,25 → 103,50 TTC
      expect(
        res.lines.map((l: { unitPrice: number; promoAmount: number; totalHT: number }) => [l.unitPrice, l.promoAmount, l.totalHT]),
      ).toEqual([
        [990, 0, 5940],
        [825, 165, 1485],
      ]);
      expect(res.price).toMatchObject({ productsHT: 7425, shipping: 1200, totalHT: 8625, tva: 1725, totalTTC: 10350, touristTax: 0 });
      expect(res).toMatchObject({
        franco: false,
        francoPercent: 33,
        amountBeforeFranco: 30000 - 8910,
        amountBeforeBottleFranco: 16,
        problems: [],
      });

      // the drawer's view: the public product as the shop page gets it, toCartFormat, priceOrder
      const product = async (id: number) => (await request(ctx.app).get(`/v1/products/${id}`)).body as CatalogProduct;
      const [pg, pr] = [await product(galets.productId), await product(rose.productId)];
      const cartLine = (p: CatalogProduct, formatId: number, quantity: number, idTmp: string) => {
        const f = p.formats.find((x) => x.id === formatId)!;
        return {
          idTmp,
          id: p.id,
          productType: p.productType,
          quantity,
          vatType: p.vatType,
          chosenFormat: toCartFormat(f, f.price!, vatRateOf(p.vatType)),
          chosenVintage: toCartVintage(p.vintages[0]),
        };
      };
      const client: CartOrder = {
        seller: { id: domaineId, name: 'Domaine de Démo' },
        reservations: [],
        products: [cartLine(pg, galets.formatId, 6, 'a'), cartLine(pr, rose.formatId, 2, 'b')],
        shipping: { type: 'colissimo', ref: 'colissimo-fr', price: 12, franco: { quantity: 24, amount: 300 } },
      };
      const local = priceOrder(client);
      expect(local.price.totalTTC).toBe(res.price.totalTTC);
      expect(local.price).toEqual(res.price);
    });

    it('makes shipping free past the franco (24 bottles) and charges 5 € without VAT at the partner cellar', async () => {
      const franco = await price({
        seller: { id: domaineId },
        products: [line(galets, 24)],
        reservations: [],
        shipping: { type: 'colissimo', ref: 'colissimo-fr' },
      });
      expect(franco).toMatchObject({ franco: true, francoPercent: 100 });
      expect(franco.price.shipping).toBe(0);
      // 24 × 11,25 TTC (tier 12: 90 %) = 9,38 HT → 225,12 HT, VAT 45,02 → 270,14
      expect(franco.price).toMatchObject({ productsHT: 22512, totalTTC: 27014 });
      const cellar = await price({
        seller: { id: domaineId },
        products: [line(galets, 1)],
        reservations: [],
        shipping: { collectionPoint: { id: 2 } },
      });
      // 10,42 HT + 20 % = 12,50 TTC; + 5,00 without VAT
      expect(cellar.price).toMatchObject({ productsHT: 1042, shipping: 500, totalHT: 1542, tva: 208, totalTTC: 1750 });
    });

    it("uses the caller's typology: the agent of the shop gets the professional HT price and its tiers", async () => {
      const res = await price(
        { seller: { id: domaineId }, products: [line(galets, 12)], reservations: [], shipping: { collectionPoint: { id: 1 } } },
        agent,
      );
      // professional 75 cl: round(1250 / 1.2 × 0.8) = 833 HT, tier 12: round(833 × 0.92) = 766 HT
      expect(res.lines[0].unitPrice).toBe(766);
      expect(res.price).toMatchObject({ productsHT: 9192, shipping: 0, tva: 1838, totalTTC: 11030 });
      const anon = await price({
        seller: { id: domaineId },
        products: [line(galets, 12)],
        reservations: [],
        shipping: { collectionPoint: { id: 1 } },
      });
      expect(anon.lines[0].unitPrice).toBe(938); // public TTC 11,25 → 9,38 HT
    });

    it('prices a reservation from the events table (never the client price) with its tourist tax', async () => {
      const [ev] = await db().select().from(events).where(eq(events.title, 'Balade dans les vignes'));
      const [slot] = await db().select().from(eventSlots).where(eq(eventSlots.eventId, ev.id)).orderBy(eventSlots.startsAt).limit(1);
      const res = await price({
        seller: { id: domaineId },
        products: [],
        reservations: [
          { eventId: ev.id, selectedSlot: { id: slot.id }, selectedPrices: [{ name: 'Adulte', quantity: 2, priceTTC: 0.01 }] },
        ],
      });
      // 2 × 20 € TTC = 40 € (33,33 HT + 6,67 VAT) + tourist tax 2 × 1 € without VAT
      expect(res.price).toMatchObject({ reservationsTTC: 4000, touristTax: 200, totalHT: 3333, tva: 667, totalTTC: 4200 });
      expect(res.problems).toEqual([]);
    });

    it('reports unknown or unavailable products and formats, min/max purchase and stock as problems', async () => {
      const res = await price({
        seller: { id: domaineId },
        products: [
          line(paused, 1, 'paused'),
          { idTmp: 'nofmt', id: galets.productId, quantity: 1, chosenFormat: { id: 999999 } },
          line({ productId: 999999, formatId: 1 }, 1, 'noprod'),
          line(vrac, 2, 'vrac'),
          line(magnum, 7, 'magnum'),
        ],
        reservations: [],
      });
      const byLine = Object.fromEntries(res.problems.map((p: { idTmp: string; message: string }) => [p.idTmp, p.message]));
      expect(byLine).toEqual({
        paused: CART_MESSAGES.productUnavailable,
        nofmt: CART_MESSAGES.productUnavailable,
        noprod: CART_MESSAGES.productUnavailable,
        vrac: "La quantité minimale d'achat de ce produit est de 5",
        magnum: "La quantité maximale d'achat de ce produit est de 6",
      });
      const unknownShop = await price({ seller: { id: 999999 }, products: [line(galets, 1)], reservations: [] });
      expect(unknownShop.problems).toEqual([{ field: 'seller', message: 'Boutique introuvable', sellerId: 999999 }]);
    });

    it('answers 400 naming the field on a bad body', async () => {
      const res = await request(ctx.app)
        .post('/v1/orders/get-cart-price')
        .send({
          orders: [
            {
              seller: { id: domaineId },
              products: [{ idTmp: 'x', id: galets.productId, quantity: 0, chosenFormat: { id: galets.formatId } }],
            },
          ],
        });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('orders.0.products.0.quantity');
    });
  });

  describe('POST /v1/orders — §5 cart checks (400, field, exact message)', () => {
    const expectProblem = async (b: Record<string, unknown>, field: string, message: string, token = buyer) => {
      const res = await place(b, token);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, message })]));
      return res;
    };
    const withRules = async (rules: Record<string, number | null>, fn: () => Promise<void>) => {
      const [row] = await db().select().from(shopCheckoutSettings).where(eq(shopCheckoutSettings.shopId, domaineId));
      await db()
        .update(shopCheckoutSettings)
        .set({ rules: { ...row.rules, ...rules } })
        .where(eq(shopCheckoutSettings.shopId, domaineId));
      try {
        await fn();
      } finally {
        await db().update(shopCheckoutSettings).set({ rules: row.rules }).where(eq(shopCheckoutSettings.shopId, domaineId));
      }
    };

    it('product unavailable (paused)', async () => {
      await expectProblem(
        await body({}, { seller: { id: domaineId }, products: [line(paused, 1, 'p')], reservations: [] }),
        'products[p]',
        CART_MESSAGES.productUnavailable,
      );
    });
    it('minimum purchase of the format', async () => {
      await expectProblem(
        await body({}, { seller: { id: domaineId }, products: [line(vrac, 2, 'v')], reservations: [] }),
        'products[v]',
        "La quantité minimale d'achat de ce produit est de 5",
      );
    });
    it('maximum purchase of the format', async () => {
      await expectProblem(
        await body({}, { seller: { id: domaineId }, products: [line(magnum, 7, 'm')], reservations: [] }),
        'products[m]',
        "La quantité maximale d'achat de ce produit est de 6",
      );
    });
    it('stock insufficient', async () => {
      const before = await stockOf(terrasses.formatId);
      await setStock(terrasses.formatId, 3);
      try {
        await expectProblem(
          await body({}, { seller: { id: domaineId }, products: [line(terrasses, 6, 't')], reservations: [] }),
          'products[t]',
          'Stock insuffisant : il ne reste que 3 article(s)',
        );
      } finally {
        await setStock(terrasses.formatId, before);
      }
    });
    it('max places of a slot', async () => {
      const [ev] = await db().select().from(events).where(eq(events.title, 'Atelier accords mets et vins'));
      const [slot] = await db().select().from(eventSlots).where(eq(eventSlots.eventId, ev.id)).orderBy(eventSlots.startsAt).limit(1);
      await db().update(eventSlots).set({ placesLeft: 1 }).where(eq(eventSlots.id, slot.id));
      try {
        const order = {
          seller: { id: domaineId },
          products: [],
          reservations: [{ eventId: ev.id, selectedSlot: { id: slot.id }, selectedPrices: [{ name: 'Participant', quantity: 2 }] }],
        };
        await expectProblem(
          await body({ shipping: {} }, order),
          'reservations[0]',
          'Nombre maximum de places atteint pour ce créneau : il reste 1 place(s)',
        );
      } finally {
        await db().update(eventSlots).set({ placesLeft: slot.placesLeft }).where(eq(eventSlots.id, slot.id));
      }
    });
    it('delivery address required with a delivery type', async () => {
      await expectProblem(await body({ deliveryAddress: null }), 'deliveryAddress', CART_MESSAGES.deliveryAddress);
    });
    it('phone required', async () => {
      await expectProblem(await body({ phone: '  ' }), 'phone', CART_MESSAGES.phone);
    });
    it('phone must be a valid mobile number', async () => {
      await expectProblem(await body({ phone: '01 42 68 53 00' }), 'phone', "Ce numéro n'est pas valide");
    });
    it('information completion (first and last name unknown)', async () => {
      const hash = await hashPassword('Secret12');
      await db().insert(users).values({ email: 'noname@example.test', username: 'noname', passwordHash: hash, role: 'buyer' });
      const res = await request(ctx.app).post('/v1/auth/login').send({ email: 'noname@example.test', password: 'Secret12' });
      const token = res.body.jwt as string;
      await expectProblem(
        await body({ deliveryAddress: null, shipping: { type: null, ref: null, collectionPointId: 1 } }),
        'information',
        CART_MESSAGES.informationCompletion,
        token,
      );
    });
    it('shop minimum amount HT', async () => {
      await withRules({ minAmountHT: 500 }, async () => {
        await expectProblem(await body(), 'order', `Le montant minimum de commande de ce domaine est de ${formatCents(50000)} HT`);
      });
    });
    it('shop minimum quantity', async () => {
      await withRules({ minQuantity: 12 }, async () => {
        await expectProblem(await body(), 'order', 'Ce domaine demande au moins 12 article(s) par commande');
      });
    });
    it('shop maximum quantity', async () => {
      await withRules({ maxQuantity: 3 }, async () => {
        await expectProblem(await body(), 'order', 'Ce domaine accepte au maximum 3 article(s) par commande');
      });
    });
    it('shop multiple of N', async () => {
      await withRules({ multipleOf: 12 }, async () => {
        await expectProblem(await body(), 'order', "Le nombre d'articles doit être un multiple de 12");
      });
    });
    it('delivery method required when the order has products', async () => {
      await expectProblem(
        await body({ shipping: { type: null, ref: null, collectionPointId: null } }),
        'shipping',
        CART_MESSAGES.deliveryMethod,
      );
    });
    it('no delivery method available for this address', async () => {
      // Colissimo serves France only
      await expectProblem(await body({ deliveryAddress: { ...address, country: 'DE' } }), 'shipping', CART_MESSAGES.noDeliveryMethod);
      // no delivery type serves the US and the shop has no collection point
      const [row] = await db().select().from(shopCheckoutSettings).where(eq(shopCheckoutSettings.shopId, domaineId));
      await db().update(shopCheckoutSettings).set({ collectionPoints: [] }).where(eq(shopCheckoutSettings.shopId, domaineId));
      try {
        await expectProblem(
          await body({ deliveryAddress: { ...address, country: 'US' }, shipping: { type: null, ref: null } }),
          'shipping',
          CART_MESSAGES.noDeliveryMethod,
        );
      } finally {
        await db()
          .update(shopCheckoutSettings)
          .set({ collectionPoints: row.collectionPoints })
          .where(eq(shopCheckoutSettings.shopId, domaineId));
      }
    });
    it('payment method required', async () => {
      await expectProblem(await body({ paymentMethod: null }), 'paymentMethod', CART_MESSAGES.paymentMethod);
    });
    it('payment method offered by the shop', async () => {
      const [row] = await db().select().from(shopCheckoutSettings).where(eq(shopCheckoutSettings.shopId, domaineId));
      await db()
        .update(shopCheckoutSettings)
        .set({ paymentMethods: ['stripe'] })
        .where(eq(shopCheckoutSettings.shopId, domaineId));
      try {
        await expectProblem(await body({ paymentMethod: 'transfer' }), 'paymentMethod', CART_MESSAGES.paymentMethod);
      } finally {
        await db()
          .update(shopCheckoutSettings)
          .set({ paymentMethods: row.paymentMethods })
          .where(eq(shopCheckoutSettings.shopId, domaineId));
      }
    });
    it('terms accepted', async () => {
      await expectProblem(await body({ acceptTerms: false }), 'acceptTerms', "Veuillez accepter les conditions générales d'utilisation");
    });
    it('address fields: first name, last name, street, zipcode, city, country', async () => {
      const res = await expectProblem(
        await body({ deliveryAddress: { ...address, firstname: '', lastname: ' ', street: '', zipcode: '', city: '', country: '' } }),
        'deliveryAddress.city',
        'Ce champ ne peut pas être vide',
      );
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(
        expect.arrayContaining(['firstname', 'lastname', 'street', 'zipcode', 'city', 'country'].map((f) => `deliveryAddress.${f}`)),
      );
    });
    it('grouped order: the shares must sum to the total', async () => {
      await expectProblem(
        await body({
          paymentMethod: 'stripe',
          paymentGroups: [
            { email: 'buyer@demo.test', amount: 100 },
            { email: 'ami@example.test', amount: 100 },
          ],
        }),
        'paymentGroups',
        CART_MESSAGES.paymentGroupsTotal,
      );
    });
    it('lists every problem at once, message = the first one; nothing is written', async () => {
      const before = await stockOf(galets.formatId);
      const res = await place(await body({ phone: '', acceptTerms: false, paymentMethod: null, deliveryAddress: null }));
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['deliveryAddress', 'phone', 'paymentMethod', 'acceptTerms']);
      expect(res.body.message).toBe(res.body.errors[0].message);
      expect(res.body.field).toBe('deliveryAddress');
      expect(await stockOf(galets.formatId)).toBe(before);
    });
    it('an empty order', async () => {
      await expectProblem(
        await body({ shipping: {} }, { seller: { id: domaineId }, products: [], reservations: [] }),
        'order',
        CART_MESSAGES.emptyOrder,
      );
    });
    it('the owner cannot buy from their own shop; an anonymous caller must log in', async () => {
      const res = await place(await body(), owner);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Vous ne pouvez pas commander dans votre propre boutique');
      expect(
        (
          await request(ctx.app)
            .post('/v1/orders')
            .send(await body())
        ).status,
      ).toBe(401);
    });
  });

  describe('placing an order', () => {
    it("credits the order to the agent of the buyer's client file, and to nobody without one (commissions)", async () => {
      const q = async (text: ReturnType<typeof sql>) => ((await db().execute(text)) as unknown as { rows: Record<string, unknown>[] }).rows;
      const [{ id: buyerId }] = await q(sql`select id from users where email = 'buyer@demo.test'`);
      const [{ id: agentId }] = await q(sql`select id from users where email = 'agent@demo.test'`);
      let [client] = await q(
        sql`select id, agent_user_id from crm_clients where shop_id = ${domaineId} and user_id = ${buyerId} and status = 'active' order by id limit 1`,
      );
      if (!client) {
        [client] = await q(
          sql`insert into crm_clients (shop_id, kind, lastname, user_id) values (${domaineId}, 'private', 'Acheteuse', ${buyerId}) returning id, agent_user_id`,
        );
      }
      const agentOf = async (orderId: number) => (await q(sql`select agent_id from orders where id = ${orderId}`))[0].agent_id;
      try {
        await q(sql`update crm_clients set agent_user_id = ${agentId} where id = ${client.id}`);
        const credited = await place(await body());
        expect(credited.status).toBe(201);
        expect(await agentOf(credited.body.order.id)).toBe(agentId);
        await q(sql`update crm_clients set agent_user_id = null where id = ${client.id}`);
        const direct = await place(await body());
        expect(direct.status).toBe(201);
        expect(await agentOf(direct.body.order.id)).toBeNull();
        // the agent's orders: the credited one (list and detail), never the shop's other customers
        const mine = await request(ctx.app).get('/v1/orders?pageSize=100').set(bearer(agent));
        expect(mine.status).toBe(200);
        const ids = mine.body.items.map((o: { id: number }) => o.id);
        expect(ids).toContain(credited.body.order.id);
        expect(ids).not.toContain(direct.body.order.id);
        expect((await request(ctx.app).get(`/v1/orders/${credited.body.order.id}`).set(bearer(agent))).status).toBe(200);
        expect((await request(ctx.app).get(`/v1/orders/${direct.body.order.id}`).set(bearer(agent))).status).toBe(404);
        expect((await request(ctx.app).get('/v1/orders?as=agent').set(bearer(owner))).status).toBe(403);
      } finally {
        await q(sql`update crm_clients set agent_user_id = ${client.agent_user_id ?? null} where id = ${client.id}`);
      }
    });

    it('price changed → 409 with the server price; resent with it → 201', async () => {
      const b = await body();
      const res = await place({ ...b, expectedTotalTTC: b.expectedTotalTTC - 1 });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, code: 'priceChanged', message: CART_MESSAGES.priceChanged });
      expect(res.body.price.price.totalTTC).toBe(b.expectedTotalTTC);
      const ok = await place({ ...b, idempotencyKey: newKey(), expectedTotalTTC: res.body.price.price.totalTTC });
      expect(ok.status).toBe(201);
    });

    it('offline method: snapshot lines, stock reserved, gapless number, seller notified once, buyer mailed (fr, html + text)', async () => {
      const before = await stockOf(galets.formatId);
      const b = await body();
      const res = await place(b);
      expect(res.status).toBe(201);
      const o = res.body.order;
      expect(res.body.replayed).toBe(false);
      expect(o).toMatchObject({
        status: 'pending',
        paymentStatus: 'pending',
        totalTTC: b.expectedTotalTTC,
        shop: { id: domaineId, name: 'Domaine de Démo' },
      });
      expect(res.body.payment).toMatchObject({ method: 'transfer', provider: 'offline', status: 'pending' });
      expect(o.lines.map((l: { kind: string; label: string; quantity: number }) => `${l.kind}:${l.label}:${l.quantity}`)).toEqual([
        'product:Les Galets Rouges:6',
        'shipping:Colissimo France:1',
      ]);
      expect(o.lines[0]).toMatchObject({ unitPriceHT: 990, vatRate: 20, totalHT: 5940, totalTTC: 7128 });
      expect(o.shipping).toMatchObject({ type: 'colissimo', name: 'Colissimo France', nbrPackages: 1 });
      expect(await stockOf(galets.formatId)).toBe(before - 6);

      const numbers = (await db().select({ n: orders.number }).from(orders).where(eq(orders.shopId, domaineId)))
        .map((r) => Number(r.n.split('-')[1]))
        .sort((a, c) => a - c);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1)); // gapless despite the rejected attempts above

      const notes = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, 'newOrder'), eq(notifications.redirectLink, `/dashboard/orders/${o.id}`)));
      expect(notes).toHaveLength(2); // owner + iam
      expect(notes[0].content).toBe(`Nouvelle commande ${o.number} de Béatrice Acheteuse — ${formatCents(o.totalTTC)} TTC`);

      // the confirmation mail is one 'mail' job, committed with the order, sent by the job worker
      const confirmationJobs = await db()
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `order-confirmation:${o.id}`));
      expect(confirmationJobs).toHaveLength(1);
      expect(confirmationJobs[0].kind).toBe('mail');
      await ctx.drainJobs();
      const [sent] = await db().select().from(jobs).where(eq(jobs.id, confirmationJobs[0].id));
      expect(sent).toMatchObject({ status: 'done', attempts: 1, lastError: null });
      // once sent, only the recipient and subject are kept
      expect(sent.payload).toEqual({ to: 'buyer@demo.test', subject: `Confirmation de votre commande ${o.number} — Domaine de Démo` });

      const files = fs.readdirSync(mailDir).filter((f) => f.endsWith('buyer@demo.test.eml'));
      const mails = await Promise.all(files.map(async (f) => simpleParser(fs.readFileSync(path.join(mailDir, f)))));
      expect(mails.filter((m) => m.subject === `Confirmation de votre commande ${o.number} — Domaine de Démo`)).toHaveLength(1);
      const mail = mails.find((m) => m.subject === `Confirmation de votre commande ${o.number} — Domaine de Démo`);
      expect(mail).toBeDefined();
      expect(mail!.text).toContain('6 × Les Galets Rouges');
      expect(mail!.text).toContain(`Total TTC : ${formatCents(o.totalTTC).replace(/\u202f/g, '\u00a0')}`);
      expect(mail!.html).toContain('Les Galets Rouges');
      expect(mail!.text).toContain(`http://app.test/dashboard/orders/${o.id}`);

      // a replay and a seller validation do not notify again
      expect((await place(b)).status).toBe(200);
      const v = await request(ctx.app).post(`/v1/orders/${o.id}/validate`).set(bearer(iam));
      expect(v.status).toBe(200);
      expect(v.body.order.status).toBe('validated');
      expect(
        await db()
          .select()
          .from(notifications)
          .where(eq(notifications.redirectLink, `/dashboard/orders/${o.id}`)),
      ).toHaveLength(2);
    });

    it('idempotent under 20 concurrent identical requests: one order, one stock decrement', async () => {
      const before = await stockOf(rose.formatId);
      const b = await body({}, { seller: { id: domaineId }, products: [line(rose, 3)], reservations: [] });
      const key = b.idempotencyKey;
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          request(ctx.app)
            .post('/v1/orders')
            .set(bearer(buyer))
            .set('Idempotency-Key', key)
            .send({ ...b, idempotencyKey: undefined }),
        ),
      );
      const codes = results.map((r) => r.status).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 200)).toHaveLength(19);
      expect(new Set(results.map((r) => r.body.order.id)).size).toBe(1);
      expect(results.filter((r) => r.body.replayed === true)).toHaveLength(19);
      expect(await stockOf(rose.formatId)).toBe(before - 3);
      const rows = await db().select().from(orders).where(eq(orders.idempotencyKey, key));
      expect(rows).toHaveLength(1);

      const other = await request(ctx.app)
        .post('/v1/orders')
        .set(bearer(buyer))
        .set('Idempotency-Key', key)
        .send({ ...b, idempotencyKey: undefined, phone: '+33699999999' });
      expect(other.status).toBe(409);
      expect(other.body.message).toBe(
        "Cette commande a déjà été envoyée avec d'autres informations. Rechargez la page puis validez à nouveau votre panier.",
      );
    });

    it('20 concurrent buyers of the last bottle: one 201, nineteen 400 stock insuffisant, stock 0', async () => {
      const hash = await hashPassword('Secret12');
      const emails = Array.from({ length: 20 }, (_, i) => `race${i}@example.test`);
      await db()
        .insert(users)
        .values(
          emails.map((email, i) => ({
            email,
            username: `Race ${i}`,
            firstname: 'Race',
            lastname: `N${i}`,
            passwordHash: hash,
            role: 'buyer' as const,
          })),
        );
      const tokens = await Promise.all(
        emails.map(
          async (email) => (await request(ctx.app).post('/v1/auth/login').send({ email, password: 'Secret12' })).body.jwt as string,
        ),
      );
      await setStock(terrasses.formatId, 1);
      const b = await body({}, { seller: { id: domaineId }, products: [line(terrasses, 1, 't')], reservations: [] });
      const results = await Promise.all(tokens.map((t) => place({ ...b, idempotencyKey: newKey() }, t)));
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      const refused = results.filter((r) => r.status === 400);
      expect(refused).toHaveLength(19);
      for (const r of refused) {
        expect(r.body.message).toBe('Stock insuffisant : ce produit est épuisé');
        expect(r.body.errors[0]).toMatchObject({ field: 'products[t]', idTmp: 't' });
      }
      expect(await stockOf(terrasses.formatId)).toBe(0);
    });

    it('places of a slot are reserved and released like stock', async () => {
      const [ev] = await db().select().from(events).where(eq(events.title, 'Balade dans les vignes'));
      const [slot] = await db().select().from(eventSlots).where(eq(eventSlots.eventId, ev.id)).orderBy(eventSlots.startsAt).limit(1);
      const order = {
        seller: { id: domaineId },
        products: [],
        reservations: [{ eventId: ev.id, selectedSlot: { id: slot.id }, selectedPrices: [{ name: 'Adulte', quantity: 3 }] }],
      };
      const res = await place(await body({ shipping: {}, deliveryAddress: null, billingAddress: address, paymentMethod: 'check' }, order));
      expect(res.status).toBe(201);
      expect(res.body.order.hasReservations).toBe(true);
      expect(
        res.body.order.lines.map((l: { kind: string; quantity: number; totalTTC: number }) => `${l.kind}:${l.quantity}:${l.totalTTC}`),
      ).toEqual(['reservation:3:6000', 'touristTax:3:300']);
      const left = async () => (await db().select().from(eventSlots).where(eq(eventSlots.id, slot.id)))[0].placesLeft;
      expect(await left()).toBe(slot.placesLeft - 3);
      const list = await request(ctx.app).get('/v1/orders?kind=reservation').set(bearer(buyer));
      expect(list.body.items.map((o: { id: number }) => o.id)).toContain(res.body.order.id);
      expect((await request(ctx.app).put(`/v1/orders/${res.body.order.id}/aborted-cart`).set(bearer(buyer))).status).toBe(200);
      expect(await left()).toBe(slot.placesLeft);
    });
  });

  describe('abort, access, card payment, imprint, grouped orders', () => {
    it('aborted-cart releases the stock, cancels the payment; another buyer gets 404', async () => {
      const before = await stockOf(galets.formatId);
      const res = await place(await body());
      const id = res.body.order.id;
      expect(await stockOf(galets.formatId)).toBe(before - 6);

      const hash = await hashPassword('Secret12');
      await db()
        .insert(users)
        .values({ email: 'other@example.test', username: 'Other', firstname: 'O', lastname: 'T', passwordHash: hash, role: 'buyer' });
      const other = (await request(ctx.app).post('/v1/auth/login').send({ email: 'other@example.test', password: 'Secret12' })).body
        .jwt as string;
      expect((await request(ctx.app).get(`/v1/orders/${id}`).set(bearer(other))).status).toBe(404);
      expect((await request(ctx.app).put(`/v1/orders/${id}/aborted-cart`).set(bearer(other))).status).toBe(404);
      expect((await request(ctx.app).get(`/v1/orders/${id}`).set(bearer(agent))).status).toBe(404);
      expect((await request(ctx.app).get(`/v1/orders/${id}`).set(bearer(iam))).status).toBe(200);

      const ab = await request(ctx.app).put(`/v1/orders/${id}/aborted-cart`).set(bearer(buyer));
      expect(ab.status).toBe(200);
      expect(ab.body).toEqual({ success: true, message: 'Votre commande a été annulée' });
      expect(await stockOf(galets.formatId)).toBe(before);
      const d = await request(ctx.app).get(`/v1/orders/${id}`).set(bearer(buyer));
      expect(d.body).toMatchObject({ status: 'aborted', paymentStatus: 'cancelled' });
      expect(d.body.payments[0].status).toBe('cancelled');
      // twice: still fine, the stock is not released twice
      expect((await request(ctx.app).put(`/v1/orders/${id}/aborted-cart`).set(bearer(buyer))).status).toBe(200);
      expect(await stockOf(galets.formatId)).toBe(before);
    });

    it('card: pending until paid through the payments module, then validated/paid and notified once', async () => {
      const res = await place(await body({ paymentMethod: 'stripe' }));
      expect(res.status).toBe(201);
      const id = res.body.order.id;
      expect(res.body.payment).toMatchObject({ status: 'pending', nextAction: { type: 'card_form' } });
      expect(
        await db()
          .select()
          .from(notifications)
          .where(eq(notifications.redirectLink, `/dashboard/orders/${id}`)),
      ).toHaveLength(0);
      const pay = await request(ctx.app)
        .post(`/v1/payments/${res.body.payment.id}/pay`)
        .set(bearer(buyer))
        .send({ card: { number: '4242 4242 4242 4242', expiration: '12/34', cvv: '123' } });
      expect(pay.status).toBe(200);
      const d = await request(ctx.app).get(`/v1/orders/${id}`).set(bearer(buyer));
      expect(d.body).toMatchObject({ status: 'validated', paymentStatus: 'paid' });
      const told = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.redirectLink, `/dashboard/orders/${id}`));
      // the new order to the owner and the iam; the money received to the owner (this iam does not see payments)
      expect(told.filter((n) => n.type === 'newOrder')).toHaveLength(2);
      expect(told.filter((n) => n.type === 'payment')).toHaveLength(1);
      const ab = await request(ctx.app).put(`/v1/orders/${id}/aborted-cart`).set(bearer(buyer));
      expect(ab.status).toBe(400);
      expect(ab.body.message).toBe('Cette commande ne peut plus être annulée');
    });

    it('imprint: setup keeps the order pending until the seller validates (capture → paid)', async () => {
      const res = await place(await body({ paymentMethod: 'imprint' }));
      const id = res.body.order.id;
      await request(ctx.app)
        .post(`/v1/payments/${res.body.payment.id}/pay`)
        .set(bearer(buyer))
        .send({ card: { number: '4242424242424242', expiration: '12/34', cvv: '123' } });
      let d = await request(ctx.app).get(`/v1/orders/${id}`).set(bearer(buyer));
      expect(d.body).toMatchObject({ status: 'pending', paymentStatus: 'setup' });
      expect(
        await db()
          .select()
          .from(notifications)
          .where(eq(notifications.redirectLink, `/dashboard/orders/${id}`)),
      ).toHaveLength(2);
      expect((await request(ctx.app).post(`/v1/orders/${id}/validate`).set(bearer(agent))).status).toBe(404);
      expect((await request(ctx.app).post(`/v1/orders/${id}/validate`).set(bearer(buyer))).status).toBe(404);
      const v = await request(ctx.app).post(`/v1/orders/${id}/validate`).set(bearer(owner));
      expect(v.status).toBe(200);
      d = await request(ctx.app).get(`/v1/orders/${id}`).set(bearer(buyer));
      expect(d.body).toMatchObject({ status: 'validated', paymentStatus: 'paid' });
    });

    it('grouped order: payers mailed their link, pending until all paid, expires lazily (stock released, link expired)', async () => {
      const before = await stockOf(galets.formatId);
      const b = await body({ paymentMethod: 'stripe' });
      const half = Math.floor(b.expectedTotalTTC / 2);
      const res = await place({
        ...b,
        paymentGroups: [
          { email: 'buyer@demo.test', amount: half },
          { email: 'ami@example.test', amount: b.expectedTotalTTC - half },
        ],
      });
      expect(res.status).toBe(201);
      const o = res.body.order;
      expect(o.status).toBe('pending');
      const ttl = new Date(o.expiresAt).getTime() - Date.now();
      expect(ttl).toBeGreaterThan(47 * 3600_000);
      expect(ttl).toBeLessThanOrEqual(48 * 3600_000);
      expect(res.body.payment.amount).toBe(half);

      await ctx.drainJobs();
      const file = fs.readdirSync(mailDir).find((f) => f.endsWith('ami@example.test.eml'))!;
      const mail = await simpleParser(fs.readFileSync(path.join(mailDir, file)));
      const token = /\/payment-group\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
      const view = await request(ctx.app).get(`/v1/payment-groups/${token}`);
      expect(view.status).toBe(200);
      expect(view.body).toMatchObject({
        orderNumber: o.number,
        shopName: 'Domaine de Démo',
        urlShop: 'domaine-demo',
        payerEmail: 'ami@example.test',
        amount: b.expectedTotalTTC - half,
        expired: false,
      });

      // the buyer pays their share: partial, still pending, not validatable
      await request(ctx.app)
        .post(`/v1/payments/${res.body.payment.id}/pay`)
        .set(bearer(buyer))
        .send({ card: { number: '4242424242424242', expiration: '12/34', cvv: '123' } });
      let d = await request(ctx.app).get(`/v1/orders/${o.id}`).set(bearer(buyer));
      expect(d.body).toMatchObject({ status: 'pending', paymentStatus: 'partial' });
      const v = await request(ctx.app).post(`/v1/orders/${o.id}/validate`).set(bearer(owner));
      expect(v.status).toBe(400);
      expect(v.body.message).toBe("Tous les participants de la commande groupée n'ont pas encore payé");

      // past expiry: read → expired, stock back, payer link expired, paying refused
      await db()
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, o.id));
      d = await request(ctx.app).get(`/v1/orders/${o.id}`).set(bearer(buyer));
      expect(d.body.status).toBe('expired');
      expect(await stockOf(galets.formatId)).toBe(before);
      const v2 = await request(ctx.app).get(`/v1/payment-groups/${token}`);
      expect(v2.body.expired).toBe(true);
      const pay = await request(ctx.app)
        .post(`/v1/payment-groups/${token}/pay`)
        .send({ card: { number: '4242424242424242', expiration: '12/34', cvv: '123' } });
      expect(pay.status).toBe(410);
      expect(pay.body.message).toBe(CART_MESSAGES.groupedOrderExpired);
      expect((await request(ctx.app).get('/v1/payment-groups/unknown-token')).status).toBe(404);
    });

    it('grouped order fully paid by every payer → validated', async () => {
      const b = await body({ paymentMethod: 'stripe' });
      const half = Math.floor(b.expectedTotalTTC / 2);
      const res = await place({
        ...b,
        paymentGroups: [
          { email: 'buyer@demo.test', amount: half },
          { email: 'copain@example.test', amount: b.expectedTotalTTC - half },
        ],
      });
      await ctx.drainJobs();
      const file = fs.readdirSync(mailDir).find((f) => f.endsWith('copain@example.test.eml'))!;
      const token = /\/payment-group\/([A-Za-z0-9_-]+)/.exec(
        (await simpleParser(fs.readFileSync(path.join(mailDir, file)))).text ?? '',
      )![1];
      const card = { card: { number: '4242424242424242', expiration: '12/34', cvv: '123' } };
      await request(ctx.app).post(`/v1/payments/${res.body.payment.id}/pay`).set(bearer(buyer)).send(card);
      const p = await request(ctx.app).post(`/v1/payment-groups/${token}/pay`).send(card);
      expect(p.status).toBe(200);
      const d = await request(ctx.app).get(`/v1/orders/${res.body.order.id}`).set(bearer(buyer));
      expect(d.body).toMatchObject({ status: 'validated', paymentStatus: 'paid' });
      const told = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.redirectLink, `/dashboard/orders/${res.body.order.id}`))
        .orderBy(notifications.id);
      // the order once it is fully paid (owner and iam); each payer's share as it is paid (the owner sees payments)
      expect(told.filter((n) => n.type === 'newOrder')).toHaveLength(2);
      expect(told.filter((n) => n.type === 'payment').map((n) => n.content)).toEqual([
        expect.stringMatching(/ par buyer@demo\.test : /),
        expect.stringMatching(/ par copain@example\.test : /),
      ]);
    });
  });

  describe('GET /v1/orders', () => {
    it('paginates newest first; buyer sees own, owner/iam the shop, status filter, bad query → 400', async () => {
      const mine = await request(ctx.app).get('/v1/orders?pageSize=2&page=1').set(bearer(buyer));
      expect(mine.status).toBe(200);
      expect(mine.body.items).toHaveLength(2);
      expect(mine.body.total).toBeGreaterThan(5);
      const [a, b2] = mine.body.items;
      expect(new Date(a.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(b2.createdAt).getTime());
      const page2 = await request(ctx.app).get('/v1/orders?pageSize=2&page=2').set(bearer(buyer));
      expect(page2.body.items[0].id).not.toBe(a.id);
      const shop = await request(ctx.app).get('/v1/orders?pageSize=100').set(bearer(iam));
      expect(shop.body.total).toBe(
        (
          await db()
            .select({ n: sql<number>`count(*)::int` })
            .from(orders)
            .where(eq(orders.shopId, domaineId))
        )[0].n,
      );
      const aborted = await request(ctx.app).get('/v1/orders?status=aborted').set(bearer(buyer));
      expect(aborted.body.items.every((o: { status: string }) => o.status === 'aborted')).toBe(true);
      expect(aborted.body.total).toBeGreaterThan(0);
      const bad = await request(ctx.app).get('/v1/orders?pageSize=101').set(bearer(buyer));
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ field: 'pageSize', message: 'Le paramètre pageSize doit être un entier entre 1 et 100' });
      expect((await request(ctx.app).get('/v1/orders?status=nope').set(bearer(buyer))).body.field).toBe('status');
      const owner2 = await loginAs(ctx.app, 'owner2@demo.test');
      expect((await request(ctx.app).get('/v1/orders').set(bearer(owner2))).body.total).toBe(0);
      expect((await request(ctx.app).get('/v1/orders')).status).toBe(401);
    });

    it('each summary carries its booked slots (event, slot as the detail shows it, places) in one list call; none without reservation', async () => {
      const [ev] = await db().select().from(events).where(eq(events.title, 'Visite des caves et dégustation'));
      const [slot] = await db().select().from(eventSlots).where(eq(eventSlots.eventId, ev.id)).orderBy(eventSlots.startsAt).limit(1);
      const order = {
        seller: { id: domaineId },
        products: [],
        reservations: [
          {
            eventId: ev.id,
            selectedSlot: { id: slot.id },
            selectedPrices: [
              { name: 'Adulte', quantity: 2 },
              { name: 'Enfant', quantity: 1 },
              { name: 'Planche de fromages', quantity: 1 },
            ],
          },
        ],
      };
      const resa = await place(await body({ shipping: {}, deliveryAddress: null, billingAddress: address, paymentMethod: 'check' }, order));
      expect(resa.status).toBe(201);
      const plain = await place(await body());
      expect(plain.status).toBe(201);
      const lines = resa.body.order.lines.filter((l: { kind: string }) => l.kind === 'reservation');
      expect(lines).toHaveLength(3);
      // places are persons: the optional cheese platter takes none
      const expected = [
        { eventId: ev.id, eventTitle: 'Visite des caves et dégustation', slotId: slot.id, slotLabel: lines[0].details, places: 3 },
      ];
      expect(lines[0].details).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} – /);
      // the detail carries the same summary
      expect(resa.body.order.reservations).toEqual(expected);
      expect(plain.body.order.reservations).toEqual([]);

      for (const token of [buyer, owner]) {
        const list = await request(ctx.app).get('/v1/orders?pageSize=100').set(bearer(token));
        expect(list.status).toBe(200);
        expect(orderListSchema.safeParse(list.body).success).toBe(true);
        const byId = new Map(list.body.items.map((o: { id: number }) => [o.id, o]));
        expect((byId.get(resa.body.order.id) as { reservations: unknown }).reservations).toEqual(expected);
        expect((byId.get(plain.body.order.id) as { reservations: unknown }).reservations).toEqual([]);
      }
      const onlyResa = await request(ctx.app).get('/v1/orders?pageSize=100&kind=reservation').set(bearer(owner));
      expect(onlyResa.body.items.length).toBeGreaterThan(0);
      for (const o of onlyResa.body.items) expect(o.reservations.length).toBeGreaterThan(0);
      // the seeded reservation (placed through the service): 2 adults at the first visit slot
      const [seeded] = await db().select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, 'demo-seed-order-3'));
      const seededItem = onlyResa.body.items.find((o: { id: number }) => o.id === seeded.id);
      expect(seededItem.reservations.map((r: { eventTitle: string; places: number }) => `${r.eventTitle}:${r.places}`)).toEqual([
        'Visite des caves et dégustation:2',
      ]);

      // an aborted order gives its places back but still tells what was booked
      expect((await request(ctx.app).put(`/v1/orders/${resa.body.order.id}/aborted-cart`).set(bearer(buyer))).status).toBe(200);
      expect((await request(ctx.app).get(`/v1/orders/${resa.body.order.id}`).set(bearer(owner))).body.reservations).toEqual(expected);

      // a deleted event keeps the booked title (from the snapshot line) and answers null ids
      const [copy] = await db()
        .insert(events)
        .values({ shopId: domaineId, title: 'Événement éphémère', rates: [{ name: 'Adulte', priceCents: 1000 }] })
        .returning();
      const [copySlot] = await db()
        .insert(eventSlots)
        .values({
          shopId: domaineId,
          eventId: copy.id,
          startsAt: new Date(Date.now() + 86400_000),
          endsAt: new Date(Date.now() + 90000_000),
          places: 10,
          placesLeft: 10,
        })
        .returning();
      const gone = await place(
        await body(
          { shipping: {}, deliveryAddress: null, billingAddress: address, paymentMethod: 'check' },
          {
            seller: { id: domaineId },
            products: [],
            reservations: [{ eventId: copy.id, selectedSlot: { id: copySlot.id }, selectedPrices: [{ name: 'Adulte', quantity: 4 }] }],
          },
        ),
      );
      expect(gone.status).toBe(201);
      await db().delete(events).where(eq(events.id, copy.id));
      const after = await request(ctx.app).get(`/v1/orders/${gone.body.order.id}`).set(bearer(buyer));
      expect(after.body.reservations).toEqual([
        { eventId: null, eventTitle: 'Événement éphémère', slotId: null, slotLabel: gone.body.order.lines[0].details, places: 4 },
      ]);
    });

    it('per role: buyer own, owner/iam their shop, agent the orders credited to them (as=buyer: placed), another shop sees none (detail 404)', async () => {
      const userId = async (email: string) => (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
      const [buyerId, agentId] = [await userId('buyer@demo.test'), await userId('agent@demo.test')];
      const brasserieId = (await request(ctx.app).get('/v1/shops/brasserie-demo')).body.id as number;
      // an order the agent placed as a customer of another shop (an agent cannot order in its own shop: 403 above)
      const [agentOrder] = await db()
        .insert(orders)
        .values({
          shopId: brasserieId,
          buyerId: agentId,
          number: 'C2026-09999',
          paymentMethod: 'transfer',
          totalHT: 1000,
          tva: 200,
          totalTTC: 1200,
          price: {},
          shipping: {
            type: null,
            ref: null,
            name: null,
            collectionPointId: 1,
            collectionPoint: 'Retrait à la brasserie',
            instructions: null,
            nbrPackages: 0,
          },
          buyerName: 'Antoine Agent',
          buyerEmail: 'agent@demo.test',
          idempotencyKey: 'agent-order-1',
          requestHash: 'x',
        })
        .returning();
      const list = async (token: string, q = '') => {
        const res = await request(ctx.app).get(`/v1/orders?pageSize=100${q}`).set(bearer(token));
        expect(res.status).toBe(200);
        return res.body as { items: Array<{ id: number; shop: { id: number }; buyer: { id: number } }>; total: number };
      };
      const countWhere = async (cond: ReturnType<typeof eq>) =>
        (
          await db()
            .select({ n: sql<number>`count(*)::int` })
            .from(orders)
            .where(cond)
        )[0].n;

      const mine = await list(buyer);
      expect(mine.total).toBe(await countWhere(eq(orders.buyerId, buyerId)));
      expect(mine.items.every((o) => o.buyer.id === buyerId)).toBe(true);

      for (const staff of [owner, iam]) {
        const shop = await list(staff);
        expect(shop.total).toBe(await countWhere(eq(orders.shopId, domaineId)));
        expect(shop.items.every((o) => o.shop.id === domaineId)).toBe(true);
        expect(shop.items.map((o) => o.id)).not.toContain(agentOrder.id);
      }

      // an agent: by default the orders of their producer credited to them (orders.agent_id), as=buyer their purchases
      const ag = await list(agent);
      expect(ag.total).toBe(await countWhere(and(eq(orders.shopId, domaineId), eq(orders.agentId, agentId))!));
      expect(ag.items.map((o) => o.id)).not.toContain(agentOrder.id);
      expect(ag.items.every((o) => o.shop.id === domaineId)).toBe(true);
      const purchases = await list(agent, '&as=buyer');
      expect(purchases.items.map((o) => o.id)).toEqual([agentOrder.id]);
      expect(purchases.total).toBe(1);
      expect((await request(ctx.app).get('/v1/orders?as=seller').set(bearer(agent))).status).toBe(403);
      expect((await request(ctx.app).get(`/v1/orders/${agentOrder.id}`).set(bearer(agent))).status).toBe(200);

      const owner2 = await loginAs(ctx.app, 'owner2@demo.test');
      const other = await list(owner2);
      expect(other.items.map((o) => o.id)).toEqual([agentOrder.id]);
      expect(other.items.every((o) => o.shop.id === brasserieId)).toBe(true);
      // someone else's order reads as unknown (404, not 403: no enumeration), for another shop's staff and the agent alike
      const domaineOrder = mine.items[0].id;
      for (const token of [owner2, agent]) {
        const res = await request(ctx.app).get(`/v1/orders/${domaineOrder}`).set(bearer(token));
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Commande introuvable');
      }
      expect((await request(ctx.app).get(`/v1/orders/${agentOrder.id}`).set(bearer(owner))).status).toBe(404);
      await db().delete(orders).where(eq(orders.id, agentOrder.id));
    });
  });

  it('the minute sweep expires grouped orders past their expiry', async () => {
    const b = await body({ paymentMethod: 'stripe' });
    const res = await place({
      ...b,
      paymentGroups: [
        { email: 'buyer@demo.test', amount: 1 },
        { email: 'late@example.test', amount: b.expectedTotalTTC - 1 },
      ],
    });
    await db()
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, res.body.order.id));
    // the listing runs the sweep before reading (the server also sweeps every minute)
    await request(ctx.app).get('/v1/orders').set(bearer(owner));
    const [row] = await db().select().from(orders).where(eq(orders.id, res.body.order.id));
    expect(row.status).toBe('expired');
    const [ann] = await db().select().from(users).where(eq(users.email, 'late@example.test'));
    expect(ann).toBeUndefined(); // payers need no account
  });

  it('documents the endpoints in the OpenAPI document', async () => {
    const doc = await request(ctx.app).get('/v1/openapi.json');
    expect(doc.status).toBe(200);
    for (const p of [
      '/v1/orders',
      '/v1/orders/get-cart-price',
      '/v1/orders/{id}',
      '/v1/orders/{id}/aborted-cart',
      '/v1/orders/{id}/validate',
      '/v1/shops/{id}/checkout-options',
      '/v1/shops/{id}/events',
      '/v1/payment-groups/{token}',
      '/v1/payment-groups/{token}/pay',
    ]) {
      expect(doc.body.paths).toHaveProperty([p]);
    }
  });

  it('mails an English confirmation to an English-speaking buyer', async () => {
    await db().update(users).set({ language: 'en' }).where(eq(users.email, 'buyer@demo.test'));
    try {
      const res = await place(
        await body({
          paymentMethod: 'check',
          deliveryAddress: null,
          billingAddress: address,
          shipping: { type: null, ref: null, collectionPointId: 1 },
        }),
      );
      expect(res.status).toBe(201);
      await ctx.drainJobs();
      const files = fs.readdirSync(mailDir).filter((f) => f.endsWith('buyer@demo.test.eml'));
      const mails = await Promise.all(files.map(async (f) => simpleParser(fs.readFileSync(path.join(mailDir, f)))));
      const mail = mails.find((m) => m.subject === `Your order ${res.body.order.number} — Domaine de Démo`)!;
      expect(mail.text).toContain('Hello Béatrice Acheteuse,');
      expect(mail.text).toContain('Payment method: Cheque');
      expect(mail.text).toContain('Delivery (Retrait au domaine)');
    } finally {
      await db().update(users).set({ language: 'fr' }).where(eq(users.email, 'buyer@demo.test'));
    }
  });
});
