import request from 'supertest';
import { bearer, createTestContext, type TestContext } from '../test/test-app';
import { DEMO_ACCOUNTS, DEMO_SHOPS } from './demo';

type Listed = {
  items: Array<{ name: string; formats: Array<{ price: null | { typology: string; priceCents: number } }> }>;
  total: number;
  pricesReserved: boolean;
};

/** The demo data the README documents: three shops, one of which reserves its prices to members (§6). */
describe('demo data', () => {
  let ctx: TestContext;
  const login = async (who: keyof typeof DEMO_ACCOUNTS) => {
    const res = await request(ctx.app)
      .post('/v1/auth/login')
      .send({ email: DEMO_ACCOUNTS[who].email, password: DEMO_ACCOUNTS[who].password });
    expect(res.status).toBe(200);
    return res.body.jwt as string;
  };
  const products = async (shop: string, token?: string) => {
    const id = (await request(ctx.app).get(`/v1/shops/${shop}`)).body.id as number;
    const r = request(ctx.app)
      .get('/v1/products')
      .query({ shopIds: JSON.stringify([id]), limit: '100' });
    return (await (token ? r.set(bearer(token)) : r)).body as Listed;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists the three demo shops publicly', async () => {
    const res = await request(ctx.app).get('/v1/shops');
    expect(res.status).toBe(200);
    const shops = res.body as Array<{ code: string; name: string; urlShop: string; businessType: string }>;
    for (const s of Object.values(DEMO_SHOPS)) expect(shops).toContainEqual(expect.objectContaining(s));
    expect(shops.map((s) => s.urlShop)).toEqual(expect.arrayContaining(['domaine-demo', 'brasserie-demo', 'cave-des-pros']));
  });

  it('Brasserie Démo shows its prices to an anonymous visitor, so a visitor can buy from two producers', async () => {
    const page = (await request(ctx.app).get('/v1/shops/by-name/brasserie-demo')).body;
    expect(page.pricesReservedToMembers).toBe(false);
    const beers = await products('brasserie-demo');
    expect(beers.pricesReserved).toBe(false);
    expect(beers.items).toHaveLength(8);
    for (const p of beers.items)
      for (const f of p.formats) expect(f.price).toMatchObject({ typology: 'particulier', priceCents: expect.any(Number) });
  });

  it('Cave des Pros Démo is a wine merchant owned by owner3@demo.test, with prices reserved to members', async () => {
    const owner3 = await login('owner3');
    const me = await request(ctx.app).get('/v1/shops/me').set(bearer(owner3));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ name: 'Cave des Pros Démo', urlShop: 'cave-des-pros', businessType: 'wine' });
    expect(me.body.typologies.map((t: { id: string; public: boolean }) => [t.id, t.public])).toEqual([
      ['particulier', true],
      ['professionnel', false],
    ]);

    const page = (await request(ctx.app).get('/v1/shops/by-name/cave-des-pros')).body;
    expect(page).toMatchObject({ pricesReservedToMembers: true, businessType: 'wine' });
    expect(page.legalNotice).toContain('Cave des Pros Démo');
    expect(page.tabs.map((t: { name: string }) => t.name)).toEqual(['Notre sélection', 'Espace professionnels']);

    const anon = await products('cave-des-pros');
    expect(anon.pricesReserved).toBe(true);
    expect(anon.items).toHaveLength(6);
    expect(anon.items.every((p) => p.formats.every((f) => f.price === null))).toBe(true);
    const own = await products('cave-des-pros', owner3);
    expect(own.pricesReserved).toBe(false);
    expect(own.items.every((p) => p.formats.every((f) => f.price !== null && f.price.priceCents > 0))).toBe(true);

    const options = await request(ctx.app).get('/v1/shops/cave-des-pros/checkout-options');
    expect(options.status).toBe(200);
    expect(options.body.deliveryTypes.length).toBeGreaterThan(0);
  });

  it('keeps the master account on the Domaine and the Brasserie only', async () => {
    const res = await request(ctx.app)
      .post('/v1/auth/login')
      .send({ email: DEMO_ACCOUNTS.master.email, password: DEMO_ACCOUNTS.master.password });
    expect(res.body.masterAccount.subAccounts.map((s: { email: string }) => s.email)).toEqual(['owner@demo.test', 'owner2@demo.test']);
  });

  it('the Caveau till has four closed days (cash, card, split, offline, a refund), an intact journal, and its days in the cash journal', async () => {
    const owner = await login('owner');
    const list = await request(ctx.app).get('/v1/pos/salespoints').set(bearer(owner));
    const caveau = list.body.find((s: { name: string }) => s.name === 'Caveau');
    expect(caveau).toMatchObject({ warehouse: { name: 'Boutique du domaine' }, session: null });
    const closings = (await request(ctx.app).get(`/v1/pos/salespoints/${caveau.id}/closings`).set(bearer(owner))).body;
    expect(closings.filter((c: { kind: string }) => c.kind === 'day')).toHaveLength(4);
    expect(closings.some((c: { gap: number | null }) => c.gap === -150)).toBe(true);
    const tickets = (await request(ctx.app).get(`/v1/pos/salespoints/${caveau.id}/tickets?pageSize=100`).set(bearer(owner))).body.items;
    expect(tickets.some((t: { kind: string }) => t.kind === 'refund')).toBe(true);
    expect(tickets.some((t: { offline: unknown }) => t.offline)).toBe(true);
    expect(tickets.some((t: { payments: unknown[] }) => t.payments.length === 2)).toBe(true);
    const verify = (await request(ctx.app).get(`/v1/pos/salespoints/${caveau.id}/verify`).set(bearer(owner))).body;
    expect(verify.intact).toBe(true);
    const cash = (await request(ctx.app).get('/v1/accounting/entries?journal=CA&pageSize=100').set(bearer(owner))).body.items;
    expect(cash.filter((e: { source: { kind: string } }) => e.source.kind === 'till')).toHaveLength(4);
  });

  it('the Caveau warehouse holds stock for most of the till’s articles, so the demo till sells', async () => {
    const owner = await login('owner');
    const list = await request(ctx.app).get('/v1/pos/salespoints').set(bearer(owner));
    const caveau = list.body.find((s: { name: string }) => s.name === 'Caveau');
    const catalog = await request(ctx.app).get(`/v1/pos/salespoints/${caveau.id}/catalog`).set(bearer(owner));
    expect(catalog.status).toBe(200);
    const items = catalog.body.items as Array<{ productType: string; stock: number }>;
    expect(items.length).toBeGreaterThan(20);
    const inStock = items.filter((i) => i.stock > 0);
    expect(inStock.length).toBeGreaterThan(items.length * 0.75);
    // what can hold stock (not a box, not a service) is nearly all there
    const stockable = items.filter((i) => i.productType === 'bottle' || i.productType === 'accessory');
    expect(stockable.filter((i) => i.stock > 0).length).toBeGreaterThan(stockable.length * 0.9);
  });
});
