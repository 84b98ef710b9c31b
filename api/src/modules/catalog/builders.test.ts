import request from 'supertest';
import { eq } from 'drizzle-orm';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';
import { notifications, users } from '../../platform/db/tables';
import { priceGridRequests } from './catalog.tables';

describe('box builders (GET /v1/shops/:id/builders)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("lists the shop's box builders with their price and size, by url name, code or id", async () => {
    const res = await request(ctx.app).get('/v1/shops/domaine-demo/builders');
    expect(res.status).toBe(200);
    expect(res.body.map((b: { product: { name: string }; builder: { size: number } }) => [b.product.name, b.builder.size])).toEqual([
      ['Coffret Découverte 3 bouteilles', 3],
      ['Coffret Prestige Caisse bois', 6],
      ['Coffret Bulles de Fête', 3],
    ]);
    expect(res.body[0].product).toMatchObject({ productType: 'box', builder: { size: 3 } });
    expect(res.body[0].product.formats[0].price).toMatchObject({ priceCents: 3900, ttc: true });
    expect((await request(ctx.app).get('/v1/shops/DOMDEM/builders')).body).toHaveLength(3);
    expect((await request(ctx.app).get('/v1/shops/brasserie-demo/builders')).body).toEqual([]);
    expect((await request(ctx.app).get('/v1/shops/inconnue/builders')).status).toBe(404);
  });

  it('gives one builder with the bottles it may hold (eligible filter, 75 cl format in stock, one option per vintage)', async () => {
    const list = (await request(ctx.app).get('/v1/shops/domaine-demo/builders')).body;
    const bulles = list.find((b: { product: { name: string } }) => b.product.name === 'Coffret Bulles de Fête');
    const res = await request(ctx.app).get(`/v1/shops/domaine-demo/builders/${bulles.product.id}-coffret-bulles-de-fete`);
    expect(res.status).toBe(200);
    const names = res.body.options.map((o: { name: string }) => o.name);
    expect(names).toEqual(['Fines Bulles Brut', 'Fines Bulles Rosé', 'Pét-Nat des Copains', 'Champagne Réserve']);
    for (const o of res.body.options) expect(o).toMatchObject({ format: 'Bouteille 75 cl', gamme: 'Fines bulles' });
    const decouverte = list.find((b: { product: { name: string } }) => b.product.name === 'Coffret Découverte 3 bouteilles');
    const d = (await request(ctx.app).get(`/v1/shops/domaine-demo/builders/${decouverte.product.id}`)).body;
    const galets = d.options.filter((o: { name: string }) => o.name === 'Les Galets Rouges');
    expect(galets.map((o: { vintage: string }) => o.vintage)).toEqual(['2022', '2021']);
    // Blanc de Comptoir has no 75 cl bottle; Rouge de Soif has one.
    expect(d.options.some((o: { name: string }) => o.name === 'Blanc de Comptoir')).toBe(false);
    expect(d.options.some((o: { name: string }) => o.name === 'Rouge de Soif')).toBe(true);
  });

  it('answers a clear 404 for an unknown builder or a product that is not a builder', async () => {
    const galets = (await request(ctx.app).get('/v1/products').query({ filter: '{"search":"Galets"}' })).body.items[0];
    for (const ref of ['99999', 'abc', String(galets.id)]) {
      const res = await request(ctx.app).get(`/v1/shops/domaine-demo/builders/${ref}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: "Ce coffret à composer n'existe pas" });
    }
  });
});

describe('professional price-grid request (POST /v1/shops/:id/price-grid-requests)', () => {
  let ctx: TestContext;
  let buyer: string;
  let owner: string;
  let owner2: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    [buyer, owner, owner2] = await Promise.all(['buyer', 'owner', 'owner2'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (token?: string, shop = 'domaine-demo') => {
    const r = request(ctx.app).post(`/v1/shops/${shop}/price-grid-requests`);
    return token ? r.set(bearer(token)) : r;
  };
  const state = async (token?: string) => {
    const r = request(ctx.app).get('/v1/shops/by-name/domaine-demo');
    return (await (token ? r.set(bearer(token)) : r)).body.viewer.priceGrid;
  };

  it('anonymous → 401; the shop page says so', async () => {
    expect((await post()).status).toBe(401);
    expect(await state()).toBe('anonymous');
  });

  it('a private (non-pro) buyer → 403 with a clear message', async () => {
    expect(await state(buyer)).toBe('notPro');
    const res = await post(buyer);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^La grille tarifaire professionnelle est réservée aux comptes professionnels/);
  });

  it('members of the shop do not ask (409)', async () => {
    expect(await state(owner)).toBe('member');
    expect((await post(owner)).status).toBe(409);
  });

  it('a pro buyer sends one request; the owner and iam get a newContact notification; a second one → 409', async () => {
    const db = ctx.handle.db;
    const [b] = await db
      .update(users)
      .set({ isPro: true, business: { reason: 'SARL', name: 'Cave du Coin' } })
      .where(eq(users.email, 'buyer@demo.test'))
      .returning();
    expect(await state(buyer)).toBe('requestable');
    const res = await post(buyer);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Votre demande de grille tarifaire professionnelle a été envoyée',
      request: { status: 'pending' },
    });
    expect(await state(buyer)).toBe('pending');
    const again = await post(buyer);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: 'Votre demande est déjà en cours de traitement' });
    const rows = await db.select().from(priceGridRequests).where(eq(priceGridRequests.userId, b.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].company).toBe('Cave du Coin');
    for (const who of ['owner', 'iam']) {
      const token = who === 'owner' ? owner : await loginAs(ctx.app, 'iam@demo.test');
      const list = (await request(ctx.app).get('/v1/notifications-centers').set(bearer(token))).body;
      const n = list.find((x: { type: string; content: string }) => x.type === 'newContact' && x.content.includes('Cave du Coin'));
      expect(n).toMatchObject({ seen: false, redirectLink: '/dashboard/clients?view=requests' });
      expect(n.content).toContain('Béatrice Acheteuse');
      expect(n.content).toContain('buyer@demo.test');
    }
    // Another shop's staff is not told; a pro may still ask another shop.
    const other = (await request(ctx.app).get('/v1/notifications-centers').set(bearer(owner2))).body;
    expect(other.some((x: { content: string }) => x.content.includes('Cave du Coin'))).toBe(false);
    expect((await post(buyer, 'brasserie-demo')).status).toBe(201);
    expect((await post(buyer, 'inconnue')).status).toBe(404);
    const mine = await db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(mine.some((x) => x.type === 'newContact')).toBe(false);
  });
});
