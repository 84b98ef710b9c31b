import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/password';
import { shopMembers, users } from '../../platform/db/tables';
import { productFormats, products } from '../catalog';
import { orderLines, orders } from '../orders';
import { extractFacturXXml } from '../sales';
import { promoCodes, promoCodeUses } from './promo-codes.tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

describe('promotion codes', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let buyer: string;
  let domaineId: number;
  let galets: { productId: number; formatId: number };
  let rose: { productId: number; formatId: number };
  let beerId: number;
  const db = () => ctx.handle.db;
  let n = 0;
  const key = () => `promo-${Date.now()}-${++n}`;

  const ids = async (name: string) => {
    const [row] = await db()
      .select({ productId: products.id, formatId: productFormats.id })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(products.shopId, domaineId), eq(products.name, name), eq(productFormats.nameInShop, 'Bouteille 75 cl')));
    return row;
  };
  const cartOrder = (promoCode: string | null, qty = 6, over: Record<string, unknown> = {}) => ({
    seller: { id: domaineId },
    products: [{ idTmp: 'g', id: galets.productId, quantity: qty, chosenFormat: { id: galets.formatId } }],
    reservations: [],
    shipping: { type: 'colissimo', ref: 'colissimo-fr', collectionPoint: null },
    ...(promoCode != null ? { promoCode } : {}),
    ...over,
  });
  const price = async (order: Record<string, unknown>, token?: string) => {
    const r = request(ctx.app)
      .post('/v1/orders/get-cart-price')
      .send({ orders: [order] });
    const res = await (token ? r.set(bearer(token)) : r);
    expect(res.status).toBe(200);
    return res.body[0];
  };
  const address = {
    firstname: 'Béatrice',
    lastname: 'Acheteuse',
    street: '12 rue des Vignes',
    zipcode: '69002',
    city: 'Lyon',
    country: 'FR',
  };
  const placeBody = async (order: Record<string, unknown>, token: string) => {
    const p = await price(order, token);
    return {
      order,
      deliveryAddress: address,
      billingAddress: null,
      phone: '+33612345678',
      shipping: { type: 'colissimo', ref: 'colissimo-fr', collectionPointId: null },
      paymentMethod: 'transfer',
      acceptTerms: true,
      expectedTotalTTC: p.price.totalTTC,
      idempotencyKey: key(),
    };
  };
  const place = (b: Record<string, unknown>, token: string) => request(ctx.app).post('/v1/orders').set(bearer(token)).send(b);
  const create = (body: Record<string, unknown>, token = owner) => request(ctx.app).post('/v1/promo-codes').set(bearer(token)).send(body);
  const newBuyer = async (email: string) => {
    await db()
      .insert(users)
      .values({ email, username: email, firstname: 'Ana', lastname: 'Lyse', passwordHash: await hashPassword('Secret12'), role: 'buyer' });
    return (await request(ctx.app).post('/v1/auth/login').send({ email, password: 'Secret12' })).body.jwt as string;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam, buyer] = await Promise.all(['owner', 'owner2', 'iam', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    domaineId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
    galets = await ids('Les Galets Rouges');
    rose = await ids('Rosé des Vignes');
    const [beer] = await db()
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.shopId} <> ${domaineId}`)
      .limit(1);
    beerId = beer.id;
    await db().update(productFormats).set({ stock: 1000 }).where(eq(productFormats.id, galets.formatId));
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('the back office', () => {
    it('seeds two codes for the Domaine de Démo, listed with their uses and status', async () => {
      const list = await request(ctx.app).get('/v1/promo-codes?sort=code').set(bearer(owner));
      expect(list.status).toBe(200);
      expect(
        list.body.items.map((c: { code: string; kind: string; uses: number; status: string }) => [c.code, c.kind, c.uses, c.status]),
      ).toEqual([
        ['BIENVENUE10', 'percent', 0, 'active'],
        ['LIVRAISON', 'freeShipping', 0, 'active'],
      ]);
      expect((await request(ctx.app).get('/v1/promo-codes').set(bearer(owner2))).body.total).toBe(0);
    });

    it('creates upper-case, unique per shop whatever the case; updates, (de)activates; filters and searches', async () => {
      const made = await create({ code: 'ete-2026', kind: 'amount', value: 500, startsAt: '2026-06-01', endsAt: '2026-08-31' });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({
        code: 'ETE-2026',
        kind: 'amount',
        value: 500,
        startsAt: '2026-06-01',
        endsAt: '2026-08-31',
        uses: 0,
        message: 'Le code promo a été créé',
      });
      const [row] = await db().select().from(promoCodes).where(eq(promoCodes.id, made.body.id));
      // Paris days: from midnight of 1 June (22:00 UTC the day before) to midnight of 1 September
      expect(row.startsAt!.toISOString()).toBe('2026-05-31T22:00:00.000Z');
      expect(row.endsAt!.toISOString()).toBe('2026-08-31T22:00:00.000Z');
      const dup = await create({ code: 'Ete-2026', kind: 'percent', value: 5 });
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({ message: 'Ce code promo existe déjà dans votre boutique', field: 'code' });
      // another shop may have the same code
      expect((await create({ code: 'ETE-2026', kind: 'percent', value: 5 }, owner2)).status).toBe(201);
      const upd = await request(ctx.app)
        .put(`/v1/promo-codes/${made.body.id}`)
        .set(bearer(owner))
        .send({
          code: 'ETE-2026',
          kind: 'percent',
          value: 15,
          productIds: [rose.productId],
          maxUses: 10,
          maxUsesPerClient: 1,
          typologies: ['particulier'],
        });
      expect(upd.body).toMatchObject({
        kind: 'percent',
        value: 15,
        productIds: [rose.productId],
        startsAt: null,
        endsAt: null,
        status: 'active',
      });
      const off = await request(ctx.app).put(`/v1/promo-codes/${made.body.id}/active`).set(bearer(owner)).send({ active: false });
      expect(off.body).toMatchObject({ active: false, status: 'inactive', message: 'Le code promo a été désactivé' });
      const inactive = await request(ctx.app).get('/v1/promo-codes?status=inactive').set(bearer(owner));
      expect(inactive.body.items.map((c: { code: string }) => c.code)).toEqual(['ETE-2026']);
      const q = await request(ctx.app).get('/v1/promo-codes?q=bienv').set(bearer(owner));
      expect(q.body.items.map((c: { code: string }) => c.code)).toEqual(['BIENVENUE10']);
      const past = await create({ code: 'PASSE', kind: 'percent', value: 5, startsAt: '2020-01-01', endsAt: '2020-01-31' });
      const expired = await request(ctx.app).get('/v1/promo-codes?status=expired').set(bearer(owner));
      expect(expired.body.items.map((c: { id: number }) => c.id)).toEqual([past.body.id]);
      expect(expired.body.items[0].status).toBe('expired');
      // an unused code is deleted
      const del = await request(ctx.app).delete(`/v1/promo-codes/${past.body.id}`).set(bearer(owner));
      expect(del.body).toEqual({ success: true, message: 'Le code promo a été supprimé', deactivated: false });
      expect((await request(ctx.app).get(`/v1/promo-codes/${past.body.id}`).set(bearer(owner))).status).toBe(404);
    });

    it('answers 400 naming the field, never a 500', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ code: 'UNCODEBEAUCOUPTROPLONG', kind: 'percent', value: 5 }, 'code', 'Le code promo doit contenir au maximum 15 caractères'],
        [
          { code: 'NOËL', kind: 'percent', value: 5 },
          'code',
          'Le code promo ne peut contenir que des lettres sans accent, des chiffres, - et _',
        ],
        [{ code: '', kind: 'percent', value: 5 }, 'code', 'Le code promo est obligatoire'],
        [{ code: 12, kind: 'percent', value: 5 }, 'code', 'Le code promo est obligatoire'],
        [{ code: 'A', kind: 'gift', value: 5 }, 'kind', 'Le type de remise doit être percent, amount ou freeShipping'],
        [{ code: 'A', kind: 'percent', value: 0 }, 'value', 'Le pourcentage de remise doit être compris entre 1 et 100'],
        [{ code: 'A', kind: 'percent', value: 101 }, 'value', 'Le pourcentage de remise doit être compris entre 1 et 100'],
        [{ code: 'A', kind: 'amount', value: 0 }, 'value', 'Le montant de la remise doit être supérieur à 0'],
        [{ code: 'A', kind: 'amount', value: 'beaucoup' }, 'value', 'Le montant de la remise doit être supérieur à 0'],
        [
          { code: 'A', kind: 'percent', value: 5, startsAt: '2026-05-02', endsAt: '2026-05-01' },
          'endsAt',
          'La date de fin doit être après la date de début',
        ],
        [{ code: 'A', kind: 'percent', value: 5, startsAt: '02/05/2026' }, 'startsAt', 'La date doit être au format AAAA-MM-JJ'],
        [
          { code: 'A', kind: 'percent', value: 5, maxUses: 0 },
          'maxUses',
          "Le nombre maximal d'utilisations doit être un entier supérieur ou égal à 1",
        ],
        [{ code: 'A', kind: 'percent', value: 5, minAmountCents: -1 }, 'minAmountCents', 'Le montant minimum doit être un nombre positif'],
        [
          { code: 'A', kind: 'percent', value: 5, productIds: [] },
          'productIds',
          'Choisissez au moins un produit, ou appliquez le code à toute la commande',
        ],
        [
          { code: 'A', kind: 'percent', value: 5, productIds: [beerId] },
          'productIds',
          "Un des produits choisis n'existe pas dans votre boutique",
        ],
        [
          { code: 'A', kind: 'percent', value: 5, typologies: ['inconnue'] },
          'typologies',
          "Une des typologies choisies n'existe pas dans votre boutique",
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await create(body);
        expect([res.status, res.body.field, res.body.message]).toEqual([400, field, message]);
      }
      expect((await request(ctx.app).put('/v1/promo-codes/abc/active').set(bearer(owner)).send({ active: true })).status).toBe(404);
      const bad = await request(ctx.app).get('/v1/promo-codes?status=gone').set(bearer(owner));
      expect([bad.status, bad.body.field]).toEqual([400, 'status']);
      const cart = await request(ctx.app)
        .post('/v1/orders/get-cart-price')
        .send({ orders: [cartOrder('X'.repeat(16))] });
      expect([cart.status, cart.body.field, cart.body.message]).toEqual([
        400,
        'orders.0.promoCode',
        'Le code promo doit contenir au maximum 15 caractères',
      ]);
    });

    it('scoping and permissions: another shop’s code → 404, buyers 403, iam needs createCampaign to write (seeAllPrice reads)', async () => {
      const theirs = (await create({ code: 'BRASSE', kind: 'percent', value: 5 }, owner2)).body;
      for (const [method, path, body] of [
        ['get', `/v1/promo-codes/${theirs.id}`, undefined],
        ['put', `/v1/promo-codes/${theirs.id}`, { code: 'BRASSE', kind: 'percent', value: 50 }],
        ['put', `/v1/promo-codes/${theirs.id}/active`, { active: false }],
        ['delete', `/v1/promo-codes/${theirs.id}`, undefined],
      ] as const) {
        const res = await request(ctx.app)[method](path).set(bearer(owner)).send(body);
        expect([res.status, res.body.message]).toEqual([404, 'Code promo introuvable']);
      }
      const [after] = await db().select().from(promoCodes).where(eq(promoCodes.id, theirs.id));
      expect(after).toMatchObject({ value: 5, active: true });
      expect((await request(ctx.app).get('/v1/promo-codes').set(bearer(buyer))).status).toBe(403);
      const [m] = await db()
        .select({ id: shopMembers.id })
        .from(shopMembers)
        .innerJoin(users, eq(users.id, shopMembers.userId))
        .where(eq(users.email, 'iam@demo.test'));
      const iamWith = (authorizations: Record<string, boolean>) =>
        db().update(shopMembers).set({ authorizations }).where(eq(shopMembers.id, m.id));
      await iamWith({ seeAllOrder: true });
      expect((await request(ctx.app).get('/v1/promo-codes').set(bearer(iam))).status).toBe(403);
      await iamWith({ seeAllPrice: true });
      expect((await request(ctx.app).get('/v1/promo-codes').set(bearer(iam))).status).toBe(200);
      expect((await create({ code: 'IAM', kind: 'percent', value: 5 }, iam)).status).toBe(403);
      await iamWith({ createCampaign: true });
      expect((await create({ code: 'IAM', kind: 'percent', value: 5 }, iam)).status).toBe(201);
    });
  });

  describe('in the cart and at checkout', () => {
    it('get-cart-price applies a code (any case): promoAmount, the lines and the totals add up', async () => {
      const plain = await price(cartOrder(null), buyer);
      const withCode = await price(cartOrder('bienvenue10'), buyer);
      expect(withCode.problems).toEqual([]);
      const saved = plain.price.totalTTC - withCode.price.totalTTC;
      expect(withCode.price.promoCode).toEqual({ code: 'BIENVENUE10', amount: saved, amountHT: expect.any(Number), freeShipping: false });
      // exactly 10 % of the products TTC
      expect(saved).toBe(Math.round(plain.price.productsTTC / 10));
      expect(withCode.price.promoAmount).toBe(plain.price.promoAmount + withCode.price.promoCode.amountHT);
      expect(withCode.price.totalTTC).toBe(withCode.price.totalHT + withCode.price.tva + withCode.price.touristTax);
      expect(withCode.lines.reduce((s: number, l: { totalHT: number }) => s + l.totalHT, 0) + withCode.price.shipping).toBe(
        withCode.price.totalHT,
      );
    });

    it('a refused code is a French problem on promoCode and the order is priced without it', async () => {
      const expectRefused = async (code: string, message: string, order = cartOrder(code, 1)) => {
        const r = await price(order, buyer);
        expect(r.problems).toEqual([{ field: 'promoCode', message, sellerId: domaineId }]);
        expect(r.price.totalTTC).toBe((await price({ ...order, promoCode: null }, buyer)).price.totalTTC);
        expect(r.price.promoCode).toBeUndefined();
      };
      await expectRefused('NEXISTEPAS', "Ce code promo n'existe pas");
      await expectRefused('LIVRAISON', "Ce code promo est valable à partir de 100,00\u00a0€ d'achat");
      await create({ code: 'FINI', kind: 'percent', value: 5, startsAt: '2020-01-01', endsAt: '2020-12-31' });
      await expectRefused('FINI', 'Ce code promo a expiré le 31/12/2020');
      await create({ code: 'FUTUR', kind: 'percent', value: 5, startsAt: '2099-01-01' });
      await expectRefused('FUTUR', 'Ce code promo sera valable à partir du 01/01/2099');
      expect((await create({ code: 'PROS', kind: 'percent', value: 5, typologies: ['professionnel'] })).status).toBe(201);
      await expectRefused('PROS', "Ce code promo n'est pas valable pour votre type de client");
      await create({ code: 'ROSE', kind: 'amount', value: 300, productIds: [rose.productId] });
      await expectRefused('ROSE', "Ce code promo ne s'applique à aucun produit de votre panier");
      // the same code on the rosé: only its line is discounted
      const both = cartOrder('ROSE', 2, {
        products: [
          { idTmp: 'g', id: galets.productId, quantity: 2, chosenFormat: { id: galets.formatId } },
          { idTmp: 'r', id: rose.productId, quantity: 2, chosenFormat: { id: rose.formatId } },
        ],
      });
      const r = await price(both, buyer);
      const base = await price({ ...both, promoCode: null }, buyer);
      expect(r.problems).toEqual([]);
      expect(r.lines[0]).toEqual(base.lines[0]);
      expect(r.lines[1].promoAmount).toBeGreaterThan(base.lines[1].promoAmount);
      expect(r.price.promoCode.amount).toBe(300);
    });

    it('free shipping from 100 €: LIVRAISON takes the shipping off', async () => {
      const plain = await price(cartOrder(null, 12), buyer);
      expect(plain.price.productsTTC).toBeGreaterThanOrEqual(10000);
      const free = await price(cartOrder('LIVRAISON', 12), buyer);
      expect(free.problems).toEqual([]);
      expect(free.price.shipping).toBe(0);
      expect(free.price.promoCode).toMatchObject({
        code: 'LIVRAISON',
        freeShipping: true,
        amount: plain.price.totalTTC - free.price.totalTTC,
      });
    });

    it('checkout records the use in the order, the order and its lines add up; the per-client limit; an aborted order gives it back', async () => {
      const token = await newBuyer('promo-client@example.test');
      const b = await placeBody(cartOrder('BIENVENUE10'), token);
      const res = await place(b, token);
      expect(res.status).toBe(201);
      const order = res.body.order;
      expect(order.totalTTC).toBe(b.expectedTotalTTC);
      expect(order.price.promoCode).toMatchObject({ code: 'BIENVENUE10' });
      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      const [code] = await db()
        .select()
        .from(promoCodes)
        .where(and(eq(promoCodes.shopId, domaineId), eq(promoCodes.code, 'BIENVENUE10')));
      expect(row.promoCodeId).toBe(code.id);
      const uses = await db().select().from(promoCodeUses).where(eq(promoCodeUses.orderId, order.id));
      expect(uses).toEqual([expect.objectContaining({ codeId: code.id, amountCents: order.price.promoCode.amount })]);
      // the lines (what the invoice is made of, shipping line included) add up: Σ HT = HT, HT + VAT = TTC
      const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
      expect(lines.reduce((s, l) => s + l.totalHT, 0)).toBe(row.totalHT);
      expect(lines.reduce((s, l) => s + l.totalTTC, 0)).toBe(row.totalTTC);
      expect(row.totalHT + row.tva).toBe(row.totalTTC);
      expect(lines.reduce((s, l) => s + l.promoAmount, 0)).toBe(order.price.promoAmount);
      // BIENVENUE10 is once per client
      const again = await place(await placeBody(cartOrder('BIENVENUE10'), token), token);
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ field: 'promoCode', message: 'Vous avez déjà utilisé ce code promo' });
      expect((await price(cartOrder('BIENVENUE10'), token)).problems).toEqual([
        { field: 'promoCode', message: 'Vous avez déjà utilisé ce code promo', sellerId: domaineId },
      ]);
      // the list counts it
      const list = await request(ctx.app).get('/v1/promo-codes?q=BIENVENUE').set(bearer(owner));
      expect(list.body.items[0].uses).toBe(1);
      expect((await request(ctx.app).put(`/v1/orders/${order.id}/aborted-cart`).set(bearer(token))).status).toBe(200);
      expect((await request(ctx.app).get('/v1/promo-codes?q=BIENVENUE').set(bearer(owner))).body.items[0].uses).toBe(0);
      expect((await price(cartOrder('BIENVENUE10'), token)).problems).toEqual([]);
      expect((await place(await placeBody(cartOrder('BIENVENUE10'), token), token)).status).toBe(201);
    });

    it('a 12,16 € code over two VAT rates: the buyer pays exactly 12,16 € less, and the invoice and its Factur-X agree to the cent', async () => {
      await create({ code: 'EXACT', kind: 'amount', value: 1216 });
      const juice = (
        await db()
          .select({ productId: products.id, formatId: productFormats.id })
          .from(productFormats)
          .innerJoin(products, eq(products.id, productFormats.productId))
          .where(and(eq(products.shopId, domaineId), eq(products.name, 'Jus de Raisin du Domaine')))
      )[0];
      await db().update(productFormats).set({ stock: 1000 }).where(eq(productFormats.id, juice.formatId));
      const two = (code: string | null) =>
        cartOrder(code, 5, {
          products: [
            { idTmp: 'g', id: galets.productId, quantity: 5, chosenFormat: { id: galets.formatId } },
            { idTmp: 'j', id: juice.productId, quantity: 7, chosenFormat: { id: juice.formatId } },
          ],
        });
      const token = await newBuyer('exact-code@example.test');
      const plain = await price(two(null), token);
      const withCode = await price(two('EXACT'), token);
      expect(withCode.problems).toEqual([]);
      expect(
        Object.keys(withCode.price.vatByRate)
          .filter((r) => withCode.price.vatByRate[r].ht > 0)
          .sort(),
      ).toEqual(['20', '5.5']);
      expect(withCode.price.promoCode.amount).toBe(1216);
      expect(withCode.price.totalTTC).toBe(plain.price.totalTTC - 1216);

      const placed = await place(await placeBody(two('EXACT'), token), token);
      expect(placed.status).toBe(201);
      const order = placed.body.order;
      expect(order.totalTTC).toBe(plain.price.totalTTC - 1216);
      const act = (action: string) => request(ctx.app).post(`/v1/sales/orders/${order.id}/actions/${action}`).set(bearer(owner)).send({});
      expect((await act('validate')).status).toBe(200);
      const invoiced = await act('invoice');
      expect([invoiced.status, invoiced.body.message]).toEqual([200, expect.anything()]);
      const inv = invoiced.body.document;
      expect(inv.totalTTC).toBe(order.totalTTC);
      const pdf = await request(ctx.app)
        .get(`/v1/sales/invoices/${inv.id}/pdf`)
        .set(bearer(owner))
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(pdf.status).toBe(200);
      const xml = (await extractFacturXXml(pdf.body as Buffer)) ?? '';
      expect(xml).toContain('<ram:GrandTotalAmount>');
      const cents = (tag: string, within: string = xml) =>
        [...within.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => Math.round(Number(m[1]) * 100));
      expect(cents('ram:GrandTotalAmount')).toEqual([order.totalTTC]);
      expect(cents('ram:DuePayableAmount')).toEqual([order.totalTTC]);
      expect(cents('ram:TaxBasisTotalAmount')).toEqual([order.price.totalHT]);
      // the code is in the lines' allowances: with the products' own promotions, the HT the order's lines took off
      const items = [...xml.matchAll(/<ram:IncludedSupplyChainTradeLineItem>([\s\S]*?)<\/ram:IncludedSupplyChainTradeLineItem>/g)].map(
        (m) => m[1],
      );
      const allowances = items.flatMap((item) =>
        [...item.matchAll(/<ram:SpecifiedTradeAllowanceCharge>([\s\S]*?)<\/ram:SpecifiedTradeAllowanceCharge>/g)]
          .filter((a) => a[1].includes('<udt:Indicator>false</udt:Indicator>'))
          .map((a) => cents('ram:ActualAmount', a[1])[0]),
      );
      const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
      expect(allowances.reduce((n, a) => n + a, 0)).toBe(lines.reduce((n, l) => n + l.promoAmount, 0));
      expect(lines.reduce((n, l) => n + l.promoAmount, 0)).toBe(order.price.promoAmount);
    });

    it('two orders racing for the last use: one wins, the other is told the limit is reached; a used code is deactivated, not deleted', async () => {
      const made = (await create({ code: 'DERNIER', kind: 'amount', value: 500, maxUses: 1 })).body;
      const [a, b] = await Promise.all([newBuyer('race-a@example.test'), newBuyer('race-b@example.test')]);
      const [ba, bb] = await Promise.all([placeBody(cartOrder('DERNIER', 1), a), placeBody(cartOrder('DERNIER', 1), b)]);
      const results = await Promise.all([place(ba, a), place(bb, b)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
      const lost = results.find((r) => r.status === 400)!;
      expect(lost.body).toMatchObject({ field: 'promoCode', message: "Ce code promo a atteint son nombre maximal d'utilisations" });
      expect(await db().select().from(promoCodeUses).where(eq(promoCodeUses.codeId, made.id))).toHaveLength(1);
      const del = await request(ctx.app).delete(`/v1/promo-codes/${made.id}`).set(bearer(owner));
      expect(del.body).toMatchObject({
        deactivated: true,
        message: 'Ce code promo a déjà été utilisé : il a été désactivé plutôt que supprimé',
      });
      const [after] = await db().select().from(promoCodes).where(eq(promoCodes.id, made.id));
      expect(after.active).toBe(false);
    });
  });
});
