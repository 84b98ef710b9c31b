import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';
import { notifications, shopMembers, users } from '../../platform/db/tables';
import { priceGridRequests, productFormats, products, shopPublicPages } from '../catalog';
import { crmClients } from './clients.tables';

type Price = null | { typology: string; ttc: boolean; priceCents: number };
type Listed = { items: Array<{ name: string; status: string; formats: Array<{ id: number; price: Price }> }>; pricesReserved: boolean };

describe('professional clients: price-grid requests accepted or refused by the shop (modules/clients)', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let agent: string;
  let buyer: string;
  let domaineId: number;
  let brasserieId: number;
  let buyerId: number;
  let owner2Id: number;
  const db = () => ctx.handle.db;

  const get = (url: string, token?: string) => {
    const r = request(ctx.app).get(url);
    return token ? r.set(bearer(token)) : r;
  };
  const put = (id: number | string, body: unknown, token?: string) => {
    const r = request(ctx.app)
      .put(`/v1/shops/me/price-grid-requests/${id}`)
      .send(body as object);
    return token ? r.set(bearer(token)) : r;
  };
  const ask = (token: string, shop: string) => request(ctx.app).post(`/v1/shops/${shop}/price-grid-requests`).set(bearer(token));
  const requestOf = async (userId: number, shopId: number, status: 'pending' | 'accepted' | 'refused' = 'pending') =>
    (
      await db()
        .select()
        .from(priceGridRequests)
        .where(and(eq(priceGridRequests.userId, userId), eq(priceGridRequests.shopId, shopId), eq(priceGridRequests.status, status)))
    )[0];
  const listing = async (shopId: number, token?: string, extra: Record<string, string> = {}) =>
    (await get('/v1/products', token).query({ shopIds: JSON.stringify([shopId]), limit: '100', ...extra })).body as Listed;
  const shopPage = async (name: string, token?: string) => (await get(`/v1/shops/by-name/${name}`, token)).body;
  const notificationsOf = async (token: string) =>
    (await get('/v1/notifications-centers', token)).body as Array<{ type: string; content: string; redirectLink: string | null }>;

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam, agent, buyer] = await Promise.all(
      ['owner', 'owner2', 'iam', 'agent', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)),
    );
    domaineId = (await get('/v1/shops/domaine-demo')).body.id;
    brasserieId = (await get('/v1/shops/brasserie-demo')).body.id;
    // The demo buyer becomes a professional (company + phone), then asks Domaine de Démo and Brasserie Démo.
    const [b] = await db()
      .update(users)
      .set({ isPro: true, phone: '+33612345678', business: { reason: 'SARL', name: 'Cave du Coin' } })
      .where(eq(users.email, 'buyer@demo.test'))
      .returning();
    buyerId = b.id;
    owner2Id = (await db().select().from(users).where(eq(users.email, 'owner2@demo.test')))[0].id;
    expect((await ask(buyer, 'domaine-demo')).status).toBe(201);
    expect((await ask(buyer, 'brasserie-demo')).status).toBe(201);
    // owner2 (a professional account) asks Domaine de Démo too: a second, newer request.
    expect((await ask(owner2, 'domaine-demo')).status).toBe(201);
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('GET /v1/shops/me/price-grid-requests', () => {
    it('lists the shop’s requests newest first with the requester’s name, company, email, phone and date', async () => {
      const res = await get('/v1/shops/me/price-grid-requests?status=pending', owner);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 2, page: 1, pageSize: 20 });
      expect(res.body.items.map((i: { requester: { email: string } }) => i.requester.email)).toEqual([
        'owner2@demo.test',
        'buyer@demo.test',
      ]);
      const mine = res.body.items[1];
      expect(mine).toMatchObject({
        status: 'pending',
        company: 'Cave du Coin',
        typology: null,
        requester: { id: buyerId, name: 'Béatrice Acheteuse', email: 'buyer@demo.test', phone: '+33612345678' },
      });
      expect(Number.isNaN(Date.parse(mine.createdAt))).toBe(false);
      // Brasserie Démo's request of the same buyer is not Domaine de Démo's business.
      const other = await get('/v1/shops/me/price-grid-requests', owner2);
      expect(other.body.items.map((i: { requester: { email: string } }) => i.requester.email)).toEqual(['buyer@demo.test']);
    });

    it('paginates and filters by status; bad parameters → French 400 naming the field', async () => {
      const p2 = await get('/v1/shops/me/price-grid-requests?pageSize=1&page=2', owner);
      expect(p2.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
      expect(p2.body.items[0].requester.email).toBe('buyer@demo.test');
      expect((await get('/v1/shops/me/price-grid-requests?status=refused', owner)).body).toMatchObject({ items: [], total: 0 });
      const bad = await get('/v1/shops/me/price-grid-requests?status=maybe', owner);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ success: false, message: 'Le paramètre status accepte pending, accepted ou refused', field: 'status' });
      const size = await get('/v1/shops/me/price-grid-requests?pageSize=0', owner);
      expect(size.status).toBe(400);
      expect(size.body.field).toBe('pageSize');
    });

    it('is for the owner and collaborators with seeAllClient or createClient: anonymous 401, buyer and agent 403', async () => {
      expect((await get('/v1/shops/me/price-grid-requests')).status).toBe(401);
      expect((await get('/v1/shops/me/price-grid-requests', buyer)).status).toBe(403);
      expect((await get('/v1/shops/me/price-grid-requests', agent)).status).toBe(403);
      expect((await get('/v1/shops/me/price-grid-requests', iam)).status).toBe(200);
      const [iamUser] = await db().select().from(users).where(eq(users.email, 'iam@demo.test'));
      const where = and(eq(shopMembers.userId, iamUser.id), eq(shopMembers.shopId, domaineId));
      await db()
        .update(shopMembers)
        .set({ authorizations: { seeAllOrder: true } })
        .where(where);
      try {
        expect((await get('/v1/shops/me/price-grid-requests', iam)).status).toBe(403);
        expect((await get('/v1/shops/me/clients', iam)).status).toBe(403);
        await db()
          .update(shopMembers)
          .set({ authorizations: { seeAllClient: true } })
          .where(where);
        expect((await get('/v1/shops/me/price-grid-requests', iam)).status).toBe(200);
        // seeing is not deciding: createClient is needed to accept or refuse
        const pending = await requestOf(buyerId, domaineId);
        const res = await put(pending.id, { decision: 'refuse' }, iam);
        expect(res.status).toBe(403);
        expect((await requestOf(buyerId, domaineId)).status).toBe('pending');
      } finally {
        await db()
          .update(shopMembers)
          .set({ authorizations: { seeAllOrder: true, createOrder: true, seeAllClient: true, createClient: true } })
          .where(where);
      }
    });
  });

  describe('PUT /v1/shops/me/price-grid-requests/{id}', () => {
    it('validates the body with French messages naming the field', async () => {
      const { id } = await requestOf(buyerId, domaineId);
      const cases: Array<[unknown, string, string]> = [
        [{}, 'decision', 'Le champ decision doit valoir accept ou refuse'],
        [{ decision: 'maybe' }, 'decision', 'Le champ decision doit valoir accept ou refuse'],
        [{ decision: 'accept' }, 'typology', 'Choisissez la typologie tarifaire du client'],
        [{ decision: 'accept', typology: '  ' }, 'typology', 'Choisissez la typologie tarifaire du client'],
        [{ decision: 'accept', typology: 'inconnue' }, 'typology', "Cette typologie n'existe pas dans la boutique"],
        [{ decision: 'accept', typology: 12 }, 'typology', 'Choisissez la typologie tarifaire du client'],
      ];
      for (const [body, field, message] of cases) {
        const res = await put(id, body, owner);
        expect({ body, status: res.status, res: res.body }).toEqual({ body, status: 400, res: { success: false, message, field } });
      }
      const arr = await put(id, [], owner);
      expect(arr.status).toBe(400);
      expect(arr.body.field).toBe('decision');
      expect((await requestOf(buyerId, domaineId)).status).toBe('pending');
    });

    it("answers 404 for an unknown id or another shop's request (never leaked), 403 for a buyer or an agent", async () => {
      const brasserieReq = await requestOf(buyerId, brasserieId);
      for (const id of ['abc', '0', '99999999', '99999999999', String(brasserieReq.id)]) {
        const res = await put(id, { decision: 'refuse' }, owner);
        expect({ id, status: res.status, message: res.body.message }).toEqual({
          id,
          status: 404,
          message: 'Demande de grille tarifaire introuvable',
        });
      }
      expect((await requestOf(buyerId, brasserieId)).status).toBe('pending');
      const mine = await requestOf(buyerId, domaineId);
      expect((await put(mine.id, { decision: 'refuse' })).status).toBe(401);
      expect((await put(mine.id, { decision: 'refuse' }, buyer)).status).toBe(403);
      expect((await put(mine.id, { decision: 'refuse' }, agent)).status).toBe(403);
      expect((await requestOf(buyerId, domaineId)).status).toBe('pending');
    });

    it('accepts: the buyer becomes a client with the chosen typology (no permission), is notified with a link to the shop; a second decision → 409', async () => {
      const { id } = await requestOf(buyerId, domaineId);
      const res = await put(id, { decision: 'accept', typology: 'professionnel' }, owner);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Demande acceptée : Béatrice Acheteuse voit désormais vos tarifs « Professionnel »',
        request: { id, status: 'accepted', typology: 'professionnel', requester: { email: 'buyer@demo.test' } },
      });
      const members = await db()
        .select()
        .from(shopMembers)
        .where(and(eq(shopMembers.userId, buyerId), eq(shopMembers.shopId, domaineId)));
      expect(members).toHaveLength(1);
      expect(members[0]).toMatchObject({ kind: 'client', typology: 'professionnel', authorizations: {} });
      // the client file links the buyer account with the typology
      const files = await db()
        .select()
        .from(crmClients)
        .where(and(eq(crmClients.userId, buyerId), eq(crmClients.shopId, domaineId)));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatchObject({ typology: 'professionnel', email: 'buyer@demo.test', status: 'active' });
      expect(files[0].code).toMatch(/^CL\d{5}$/);
      const n = (await notificationsOf(buyer)).find((x) => x.type === 'priceGrid');
      expect(n).toMatchObject({
        redirectLink: '/domaine-demo',
        content: 'Domaine de Démo a accepté votre demande de grille tarifaire : vous voyez désormais ses tarifs « Professionnel ».',
      });

      const again = await put(id, { decision: 'refuse' }, owner);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, message: 'Cette demande a déjà été traitée' });
      expect((await put(id, { decision: 'accept', typology: 'particulier' }, iam)).status).toBe(409);
      expect(
        (
          await db()
            .select()
            .from(shopMembers)
            .where(and(eq(shopMembers.userId, buyerId), eq(shopMembers.shopId, domaineId)))
        )[0].typology,
      ).toBe('professionnel');

      const accepted = await get('/v1/shops/me/price-grid-requests?status=accepted', owner);
      expect(accepted.body.items).toEqual([expect.objectContaining({ id, status: 'accepted', typology: 'professionnel' })]);
      const clients = await get('/v1/shops/me/clients', iam);
      expect(clients.status).toBe(200);
      expect(clients.body).toMatchObject({
        total: 1,
        items: [
          {
            userId: buyerId,
            name: 'Béatrice Acheteuse',
            email: 'buyer@demo.test',
            company: 'Cave du Coin',
            typology: 'professionnel',
            typologyName: 'Professionnel',
          },
        ],
      });
      expect((await get('/v1/shops/me/clients', owner2)).body.total).toBe(0);
      expect((await get('/v1/shops/me/clients', buyer)).status).toBe(403);
    });

    it('two simultaneous decisions on one request: one wins, the other gets 409, one membership at most', async () => {
      // a fresh request of owner2's colleague-free account: the agent is a member; use a new pro account instead
      const [pro] = await db()
        .insert(users)
        .values({
          username: 'Paul Pro',
          email: 'paul.pro@demo.test',
          passwordHash: 'x',
          role: 'buyer',
          isPro: true,
          firstname: 'Paul',
          lastname: 'Pro',
        })
        .returning();
      const [row] = await db().insert(priceGridRequests).values({ shopId: domaineId, userId: pro.id, company: 'Bar Paul' }).returning();
      const [a, b] = await Promise.all([
        put(row.id, { decision: 'accept', typology: 'professionnel' }, owner),
        put(row.id, { decision: 'refuse' }, iam),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const final = (await db().select().from(priceGridRequests).where(eq(priceGridRequests.id, row.id)))[0].status;
      const members = await db().select().from(shopMembers).where(eq(shopMembers.userId, pro.id));
      expect(members).toHaveLength(final === 'accepted' ? 1 : 0);
    });

    it('refuses: the buyer is told (French, link to the shop) and may ask again; refusing keeps them out', async () => {
      const { id } = await requestOf(owner2Id, domaineId);
      const res = await put(id, { decision: 'refuse' }, iam);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'La demande de Bruno Brasseur a été refusée',
        request: { status: 'refused', typology: null },
      });
      const n = (await notificationsOf(owner2)).find((x) => x.type === 'priceGrid');
      expect(n?.redirectLink).toBe('/domaine-demo');
      expect(n?.content).toContain("Domaine de Démo n'a pas donné suite à votre demande de grille tarifaire professionnelle");
      expect(
        await db()
          .select()
          .from(shopMembers)
          .where(and(eq(shopMembers.userId, owner2Id), eq(shopMembers.shopId, domaineId))),
      ).toHaveLength(0);
      expect((await shopPage('domaine-demo', owner2)).viewer).toMatchObject({
        member: false,
        typology: 'particulier',
        priceGrid: 'requestable',
      });
      expect((await ask(owner2, 'domaine-demo')).status).toBe(201);
      expect((await shopPage('domaine-demo', owner2)).viewer.priceGrid).toBe('pending');
    });
  });

  describe('a client is still a buyer everywhere that matters (audit of shop memberships)', () => {
    it('login and /users/me: role buyer; the shop entry carries the typology and no authorization', async () => {
      const login = await request(ctx.app).post('/v1/auth/login').send({ email: 'buyer@demo.test', password: 'Buyer1234' });
      expect(login.status).toBe(200);
      expect(login.body.user.role).toBe('buyer');
      expect(login.body.user.shops).toEqual([{ id: domaineId, authorizations: {}, typology: 'professionnel' }]);
      const me = await get('/v1/users/me', login.body.jwt);
      expect(me.body).toMatchObject({ role: 'buyer', shops: [{ id: domaineId, authorizations: {}, typology: 'professionnel' }] });
    });

    it('every back-office endpoint answers 403 (or 404 for a shop id) to the client', async () => {
      const forbidden: Array<[string, string, unknown?]> = [
        ['get', '/v1/shops/me'],
        ['get', '/v1/shops/me/page'],
        ['put', '/v1/shops/me', { name: 'Piraté' }],
        ['get', '/v1/agents'],
        ['get', '/v1/iframes'],
        ['get', '/v1/api-keys'],
        ['get', '/v1/shops/me/price-grid-requests'],
        ['get', '/v1/shops/me/clients'],
        ['get', '/v1/orders?as=seller'],
      ];
      for (const [method, url, body] of forbidden) {
        const r = (request(ctx.app) as unknown as Record<string, (u: string) => request.Test>)[method](url).set(bearer(buyer));
        const res = await (body ? r.send(body as object) : r);
        expect({ method, url, status: res.status }).toEqual({ method, url, status: 403 });
      }
      const put1 = await request(ctx.app).put(`/v1/shops/${domaineId}`).set(bearer(buyer)).send({ name: 'Piraté' });
      expect(put1.status).toBe(403);
      expect((await get(`/v1/agents?shopId=${domaineId}`, buyer)).status).toBe(403);
      expect((await get('/v1/shops/domaine-demo')).body.name).toBe('Domaine de Démo');
      // orders: only the buyer's own purchases, never the shop's
      const orders = await get('/v1/orders?pageSize=100', buyer);
      expect(orders.status).toBe(200);
      expect(orders.body.items.every((o: { buyer: { id: number } }) => o.buyer.id === buyerId)).toBe(true);
      // the client is not listed as staff
      const staff = (await get('/v1/agents', owner)).body as Array<{ email: string }>;
      expect(staff.map((s) => s.email)).not.toContain('buyer@demo.test');
    });

    it("the catalogue shows the client their typology's prices, ignores a typology preview and keeps empty products hidden", async () => {
      const anon = await listing(domaineId);
      const mine = await listing(domaineId, buyer);
      const first = (l: Listed, name: string) => l.items.find((p) => p.name === name)!.formats[1].price;
      expect(first(anon, 'Les Galets Rouges')).toMatchObject({ typology: 'particulier', ttc: true, priceCents: 1250 });
      expect(first(mine, 'Les Galets Rouges')).toMatchObject({
        typology: 'professionnel',
        ttc: false,
        priceCents: Math.round((1250 / 1.2) * 0.8),
      });
      const preview = await listing(domaineId, buyer, { typology: 'particulier' });
      expect(first(preview, 'Les Galets Rouges')?.typology).toBe('professionnel');
      expect(mine.items.find((p) => p.status === 'empty')).toBeUndefined();
      const page = await shopPage('domaine-demo', buyer);
      expect(page.viewer).toEqual({
        member: true,
        kind: 'client',
        typology: 'professionnel',
        typologyName: 'Professionnel',
        ttc: false,
        priceGrid: 'member',
      });
      const again = await ask(buyer, 'domaine-demo');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Vous avez déjà accès aux tarifs de cette boutique');
    });

    it('the cart is priced with the client typology', async () => {
      const [row] = await db()
        .select({ productId: products.id, formatId: productFormats.id })
        .from(productFormats)
        .innerJoin(products, eq(products.id, productFormats.productId))
        .where(
          and(eq(products.shopId, domaineId), eq(products.name, 'Les Galets Rouges'), eq(productFormats.nameInShop, 'Bouteille 75 cl')),
        );
      const order = {
        seller: { id: domaineId },
        products: [{ idTmp: 'g', id: row.productId, quantity: 6, chosenFormat: { id: row.formatId } }],
        reservations: [],
      };
      const priced = async (token?: string) => {
        const r = request(ctx.app)
          .post('/v1/orders/get-cart-price')
          .send({ orders: [order] });
        return (await (token ? r.set(bearer(token)) : r)).body[0];
      };
      const [pub, pro] = [await priced(), await priced(buyer)];
      expect(pub.problems).toEqual([]);
      expect(pro.problems).toEqual([]);
      expect(pro.price.totalTTC).toBeLessThan(pub.price.totalTTC);
    });

    it('prices reserved to members become visible once the request is accepted (Brasserie Démo, reserved for this test)', async () => {
      await db()
        .insert(shopPublicPages)
        .values({ shopId: brasserieId, pricesReservedToMembers: true })
        .onConflictDoUpdate({ target: shopPublicPages.shopId, set: { pricesReservedToMembers: true } });
      const before = await listing(brasserieId, buyer);
      expect(before.pricesReserved).toBe(true);
      expect(before.items.every((p) => p.formats.every((f) => f.price === null))).toBe(true);
      const { id } = await requestOf(buyerId, brasserieId);
      expect((await put(id, { decision: 'accept', typology: 'Professionnel' }, owner2)).status).toBe(200);
      const after = await listing(brasserieId, buyer);
      expect(after.pricesReserved).toBe(false);
      expect(after.items.every((p) => p.formats.every((f) => f.price?.typology === 'professionnel' && f.price.ttc === false))).toBe(true);
      // two client memberships, still a buyer
      const me = (await get('/v1/users/me', buyer)).body;
      expect(me.role).toBe('buyer');
      expect(me.shops.map((s: { id: number }) => s.id).sort()).toEqual([domaineId, brasserieId].sort());
    });

    it('an owner who becomes a client of another shop keeps their own shop and gets no right in the other', async () => {
      expect((await ask(owner, 'brasserie-demo')).status).toBe(201);
      const [ownerUser] = await db().select().from(users).where(eq(users.email, 'owner@demo.test'));
      const { id } = await requestOf(ownerUser.id, brasserieId);
      expect((await put(id, { decision: 'accept', typology: 'professionnel' }, owner2)).status).toBe(200);
      const fresh = await loginAs(ctx.app, 'owner@demo.test');
      const login = await request(ctx.app).post('/v1/auth/login').send({ email: 'owner@demo.test', password: 'Owner1234' });
      expect(login.body.user.role).toBe('owner');
      expect(login.body.user.shops[0]).toMatchObject({ id: domaineId });
      expect((await get('/v1/shops/me', fresh)).body.id).toBe(domaineId);
      expect((await get(`/v1/agents?shopId=${brasserieId}`, fresh)).status).toBe(404);
      expect((await request(ctx.app).put(`/v1/shops/${brasserieId}`).set(bearer(fresh)).send({ name: 'Piraté' })).status).toBe(404);
      const reqs = (await get('/v1/shops/me/price-grid-requests', fresh)).body.items as Array<{ requester: { email: string } }>;
      expect(reqs.some((r) => r.requester.email === 'owner@demo.test')).toBe(false);
      const listed = await listing(brasserieId, fresh);
      expect(listed.pricesReserved).toBe(false);
      expect(listed.items[0].formats[0].price?.typology).toBe('professionnel');
      // the staff notification of the request pointed at the new screen
      const staffN = (await db().select().from(notifications).where(eq(notifications.type, 'newContact'))).filter((x) =>
        x.content.includes('owner@demo.test'),
      );
      expect(staffN.length).toBeGreaterThan(0);
      expect(staffN.every((x) => x.redirectLink === '/dashboard/clients?view=requests')).toBe(true);
    });

    // placeOrder refuses staff of the seller ('Vous ne pouvez pas commander dans votre propre boutique'), not its clients
    it('a client can place an order in the shop at their typology price', async () => {
      const [row] = await db()
        .select({ productId: products.id, formatId: productFormats.id })
        .from(productFormats)
        .innerJoin(products, eq(products.id, productFormats.productId))
        .where(
          and(eq(products.shopId, domaineId), eq(products.name, 'Les Galets Rouges'), eq(productFormats.nameInShop, 'Bouteille 75 cl')),
        );
      const order = {
        seller: { id: domaineId },
        products: [{ idTmp: 'g', id: row.productId, quantity: 6, chosenFormat: { id: row.formatId } }],
        reservations: [],
      };
      const shipping = { type: 'colissimo', ref: 'colissimo-fr', collectionPointId: null };
      const priced = (
        await request(ctx.app)
          .post('/v1/orders/get-cart-price')
          .set(bearer(buyer))
          .send({ orders: [{ ...order, shipping: { type: 'colissimo', ref: 'colissimo-fr', collectionPoint: null } }] })
      ).body[0];
      const address = {
        firstname: 'Béatrice',
        lastname: 'Acheteuse',
        street: '12 rue des Vignes',
        zipcode: '69002',
        city: 'Lyon',
        country: 'FR',
      };
      const res = await request(ctx.app).post('/v1/orders').set(bearer(buyer)).set('Idempotency-Key', `client-order-${Date.now()}`).send({
        order,
        deliveryAddress: address,
        billingAddress: null,
        phone: '+33612345678',
        shipping,
        paymentMethod: 'transfer',
        acceptTerms: true,
        expectedTotalTTC: priced.price.totalTTC,
      });
      expect(res.status).toBe(201);
      // at their typology's price: the order's lines carry the professional price the cart showed
      expect(res.body.order.totalTTC).toBe(priced.price.totalTTC);
      const publicQuote = (
        await request(ctx.app)
          .post('/v1/orders/get-cart-price')
          .send({ orders: [{ ...order, shipping: { type: 'colissimo', ref: 'colissimo-fr', collectionPoint: null } }] })
      ).body[0];
      expect(priced.price.totalTTC).toBeLessThan(publicQuote.price.totalTTC);
    });
  });
});
