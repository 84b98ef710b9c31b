import { sql } from 'drizzle-orm';
import request from 'supertest';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';

describe('iframes', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let buyer: string;
  let iam: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    // the demo's second shop has these modules off: the routes answer 403 then (platform/module-switches.test.ts)
    await ctx.handle.db.execute(sql`update shops set integration = integration || '{"iframes":{"active":true}}'`);
    [owner, owner2, buyer, iam] = await Promise.all(['owner', 'owner2', 'buyer', 'iam'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lets the owner create, list, update and delete iframes of their shop; the public reads one', async () => {
    const created = await request(ctx.app).post('/v1/iframes').set(bearer(owner)).send({ name: 'Site du domaine', kind: 'list' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Site du domaine', kind: 'list', productId: null, message: "L'iframe a été créée" });
    const list = await request(ctx.app).get('/v1/iframes').set(bearer(iam));
    expect(list.body).toMatchObject({ page: 1, pageSize: 20 });
    expect(list.body.items.map((i: { id: number }) => i.id)).toContain(created.body.id);
    const pub = await request(ctx.app).get(`/v1/iframes/${created.body.id}/public`);
    expect(pub.body).toMatchObject({ id: created.body.id, kind: 'list', urlShop: 'domaine-demo' });
    // the module switched off: the embedded widget is gone too, and back once on
    const iframesModule = (active: boolean) =>
      ctx.handle.db.execute(sql`update shops set integration = integration || ${JSON.stringify({ iframes: { active } })}::jsonb`);
    await iframesModule(false);
    expect((await request(ctx.app).get(`/v1/iframes/${created.body.id}/public`)).status).toBe(404);
    await iframesModule(true);
    expect((await request(ctx.app).get(`/v1/iframes/${created.body.id}/public`)).status).toBe(200);
    const products = (await request(ctx.app).get('/v1/products').query({ filter: '{"search":"Galets"}' })).body.items;
    const upd = await request(ctx.app)
      .put(`/v1/iframes/${created.body.id}`)
      .set(bearer(owner))
      .send({ name: 'Galets', kind: 'product', productId: products[0].id });
    expect(upd.body).toMatchObject({ kind: 'product', productId: products[0].id });
    expect(
      (await request(ctx.app).put(`/v1/iframes/${created.body.id}`).set(bearer(owner2)).send({ name: 'x', kind: 'list' })).status,
    ).toBe(404);
    expect((await request(ctx.app).delete(`/v1/iframes/${created.body.id}`).set(bearer(owner))).status).toBe(200);
    expect((await request(ctx.app).get(`/v1/iframes/${created.body.id}/public`)).status).toBe(404);
  });

  it('validates with French messages naming the field and refuses buyers', async () => {
    const noName = await request(ctx.app).post('/v1/iframes').set(bearer(owner)).send({ name: ' ', kind: 'list' });
    expect(noName.body).toMatchObject({ success: false, message: 'Le nom est obligatoire', field: 'name' });
    const noProduct = await request(ctx.app).post('/v1/iframes').set(bearer(owner)).send({ name: 'x', kind: 'product' });
    expect(noProduct.body).toMatchObject({ message: 'Veuillez choisir le produit à afficher', field: 'productId' });
    const beer = (await request(ctx.app).get('/v1/products').query({ filter: '{"search":"Blonde"}' })).body.items[0];
    const otherShop = await request(ctx.app)
      .post('/v1/iframes')
      .set(bearer(owner))
      .send({ name: 'x', kind: 'product', productId: beer.id });
    expect(otherShop.body).toMatchObject({ message: 'Produit inexistant', field: 'productId' });
    expect((await request(ctx.app).post('/v1/iframes').set(bearer(buyer)).send({ name: 'x', kind: 'list' })).status).toBe(403);
    expect((await request(ctx.app).get('/v1/iframes/abc/public')).status).toBe(404);
  });
});
